//! A Guard & Towers game as the server keeps it: settings fixed at creation
//! and a list of numbered events; the state is the fold of the events over
//! the rules library. Commands are checked against the state before their
//! event is stored, so a stored event always applies. Everything here is
//! the rules library's own types; text exists only at the edges (the
//! adapters parse, serde stores and sends).

mod game;
pub mod play;
mod rated;
pub mod routes;

use api::board::{Board, MoveView, PlayedMove};
pub use api::gt::{ClockView, GtState, Player, ResultView};
use api::gt::{GtKind, RematchState, RematchView, Seats};
use api::Code;
use guard_towers::record::{date_of, GameRecord, GameResult, Termination};
use guard_towers::{
    Color, Game, GameError, Move, MoveError, Position, Ruleset, SquareError, TimeControl,
};
use serde::{Deserialize, Serialize};

use crate::listing::{Listing, Outcome, Side};
use crate::seat::Seat;
use crate::status::Status;

/// What a game is created with; [`Settings::new`] is the one way to make
/// them, for the HTTP API, the course port and the store alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SettingsFields")]
pub struct Settings {
    pub rules: Ruleset,
    pub start: Position,
    pub players: [Player; 2],
    pub time_control: Option<TimeControl>,
    /// Who may take a free seat.
    pub seating: Seating,
    /// Whether the result counts for the players' ratings (`ratings`).
    pub rated: bool,
}

/// How a free seat is taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// Only with the invitation secret of the game's link (a friend
    /// game); games stored before invitations existed have no secret and
    /// take anyone.
    #[default]
    Invitation,
    /// Anyone: a public challenge, listed in the lobby.
    Public,
}

/// Settings as stored, before they are checked.
#[derive(Deserialize)]
struct SettingsFields {
    rules: Ruleset,
    start: Position,
    players: [Player; 2],
    time_control: Option<TimeControl>,
    #[serde(default)]
    seating: Seating,
    /// Games stored before ratings existed were not rated.
    #[serde(default)]
    rated: bool,
}

impl TryFrom<SettingsFields> for Settings {
    type Error = Refusal;

    fn try_from(fields: SettingsFields) -> Result<Settings, Refusal> {
        Settings::new(
            fields.rules,
            fields.start,
            fields.players,
            fields.time_control,
        )
        .and_then(|settings| settings.rated(fields.rated))
        .map(|settings| settings.seated_by(fields.seating))
    }
}

impl Settings {
    /// The settings of a new game, refused when an engine level is not
    /// 1-10 or the start position is already decided.
    pub fn new(
        rules: Ruleset,
        start: Position,
        players: [Player; 2],
        time_control: Option<TimeControl>,
    ) -> Result<Settings, Refusal> {
        for player in players {
            if let Player::Engine { level } = player {
                if guard_towers_engine::Level::new(level).is_none() {
                    return Err(checked(
                        Code::GtEngineLevel,
                        &[("level", level.to_string())],
                        format!("level {level} is not 1-10"),
                    ));
                }
            }
        }
        Ok(Settings {
            rules,
            start,
            players,
            time_control,
            seating: Seating::Invitation,
            rated: false,
        })
    }

    /// The same settings, rated or not. Only games between named people
    /// (or bot accounts, which sit as people) are rated: the built-in
    /// engine and course clients have no rating of their own.
    pub fn rated(self, rated: bool) -> Result<Settings, Refusal> {
        let named = |player: &Player| matches!(player, Player::Human | Player::Bot);
        if rated && !self.players.iter().all(named) {
            return Err(checked(Code::GtRatedNamedOnly, &[], "only games between two named players are rated, not games with the built-in engine or course clients"));
        }
        Ok(Settings { rated, ..self })
    }

    /// The same settings with free seats taken as `seating` says.
    pub fn seated_by(self, seating: Seating) -> Settings {
        Settings { seating, ..self }
    }

    /// A course-port game: course rules and clock, both seats course
    /// clients.
    pub fn course() -> Settings {
        Settings {
            rules: Ruleset::Course,
            start: Position::start(),
            players: [Player::Course; 2],
            time_control: Some(TimeControl::COURSE),
            seating: Seating::Invitation,
            rated: false,
        }
    }

    pub fn player(&self, seat: Color) -> Player {
        self.players[seat.index()]
    }
}

