//! The standings of a tournament, by format: round robins and Swisses by
//! points and tie-breaks; knockouts by how far each got (champion, final,
//! third place, semi-finals, …), then points and tie-breaks; pools then
//! knockout with the knockout's order ahead of the pools' (all third-placed
//! teams of the pools, then all fourth-placed, …).

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::format::Format;
use crate::name::Name;
use crate::pools::pool_name;
use crate::standings::rank;
use crate::tiebreaks::Tiebreak;
use crate::tournament::{Stage, Tournament};

/// The tie-breaks of a line, in the order applied; JSON: an object by
/// tie-break name.
#[derive(Clone, Debug, PartialEq)]
pub struct Tiebreaks(pub Vec<(Tiebreak, f64)>);

impl Serialize for Tiebreaks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (tiebreak, value) in &self.0 {
            map.serialize_entry(tiebreak.key(), value)?;
        }
        map.end()
    }
}

/// Read back in the order written: the order they are applied in.
impl<'de> Deserialize<'de> for Tiebreaks {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tiebreaks, D::Error> {
        struct InOrder;

        impl<'de> Visitor<'de> for InOrder {
            type Value = Tiebreaks;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("tie-break values by tie-break name")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tiebreaks, A::Error> {
                let mut tiebreaks = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    tiebreaks.push(entry);
                }
                Ok(Tiebreaks(tiebreaks))
            }
        }

        deserializer.deserialize_map(InOrder)
    }
}

/// One line of the standings. It crosses the wire as it is (the API's
/// tournament view), so a client reads it back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rank: usize,
    pub name: Name,
    pub points: f64,
    pub tiebreaks: Tiebreaks,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub withdrawn: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool_rank: Option<usize>,
}

/// How far an entrant got in the knockout, higher is further: losing in
/// knockout round k scores 4k, still in after round k 4k + 3, and a
/// third-place match lifts its winner to 4k + 2 and its loser to 4k + 1
/// over the semi-finals' 4k.
fn knockout_progress(tournament: &Tournament, entrant: usize) -> Option<i64> {
    let mut progress = None;
    for (round, pairings) in tournament.rounds().iter().enumerate() {
        let Stage::Knockout { round: k, of } = tournament.stage(round) else {
            continue;
        };
        let k = k as i64;
        for (index, pairing) in pairings.iter().enumerate() {
            if pairing.first != entrant && pairing.second != Some(entrant) {
                continue;
            }
            let third_place = index == 1 && k as usize + 1 == of;
            let winner = pairing.winner();
            progress = Some(match (third_place, winner) {
                (true, None) => progress.unwrap_or(4 * (k - 1)),
                (true, Some(w)) => 4 * (k - 1) + if w == entrant { 2 } else { 1 },
                (false, Some(w)) if w != entrant => 4 * k,
                (false, _) => 4 * k + 3,
            });
        }
    }
    progress
}

impl Tournament {
    /// Entrants who took part: all but those withdrawn before round 1.
    fn participants(&self) -> Vec<usize> {
        (0..self.entrant_count())
            .filter(|&e| self.withdrawn_after(e) != Some(0))
            .collect()
    }

    /// The standings now (provisional while rounds remain).
    pub fn standings(&self) -> Vec<Standing> {
        let ledger = self.ledger(0..self.rounds().len());
        let participants = self.participants();
        let (pool_of, pool_rank) = self.pool_places();
        let groups = match self.settings().format {
            Format::RoundRobin | Format::DoubleRoundRobin | Format::Swiss => vec![participants],
            Format::Knockout | Format::PoolsKnockout => {
                group_by(participants, |e| match knockout_progress(self, e) {
                    Some(progress) => (1, progress),
                    None => (0, -(pool_rank[e].unwrap_or(0) as i64)),
                })
            }
        };
        rank(self.settings().game, &ledger, groups)
            .into_iter()
            .map(|row| {
                let (wins, draws, losses) = ledger.record(row.entrant);
                Standing {
                    rank: row.rank,
                    name: self.name(row.entrant).clone(),
                    points: row.points,
                    tiebreaks: Tiebreaks(row.tiebreaks),
                    played: wins + draws + losses,
                    wins,
                    draws,
                    losses,
                    withdrawn: self.withdrawn_after(row.entrant).is_some(),
                    pool: pool_of[row.entrant].map(pool_name),
                    pool_rank: pool_rank[row.entrant],
                }
            })
            .collect()
    }

    /// Each entrant's pool and rank in it (pools formats only).
    fn pool_places(&self) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
        let mut pool_of = vec![None; self.entrant_count()];
        let mut pool_rank = vec![None; self.entrant_count()];
        if self.settings().format == Format::PoolsKnockout {
            let ledger = self.ledger(0..self.pool_rounds().min(self.rounds().len()));
            for (index, pool) in self.pools().into_iter().enumerate() {
                for row in rank(self.settings().game, &ledger, vec![pool]) {
                    pool_of[row.entrant] = Some(index);
                    pool_rank[row.entrant] = Some(row.rank);
                }
            }
        }
        (pool_of, pool_rank)
    }
}

/// Groups entrants by a key, highest key first, each group in the given
/// (seeding) order.
fn group_by(entrants: Vec<usize>, key: impl Fn(usize) -> (i64, i64)) -> Vec<Vec<usize>> {
    let mut keyed: Vec<((i64, i64), usize)> = entrants.into_iter().map(|e| (key(e), e)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut groups: Vec<((i64, i64), Vec<usize>)> = Vec::new();
    for (key, entrant) in keyed {
        match groups.last_mut() {
            Some((last, group)) if *last == key => group.push(entrant),
            _ => groups.push((key, vec![entrant])),
        }
    }
    groups.into_iter().map(|(_, group)| group).collect()
}
