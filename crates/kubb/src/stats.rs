//! Statistics of a match per player and per team, from its events (an
//! event log, or a notation record read into events), with the measures
//! the Kubb community uses (`docs/kubb.md`, "Statistics"):
//!
//! - hit rate (Planet Kubb's scoresheet `Hit %`): sticks that felled
//!   something that counted, or the king, per stick thrown;
//! - the baseline hit rate (8 m under the standard ruleset): sticks at
//!   towers thrown from the baseline, apart from advantage-line throws,
//!   which have their own rate;
//! - first-baton efficiency (Planet Kubb's 1BE award): knights felled by
//!   the first stick of a turn per piece inkasted in that turn;
//! - king-shot rate: kings felled per stick thrown at the king;
//! - efficiency (Planet Kubb's scoresheet `Eff %`), per team: knights
//!   felled per knight standing in the opponent's half when the team began
//!   throwing.
//!
//! ```
//! use kubb::stats::match_stats;
//! use kubb::{Event, Match, Ruleset, StickOutcome, Team};
//!
//! let start = Event::Start { team: Team::A };
//! let tower = Match::new(Ruleset::STANDARD)
//!     .apply(&start)
//!     .unwrap()
//!     .standing_towers(Team::B)
//!     .iter()
//!     .next()
//!     .unwrap();
//! let stick = |outcome| Event::Stick { player: "ann".into(), outcome };
//! let events = [
//!     start,
//!     stick(StickOutcome::Miss),
//!     stick(StickOutcome::Hit { knights: vec![], towers: vec![tower], king: false }),
//! ];
//! let stats = match_stats(Ruleset::STANDARD, &events);
//! let ann = &stats.players[0];
//! assert_eq!((ann.name.as_str(), ann.team), ("ann", Team::A));
//! assert_eq!((ann.sticks, ann.hits, ann.hit_rate), (2, 1, Some(0.5)));
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::event::{Event, StickOutcome};
use crate::field::Team;
use crate::game::{Line, Match};
use crate::ruleset::Ruleset;

/// What one player (or, summed, one team) did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub sticks: u32,
    /// Sticks that felled at least one piece that counted, or the king.
    pub hits: u32,
    pub sticks_at_towers: u32,
    pub tower_hits: u32,
    /// Towers (baseline kubbs) felled, by any stick (a base-kubb double's
    /// too): what a tournament's baseline-kubb difference counts.
    pub towers_felled: u32,
    /// Sticks at towers from the baseline (8 m on the standard field).
    pub baseline_tower_sticks: u32,
    pub baseline_tower_hits: u32,
    /// Sticks thrown from an advantage line.
    pub advantage_sticks: u32,
    pub advantage_hits: u32,
    pub sticks_at_knights: u32,
    pub knight_hits: u32,
    pub knights_felled: u32,
    /// First sticks of a turn thrown while knights stood.
    pub first_batons: u32,
    pub first_baton_knights: u32,
    /// Pieces inkasted in the turns of those first sticks.
    pub first_baton_inkasted: u32,
    /// Sticks thrown while the king was the only target.
    pub king_attempts: u32,
    pub king_hits: u32,
    pub inkast_throws: u32,
    pub inkast_in: u32,
    /// Pieces the defenders placed after this player's inkast (credited to
    /// the player of the attempt that landed out for the last time).
    pub penalties_conceded: u32,
    pub fouls: u32,
    /// Knights standing in the opponent's half when the turn's throwing
    /// began, summed over the turns this player threw first in.
    pub knights_faced: u32,
}

impl PlayerStats {
    pub fn rate(hits: u32, tries: u32) -> Option<f64> {
        (tries > 0).then(|| f64::from(hits) / f64::from(tries))
    }

    /// Adds another count to this one (a team total, a season).
    pub fn add(&mut self, other: &PlayerStats) {
        macro_rules! sum {
            ($($field:ident),*) => { $(self.$field += other.$field;)* };
        }
        sum!(
            sticks,
            hits,
            sticks_at_towers,
            tower_hits,
            towers_felled,
            baseline_tower_sticks,
            baseline_tower_hits,
            advantage_sticks,
            advantage_hits,
            sticks_at_knights,
            knight_hits,
            knights_felled,
            first_batons,
            first_baton_knights,
            first_baton_inkasted,
            king_attempts,
            king_hits,
            inkast_throws,
            inkast_in,
            penalties_conceded,
            fouls,
            knights_faced
        );
    }
}

/// What a row of the statistics counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    Player,
    Team,
}

impl std::fmt::Display for Scope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            Scope::Player => "player",
            Scope::Team => "team",
        })
    }
}

