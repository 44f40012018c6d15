//! `Rules`, `Game`, `read_record` and `read_records`: a position with its
//! history and draw rules, and the game records and course contest logs.

use guard_towers as rules;
use guard_towers::contest_log::{self, ContestLog};
use guard_towers::record::{self, GameRecord, GameResult, Termination};
use guard_towers::{Move, Ruleset};
use pyo3::prelude::*;

use crate::position::{one_line, Outcome, Position};
use crate::value_error;

/// The draw rules a game is played under: `Rules.STANDARD` (the rule book:
/// threefold repetition and 100 plies without a capture are draws) or
/// `Rules.COURSE` (the course server's: no draw rules).
#[pyclass(eq, eq_int, frozen, from_py_object, module = "guard_towers")]
#[derive(Clone, Copy, PartialEq)]
#[allow(clippy::upper_case_acronyms)]
pub enum Rules {
    STANDARD,
    COURSE,
}

impl From<Rules> for Ruleset {
    fn from(rules: Rules) -> Ruleset {
        match rules {
            Rules::STANDARD => Ruleset::Standard,
            Rules::COURSE => Ruleset::Course,
        }
    }
}

impl From<Ruleset> for Rules {
    fn from(set: Ruleset) -> Rules {
        match set {
            Ruleset::Standard => Rules::STANDARD,
            Ruleset::Course => Rules::COURSE,
        }
    }
}

/// A game: its start, the moves played, the draw rules and the record's
/// tags (`event`, `date`, `red`, `blue`).
///
/// >>> game = Game()
/// >>> game.play("C6-C5-1")
/// >>> game.moves
/// ['C6-C5-1']
/// >>> game.outcome() is None
/// True
#[pyclass(module = "guard_towers")]
pub struct Game {
    pub(crate) inner: rules::Game,
    ruleset: Ruleset,
    #[pyo3(get, set)]
    event: String,
    #[pyo3(get, set)]
    date: String,
    #[pyo3(get, set)]
    red: String,
    #[pyo3(get, set)]
    blue: String,
    time_control: String,
    /// The result a record or log gave that the board does not show (a
    /// forfeit, a resignation), while no move has been played or undone
    /// since it was read.
    recorded_end: Option<(GameResult, Termination)>,
}

impl Game {
    fn of(inner: rules::Game, ruleset: Ruleset) -> Game {
        Game {
            inner,
            ruleset,
            event: "?".into(),
            date: record::today(),
            red: "?".into(),
            blue: "?".into(),
            time_control: "-".into(),
            recorded_end: None,
        }
    }

    fn from_record(record: GameRecord) -> Game {
        let inner = record.replay();
        let recorded_end = (inner.outcome().is_none() && record.result != GameResult::Unfinished)
            .then(|| (record.result, record.termination.clone()));
        Game {
            inner,
            ruleset: record.rules,
            event: record.event,
            date: record.date,
            red: record.red,
            blue: record.blue,
            time_control: record.time_control,
            recorded_end,
        }
    }

    /// The result and termination a record of this game states.
    fn ending(&self) -> (GameResult, Termination) {
        match (self.inner.outcome(), &self.recorded_end) {
            (Some(outcome), _) => (GameResult::of(outcome), Termination::of(outcome)),
            (None, Some(end)) => end.clone(),
            (None, None) => (GameResult::Unfinished, Termination::Unterminated),
        }
    }
}

