//! What a list shows of a game, typed: its two sides' names, how it ended
//! and whether it is a public challenge. The games make it from their
//! state; the store keeps it in columns beside each game, so a list reads
//! rows and never replays a game; the API writes it out.

use guard_towers::record::Termination;

use crate::status::UnknownName;

/// One of a game's two sides: Red or team A (the first named), Blue or
/// team B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    /// Reads a side as [`Kind::side_name`](crate::games::kinds::Kind::side_name) writes it, of any kind.
    pub fn read(text: &str) -> Result<Side, UnknownName> {
        match text {
            "red" | "a" => Ok(Side::First),
            "blue" | "b" => Ok(Side::Second),
            _ => Err(UnknownName(text.to_string(), "side (red, blue, a or b)")),
        }
    }
}

/// How a game ended, as stored in the `outcome` and `winner` columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Side),
    Drawn,
    /// Over without a result (a course game cut short: `*`).
    Undecided,
}

/// What a list shows of a game, kept in columns beside it and written with
/// each of its events: listing reads rows, never replays a game.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Listing {
    /// The two sides' names (Red's and Blue's, teams A and B); `None` for
    /// a free seat.
    pub names: [Option<String>; 2],
    /// `None` while the game has no result.
    pub outcome: Option<Outcome>,
    /// Why a Guard & Towers game ended.
    pub termination: Option<Termination>,
    /// A finished tournament's winner.
    pub champion: Option<String>,
    /// A public challenge: listed in the lobby.
    pub public: bool,
}
