//! A refereed Koning & Torens match as the server keeps it: the ruleset
//! fixed at creation and numbered events, each a referee event or an undo.
//! The state is the fold of the events over the Kubb rules engine.

use kubb::stats::{player_stats, PlayerStats};
use kubb::{Field, Line, Match, Phase, Piece, PieceId, RuleError, Ruleset, Team, UnknownRuleset};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::status::Status;

/// What a match is created with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `seed` or `standard`.
    pub ruleset: String,
}

/// Everything that can happen in a refereed match, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Referee {
        event: kubb::Event,
    },
    /// Takes back the last referee event that is still in force.
    Undone,
}

/// A match or event refused, in the plain words the API answers with: the
/// rules' reason, an unknown ruleset, or nothing left to undo. Text, as
/// for every kind of game the server keeps.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

impl From<RuleError> for Refusal {
    fn from(error: RuleError) -> Refusal {
        Refusal(error.to_string())
    }
}

impl From<UnknownRuleset> for Refusal {
    fn from(error: UnknownRuleset) -> Refusal {
        Refusal(error.to_string())
    }
}

/// The state of a match after its events.
#[derive(Clone, Debug)]
pub struct State {
    pub ruleset: Ruleset,
    /// The referee events in force (undone ones removed).
    pub events: Vec<kubb::Event>,
    pub current: Match,
    pub seq: i64,
}

impl State {
    pub fn new(settings: &Settings) -> Result<State, Refusal> {
        let ruleset: Ruleset = settings.ruleset.parse()?;
        Ok(State {
            ruleset,
            events: Vec::new(),
            current: Match::new(ruleset),
            seq: 0,
        })
    }

    /// Applies an event, or refuses it (in the rules' plain words) and
    /// changes nothing.
    pub fn apply(&mut self, event: &Event) -> Result<(), Refusal> {
        match event {
            Event::Referee { event } => {
                self.current = self.current.apply(event)?;
                self.events.push(event.clone());
            }
            Event::Undone => {
                if self.events.pop().is_none() {
                    return Err(Refusal("there is nothing to undo".into()));
                }
                self.current = self.replayed();
            }
        }
        self.seq += 1;
        Ok(())
    }

    fn replayed(&self) -> Match {
        self.events
            .iter()
            .try_fold(Match::new(self.ruleset), |state, event| state.apply(event))
            .expect("events in force were each accepted in this order")
    }

    pub fn status(&self) -> Status {
        if self.current.winner().is_some() {
            Status::Finished
        } else {
            Status::Active
        }
    }

    /// The stored result text: `A Vikings`.
    pub fn result_text(&self) -> Option<String> {
        self.current
            .winner()
            .map(|team| format!("{team} {}", self.current.team_info(team).name))
    }

    pub fn stats(&self) -> Value {
        let players: serde_json::Map<String, Value> = player_stats(self.ruleset, &self.events)
            .into_iter()
            .map(|(name, stats)| (name, stats_view(&stats)))
            .collect();
        Value::Object(players)
    }

    /// The state as the API shows it.
    pub fn view(&self, id: &str) -> Value {
        let state = &self.current;
        let pieces: Vec<Value> = PieceId::ALL
            .iter()
            .map(|&id| piece_view(id, state.piece(id), state.field()))
            .collect();
        let teams: Vec<Value> = Team::BOTH
            .iter()
            .map(|&team| {
                let info = state.team_info(team);
                json!({
                    "team": team,
                    "name": info.name,
                    "players": info.players,
                    "games_won": state.games_won(team),
                    // The line the rules give now: a line advanced to a knight
                    // that has since fallen is the baseline again.
                    "line": line_view(state.line(team)),
                })
            })
            .collect();
        let king_attack = state.king_attack();
        json!({
            "id": id,
            "kind": "kubb",
            "status": self.status(),
            "ruleset": self.ruleset.name,
            "teams": teams,
            "phase": phase_view(state.phase()),
            "thrower": state.thrower(),
            "starter": state.starting_team(),
            "turn": state.turns_completed() + 1,
            "sticks_left": state.sticks_left(),
            "king_standing": state.king_standing(),
            "king_attack": { "allowed": king_attack.is_ok(), "reason": king_attack.err() },
            "counting_targets": state.counting_targets().iter().map(|piece| piece.to_string()).collect::<Vec<_>>(),
            "pieces": pieces,
            "field": {
                "length": state.field().length,
                "width": state.field().width,
                "king": state.field().king(),
                "baselines": Team::BOTH.map(|team| state.field().baseline(team)),
            },
            "winner": state.winner(),
            "summary": state.to_string(),
            "events": self.events.len(),
            "seq": self.seq,
        })
    }
}