/// Everything that can happen in a game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Joined {
        seat: Color,
        name: String,
    },
    Moved {
        seat: Color,
        #[serde(rename = "move")]
        mv: Move,
        /// The mover's clock after the move, increment included.
        clock_ms: Option<u64>,
    },
    Resigned {
        seat: Color,
    },
    DrawOffered {
        seat: Color,
    },
    DrawDeclined {
        seat: Color,
    },
    DrawAgreed {
        seat: Color,
    },
    /// Lost without the rules' say: on time, or (course protocol) by an
    /// illegal move or a move out of turn.
    Forfeited {
        seat: Color,
        reason: Termination,
    },
    /// Ended without a result: an imported contest log that stops
    /// without the server's verdict (`crate::contest`).
    Abandoned {
        reason: Termination,
    },
    /// No server was up from `down_since_ms` until this event: the side to
    /// move is not charged for that time.
    ServerRestarted {
        down_since_ms: i64,
    },
    /// After the game: a seat asks the other for a return game.
    RematchOffered {
        seat: Color,
    },
    RematchDeclined {
        seat: Color,
    },
    /// The other seat accepted: `game` is the return game, colours swapped.
    RematchAgreed {
        seat: Color,
        game: String,
    },
}

/// Where a finished game's rematch stands (the view's `rematch`, less the
/// offer's event number).
#[derive(Clone, Debug, PartialEq)]
pub enum Rematch {
    /// `seat` asked; the offer's event number names the seat held for the
    /// offerer in the return game ([`Rematch::seat_key`]).
    Offered {
        seat: Color,
        seq: i64,
    },
    Declined {
        seat: Color,
    },
    /// `seat` accepted; both players go on in `game`.
    Agreed {
        seat: Color,
        game: String,
    },
}

impl Rematch {
    /// The seat name under which the offerer's token for the return game
    /// is kept (hashed) until it is agreed: unique per offer, since an
    /// offer may be declined and made again. It is no colour: it seats
    /// nobody in this game.
    pub fn seat_key(offer_seq: i64) -> Seat {
        Seat::Rematch(offer_seq)
    }

    /// Where it stands, as the view shows it.
    pub fn view(&self) -> RematchView {
        let (state, seat, game) = match self {
            Rematch::Offered { seat, .. } => (RematchState::Offered, *seat, None),
            Rematch::Declined { seat } => (RematchState::Declined, *seat, None),
            Rematch::Agreed { seat, game } => (RematchState::Agreed, *seat, Some(game.clone())),
        };
        RematchView { state, seat, game }
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub result: GameResult,
    pub termination: Termination,
}

/// A command refused: by the rules (a move the game does not allow),
/// or by the game's own checks, in plain words. Its text is what the API
/// answers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// The rules library refused the move.
    #[error("{0}")]
    Rules(#[from] GameError),
    /// A move text that is no move: its words (the text quoted, with
    /// why), the text as quoted, and the parser's typed reason.
    #[error("{english}")]
    Unreadable {
        english: String,
        quoted: String,
        error: MoveError,
    },
    /// A move the rules do not allow the seat in the position.
    #[error("{mv} is not a legal move for {seat} in this position")]
    Illegal { mv: Move, seat: Color },
    #[error("it is {turn}'s turn")]
    NotYourTurn { turn: Color },
    /// The game has ended; `termination` says how.
    #[error("the game is over ({termination})")]
    Over { termination: Termination },
    #[error("the game has not started: a seat is still free")]
    NotStarted,
    /// One of the game's own checks (a seat taken, a draw or rematch
    /// offer), with its code and particulars beside its English words.
    #[error("{text}")]
    Checked {
        text: String,
        code: Code,
        params: serde_json::Map<String, serde_json::Value>,
    },
}

impl Refusal {
    /// The refusal's stable code (the rules library's own for its refusals).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Rules(error) => error.code(),
            Refusal::Illegal { .. } => Code::GtIllegalMove.as_str(),
            Refusal::NotYourTurn { .. } => Code::GtNotYourTurn.as_str(),
            Refusal::Over { .. } => Code::GtGameOver.as_str(),
            Refusal::NotStarted => Code::GtNotStarted.as_str(),
            Refusal::Unreadable { .. } => Code::GtUnreadableMove.as_str(),
            Refusal::Checked { code, .. } => code.as_str(),
        }
    }

    /// The refusal's particulars: the move in its notation, the sides by
    /// their colour's name (`red`, `blue`), the words of the rest.
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        let text = |key: &str, value: String| (key.to_string(), serde_json::Value::String(value));
        match self {
            Refusal::Rules(error) => error
                .params()
                .into_iter()
                .map(|(key, value)| text(key, value))
                .collect(),
            Refusal::Illegal { mv, seat } => {
                [text("move", mv.to_string()), text("side", seat.to_string())]
                    .into_iter()
                    .collect()
            }
            Refusal::NotYourTurn { turn } => [text("side", turn.to_string())].into_iter().collect(),
            Refusal::Over { termination } => [text(
                "termination",
                termination_kind(termination).to_string(),
            )]
            .into_iter()
            .collect(),
            Refusal::NotStarted => serde_json::Map::new(),
            Refusal::Checked { params, .. } => params.clone(),
            Refusal::Unreadable { quoted, error, .. } => unreadable_params(quoted, error),
        }
    }
}