#[pymethods]
impl Game {
    /// A new game from `position` (the start position without one) under
    /// `rules`.
    #[new]
    #[pyo3(
        signature = (position = None, rules = Rules::STANDARD),
        text_signature = "(position=None, rules=Rules.STANDARD)"
    )]
    fn new(position: Option<&Position>, rules: Rules) -> Game {
        let start = position.map_or_else(rules::Position::start, |p| p.inner);
        let ruleset = Ruleset::from(rules);
        Game::of(rules::Game::new(start, ruleset.rules()), ruleset)
    }

    /// Plays `move`. A text that is no move, an illegal move or a move after
    /// the end raises `ValueError` with the command line's reason, and the
    /// game stays as it was.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        let mv: Move = r#move.parse().map_err(value_error)?;
        self.inner.play(mv).map_err(value_error)?;
        self.recorded_end = None;
        Ok(())
    }

    /// Takes back the last move and returns it; `None` at the start.
    fn undo(&mut self) -> Option<String> {
        let mv = self.inner.undo()?;
        self.recorded_end = None;
        Some(mv.to_string())
    }

    /// The legal moves of the current position (none once the game is over,
    /// a draw included).
    fn legal_moves(&self) -> Vec<String> {
        match self.inner.outcome() {
            Some(_) => Vec::new(),
            None => self
                .inner
                .legal_moves()
                .iter()
                .map(Move::to_string)
                .collect(),
        }
    }

    /// `None` while the game goes on; else the winner and the reason, the
    /// draw rules included.
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome().map(Outcome::from)
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        Position {
            inner: *self.inner.position(),
        }
    }

    /// The position the game started from.
    #[getter]
    fn start(&self) -> Position {
        Position {
            inner: *self.inner.start(),
        }
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves().iter().map(Move::to_string).collect()
    }

    #[getter]
    fn rules(&self) -> Rules {
        self.ruleset.into()
    }

    /// The record's result: `"1-0"` (red won), `"0-1"`, `"1/2-1/2"` or `"*"`.
    #[getter]
    fn result(&self) -> &'static str {
        self.ending().0.token()
    }

    /// Why the game ended, in the record's words (`"guard captured"`, …;
    /// `"unterminated"` while it goes on).
    #[getter]
    fn termination(&self) -> String {
        self.ending().1.to_string()
    }

    /// The game as a record (`docs/game-record.md`), which `read_record` and
    /// `towers gt replay` read back.
    fn record(&self) -> String {
        let (result, termination) = self.ending();
        GameRecord {
            event: self.event.clone(),
            date: self.date.clone(),
            red: self.red.clone(),
            blue: self.blue.clone(),
            time_control: self.time_control.clone(),
            rules: self.ruleset,
            start: *self.inner.start(),
            moves: self.inner.moves().to_vec(),
            result,
            termination,
        }
        .to_string()
    }

    /// A copy that plays on by itself.
    fn copy(&self) -> Game {
        Game {
            inner: self.inner.clone(),
            ruleset: self.ruleset,
            event: self.event.clone(),
            date: self.date.clone(),
            red: self.red.clone(),
            blue: self.blue.clone(),
            time_control: self.time_control.clone(),
            recorded_end: self.recorded_end.clone(),
        }
    }

    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} vs {}, {} moves, {}>",
            self.red,
            self.blue,
            self.inner.moves().len(),
            self.ending().0.token()
        )
    }
}

/// The one game in `text`: a game record (`docs/game-record.md`) or a log
/// of the course's contest server. Every move is checked by the rules; a
/// text that is neither, holds an illegal move or holds several games
/// raises `ValueError` with the line and the reason.
#[pyfunction]
pub fn read_record(text: &str) -> PyResult<Game> {
    let mut games = read_records(text)?;
    match games.len() {
        1 => Ok(games.remove(0)),
        count => Err(value_error(format!(
            "the text holds {count} games; read_records reads them all"
        ))),
    }
}

/// Every game in `text`: a file of game records, or one contest log.
#[pyfunction]
pub fn read_records(text: &str) -> PyResult<Vec<Game>> {
    if contest_log::is_contest_log(text) {
        let log: ContestLog = text
            .parse()
            .map_err(|error| value_error(one_line(&format!("invalid contest log: {error}"))))?;
        return Ok(vec![Game::from_record(log.record())]);
    }
    let records = record::parse_records(text)
        .map_err(|error| value_error(one_line(&format!("invalid record: {error}"))))?;
    Ok(records.into_iter().map(Game::from_record).collect())
}