/// A piece with its name (`A1`), its number in events (0–9) and, where
/// known, its place on the field in metres.
fn piece_view(id: PieceId, piece: Piece, field: &Field) -> Value {
    let mut view = match piece {
        Piece::Tower { team } => json!({
            "state": "tower",
            "team": team,
            "at": field.tower_spot(id.original_team(), id.spot()),
        }),
        Piece::Knight { half, at } => json!({ "state": "knight", "half": half, "at": at }),
        Piece::Down { half } => json!({ "state": "down", "half": half }),
    };
    view["id"] = json!(id.to_string());
    view["number"] = json!(id.0);
    view
}

fn line_view(line: Line) -> Value {
    match line {
        Line::Baseline => json!({ "at": "baseline" }),
        Line::AtKnight { piece, y } => {
            json!({ "at": "knight", "piece": piece.to_string(), "y": y })
        }
    }
}

fn phase_view(phase: &Phase) -> Value {
    match phase {
        Phase::StartingThrow => json!({ "name": "starting_throw" }),
        Phase::Inkast { queue, to_place } => json!({
            "name": "inkast",
            "queue": queue.iter().map(|(piece, attempt)| json!({ "piece": piece.to_string(), "attempt": attempt })).collect::<Vec<_>>(),
            "to_place": to_place.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }),
        Phase::Placement { to_place } => json!({
            "name": "placement",
            "to_place": to_place.iter().map(ToString::to_string).collect::<Vec<_>>(),
        }),
        Phase::Throwing => json!({ "name": "throwing" }),
        Phase::GameOver(end) => {
            json!({ "name": "game_over", "winner": end.winner, "reason": end.reason })
        }
    }
}

fn stats_view(stats: &PlayerStats) -> Value {
    json!({
        "sticks": stats.sticks,
        "hits": stats.hits,
        "hit_rate": PlayerStats::rate(stats.hits, stats.sticks),
        "sticks_at_knights": stats.sticks_at_knights,
        "knight_hits": stats.knight_hits,
        "sticks_at_towers": stats.sticks_at_towers,
        "tower_hits": stats.tower_hits,
        "inkast_throws": stats.inkast_throws,
        "inkast_in": stats.inkast_in,
        "penalties_conceded": stats.penalties_conceded,
        "king_attempts": stats.king_attempts,
        "fouls": stats.fouls,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_takes_back_exactly_the_last_event_in_force() {
        let mut state = State::new(&Settings {
            ruleset: "seed".into(),
        })
        .unwrap();
        let fresh = state.view("m");
        assert!(state.apply(&Event::Undone).is_err(), "nothing to undo");
        let start = Event::Referee {
            event: kubb::Event::Start { team: Team::B },
        };
        state.apply(&start).unwrap();
        assert_eq!(state.current.thrower(), Team::B);
        state.apply(&Event::Undone).unwrap();
        assert_eq!(state.current, Match::new(Ruleset::SEED));
        assert_eq!(state.view("m")["phase"], fresh["phase"]);
        assert_eq!(state.seq, 2, "undo is an event of its own");
    }

    /// Under the seed rules a line advanced to a knight lasts until that
    /// knight falls, then is the baseline again (rule book, "Advanced
    /// throwing line"); the view shows that, not the line once set.
    #[test]
    fn the_view_shows_the_baseline_again_once_the_lines_knight_falls() {
        let mut state = State::new(&Settings {
            ruleset: "seed".into(),
        })
        .unwrap();
        let stick = |outcome| kubb::Event::Stick {
            player: "p".into(),
            outcome,
        };
        let miss = || stick(kubb::StickOutcome::Miss);
        let fells = |knights: Vec<u8>, towers: Vec<u8>| {
            stick(kubb::StickOutcome::Hit {
                knights: knights.into_iter().map(PieceId).collect(),
                towers: towers.into_iter().map(PieceId).collect(),
                king: false,
            })
        };
        let inkast = |y| kubb::Event::Inkast {
            player: "p".into(),
            landed_in: true,
            at: Some(kubb::Point { x: 2.0, y }),
            king_felled: false,
        };
        // A fells B2 and B3; B inkasts them into A's half at y = 2 and 3
        // and misses, so A's line advances to B3, the foremost; A misses.
        let mut events = vec![kubb::Event::Start { team: Team::A }];
        events.extend([fells(vec![], vec![6]), fells(vec![], vec![7])]);
        events.extend((0..4).map(|_| miss()));
        events.extend([inkast(2.0), inkast(3.0)]);
        events.extend((0..12).map(|_| miss()));
        for event in events {
            state.apply(&Event::Referee { event }).unwrap();
        }
        let line_of_a = |state: &State| state.view("m")["teams"][0]["line"].clone();
        assert_eq!(
            line_of_a(&state),
            json!({ "at": "knight", "piece": "B3", "y": 3.0 })
        );
        // B's first stick fells B3, standing in A's half.
        state
            .apply(&Event::Referee {
                event: fells(vec![7], vec![]),
            })
            .unwrap();
        assert_eq!(line_of_a(&state), json!({ "at": "baseline" }));
    }
}