/// How a game ended as one stable word, for the catalogs to select on:
/// the English text also carries details (by how much a clock ran out,
/// which move was illegal) that another language cannot show in its words.
fn termination_kind(termination: &Termination) -> &'static str {
    match termination {
        Termination::GuardCaptured => "guard-captured",
        Termination::CastleReached => "castle-reached",
        Termination::NoLegalMove => "no-legal-move",
        Termination::ThreefoldRepetition => "threefold-repetition",
        Termination::NoProgress => "no-progress",
        Termination::Resignation => "resignation",
        Termination::DrawAgreed => "draw-agreed",
        Termination::TimeForfeit(_) => "time-forfeit",
        Termination::IllegalMove(_) => "illegal-move",
        Termination::EngineCrash(_) => "engine-crash",
        Termination::Disconnect(_) => "disconnect",
        Termination::Adjudication(_) => "adjudication",
        Termination::Unterminated => "unterminated",
        Termination::Other(_) => "other",
    }
}

/// One of the game's own checks refused, said as `code` with its
/// particulars (text values) and in English.
fn checked(code: Code, params: &[(&str, String)], text: impl Into<String>) -> Refusal {
    Refusal::Checked {
        text: text.into(),
        code,
        params: params
            .iter()
            .map(|(key, value)| (key.to_string(), serde_json::Value::String(value.clone())))
            .collect(),
    }
}

/// Why a move text is no move, for the catalogs: `problem` (one word for
/// the parser's reason to select on), the text as quoted (`move`) and the
/// particulars (the square, the count, the two squares, the stones and
/// the distance as numbers, for the plural forms).
fn unreadable_params(
    quoted: &str,
    error: &MoveError,
) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::Value;
    let (problem, particulars): (&str, Vec<(&str, Value)>) = match error {
        MoveError::Format { .. } => ("format", vec![]),
        MoveError::Square(SquareError { text }) => {
            ("square", vec![("square", Value::from(printable(text)))])
        }
        MoveError::Count { text } => ("count", vec![("count", Value::from(printable(text)))]),
        MoveError::NotStraight { from, to } => (
            "not-straight",
            vec![
                ("from", Value::from(from.to_string())),
                ("to", Value::from(to.to_string())),
            ],
        ),
        MoveError::CountMismatch {
            count, distance, ..
        } => (
            "count-mismatch",
            vec![
                ("stones", Value::from(*count)),
                ("distance", Value::from(*distance)),
            ],
        ),
    };
    [
        ("problem", Value::from(problem)),
        ("move", Value::from(quoted)),
    ]
    .into_iter()
    .chain(particulars)
    .map(|(key, value)| (key.to_string(), value))
    .collect()
}

/// Reads a move as a player wrote it. The refusal quotes the text with
/// control characters escaped: it may end up in a stored result, and a NUL
/// there would make PostgreSQL refuse a whole batch of commits.
pub fn parse_move(text: &str) -> Result<Move, Refusal> {
    text.trim().parse().map_err(|error| {
        let mut quoted: String = text.chars().take(40).collect();
        if text.chars().nth(40).is_some() {
            quoted.push('…');
        }
        // The text is quoted here once: the parser's own message for a
        // text of the wrong shape quotes it again, whole.
        let why = match &error {
            MoveError::Format { .. } => "expected FROM-TO-STONES like A7-B7-1".to_string(),
            other => other.to_string(),
        };
        let quoted = printable(&quoted);
        Refusal::Unreadable {
            english: printable(&format!("'{quoted}' is not a move: {why}")),
            quoted,
            error,
        }
    })
}