/// One row of the statistics: a player, or a team's total.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub scope: Scope,
    pub team: Team,
    /// The player's name, or the team's.
    pub name: String,
    pub sticks: u32,
    pub hits: u32,
    pub hit_rate: Option<f64>,
    pub baseline_tower_sticks: u32,
    pub baseline_tower_hits: u32,
    pub baseline_hit_rate: Option<f64>,
    pub advantage_sticks: u32,
    pub advantage_hits: u32,
    pub advantage_hit_rate: Option<f64>,
    pub sticks_at_knights: u32,
    pub knights_felled: u32,
    pub first_batons: u32,
    pub first_baton_knights: u32,
    pub first_baton_inkasted: u32,
    pub first_baton_efficiency: Option<f64>,
    pub king_attempts: u32,
    pub king_hits: u32,
    pub king_rate: Option<f64>,
    pub inkast_throws: u32,
    pub inkast_in: u32,
    pub inkast_rate: Option<f64>,
    pub penalties_conceded: u32,
    pub fouls: u32,
    /// Teams only (Planet Kubb's `Eff %`).
    pub efficiency: Option<f64>,
}

impl Row {
    fn of(scope: Scope, team: Team, name: &str, s: &PlayerStats) -> Row {
        let rate = PlayerStats::rate;
        Row {
            scope,
            team,
            name: name.to_string(),
            sticks: s.sticks,
            hits: s.hits,
            hit_rate: rate(s.hits, s.sticks),
            baseline_tower_sticks: s.baseline_tower_sticks,
            baseline_tower_hits: s.baseline_tower_hits,
            baseline_hit_rate: rate(s.baseline_tower_hits, s.baseline_tower_sticks),
            advantage_sticks: s.advantage_sticks,
            advantage_hits: s.advantage_hits,
            advantage_hit_rate: rate(s.advantage_hits, s.advantage_sticks),
            sticks_at_knights: s.sticks_at_knights,
            knights_felled: s.knights_felled,
            first_batons: s.first_batons,
            first_baton_knights: s.first_baton_knights,
            first_baton_inkasted: s.first_baton_inkasted,
            first_baton_efficiency: rate(s.first_baton_knights, s.first_baton_inkasted),
            king_attempts: s.king_attempts,
            king_hits: s.king_hits,
            king_rate: rate(s.king_hits, s.king_attempts),
            inkast_throws: s.inkast_throws,
            inkast_in: s.inkast_in,
            inkast_rate: rate(s.inkast_in, s.inkast_throws),
            penalties_conceded: s.penalties_conceded,
            fouls: s.fouls,
            efficiency: (scope == Scope::Team)
                .then(|| rate(s.knights_felled, s.knights_faced))
                .flatten(),
        }
    }
}

/// A match's statistics: every player (by team and name), then both teams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchStats {
    pub players: Vec<Row>,
    pub teams: Vec<Row>,
}

impl MatchStats {
    /// The rows as CSV, players first, with a header line.
    pub fn to_csv(&self) -> String {
        let mut text = String::from(
            "scope,team,name,sticks,hits,hit_rate,baseline_tower_sticks,baseline_tower_hits,baseline_hit_rate,advantage_sticks,advantage_hits,advantage_hit_rate,sticks_at_knights,knights_felled,first_batons,first_baton_knights,first_baton_inkasted,first_baton_efficiency,king_attempts,king_hits,king_rate,inkast_throws,inkast_in,inkast_rate,penalties_conceded,fouls,efficiency\n",
        );
        let rate = |r: Option<f64>| r.map_or(String::new(), |r| format!("{r:.4}"));
        for row in self.players.iter().chain(&self.teams) {
            let cells = [
                row.scope.to_string(),
                row.team.to_string(),
                csv_text(&row.name),
                row.sticks.to_string(),
                row.hits.to_string(),
                rate(row.hit_rate),
                row.baseline_tower_sticks.to_string(),
                row.baseline_tower_hits.to_string(),
                rate(row.baseline_hit_rate),
                row.advantage_sticks.to_string(),
                row.advantage_hits.to_string(),
                rate(row.advantage_hit_rate),
                row.sticks_at_knights.to_string(),
                row.knights_felled.to_string(),
                row.first_batons.to_string(),
                row.first_baton_knights.to_string(),
                row.first_baton_inkasted.to_string(),
                rate(row.first_baton_efficiency),
                row.king_attempts.to_string(),
                row.king_hits.to_string(),
                rate(row.king_rate),
                row.inkast_throws.to_string(),
                row.inkast_in.to_string(),
                rate(row.inkast_rate),
                row.penalties_conceded.to_string(),
                row.fouls.to_string(),
                rate(row.efficiency),
            ];
            text.push_str(&cells.join(","));
            text.push('\n');
        }
        text
    }
}

