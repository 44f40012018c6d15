//! Per-player statistics of a match, computed from its events.

use std::collections::BTreeMap;

use crate::event::{Event, StickOutcome};
use crate::game::Match;
use crate::ruleset::Ruleset;

/// What one player did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerStats {
    pub sticks: u32,
    /// Sticks that felled at least one piece that counted, or the king.
    pub hits: u32,
    pub sticks_at_towers: u32,
    pub tower_hits: u32,
    pub sticks_at_knights: u32,
    pub knight_hits: u32,
    pub inkast_throws: u32,
    pub inkast_in: u32,
    /// Pieces the defenders placed after this player's inkast (credited to
    /// the last inkast thrower before the placement).
    pub penalties_conceded: u32,
    /// Sticks thrown while the king was the only target.
    pub king_attempts: u32,
    pub fouls: u32,
}

impl PlayerStats {
    pub fn rate(hits: u32, tries: u32) -> Option<f64> {
        (tries > 0).then(|| f64::from(hits) / f64::from(tries))
    }
}

/// Statistics per player name, over all events (which must be valid).
pub fn player_stats(ruleset: Ruleset, events: &[Event]) -> BTreeMap<String, PlayerStats> {
    let mut stats: BTreeMap<String, PlayerStats> = BTreeMap::new();
    let mut state = Match::new(ruleset);
    let mut last_inkaster = String::new();
    for event in events {
        match event {
            Event::Stick { player, outcome } => {
                let entry = stats.entry(player.clone()).or_default();
                entry.sticks += 1;
                let opponent = state.thrower().other();
                let at_knights = !state.standing_knights(opponent).is_empty();
                let field_clear = state.counting_targets().is_empty();
                if field_clear {
                    entry.king_attempts += 1;
                } else if at_knights {
                    entry.sticks_at_knights += 1;
                } else {
                    entry.sticks_at_towers += 1;
                }
                match outcome {
                    StickOutcome::Foul => entry.fouls += 1,
                    StickOutcome::Miss => {}
                    StickOutcome::Hit {
                        knights,
                        towers,
                        king,
                    } => {
                        if !knights.is_empty() || !towers.is_empty() || *king {
                            entry.hits += 1;
                        }
                        entry.knight_hits += u32::from(!knights.is_empty());
                        entry.tower_hits += u32::from(!towers.is_empty());
                    }
                }
            }
            Event::Inkast {
                player, landed_in, ..
            } => {
                let entry = stats.entry(player.clone()).or_default();
                entry.inkast_throws += 1;
                entry.inkast_in += u32::from(*landed_in);
                last_inkaster = player.clone();
            }
            Event::Placement { .. } => {
                stats
                    .entry(last_inkaster.clone())
                    .or_default()
                    .penalties_conceded += 1;
            }
            Event::Teams { .. }
            | Event::StartingThrow { .. }
            | Event::Start { .. }
            | Event::NextGame => {}
        }
        state = state
            .apply(event)
            .expect("statistics are computed over valid events");
    }
    stats
}