/// The text with each control character written as its escape (`\u{0}`).
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The state of a game after its events.
#[derive(Clone, Debug)]
pub struct State {
    pub settings: Settings,
    pub game: Game,
    pub names: [Option<String>; 2],
    pub draw_offer: Option<Color>,
    pub ending: Option<Ending>,
    pub rematch: Option<Rematch>,
    /// Clock of each side at the start of its current or next turn.
    pub clocks: Option<[u64; 2]>,
    /// When the side to move started thinking (ms since the Unix epoch);
    /// `None` until every seat is taken.
    pub turn_started_ms: Option<i64>,
    pub seq: i64,
    pub created_ms: i64,
}

impl State {
    pub fn new(settings: Settings, created_ms: i64) -> State {
        let game = Game::new(settings.start, settings.rules.rules());
        let names = Color::ALL.map(|seat| match settings.player(seat) {
            Player::Engine { level } => Some(format!("towers level {level}")),
            Player::Human | Player::Course | Player::Bot => None,
        });
        let clocks = settings.time_control.map(|tc| [tc.initial_ms(); 2]);
        let mut state = State {
            settings,
            game,
            names,
            draw_offer: None,
            ending: None,
            rematch: None,
            clocks,
            turn_started_ms: None,
            seq: 0,
            created_ms,
        };
        state.start_if_seated(created_ms);
        state.end_by_rules();
        state
    }

    pub fn side_to_move(&self) -> Color {
        self.game.position().side_to_move()
    }

    pub fn is_seated(&self, seat: Color) -> bool {
        self.names[seat.index()].is_some()
    }

    pub fn status(&self) -> Status {
        if self.ending.is_some() {
            Status::Finished
        } else if self.turn_started_ms.is_none() {
            Status::Waiting
        } else {
            Status::Active
        }
    }

    /// The stored result text: `1-0 guard captured`.
    /// What a list shows of the game.
    pub fn listing(&self) -> Listing {
        Listing {
            names: self.names.clone(),
            outcome: self.ending.as_ref().map(|ending| match ending.result {
                GameResult::RedWins => Outcome::Won(Side::First),
                GameResult::BlueWins => Outcome::Won(Side::Second),
                GameResult::Draw => Outcome::Drawn,
                GameResult::Unfinished => Outcome::Undecided,
            }),
            termination: self
                .ending
                .as_ref()
                .map(|ending| ending.termination.clone()),
            champion: None,
            public: self.settings.seating == Seating::Public,
        }
    }

    /// Milliseconds left on `seat`'s clock at `now_ms`.
    pub fn remaining_ms(&self, seat: Color, now_ms: i64) -> Option<u64> {
        let clocks = self.clocks?;
        let stored = clocks[seat.index()];
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
        Some(started + clocks[self.side_to_move().index()] as i64)
    }

    /// The event a seat's move makes at `now_ms`: a move, or a forfeit when
    /// the clock has run out.
    pub fn move_event(&self, seat: Color, mv: Move, now_ms: i64) -> Result<Event, Refusal> {
        self.expect_turn(seat)?;
        if !self.game.position().is_legal(mv) {
            return Err(Refusal::Illegal { mv, seat });
        }
        let clock_ms = match self.remaining_ms(seat, now_ms) {
            Some(0) => {
                return Ok(Event::Forfeited {
                    seat,
                    reason: Termination::TimeForfeit(None),
                })
            }
            Some(left) => Some(left + self.settings.time_control.map_or(0, |tc| tc.increment_ms())),
            None => None,
        };
        Ok(Event::Moved { seat, mv, clock_ms })
    }

    fn expect_turn(&self, seat: Color) -> Result<(), Refusal> {
        self.expect_playing()?;
        if seat != self.side_to_move() {
            return Err(Refusal::NotYourTurn {
                turn: self.side_to_move(),
            });
        }
        Ok(())
    }

    fn expect_playing(&self) -> Result<(), Refusal> {
        if let Some(ending) = &self.ending {
            return Err(Refusal::Over {
                termination: ending.termination.clone(),
            });
        }
        if self.turn_started_ms.is_none() {
            return Err(Refusal::NotStarted);
        }
        Ok(())
    }

