//! A Guard & Towers game as the server keeps it: settings fixed at creation
//! and a list of numbered events; the state is the fold of the events over
//! the rules library. Commands are checked against the state before their
//! event is stored, so a stored event always applies.

use arena::record::{date_of, rules_result, GameRecord, GameResult};
use guard_towers::{Color, Game, Move, Position, Rules};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A seat at the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Red,
    Blue,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::Red, Seat::Blue];

    pub fn color(self) -> Color {
        match self {
            Seat::Red => Color::Red,
            Seat::Blue => Color::Blue,
        }
    }

    pub fn of(color: Color) -> Seat {
        match color {
            Color::Red => Seat::Red,
            Color::Blue => Seat::Blue,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Blue => "blue",
        }
    }

    pub fn other(self) -> Seat {
        Seat::of(!self.color())
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Player {
    /// A person, seated by a token.
    Human,
    /// The engine at a level 1–10.
    Engine { level: u8 },
    /// A client of the course TCP protocol.
    Course,
}

/// A clock: starting time and increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

/// What a game is created with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `standard` or `course`.
    pub rules: String,
    pub start: String,
    pub players: [Player; 2],
    pub time_control: Option<TimeControl>,
}

impl Settings {
    pub fn rules(&self) -> Rules {
        if self.rules == "course" {
            Rules::COURSE
        } else {
            Rules::STANDARD
        }
    }

    pub fn player(&self, seat: Seat) -> Player {
        self.players[seat.color().index()]
    }
}

/// Everything that can happen in a game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Joined {
        seat: Seat,
        name: String,
    },
    Moved {
        seat: Seat,
        #[serde(rename = "move")]
        mv: String,
        /// The mover's clock after the move, increment included.
        clock_ms: Option<u64>,
    },
    Resigned {
        seat: Seat,
    },
    DrawOffered {
        seat: Seat,
    },
    DrawDeclined {
        seat: Seat,
    },
    DrawAgreed {
        seat: Seat,
    },
    /// Lost without the rules' say: on time, or (course protocol) by an
    /// illegal move or a move out of turn.
    Forfeited {
        seat: Seat,
        reason: String,
    },
}

impl Event {
    /// The event as stored and sent.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("events serialise")
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub result: GameResult,
    pub reason: String,
}

/// A command refused, in plain words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

fn refuse<T>(message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(message.into()))
}

/// The state of a game after its events.
#[derive(Clone, Debug)]
pub struct State {
    pub settings: Settings,
    pub game: Game,
    pub names: [Option<String>; 2],
    pub draw_offer: Option<Seat>,
    pub ending: Option<Ending>,
    /// Clock of each side at the start of its current or next turn.
    pub clocks: Option<[u64; 2]>,
    /// When the side to move started thinking (ms since the Unix epoch);
    /// `None` until every seat is taken.
    pub turn_started_ms: Option<i64>,
    pub seq: i64,
    pub created_ms: i64,
}

impl State {
    pub fn new(settings: Settings, created_ms: i64) -> Result<State, Refusal> {
        let start: Position = settings
            .start
            .parse()
            .map_err(|error| Refusal(format!("start position: {error}")))?;
        let game = Game::new(start, settings.rules());
        let names = Seat::BOTH.map(|seat| match settings.player(seat) {
            Player::Engine { level } => Some(format!("towers level {level}")),
            Player::Human | Player::Course => None,
        });
        let clocks = settings.time_control.map(|tc| [tc.initial_ms; 2]);
        let mut state = State {
            settings,
            game,
            names,
            draw_offer: None,
            ending: None,
            clocks,
            turn_started_ms: None,
            seq: 0,
            created_ms,
        };
        state.start_if_seated(created_ms);
        state.end_by_rules();
        Ok(state)
    }

    pub fn side_to_move(&self) -> Seat {
        Seat::of(self.game.position().side_to_move())
    }

    pub fn is_seated(&self, seat: Seat) -> bool {
        self.names[seat.color().index()].is_some()
    }