/// A CSV field, quoted when it holds a comma, quote or line break.
fn csv_text(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Statistics per player name, over all events (which must be valid).
pub fn player_stats(ruleset: Ruleset, events: &[Event]) -> BTreeMap<String, PlayerStats> {
    tally(ruleset, events)
        .0
        .into_iter()
        .map(|((_, name), stats)| (name, stats))
        .collect()
}

/// Every player's and both teams' rows.
pub fn match_stats(ruleset: Ruleset, events: &[Event]) -> MatchStats {
    let (players, state) = tally(ruleset, events);
    let mut totals = [PlayerStats::default(), PlayerStats::default()];
    let rows = players
        .iter()
        .map(|((team, name), stats)| {
            totals[team.index()].add(stats);
            Row::of(Scope::Player, *team, name, stats)
        })
        .collect();
    let teams = Team::BOTH
        .into_iter()
        .map(|team| {
            let name = state.team_info(team).name.to_string();
            Row::of(Scope::Team, team, &name, &totals[team.index()])
        })
        .collect();
    MatchStats {
        players: rows,
        teams,
    }
}

/// The towers (baseline kubbs) each team felled over the match, team A's
/// first, over all events (which must be valid): the base of a
/// tournament's baseline-kubb difference.
pub fn towers_felled(ruleset: Ruleset, events: &[Event]) -> [u32; 2] {
    let mut felled = [0, 0];
    for ((team, _), stats) in tally(ruleset, events).0 {
        felled[team.index()] += stats.towers_felled;
    }
    felled
}

/// What the tally knows of the turn in progress.
#[derive(Default)]
struct TurnTally {
    inkasted: u32,
    sticks: u32,
}

type Tally = BTreeMap<(Team, String), PlayerStats>;

fn tally(ruleset: Ruleset, events: &[Event]) -> (Tally, Match) {
    let mut stats = Tally::new();
    let mut state = Match::new(ruleset);
    let mut last_inkaster = (Team::A, String::new());
    let mut turn = TurnTally::default();
    for event in events {
        let thrower = state.thrower();
        match event {
            Event::Stick { player, outcome } => {
                let entry = stats.entry((thrower, player.clone())).or_default();
                stick(entry, &state, outcome, &turn);
                turn.sticks += 1;
            }
            Event::Inkast {
                player, landed_in, ..
            } => {
                let entry = stats.entry((thrower, player.clone())).or_default();
                entry.inkast_throws += 1;
                entry.inkast_in += u32::from(*landed_in);
                last_inkaster = (thrower, player.clone());
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
            | Event::NextGame {}
            | Event::Rescue { .. }
            | Event::TimeCalled {} => {}
        }
        let before = (
            state.turns_completed(),
            state.games_won(Team::A),
            state.games_won(Team::B),
        );
        let first_inkast = matches!(event, Event::Inkast { .. })
            && matches!(
                state.to_act(),
                Some(crate::game::ToAct::Team(
                    _,
                    crate::game::Decision::Inkast { attempt: 1, .. }
                ))
            );
        state = state
            .apply(event)
            .expect("statistics are computed over valid events");
        let after = (
            state.turns_completed(),
            state.games_won(Team::A),
            state.games_won(Team::B),
        );
        if before != after || matches!(event, Event::NextGame {}) {
            turn = TurnTally::default();
        } else if first_inkast {
            turn.inkasted += 1;
        }
    }
    (stats, state)
}

/// One stick, counted by what stood when it was thrown and from where.
fn stick(entry: &mut PlayerStats, state: &Match, outcome: &StickOutcome, turn: &TurnTally) {
    let opponent = state.thrower().other();
    let knights_standing = state.standing_knights(opponent).len() as u32;
    let from_baseline = state.line(state.thrower()) == Line::Baseline;
    let field_clear = state.counting_targets().is_empty();
    let (knights, towers, king) = match outcome {
        StickOutcome::Hit {
            knights,
            towers,
            king,
        } => (knights.len() as u32, towers.len() as u32, *king),
        StickOutcome::Miss | StickOutcome::Foul => (0, 0, false),
    };
    entry.sticks += 1;
    entry.towers_felled += towers;
    let hit = knights + towers > 0 || king;
    entry.hits += u32::from(hit);
    entry.fouls += u32::from(matches!(outcome, StickOutcome::Foul));
    if field_clear {
        entry.king_attempts += 1;
        entry.king_hits += u32::from(king);
    } else if knights_standing > 0 {
        entry.sticks_at_knights += 1;
        entry.knight_hits += u32::from(knights > 0);
        entry.knights_felled += knights;
        if turn.sticks == 0 {
            entry.first_batons += 1;
            entry.first_baton_knights += knights;
            entry.first_baton_inkasted += turn.inkasted;
        }
    } else {
        entry.sticks_at_towers += 1;
        entry.tower_hits += u32::from(towers > 0);
        if from_baseline {
            entry.baseline_tower_sticks += 1;
            entry.baseline_tower_hits += u32::from(towers > 0);
        }
    }
    if !from_baseline && !field_clear {
        entry.advantage_sticks += 1;
        entry.advantage_hits += u32::from(hit);
    }
    if turn.sticks == 0 {
        entry.knights_faced += knights_standing;
    }
}
