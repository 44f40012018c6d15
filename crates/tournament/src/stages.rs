//! The shape of a tournament: its field, pools and stages, how many rounds
//! it has, and the finished pairings the standings and pairings read.

use crate::format::Format;
use crate::score::{Points, Score};
use crate::tiebreaks::{Finished, Ledger};
use crate::tournament::{Stage, Tournament};
use crate::{knockout, pools, round_robin};

impl Tournament {
    /// The field: fixed at the first pairing, before it the active entrants.
    pub(crate) fn field(&self) -> Vec<usize> {
        if self.rounds.is_empty() {
            (0..self.entrant_count())
                .filter(|&e| self.active(e))
                .collect()
        } else {
            self.field.clone()
        }
    }

    /// The pools' members (entrant indices, each pool in seeding order).
    pub fn pools(&self) -> Vec<Vec<usize>> {
        let field = self.field();
        pools::deal(field.len(), self.settings.pool_count(field.len()))
            .into_iter()
            .map(|pool| pool.into_iter().map(|seed| field[seed]).collect())
            .collect()
    }

    pub(crate) fn pool_rounds(&self) -> usize {
        self.pools()
            .iter()
            .map(|pool| round_robin::rounds(pool.len()))
            .max()
            .unwrap_or(0)
    }

    /// The stage of a round (from 0).
    pub fn stage(&self, round: usize) -> Stage {
        let field = self.field().len();
        match self.settings.format {
            Format::RoundRobin | Format::DoubleRoundRobin | Format::Swiss => Stage::Main,
            Format::Knockout => Stage::Knockout {
                round,
                of: knockout::rounds(field),
            },
            Format::PoolsKnockout => {
                let pool_rounds = self.pool_rounds();
                if round < pool_rounds {
                    Stage::Pool
                } else {
                    let qualifiers = self.knockout_field_size();
                    Stage::Knockout {
                        round: round - pool_rounds,
                        of: knockout::rounds(qualifiers),
                    }
                }
            }
        }
    }

    fn knockout_field_size(&self) -> usize {
        self.pools()
            .iter()
            .map(|pool| pool.len().min(self.settings.qualifier_count()))
            .sum()
    }

    /// Rounds the tournament will have, when known in advance (a knockout
    /// is known too: its rounds are fixed by the field).
    pub(crate) fn total_rounds(&self) -> usize {
        let field = self.field().len();
        match self.settings.format {
            Format::RoundRobin => round_robin::rounds(field),
            Format::DoubleRoundRobin => 2 * round_robin::rounds(field),
            Format::Swiss => self.settings.swiss_rounds(field),
            Format::Knockout => knockout::rounds(field),
            Format::PoolsKnockout => {
                self.pool_rounds() + knockout::rounds(self.knockout_field_size())
            }
        }
    }

    /// Whether every round is paired and every result in.
    pub fn is_over(&self) -> bool {
        !self.rounds.is_empty()
            && self.rounds.len() >= self.total_rounds()
            && self.check_round_finished().is_ok()
    }

    pub(crate) fn minimum_field(&self) -> usize {
        match self.settings.format {
            Format::PoolsKnockout => 2 * self.settings.pool_count(self.field().len()),
            _ => 2,
        }
    }

    fn finished(&self, rounds: std::ops::Range<usize>) -> Vec<Finished> {
        self.rounds[rounds]
            .iter()
            .flatten()
            .filter(|p| p.second.is_none() || p.score.is_some())
            .map(|p| Finished {
                first: p.first,
                second: p.second,
                score: p.score.unwrap_or(Score::new(Points::ZERO, Points::ZERO)),
                kubbs: p.kubbs.unwrap_or_default(),
            })
            .collect()
    }

    pub(crate) fn ledger(&self, rounds: std::ops::Range<usize>) -> Ledger {
        Ledger::new(
            self.settings.game,
            self.entrant_count(),
            &self.finished(rounds),
        )
    }
}