    /// Applies an event at `at_ms`, or refuses it and changes nothing.
    pub fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        match event {
            Event::Joined { seat, name } => {
                if self.is_seated(*seat) {
                    return Err(checked(
                        Code::GtSeatTaken,
                        &[("side", seat.to_string())],
                        format!("the {seat} seat is taken"),
                    ));
                }
                if self.settings.rated && self.names[(!*seat).index()].as_ref() == Some(name) {
                    return Err(checked(
                        Code::GtRatedSamePlayer,
                        &[("name", name.to_string())],
                        format!("{name} already plays in this rated game: a rated game is between two players"),
                    ));
                }
                self.names[seat.index()] = Some(name.clone());
                self.start_if_seated(at_ms);
            }
            Event::Moved { seat, mv, clock_ms } => {
                self.expect_turn(*seat)?;
                self.game.play(*mv).map_err(Refusal::Rules)?;
                if let (Some(clocks), Some(left)) = (&mut self.clocks, clock_ms) {
                    clocks[seat.index()] = *left;
                }
                self.turn_started_ms = Some(at_ms);
                self.draw_offer = None;
                self.end_by_rules();
            }
            Event::Resigned { seat } => {
                self.expect_playing()?;
                self.end(GameResult::win_for(!*seat), Termination::Resignation);
            }
            Event::DrawOffered { seat } => {
                self.expect_playing()?;
                if self.draw_offer.is_some() {
                    return Err(checked(
                        Code::GtDrawOfferOpen,
                        &[],
                        "a draw offer is already open",
                    ));
                }
                self.draw_offer = Some(*seat);
            }
            Event::DrawDeclined { seat } | Event::DrawAgreed { seat } => {
                self.expect_playing()?;
                if self.draw_offer != Some(!*seat) {
                    return Err(checked(
                        Code::GtNoDrawOffer,
                        &[("side", seat.to_string())],
                        format!("{seat} has no draw offer to answer"),
                    ));
                }
                self.draw_offer = None;
                if matches!(event, Event::DrawAgreed { .. }) {
                    self.end(GameResult::Draw, Termination::DrawAgreed);
                }
            }
            Event::Forfeited { seat, reason } => {
                self.expect_playing()?;
                if matches!(reason, Termination::TimeForfeit(_)) {
                    // The flag fell: the clock shows no time, not the time
                    // it had when the turn began.
                    if let Some(clocks) = &mut self.clocks {
                        clocks[seat.index()] = 0;
                    }
                }
                self.end(GameResult::win_for(!*seat), reason.clone());
            }
            Event::Abandoned { reason } => {
                self.expect_playing()?;
                self.end(GameResult::Unfinished, reason.clone());
            }
            Event::ServerRestarted { down_since_ms } => {
                self.expect_playing()?;
                if let Some(started) = &mut self.turn_started_ms {
                    let since = (*down_since_ms).max(*started);
                    *started += (at_ms - since).max(0);
                }
            }
            Event::RematchOffered { seat } => {
                self.expect_rematch_open()?;
                if let Some(Rematch::Offered { .. }) = self.rematch {
                    return Err(checked(
                        Code::GtRematchOfferOpen,
                        &[],
                        "a rematch offer is already open",
                    ));
                }
                self.rematch = Some(Rematch::Offered {
                    seat: *seat,
                    seq: self.seq + 1,
                });
            }
            Event::RematchDeclined { seat } | Event::RematchAgreed { seat, .. } => {
                self.expect_rematch_open()?;
                if self.rematch_offer().map(|(offerer, _)| offerer) != Some(!*seat) {
                    return Err(checked(
                        Code::GtNoRematchOffer,
                        &[("side", seat.to_string())],
                        format!("{seat} has no rematch offer to answer"),
                    ));
                }
                self.rematch = Some(match event {
                    Event::RematchAgreed { game, .. } => Rematch::Agreed {
                        seat: *seat,
                        game: game.clone(),
                    },
                    _ => Rematch::Declined { seat: *seat },
                });
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// Why the game's state allows no rematch offer or answer now, if so:
    /// only after the game, and only until one is agreed.
    pub fn rematch_refusal(&self) -> Option<Refusal> {
        if self.ending.is_none() {
            return Some(checked(
                Code::GtRematchNotOver,
                &[],
                "the game is not over: a rematch follows a finished game",
            ));
        }
        if let Some(Rematch::Agreed { game, .. }) = &self.rematch {
            return Some(checked(
                Code::GtRematchAgreed,
                &[("game", game.to_string())],
                format!("the rematch was agreed: it is game {game}"),
            ));
        }
        None
    }

    /// A rematch is offered between two people: an engine or a bot
    /// answers no offer.
    fn expect_rematch_open(&self) -> Result<(), Refusal> {
        if let Some(refusal) = self.rematch_refusal() {
            return Err(refusal);
        }
        if self.settings.players != [Player::Human; 2] {
            return Err(checked(
                Code::GtRematchPersonOnly,
                &[],
                "a rematch offer goes to a person: against the engine or a bot, start a new game",
            ));
        }
        Ok(())
    }

    /// The open rematch offer: who made it, and its event number.
    pub fn rematch_offer(&self) -> Option<(Color, i64)> {
        match self.rematch {
            Some(Rematch::Offered { seat, seq }) => Some((seat, seq)),
            _ => None,
        }
    }

    /// The settings of the return game: the same rules, start, clock and
    /// rating, both seats people, each taken by the player of the other
    /// colour here. No one else may join it: both seats are taken.
    pub fn rematch_settings(&self) -> Settings {
        Settings {
            seating: Seating::Invitation,
            ..self.settings.clone()
        }
    }

    fn start_if_seated(&mut self, at_ms: i64) {
        if self.turn_started_ms.is_none() && Color::ALL.iter().all(|&seat| self.is_seated(seat)) {
            self.turn_started_ms = Some(at_ms);
        }
    }

    fn end_by_rules(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            self.end(GameResult::of(outcome), Termination::of(outcome));
        }
    }

    fn end(&mut self, result: GameResult, termination: Termination) {
        self.ending = Some(Ending {
            result,
            termination,
        });
    }

    /// The seat whose engine should move now, if any.
    pub fn engine_to_move(&self) -> Option<(Color, u8)> {
        if self.status() != Status::Active {
            return None;
        }
        let seat = self.side_to_move();
        match self.settings.player(seat) {
            Player::Engine { level } => Some((seat, level)),
            Player::Human | Player::Course | Player::Bot => None,
        }
    }

    /// The game in the record format.
    pub fn record(&self) -> GameRecord {
        let name = |seat: Color| {
            self.names[seat.index()]
                .clone()
                .unwrap_or_else(|| "?".into())
        };
        let (result, termination) = match &self.ending {
            Some(ending) => (ending.result, ending.termination.clone()),
            None => (GameResult::Unfinished, Termination::Unterminated),
        };
        GameRecord {
            event: "towers server".into(),
            date: date_of(self.created_ms),
            red: name(Color::Red),
            blue: name(Color::Blue),
            time_control: self
                .settings
                .time_control
                .map_or("-".into(), |tc| tc.to_string()),
            rules: self.settings.rules,
            start: *self.game.start(),
            moves: self.game.moves().to_vec(),
            result,
            termination,
        }
    }

    /// The state as the API shows it at `now_ms`.
    pub fn view(&self, id: &str, now_ms: i64) -> GtState {
        let moves = self.game.moves();
        GtState {
            moves: Some(moves.to_vec()),
            played: Some(PlayedMove::line(self.game.start(), moves)),
            ..self.live_view(id, now_ms)
        }
    }

    /// [`State::view`] without the move list (`ply` says how long it is).
    pub fn live_view(&self, id: &str, now_ms: i64) -> GtState {
        let active = self.status() == Status::Active;
        let legal_moves = if active {
            self.game.legal_moves().to_vec()
        } else {
            Vec::new()
        };
        let seat = |seat: Color| api::gt::Seat {
            player: self.settings.player(seat),
            name: self.names[seat.index()].clone(),
            taken: self.is_seated(seat),
        };
        GtState {
            id: id.to_string(),
            kind: GtKind::Gt,
            status: self.status(),
            rules: self.settings.rules,
            start: self.settings.start,
            position: *self.game.position(),
            board: Board::from(self.game.position()),
            side_to_move: self.side_to_move(),
            ply: self.game.moves().len() as u64,
            legal: legal_moves.iter().map(|&mv| MoveView::from(mv)).collect(),
            legal_moves,
            seats: Seats {
                red: seat(Color::Red),
                blue: seat(Color::Blue),
            },
            time_control: self.settings.time_control,
            clock: self.clocks.map(|_| ClockView {
                red_ms: self.remaining_ms(Color::Red, now_ms),
                blue_ms: self.remaining_ms(Color::Blue, now_ms),
                running: active.then(|| self.side_to_move()),
            }),
            draw_offer: self.draw_offer,
            rematch: self.rematch.as_ref().map(Rematch::view),
            result: self.ending.as_ref().map(|ending| ResultView {
                score: ending.result,
                winner: ending.result.winner(),
                reason: ending.termination.clone(),
            }),
            seq: self.seq,
            rated: self.settings.rated,
            moves: None,
            played: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn friendly(time_control: Option<TimeControl>) -> State {
        let settings = Settings::new(
            Ruleset::Standard,
            Position::start(),
            [Player::Human, Player::Human],
            time_control,
        )
        .unwrap();
        let mut state = State::new(settings, 0);
        for seat in Color::ALL {
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
            seat: Color::Blue,
            mv: "A1-A2-1".parse().unwrap(),
            clock_ms: None,
        };
        assert!(state.apply(&out_of_turn, 0).is_err());
        assert!(state
            .apply(&Event::DrawAgreed { seat: Color::Red }, 0)
            .is_err());
        assert_eq!(state.view("g", 0), before);
    }

    #[test]
    fn the_clock_runs_for_the_side_to_move_only() {
        let state = friendly(Some(TimeControl::new(1_000, 100).unwrap()));
        assert_eq!(state.remaining_ms(Color::Red, 400), Some(600));
        assert_eq!(state.remaining_ms(Color::Blue, 400), Some(1_000));
        let mv = state.game.legal_moves()[0];
        match state.move_event(Color::Red, mv, 400).unwrap() {
            Event::Moved { clock_ms, .. } => assert_eq!(clock_ms, Some(700)),
            other => panic!("expected a move, got {other:?}"),
        }
        assert!(matches!(
            state.move_event(Color::Red, mv, 1_000).unwrap(),
            Event::Forfeited { .. }
        ));
    }

    #[test]
    fn a_game_waits_until_every_seat_is_taken() {
        let settings = Settings::new(
            Ruleset::Standard,
            Position::start(),
            [Player::Human, Player::Engine { level: 3 }],
            None,
        )
        .unwrap();
        let mut state = State::new(settings, 0);
        assert_eq!(state.status(), Status::Waiting);
        assert!(state
            .move_event(Color::Red, "A7-B7-1".parse().unwrap(), 0)
            .is_err());
        let joined = Event::Joined {
            seat: Color::Red,
            name: "ann".into(),
        };
        state.apply(&joined, 5).unwrap();
        assert_eq!(state.status(), Status::Active);
        assert_eq!(state.engine_to_move(), None);
    }

    #[test]
    fn a_refused_move_quotes_the_text_without_control_characters() {
        let refusal = parse_move("A7\u{0}-B7-1").unwrap_err();
        assert!(refusal.to_string().contains("A7\\u{0}-B7-1"), "{refusal}");
        assert!(
            !refusal.to_string().chars().any(char::is_control),
            "{refusal}"
        );
    }

    #[test]
    fn a_refusal_quotes_the_text_once() {
        assert_eq!(
            parse_move("").unwrap_err().to_string(),
            "'' is not a move: expected FROM-TO-STONES like A7-B7-1"
        );
        let long = "x".repeat(100);
        assert_eq!(
            parse_move(&long).unwrap_err().to_string(),
            format!(
                "'{}…' is not a move: expected FROM-TO-STONES like A7-B7-1",
                "x".repeat(40)
            )
        );
    }

    #[test]
    fn an_abandoned_game_is_over_without_a_result_and_stops_its_clock() {
        let mut state = friendly(Some(TimeControl::COURSE));
        let abandoned = Event::Abandoned {
            reason: Termination::Unterminated,
        };
        state.apply(&abandoned, 1_000).unwrap();
        assert_eq!(state.status(), Status::Finished);
        let listing = state.listing();
        assert_eq!(listing.outcome, Some(Outcome::Undecided));
        assert_eq!(listing.termination, Some(Termination::Unterminated));
        assert_eq!(state.flag_at_ms(), None);
        assert!(state.apply(&abandoned, 2_000).is_err(), "once");
    }

    #[test]
    fn a_time_forfeit_leaves_the_loser_no_time_on_the_clock() {
        let mut state = friendly(Some(TimeControl::COURSE));
        let forfeit = Event::Forfeited {
            seat: Color::Red,
            reason: Termination::TimeForfeit(None),
        };
        state.apply(&forfeit, 120_001).unwrap();
        assert_eq!(state.remaining_ms(Color::Red, 130_000), Some(0));
        assert_eq!(state.remaining_ms(Color::Blue, 130_000), Some(120_000));
    }

    /// The server's view, written, is what the wire crate's reader of a
    /// game reads: a field renamed or retyped on this side fails here.
    fn read_by_a_player(view: &GtState) -> api::gt::GameView {
        let written = serde_json::to_value(view).unwrap();
        serde_json::from_value(written).expect("a player reads the view")
    }

    #[test]
    fn a_player_reads_the_view_a_game_shows() {
        let mut state = friendly(Some(TimeControl::COURSE));
        let mv: Move = state.game.legal_moves()[0];
        let moved = state.move_event(Color::Red, mv, 1_000).unwrap();
        state.apply(&moved, 1_000).unwrap();
        let read = read_by_a_player(&state.view("g1", 2_000));
        assert_eq!(read.status, Status::Active);
        assert_eq!(
            (read.rules, read.start),
            (Ruleset::Standard, Position::start())
        );
        assert_eq!((read.side_to_move, read.seq), (Color::Blue, state.seq));
        assert_eq!(read.moves, Some(vec![mv]));
        assert_eq!(read.time_control, Some(TimeControl::COURSE));
        assert_eq!(read.clock, state.view("g1", 2_000).clock);
        assert_eq!(read.result, None);

        let forfeit = Event::Forfeited {
            seat: Color::Blue,
            reason: Termination::TimeForfeit(None),
        };
        state.apply(&forfeit, 200_000).unwrap();
        let live = read_by_a_player(&state.live_view("g1", 200_000));
        assert_eq!(live.status, Status::Finished);
        assert_eq!(
            live.moves, None,
            "a live view leaves the moves to its events"
        );
        assert_eq!(live.result, state.live_view("g1", 200_000).result);
    }

    #[test]
    fn a_live_view_has_the_board_and_legal_moves_as_data_but_not_the_played_ones() {
        let mut state = friendly(None);
        let mv: Move = "A7-A6-1".parse().unwrap();
        let moved = state.move_event(Color::Red, mv, 0).unwrap();
        state.apply(&moved, 0).unwrap();
        let live = state.live_view("g1", 0);
        assert_eq!(live.board.side_to_move, Color::Blue);
        let arrived = api::board::Occupant::Tower {
            square: mv.to(),
            color: Color::Red,
            stones: 1,
        };
        assert!(live.board.pieces.contains(&arrived), "{:?}", live.board);
        let legal: Vec<Move> = live.legal.iter().map(|legal| legal.text).collect();
        assert_eq!(legal, live.legal_moves);
        assert_eq!(live.played, None);
        let played = state.view("g1", 0).played.expect("a full view's moves");
        assert_eq!((played[0].mv.text, played[0].by), (mv, Color::Red));
    }

    #[test]
    fn settings_with_a_level_outside_1_to_10_are_refused_when_made_or_read() {
        let made = Settings::new(
            Ruleset::Course,
            Position::start(),
            [Player::Engine { level: 11 }, Player::Human],
            None,
        );
        let made = made.expect_err("level 11 is refused");
        assert_eq!(made.to_string(), "level 11 is not 1-10");
        assert_eq!(made.code(), "gt.engine-level");
        let stored = r#"{"rules":"course","start":"r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r","players":[{"type":"engine","level":0},{"type":"human"}],"time_control":null}"#;
        assert!(serde_json::from_str::<Settings>(stored).is_err());
        let unknown_rules = stored
            .replace("course", "fast")
            .replace("\"level\":0", "\"level\":3");
        let error = serde_json::from_str::<Settings>(&unknown_rules).unwrap_err();
        assert!(error.to_string().contains("rules 'fast'"), "{error}");
    }

    #[test]
    fn settings_stored_before_seating_existed_read_as_invitation_and_public_survives_the_store() {
        let old = r#"{"rules":"standard","start":"r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r","players":[{"type":"human"},{"type":"human"}],"time_control":null}"#;
        let read: Settings = serde_json::from_str(old).unwrap();
        assert_eq!(read.seating, Seating::Invitation);
        let public = read.seated_by(Seating::Public);
        let stored = serde_json::to_string(&public).unwrap();
        assert_eq!(serde_json::from_str::<Settings>(&stored).unwrap(), public);
    }
}
