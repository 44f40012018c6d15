//! `Position`, `Piece`, `Outcome`, `perft` and `perft_divide`.

use guard_towers as rules;
use guard_towers::{GameError, Move, Square, WinReason};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::{color_name, value_error};

/// A Guard & Towers position: the board and the side to move. Immutable:
/// `play` returns a new position.
///
/// >>> p = Position()
/// >>> str(p)
/// 'r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r'
/// >>> p.play("C6-C5-1").side_to_move
/// 'blue'
#[pyclass(frozen, module = "guard_towers")]
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) inner: rules::Position,
}

#[pymethods]
impl Position {
    /// A position in course notation (`"3RG3/7/7/7/7/7/3BG3 r"`); the start
    /// position without one. Text that is no position raises `ValueError`.
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<Position> {
        let inner = match text {
            None => rules::Position::start(),
            Some(text) => text.parse().map_err(|error| {
                value_error(one_line(&format!("invalid position '{text}': {error}")))
            })?,
        };
        Ok(Position { inner })
    }

    /// A board as a course game server sends it: course notation, where
    /// the square a whole tower left to take the guard may read `r0` or
    /// `b0` (an empty square). The product never writes those; a client of
    /// the course's servers reads their boards with this.
    #[staticmethod]
    fn from_course_board(text: &str) -> PyResult<Position> {
        let inner = guard_towers::course::read_board(text).map_err(|error| {
            value_error(one_line(&format!("invalid position '{text}': {error}")))
        })?;
        Ok(Position { inner })
    }

    /// `"red"` or `"blue"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        color_name(self.inner.side_to_move())
    }

    /// The legal moves as the command line prints them (`"A7-A6-1"`), in
    /// the generator's order; none once the position is decided.
    fn legal_moves(&self) -> Vec<String> {
        self.inner
            .legal_moves()
            .iter()
            .map(Move::to_string)
            .collect()
    }

    /// Whether `move` is a legal move here (a text that is no move is not).
    #[pyo3(name = "is_legal")]
    fn is_legal_move(&self, r#move: &str) -> bool {
        r#move.parse().is_ok_and(|mv| self.inner.is_legal(mv))
    }

    /// The position after `move`. A text that is no move, or a move that is
    /// not legal here, raises `ValueError` with the command line's reason.
    fn play(&self, r#move: &str) -> PyResult<Position> {
        let mv = legal_move(&self.inner, r#move)?;
        Ok(Position {
            inner: self.inner.play(mv),
        })
    }

    /// `None` while the game goes on; else who won and why. A position alone
    /// knows no history, so no draw: those are `Game.outcome()`'s.
    fn outcome(&self) -> Option<Outcome> {
        position_outcome(&self.inner).map(Outcome::from)
    }

    /// The pieces by square: `{"D7": Piece("red", "guard", 1), …}`, squares
    /// from A1 to G7, file by file within a rank.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let board = PyDict::new(py);
        for square in Square::all() {
            if let Some(piece) = self.inner.piece_at(square) {
                board.set_item(square.to_string(), Piece::from(piece))?;
            }
        }
        Ok(board)
    }

    /// The piece on `square` (`"D7"`), or `None`.
    fn piece_at(&self, square: &str) -> PyResult<Option<Piece>> {
        let square: Square = square.parse().map_err(value_error)?;
        Ok(self.inner.piece_at(square).map(Piece::from))
    }

    /// The Zobrist hash the engine uses.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.hash()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.inner)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Position>()
            .is_ok_and(|other| other.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash()
    }

    /// A text diagram of the board, as `towers gt show` draws it.
    fn diagram(&self) -> String {
        rules::diagram(&self.inner, false)
    }
}

/// `text` as a move that is legal in `position`, or the command line's
/// reason why not.
pub(crate) fn legal_move(position: &rules::Position, text: &str) -> PyResult<Move> {
    let mv: Move = text.parse().map_err(value_error)?;
    if position.is_legal(mv) {
        return Ok(mv);
    }
    Err(value_error(match position_outcome(position) {
        Some(outcome) => GameError::Finished(outcome),
        None => GameError::Illegal(mv),
    }))
}

