//! A Guard & Towers board and its moves as data, beside their notation:
//! what the pages draw and offer without reading a position's or a move's
//! text (the rules, and so the notation, are the server's).
//!
//! A position crosses as a [`Board`] (whose move, and every occupied
//! square), a move as a [`MoveView`] (its squares, its stones and its
//! text), a move of a game as a [`PlayedMove`] (also who played it and its
//! number as a score sheet counts it).
//!
//! ```
//! use api::board::{Board, Occupant, PlayedMove};
//! use guard_towers::{Color, Position};
//!
//! let position: Position = "RG6/7/7/3r33/7/7/6BG r".parse().unwrap();
//! let board = Board::from(&position);
//! assert_eq!(board.side_to_move, Color::Red);
//! assert_eq!(
//!     serde_json::to_value(&board.pieces[0]).unwrap(),
//!     serde_json::json!({ "kind": "guard", "square": "G1", "color": "blue" }),
//! );
//! assert!(matches!(board.pieces[1], Occupant::Tower { stones: 3, .. }));
//!
//! let played = PlayedMove::line(&position, &["D4-D5-1".parse().unwrap()]);
//! assert_eq!((played[0].by, played[0].number), (Color::Red, 1));
//! assert_eq!(played[0].mv.to.to_string(), "D5");
//! ```

use guard_towers::{Color, Move, Piece, Position, Square};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A position as the pages draw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Board {
    #[schema(schema_with = crate::schema::color)]
    pub side_to_move: Color,
    /// Every occupied square, A1 first, rank by rank; a square not listed
    /// is empty.
    pub pieces: Vec<Occupant>,
}

/// What stands on an occupied square: `{"kind": "guard", "square": "D1",
/// "color": "blue"}` or `{"kind": "tower", "square": "D4", "color": "red",
/// "stones": 3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    Guard {
        #[serde(with = "text")]
        #[schema(value_type = String, pattern = "^[A-G][1-7]$")]
        square: Square,
        #[schema(schema_with = crate::schema::color)]
        color: Color,
    },
    /// A tower of 1-7 stones.
    Tower {
        #[serde(with = "text")]
        #[schema(value_type = String, pattern = "^[A-G][1-7]$")]
        square: Square,
        #[schema(schema_with = crate::schema::color)]
        color: Color,
        #[schema(minimum = 1, maximum = 7)]
        stones: u8,
    },
}

impl Occupant {
    /// `piece` standing on `square`.
    pub fn new(square: Square, piece: Piece) -> Occupant {
        match piece {
            Piece::Guard(color) => Occupant::Guard { square, color },
            Piece::Tower(color, stones) => Occupant::Tower {
                square,
                color,
                stones,
            },
        }
    }
}

impl From<&Position> for Board {
    fn from(position: &Position) -> Board {
        let pieces = Square::all()
            .zip(position.pieces())
            .filter_map(|(square, piece)| piece.map(|piece| Occupant::new(square, piece)))
            .collect();
        Board {
            side_to_move: position.side_to_move(),
            pieces,
        }
    }
}

/// A move: from a square to a square, with as many stones as squares
/// travelled (1 for a guard), and its text (`D4-D6-2`) to show and to send
/// back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct MoveView {
    #[serde(with = "text")]
    #[schema(value_type = String, pattern = "^[A-G][1-7]$")]
    pub from: Square,
    #[serde(with = "text")]
    #[schema(value_type = String, pattern = "^[A-G][1-7]$")]
    pub to: Square,
    #[schema(minimum = 1, maximum = 7)]
    pub stones: u32,
    #[schema(value_type = String)]
    pub text: Move,
}

impl From<Move> for MoveView {
    fn from(mv: Move) -> MoveView {
        MoveView {
            from: mv.from(),
            to: mv.to(),
            stones: mv.stones(),
            text: mv,
        }
    }
}

/// A move of a game: the move, who played it, and its number as a score
/// sheet counts it (Red's and Blue's turn together: in a game Red began,
/// the 33rd move is Red's 17th, `17.`, and the 34th Blue's, `17…`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PlayedMove {
    #[serde(flatten)]
    pub mv: MoveView,
    #[schema(schema_with = crate::schema::color)]
    pub by: Color,
    #[schema(minimum = 1)]
    pub number: usize,
}

impl PlayedMove {
    /// The moves of a game from `start`, each with its player and number:
    /// the sides alternate from the side to move at the start, and a number
    /// counts up with each of Red's moves (so a game Blue began opens with
    /// Blue's `1…` and goes on with Red's `2.`).
    pub fn line(start: &Position, moves: &[Move]) -> Vec<PlayedMove> {
        // Counted as plies of a game Red began: Red's plies are the even ones.
        let offset = usize::from(start.side_to_move() == Color::Blue);
        moves
            .iter()
            .enumerate()
            .map(|(index, &mv)| {
                let turn = index + offset;
                PlayedMove {
                    mv: mv.into(),
                    by: if turn % 2 == 0 {
                        Color::Red
                    } else {
                        Color::Blue
                    },
                    number: turn / 2 + 1,
                }
            })
            .collect()
    }
}

/// A square crosses as its name (`D4`), read back with the rules' parser.
mod text {
    use guard_towers::Square;
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(square: &Square, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(square)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(de::Error::custom)
    }
}
