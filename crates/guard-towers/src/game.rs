//! A game: a position with its history, the draw rules, the outcome and undo.

use std::fmt;

use crate::color::Color;
use crate::moves::{Move, MoveList};
use crate::position::{Position, WinReason};

/// Which of the project's conventions apply where the source text is silent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The side to move without a legal move loses; if off, that is a draw.
    pub no_legal_move_loses: bool,
    /// The same position with the same side to move a third time is a draw.
    pub threefold_repetition: bool,
    /// This many consecutive plies without a capture is a draw.
    pub no_progress_plies: Option<u32>,
}

impl Rules {
    /// The project's rules: all conventions of the rule book.
    pub const STANDARD: Rules = Rules {
        no_legal_move_loses: true,
        threefold_repetition: true,
        no_progress_plies: Some(100),
    };

    /// The course server's rules: no draw rules at all.
    pub const COURSE: Rules = Rules {
        no_legal_move_loses: true,
        threefold_repetition: false,
        no_progress_plies: None,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Repetition,
    NoProgress,
    /// No legal move while [`Rules::no_legal_move_loses`] is off.
    NoLegalMove,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Outcome {
    /// The points `color` scores: 1 for a win, ½ for a draw, 0 for a loss.
    ///
    /// ```
    /// use guard_towers::{Color, Outcome, WinReason};
    ///
    /// let won = Outcome::Win { winner: Color::Red, reason: WinReason::CastleReached };
    /// assert_eq!(won.points(Color::Red), 1.0);
    /// assert_eq!(won.points(Color::Blue), 0.0);
    /// ```
    pub fn points(&self, color: Color) -> f64 {
        match self {
            Outcome::Win { winner, .. } if *winner == color => 1.0,
            Outcome::Win { .. } => 0.0,
            Outcome::Draw { .. } => 0.5,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let how = match reason {
                    WinReason::GuardCaptured => "captured the enemy guard",
                    WinReason::CastleReached => "reached the enemy castle",
                    WinReason::NoLegalMove => "left the opponent without a legal move",
                };
                write!(f, "{winner} wins: {how}")
            }
            Outcome::Draw { reason } => {
                let how = match reason {
                    DrawReason::Repetition => "threefold repetition",
                    DrawReason::NoProgress => "no capture for the no-progress limit",
                    DrawReason::NoLegalMove => "no legal move",
                };
                write!(f, "draw: {how}")
            }
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    Finished(Outcome),
    Illegal(Move),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Finished(outcome) => write!(f, "the game is over ({outcome})"),
            GameError::Illegal(mv) => write!(f, "{mv} is not a legal move here"),
        }
    }
}

impl std::error::Error for GameError {}

impl GameError {
    /// Every code [`GameError::code`] gives.
    pub const CODES: &[&str] = &["gt.finished", "gt.not-legal-here"];

    /// The refusal's stable code, for the API and the pages' catalogs.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Finished(_) => "gt.finished",
            GameError::Illegal(_) => "gt.not-legal-here",
        }
    }

    /// The refusal's particulars by name, as text: the outcome as one
    /// stable word for the catalogs to select on (`red-guard-captured`,
    /// `draw-repetition`), or the move in its notation.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            GameError::Finished(outcome) => {
                let word = match outcome {
                    Outcome::Win { winner, reason } => {
                        let how = match reason {
                            WinReason::GuardCaptured => "guard-captured",
                            WinReason::CastleReached => "castle-reached",
                            WinReason::NoLegalMove => "no-legal-move",
                        };
                        format!("{winner}-{how}")
                    }
                    Outcome::Draw { reason } => match reason {
                        DrawReason::Repetition => "draw-repetition",
                        DrawReason::NoProgress => "draw-no-progress",
                        DrawReason::NoLegalMove => "draw-no-legal-move",
                    }
                    .to_string(),
                };
                vec![("outcome", word)]
            }
            GameError::Illegal(mv) => vec![("move", mv.to_string())],
        }
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// The start position followed by the position after each move.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// For each position: plies since the last capture (or since the start).
    quiet_plies: Vec<u32>,
}

impl Game {
    pub fn new(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            positions: vec![start],
            moves: Vec::new(),
            quiet_plies: vec![0],
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a start position")
    }

    /// The start position followed by the position after each move.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies since the last capture.
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet_plies.last().expect("one per position")
    }

    /// The legal moves, none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        match self.outcome() {
            Some(_) => MoveList::new(),
            None => self.position().legal_moves(),
        }
    }

    /// Plays a move if the game goes on and the move is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let position = *self.position();
        if !position.is_legal(mv) {
            return Err(GameError::Illegal(mv));
        }
        let quiet = if position.is_capture(mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(position.play(mv));
        self.moves.push(mv);
        self.quiet_plies.push(quiet);
        Ok(())
    }

    /// Takes back the last move, if there is one.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        Some(mv)
    }

    /// How many times the current position occurred, this time included.
    /// Only positions since the last capture can repeat it.
    pub fn repetitions(&self) -> usize {
        let hash = self.position().hash();
        let window = self.quiet_plies() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|p| p.hash() == hash && *p == self.position())
            .count()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        if let Some((winner, reason)) = position.winner() {
            return Some(Outcome::Win { winner, reason });
        }
        if position.count_moves() == 0 {
            return Some(if self.rules.no_legal_move_loses {
                Outcome::Win {
                    winner: !position.side_to_move(),
                    reason: WinReason::NoLegalMove,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::NoLegalMove,
                }
            });
        }
        if self.rules.threefold_repetition && self.repetitions() >= 3 {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        match self.rules.no_progress_plies {
            Some(limit) if self.quiet_plies() >= limit => Some(Outcome::Draw {
                reason: DrawReason::NoProgress,
            }),
            _ => None,
        }
    }
}