/// The end a position shows by itself: a guard gone or home, or no move.
fn position_outcome(position: &rules::Position) -> Option<rules::Outcome> {
    if let Some((winner, reason)) = position.winner() {
        return Some(rules::Outcome::Win { winner, reason });
    }
    (position.count_moves() == 0).then(|| rules::Outcome::Win {
        winner: !position.side_to_move(),
        reason: WinReason::NoLegalMove,
    })
}

/// What stands on a square: a guard or a tower of `height` stones.
#[pyclass(frozen, eq, module = "guard_towers")]
#[derive(Clone, PartialEq)]
pub struct Piece {
    /// `"red"` or `"blue"`.
    #[pyo3(get)]
    color: &'static str,
    /// `"guard"` or `"tower"`.
    #[pyo3(get)]
    kind: &'static str,
    /// Stones in a tower (1–7); 1 for a guard.
    #[pyo3(get)]
    height: u8,
}

impl From<rules::Piece> for Piece {
    fn from(piece: rules::Piece) -> Piece {
        let (kind, height) = match piece {
            rules::Piece::Guard(_) => ("guard", 1),
            rules::Piece::Tower(_, height) => ("tower", height),
        };
        Piece {
            color: color_name(piece.color()),
            kind,
            height,
        }
    }
}

#[pymethods]
impl Piece {
    fn __repr__(&self) -> String {
        format!("Piece('{}', '{}', {})", self.color, self.kind, self.height)
    }
}

/// How a game ended: the winner (`None` for a draw) and the reason, in the
/// words of the game records' Termination tag.
#[pyclass(frozen, eq, module = "guard_towers")]
#[derive(Clone, PartialEq)]
pub struct Outcome {
    /// `"red"`, `"blue"`, or `None` for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// `"guard captured"`, `"castle reached"`, `"no legal move"`,
    /// `"threefold repetition"` or `"no progress"`.
    #[pyo3(get)]
    reason: String,
    text: String,
}

impl From<rules::Outcome> for Outcome {
    fn from(outcome: rules::Outcome) -> Outcome {
        let winner = match outcome {
            rules::Outcome::Win { winner, .. } => Some(color_name(winner)),
            rules::Outcome::Draw { .. } => None,
        };
        Outcome {
            winner,
            reason: rules::record::Termination::of(outcome).to_string(),
            text: outcome.to_string(),
        }
    }
}

#[pymethods]
impl Outcome {
    /// The points `color` scores: 1 for a win, 0.5 for a draw, 0 for a loss.
    fn points(&self, color: &str) -> PyResult<f64> {
        let color: rules::Color = color.parse().map_err(value_error)?;
        Ok(match self.winner {
            None => 0.5,
            Some(winner) if winner == color_name(color) => 1.0,
            Some(_) => 0.0,
        })
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }
}

/// The number of legal move sequences of `depth` plies from `position`
/// (the last ply counted, not played). The interpreter's other threads run
/// meanwhile.
///
/// >>> perft(Position(), 3)
/// 14896
#[pyfunction]
pub fn perft(py: Python<'_>, position: &Position, depth: u32) -> u64 {
    let position = position.inner;
    py.detach(|| rules::perft(&position, depth))
}

/// `perft` split by root move: `{move: count}` in the generator's order.
#[pyfunction]
pub fn perft_divide<'py>(
    py: Python<'py>,
    position: &Position,
    depth: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let position = position.inner;
    let counts = py.detach(|| rules::divide(&position, depth));
    let divide = PyDict::new(py);
    for (mv, count) in counts {
        divide.set_item(mv.to_string(), count)?;
    }
    Ok(divide)
}

/// `message` on one line: control characters escaped, as the command line
/// quotes what was typed.
pub(crate) fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| match c.is_control() {
            true => c.escape_default().collect::<Vec<_>>(),
            false => vec![c],
        })
        .collect()
}
