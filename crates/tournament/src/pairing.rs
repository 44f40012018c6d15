//! Pairing the next round: each format's rule applied to the tournament so
//! far, withdrawn entrants replaced by byes or walkovers.

use crate::format::Format;
use crate::standings;
use crate::tiebreaks::Ledger;
use crate::tournament::{Stage, Tournament, TournamentError};
use crate::{knockout, pools, round_robin, swiss};

/// A Swiss of `entrants` meets each opponent at most once: an even field
/// has at most one round fewer than its entrants, an odd one (a bye each
/// round) as many. Checked before the first round, so that an event with
/// too many rounds is refused at once, not stopped half-way.
fn check_swiss_rounds(rounds: usize, entrants: usize) -> Result<(), TournamentError> {
    let most = if entrants.is_multiple_of(2) {
        entrants - 1
    } else {
        entrants
    };
    if rounds > most {
        return Err(TournamentError::TooManyRounds {
            rounds,
            entrants,
            most,
        });
    }
    Ok(())
}

impl Tournament {
    pub(crate) fn next_pairings(&self) -> Result<Vec<(usize, Option<usize>)>, TournamentError> {
        let field = self.field();
        if field.len() < self.minimum_field() {
            return Err(TournamentError::TooFew(field.len(), self.minimum_field()));
        }
        if self.rounds.len() >= self.total_rounds() {
            return Err(TournamentError::Over);
        }
        let round = self.rounds.len();
        if round == 0 && self.settings.format == Format::Swiss {
            check_swiss_rounds(self.total_rounds(), field.len())?;
        }
        let pairings = match self.stage(round) {
            Stage::Main if self.settings.format == Format::Swiss => self.swiss_pairings()?,
            Stage::Main => self.round_robin_pairings(&field, round),
            Stage::Pool => self
                .pools()
                .iter()
                .flat_map(|pool| self.round_robin_pairings(pool, round))
                .collect(),
            Stage::Knockout { round: k, .. } => self.knockout_pairings(round, k)?,
        };
        Ok(pairings)
    }

    /// A round robin's round over `seeds`; a withdrawn entrant's opponent
    /// has the bye.
    fn round_robin_pairings(&self, seeds: &[usize], round: usize) -> Vec<(usize, Option<usize>)> {
        round_robin::round(seeds.len(), round)
            .into_iter()
            .filter_map(|(first, second)| {
                let first = Some(seeds[first]).filter(|&e| self.active(e));
                let second = second.map(|s| seeds[s]).filter(|&e| self.active(e));
                match (first, second) {
                    (Some(first), second) => Some((first, second)),
                    (None, Some(second)) => Some((second, None)),
                    (None, None) => None,
                }
            })
            .collect()
    }

    fn swiss_pairings(&self) -> Result<Vec<(usize, Option<usize>)>, TournamentError> {
        let ledger = self.ledger(0..self.rounds.len());
        let mut players: Vec<swiss::Player> = (0..self.entrant_count())
            .filter(|&e| self.active(e))
            .map(|entrant| self.swiss_player(&ledger, entrant))
            .collect();
        players.sort_by(|a, b| b.points.cmp(&a.points).then(a.entrant.cmp(&b.entrant)));
        swiss::pair(&players).ok_or(TournamentError::Unpairable)
    }

    fn swiss_player(&self, ledger: &Ledger, entrant: usize) -> swiss::Player {
        let mut player = swiss::Player {
            entrant,
            points: ledger.points(entrant),
            opponents: ledger.opponents(entrant).collect(),
            had_bye: false,
            first_balance: 0,
            last_first: None,
        };
        for pairing in self.rounds.iter().flatten() {
            match pairing.second {
                None if pairing.first == entrant => player.had_bye = true,
                Some(second) if pairing.first == entrant || second == entrant => {
                    let first = pairing.first == entrant;
                    player.first_balance += if first { 1 } else { -1 };
                    player.last_first = Some(first);
                }
                _ => {}
            }
        }
        player
    }

