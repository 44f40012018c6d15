//! The course's position notation: `<rank 7>/…/<rank 1> <side>`.
//!
//! Within a rank, left to right: `r<h>` / `b<h>` a tower of h stones (one
//! digit 1–7), `RG` / `BG` a guard, a digit n for n empty squares. So `r11`
//! is a one-stone tower and one empty square, never a tower of 11.

use std::fmt::{self, Write};
use std::str::FromStr;

use crate::color::Color;
use crate::position::{Piece, Position};
use crate::square::{Square, SIDE, SQUARES};

/// The standard start position, Red to move.
pub const START: &str = "r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r";

/// Why a position was rejected, with the place where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Empty,
    MissingSide,
    BadSide {
        found: String,
    },
    TrailingText {
        found: String,
    },
    RankCount {
        found: usize,
    },
    /// `rank` is the board rank 1–7 as written in the text.
    RankTooShort {
        rank: u8,
        squares: usize,
    },
    RankTooLong {
        rank: u8,
    },
    UnknownToken {
        rank: u8,
        column: char,
        token: String,
    },
    BadHeight {
        square: Square,
        height: u32,
    },
    TwoGuards {
        color: Color,
        squares: [Square; 2],
    },
    TooManyStones {
        color: Color,
        stones: u32,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            Empty => write!(f, "empty position: expected 7 ranks separated by '/' and a side to move"),
            MissingSide => write!(f, "missing side to move: expected 'r' or 'b' after the board, separated by a space"),
            BadSide { found } => write!(f, "bad side to move '{found}': expected 'r' or 'b'"),
            TrailingText { found } => write!(f, "unexpected text '{found}' after the side to move"),
            RankCount { found } => write!(f, "the board has {found} ranks separated by '/', expected 7"),
            RankTooShort { rank, squares } => write!(f, "rank {rank} describes {squares} squares, expected 7"),
            RankTooLong { rank } => write!(f, "rank {rank} describes more than 7 squares"),
            UnknownToken { rank, column, token } => write!(
                f,
                "rank {rank}, column {column}: unknown token '{token}' (expected r1-r7, b1-b7, RG, BG or a digit 1-7)"
            ),
            BadHeight { square, height } => write!(f, "{square}: tower height {height}, expected 1-7"),
            TwoGuards { color, squares: [first, second] } => {
                write!(f, "{color} has two guards, on {first} and {second}; each side has one")
            }
            TooManyStones { color, stones } => write!(f, "{color} has {stones} tower stones, at most 7"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A board in the course server's dialect (`course::read_board`,
/// `contest_log`): `r0`/`b0`, the square a whole tower left, is empty.
pub(crate) fn read_course_board(text: &str) -> Result<Position, PositionError> {
    // A height digit follows `r` or `b` only in a tower token, and empty
    // counts may follow one another, so `r0` can become `1` in place.
    text.replace("r0", "1").replace("b0", "1").parse()
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(PositionError::Empty)?;
        let side = fields.next().ok_or(PositionError::MissingSide)?;
        if let Some(extra) = fields.next() {
            return Err(PositionError::TrailingText {
                found: extra.to_string(),
            });
        }
        let side = match side {
            "r" => Color::Red,
            "b" => Color::Blue,
            _ => {
                return Err(PositionError::BadSide {
                    found: side.to_string(),
                })
            }
        };
        Position::from_pieces(&parse_board(board)?, side)
    }
}

fn parse_board(board: &str) -> Result<[Option<Piece>; SQUARES], PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIDE as usize {
        return Err(PositionError::RankCount { found: ranks.len() });
    }
    let mut pieces = [None; SQUARES];
    for (index, text) in ranks.iter().enumerate() {
        let rank = SIDE - 1 - index as u8;
        parse_rank(text, rank, &mut pieces)?;
    }
    Ok(pieces)
}

/// Fills one rank (0-based `rank`) of `pieces` from its text.
fn parse_rank(
    text: &str,
    rank: u8,
    pieces: &mut [Option<Piece>; SQUARES],
) -> Result<(), PositionError> {
    let label = rank + 1;
    let chars: Vec<char> = text.chars().collect();
    let mut file = 0u8;
    let mut at = 0;
    while at < chars.len() {
        let Some(square) = Square::from_coords(file, rank) else {
            return Err(PositionError::RankTooLong { rank: label });
        };
        let unknown = |len: usize| PositionError::UnknownToken {
            rank: label,
            column: (b'A' + file) as char,
            token: chars[at..(at + len).min(chars.len())].iter().collect(),
        };
        let next = chars.get(at + 1).copied();
        match (chars[at], next) {
            ('8' | '9', _) => return Err(PositionError::RankTooLong { rank: label }),
            (empties @ '1'..='7', _) => {
                file += empties as u8 - b'0';
                at += 1;
                continue;
            }
            (letter @ ('R' | 'B'), Some('G')) => {
                let color = if letter == 'R' {
                    Color::Red
                } else {
                    Color::Blue
                };
                pieces[square.index()] = Some(Piece::Guard(color));
            }
            (letter @ ('r' | 'b'), Some(digit @ '0'..='9')) => {
                let color = Color::from_letter(letter).expect("r or b");
                let height = digit as u32 - '0' as u32;
                if !(1..=7).contains(&height) {
                    return Err(PositionError::BadHeight { square, height });
                }
                pieces[square.index()] = Some(Piece::Tower(color, height as u8));
            }
            ('R' | 'B' | 'r' | 'b', _) => return Err(unknown(2)),
            _ => return Err(unknown(1)),
        }
        file += 1;
        at += 2;
    }
    match file {
        7 => Ok(()),
        short if short < 7 => Err(PositionError::RankTooShort {
            rank: label,
            squares: short as usize,
        }),
        _ => Err(PositionError::RankTooLong { rank: label }),
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIDE).rev() {
            let mut empties = 0;
            for file in 0..SIDE {
                let square = Square::from_coords(file, rank).expect("on the board");
                let Some(piece) = self.piece_at(square) else {
                    empties += 1;
                    continue;
                };
                if empties > 0 {
                    write!(f, "{empties}")?;
                    empties = 0;
                }
                match piece {
                    Piece::Guard(color) => {
                        f.write_char(color.letter().to_ascii_uppercase())?;
                        f.write_char('G')?;
                    }
                    Piece::Tower(color, height) => write!(f, "{}{height}", color.letter())?,
                }
            }
            if empties > 0 {
                write!(f, "{empties}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        write!(f, " {}", self.side_to_move().letter())
    }
}