    pub fn status(&self) -> &'static str {
        if self.ending.is_some() {
            "finished"
        } else if self.turn_started_ms.is_none() {
            "waiting"
        } else {
            "active"
        }
    }

    /// The stored result text: `1-0 guard captured`.
    pub fn result_text(&self) -> Option<String> {
        self.ending
            .as_ref()
            .map(|ending| format!("{} {}", ending.result.token(), ending.reason))
    }

    /// Milliseconds left on `seat`'s clock at `now_ms`.
    pub fn remaining_ms(&self, seat: Seat, now_ms: i64) -> Option<u64> {
        let clocks = self.clocks?;
        let stored = clocks[seat.color().index()];
        match self.turn_started_ms {
            Some(started) if self.ending.is_none() && seat == self.side_to_move() => {
                let spent = u64::try_from(now_ms - started).unwrap_or(0);
                Some(stored.saturating_sub(spent))
            }
            _ => Some(stored),
        }
    }

    /// When the side to move runs out of time, for a running clock.
    pub fn flag_at_ms(&self) -> Option<i64> {
        let clocks = self.clocks?;
        let started = self.turn_started_ms.filter(|_| self.ending.is_none())?;
        Some(started + clocks[self.side_to_move().color().index()] as i64)
    }

    /// The event a seat's move makes at `now_ms`: a move, or a forfeit when
    /// the clock has run out.
    pub fn move_event(&self, seat: Seat, text: &str, now_ms: i64) -> Result<Event, Refusal> {
        self.expect_turn(seat)?;
        let mv: Move = text
            .trim()
            .parse()
            .map_err(|error| Refusal(format!("'{text}' is not a move: {error}")))?;
        if !self.game.legal_moves().contains(&mv) {
            return refuse(format!(
                "{mv} is not a legal move for {} in this position",
                seat.name()
            ));
        }
        let clock_ms = match self.remaining_ms(seat, now_ms) {
            Some(0) => {
                return Ok(Event::Forfeited {
                    seat,
                    reason: "time forfeit".into(),
                })
            }
            Some(left) => Some(left + self.settings.time_control.map_or(0, |tc| tc.increment_ms)),
            None => None,
        };
        Ok(Event::Moved {
            seat,
            mv: mv.to_string(),
            clock_ms,
        })
    }

    fn expect_turn(&self, seat: Seat) -> Result<(), Refusal> {
        self.expect_playing()?;
        if seat != self.side_to_move() {
            return refuse(format!("it is {}'s turn", self.side_to_move().name()));
        }
        Ok(())
    }

    fn expect_playing(&self) -> Result<(), Refusal> {
        if let Some(ending) = &self.ending {
            return refuse(format!("the game is over ({})", ending.reason));
        }
        if self.turn_started_ms.is_none() {
            return refuse("the game has not started: a seat is still free");
        }
        Ok(())
    }

    /// Applies an event at `at_ms`, or refuses it and changes nothing.
    pub fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        match event {
            Event::Joined { seat, name } => {
                if self.is_seated(*seat) {
                    return refuse(format!("the {} seat is taken", seat.name()));
                }
                self.names[seat.color().index()] = Some(name.clone());
                self.start_if_seated(at_ms);
            }
            Event::Moved { seat, mv, clock_ms } => {
                self.expect_turn(*seat)?;
                let mv: Move = mv.parse().map_err(|e| Refusal(format!("{e}")))?;
                self.game
                    .play(mv)
                    .map_err(|error| Refusal(error.to_string()))?;
                if let (Some(clocks), Some(left)) = (&mut self.clocks, clock_ms) {
                    clocks[seat.color().index()] = *left;
                }
                self.turn_started_ms = Some(at_ms);
                self.draw_offer = None;
                self.end_by_rules();
            }
            Event::Resigned { seat } => {
                self.expect_playing()?;
                self.end(GameResult::win_for(!seat.color()), "resignation");
            }
            Event::DrawOffered { seat } => {
                self.expect_playing()?;
                if self.draw_offer.is_some() {
                    return refuse("a draw offer is already open");
                }
                self.draw_offer = Some(*seat);
            }
            Event::DrawDeclined { seat } | Event::DrawAgreed { seat } => {
                self.expect_playing()?;
                if self.draw_offer != Some(seat.other()) {
                    return refuse(format!("{} has no draw offer to answer", seat.name()));
                }
                self.draw_offer = None;
                if matches!(event, Event::DrawAgreed { .. }) {
                    self.end(GameResult::Draw, "draw agreed");
                }
            }
            Event::Forfeited { seat, reason } => {
                self.expect_playing()?;
                self.end(GameResult::win_for(!seat.color()), reason);
            }
        }
        self.seq += 1;
        Ok(())
    }

    fn start_if_seated(&mut self, at_ms: i64) {
        if self.turn_started_ms.is_none() && Seat::BOTH.iter().all(|&seat| self.is_seated(seat)) {
            self.turn_started_ms = Some(at_ms);
        }
    }

    fn end_by_rules(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            let (result, reason) = rules_result(outcome);
            self.end(result, reason);
        }
    }

    fn end(&mut self, result: GameResult, reason: &str) {
        self.ending = Some(Ending {
            result,
            reason: reason.to_string(),
        });
    }

    /// The seat whose engine should move now, if any.
    pub fn engine_to_move(&self) -> Option<(Seat, u8)> {
        if self.status() != "active" {
            return None;
        }
        let seat = self.side_to_move();
        match self.settings.player(seat) {
            Player::Engine { level } => Some((seat, level)),
            Player::Human | Player::Course => None,
        }
    }

    /// The game in the arena's record format.
    pub fn record(&self) -> GameRecord {
        let name = |seat: Seat| {
            self.names[seat.color().index()]
                .clone()
                .unwrap_or_else(|| "?".into())
        };
        let (result, termination) = match &self.ending {
            Some(ending) => (ending.result, ending.reason.clone()),
            None => (GameResult::Unfinished, "unterminated".into()),
        };
        GameRecord {
            event: "towers server".into(),
            date: date_of(self.created_ms),
            red: name(Seat::Red),
            blue: name(Seat::Blue),
            time_control: self.settings.time_control.map_or("-".into(), |tc| {
                format!(
                    "{}+{}",
                    tc.initial_ms as f64 / 1000.0,
                    tc.increment_ms as f64 / 1000.0
                )
            }),
            rules: self.settings.rules(),
            start: *self.game.start(),
            moves: self.game.moves().to_vec(),
            result,
            termination,
        }
    }

    /// The state as the API shows it at `now_ms`.
    pub fn view(&self, id: &str, now_ms: i64) -> Value {
        let mut view = self.live_view(id, now_ms);
        view["moves"] = self.game.moves().iter().map(|mv| mv.to_string()).collect();
        view
    }

    /// [`State::view`] without the move list (`ply` says how long it is).
    pub fn live_view(&self, id: &str, now_ms: i64) -> Value {
        let seats: serde_json::Map<String, Value> = Seat::BOTH
            .iter()
            .map(|&seat| {
                let player = self.settings.player(seat);
                (
                    seat.name().to_string(),
                    json!({
                        "player": player,
                        "name": self.names[seat.color().index()],
                        "taken": self.is_seated(seat),
                    }),
                )
            })
            .collect();
        let legal: Vec<String> = if self.status() == "active" {
            self.game
                .legal_moves()
                .iter()
                .map(|mv| mv.to_string())
                .collect()
        } else {
            Vec::new()
        };
        let clock = self.clocks.map(|_| {
            json!({
                "red_ms": self.remaining_ms(Seat::Red, now_ms),
                "blue_ms": self.remaining_ms(Seat::Blue, now_ms),
                "running": (self.status() == "active").then(|| self.side_to_move()),
            })
        });
        json!({
            "id": id,
            "kind": "gt",
            "status": self.status(),
            "rules": self.settings.rules,
            "start": self.settings.start,
            "position": self.game.position().to_string(),
            "side_to_move": self.side_to_move(),
            "ply": self.game.moves().len(),
            "legal_moves": legal,
            "seats": seats,
            "time_control": self.settings.time_control,
            "clock": clock,
            "draw_offer": self.draw_offer,
            "result": self.ending.as_ref().map(|ending| json!({
                "score": ending.result.token(),
                "winner": match ending.result {
                    GameResult::RedWins => Some(Seat::Red),
                    GameResult::BlueWins => Some(Seat::Blue),
                    _ => None,
                },
                "reason": ending.reason,
            })),
            "seq": self.seq,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn friendly(time_control: Option<TimeControl>) -> State {
        let settings = Settings {
            rules: "standard".into(),
            start: guard_towers::START.into(),
            players: [Player::Human, Player::Human],
            time_control,
        };
        let mut state = State::new(settings, 0).unwrap();
        for seat in Seat::BOTH {
            let joined = Event::Joined {
                seat,
                name: seat.name().into(),
            };
            state.apply(&joined, 0).unwrap();
        }
        state
    }

    #[test]
    fn a_refused_event_changes_nothing() {
        let mut state = friendly(None);
        let before = state.view("g", 0);
        let out_of_turn = Event::Moved {
            seat: Seat::Blue,
            mv: "A1-A2-1".into(),
            clock_ms: None,
        };
        assert!(state.apply(&out_of_turn, 0).is_err());
        assert!(state
            .apply(&Event::DrawAgreed { seat: Seat::Red }, 0)
            .is_err());
        assert_eq!(state.view("g", 0), before);
    }

    #[test]
    fn the_clock_runs_for_the_side_to_move_only() {
        let state = friendly(Some(TimeControl {
            initial_ms: 1_000,
            increment_ms: 100,
        }));
        assert_eq!(state.remaining_ms(Seat::Red, 400), Some(600));
        assert_eq!(state.remaining_ms(Seat::Blue, 400), Some(1_000));
        let mv = state.game.legal_moves()[0].to_string();
        match state.move_event(Seat::Red, &mv, 400).unwrap() {
            Event::Moved { clock_ms, .. } => assert_eq!(clock_ms, Some(700)),
            other => panic!("expected a move, got {other:?}"),
        }
        assert!(matches!(
            state.move_event(Seat::Red, &mv, 1_000).unwrap(),
            Event::Forfeited { .. }
        ));
    }

    #[test]
    fn a_game_waits_until_every_seat_is_taken() {
        let settings = Settings {
            rules: "standard".into(),
            start: guard_towers::START.into(),
            players: [Player::Human, Player::Engine { level: 3 }],
            time_control: None,
        };
        let mut state = State::new(settings, 0).unwrap();
        assert_eq!(state.status(), "waiting");
        assert!(state.move_event(Seat::Red, "A7-B7-1", 0).is_err());
        let joined = Event::Joined {
            seat: Seat::Red,
            name: "ann".into(),
        };
        state.apply(&joined, 5).unwrap();
        assert_eq!(state.status(), "active");
        assert_eq!(state.engine_to_move(), None);
    }
}