    /// The knockout's seeding: the field, or the pools' qualifiers.
    fn knockout_seeding(&self) -> Vec<usize> {
        match self.settings.format {
            Format::PoolsKnockout => {
                let orders: Vec<Vec<usize>> = self.pool_orders();
                pools::knockout_seeding(&orders, self.settings.qualifier_count())
            }
            _ => self.field(),
        }
    }

    /// Each pool's members ordered by the pool's standings.
    pub fn pool_orders(&self) -> Vec<Vec<usize>> {
        let pool_rounds = self.pool_rounds().min(self.rounds.len());
        let ledger = self.ledger(0..pool_rounds);
        self.pools()
            .into_iter()
            .map(|pool| {
                standings::rank(self.settings.game, &ledger, vec![pool])
                    .into_iter()
                    .map(|row| row.entrant)
                    .collect()
            })
            .collect()
    }

    /// A knockout round: the bracket's first round, or the previous
    /// round's winners in bracket order (with the semi-final losers'
    /// third-place match after the final when the settings ask for it).
    fn knockout_pairings(
        &self,
        round: usize,
        k: usize,
    ) -> Result<Vec<(usize, Option<usize>)>, TournamentError> {
        let seeding = self.knockout_seeding();
        let seed_of = |entrant: usize| {
            seeding
                .iter()
                .position(|&e| e == entrant)
                .ok_or_else(|| TournamentError::NotInBracket(self.name(entrant).clone()))
        };
        let previous = round.checked_sub(1).map(|r| &self.rounds[r]);
        let by_seeds = match previous {
            Some(previous) if k > 0 => {
                let winners = previous.iter().filter_map(|p| p.winner()).map(seed_of);
                knockout::next_round(&winners.collect::<Result<Vec<usize>, _>>()?)
            }
            _ => knockout::first_round(seeding.len()),
        };
        let mut pairings: Vec<(usize, Option<usize>)> = by_seeds
            .into_iter()
            .map(|(a, b)| self.walkover(seeding[a], b.map(|b| seeding[b])))
            .collect();
        if let (Some(previous), true) = (
            previous,
            pairings.len() == 1 && k > 0 && self.settings.third_place,
        ) {
            let losers = previous.iter().filter_map(|p| p.loser()).map(seed_of);
            if let [a, b] = losers.collect::<Result<Vec<usize>, _>>()?[..] {
                pairings.push(self.walkover(seeding[a.min(b)], Some(seeding[a.max(b)])));
            }
        }
        Ok(pairings)
    }

    /// The next knockout round's matches already decided before it is
    /// paired: those whose two feeding matches both have a winner. Each is
    /// (its place in the next round, first, second), as
    /// [`Tournament::pair`] will name it once the round before is
    /// complete. Empty outside a knockout's later rounds; a third-place
    /// match and a walkover are left to the pairing.
    pub fn decided_ahead(&self) -> Vec<(usize, usize, usize)> {
        let round = self.rounds.len();
        if round == 0 || round >= self.total_rounds() {
            return Vec::new();
        }
        let Stage::Knockout { round: k, .. } = self.stage(round) else {
            return Vec::new();
        };
        if k == 0 {
            return Vec::new();
        }
        let seeding = self.knockout_seeding();
        let seed_of = |entrant: usize| seeding.iter().position(|&e| e == entrant);
        // The round before is in bracket order, every pairing of it has a
        // winner when complete (a knockout refuses a draw), so its pairs
        // of pairings feed the next round's matches in order.
        self.rounds[round - 1]
            .chunks(2)
            .enumerate()
            .filter_map(|(place, feeders)| {
                let [a, b] = feeders else { return None };
                let (a, b) = (seed_of(a.winner()?)?, seed_of(b.winner()?)?);
                match self.walkover(seeding[a.min(b)], Some(seeding[a.max(b)])) {
                    (first, Some(second)) => Some((place, first, second)),
                    (_, None) => None,
                }
            })
            .collect()
    }

    /// A knockout pairing with a withdrawn entrant: the other goes through.
    fn walkover(&self, a: usize, b: Option<usize>) -> (usize, Option<usize>) {
        match b {
            Some(b) if !self.active(a) => (b, None),
            Some(b) if !self.active(b) => (a, None),
            other => (a, other),
        }
    }
}
