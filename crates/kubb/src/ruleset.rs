//! The two rulesets of the rule book (`docs/rules/kubb.md`). Every
//! difference between them is a field here; the game logic reads the fields
//! and has no per-ruleset code paths.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// What decides the starting throw ("lag") when a stick meets the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KingInStartingThrow {
    /// Seed: "De Koning mag niet geraakt worden": touching it loses the start.
    TouchLoses,
    /// Standard: touching is allowed; knocking it over loses the start.
    FellingLoses,
}

/// The order of the inkast attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InkastOrder {
    /// Seed: each piece gets its attempts before the next piece is thrown.
    PieceByPiece,
    /// Standard: all first attempts, then the second attempts.
    FirstAttemptsFirst,
}

/// How knights left standing advance the opponent's throwing line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdvancedLine {
    /// Seed: set at the end of the failing team's turn to the foremost
    /// knight left standing, and kept until that knight falls.
    UntilThatKnightFalls,
    /// Standard: at the start of every turn, through the thrower's own
    /// standing knight closest to the centre line.
    RecomputedEachTurn,
}

/// A complete ruleset (stored in records by its name).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ruleset {
    pub name: &'static str,
    /// Metres along the throwing direction (baseline to baseline).
    pub field_length: f64,
    /// Metres across.
    pub field_width: f64,
    pub king_in_starting_throw: KingInStartingThrow,
    /// Attempts per inkasted piece before the defenders place it.
    pub inkast_attempts: u8,
    pub inkast_order: InkastOrder,
    /// A placed piece stands at least this far from the king (metres).
    pub placement_from_king: f64,
    /// And, when set, at least this far from the corner stakes.
    pub placement_from_corners: Option<f64>,
    pub advanced_line: AdvancedLine,
    /// Sticks the thrower must still hold, the one thrown included, for a
    /// throw at the king to be allowed.
    pub king_sticks_in_hand: u8,
    /// Games a team must win to win the match.
    pub games_to_win: u8,
    /// Sticks in the first, second and third turn of a game; 6 afterwards.
    pub opening_sticks: [u8; 3],
}

/// One stick length: the minimum distance of a placed piece from the king.
pub const STICK_LENGTH: f64 = 0.30;
/// Sticks of a full turn.
pub const STICKS: u8 = 6;

impl Ruleset {
    /// The source text's rules (the default).
    pub const SEED: Ruleset = Ruleset {
        name: "seed",
        field_length: 10.0,
        field_width: 5.0,
        king_in_starting_throw: KingInStartingThrow::TouchLoses,
        inkast_attempts: 2,
        inkast_order: InkastOrder::PieceByPiece,
        placement_from_king: STICK_LENGTH,
        placement_from_corners: None,
        advanced_line: AdvancedLine::UntilThatKnightFalls,
        king_sticks_in_hand: 2,
        games_to_win: 1,
        opening_sticks: [STICKS; 3],
    };

    /// Common tournament rules (Kubb World Championship and federations).
    pub const STANDARD: Ruleset = Ruleset {
        name: "standard",
        field_length: 8.0,
        field_width: 5.0,
        king_in_starting_throw: KingInStartingThrow::FellingLoses,
        inkast_attempts: 2,
        inkast_order: InkastOrder::FirstAttemptsFirst,
        placement_from_king: STICK_LENGTH,
        placement_from_corners: Some(STICK_LENGTH),
        advanced_line: AdvancedLine::RecomputedEachTurn,
        king_sticks_in_hand: 1,
        games_to_win: 2,
        opening_sticks: [STICKS; 3],
    };

    /// The rulesets a name selects.
    pub const NAMED: [Ruleset; 2] = [Ruleset::SEED, Ruleset::STANDARD];

    /// Sticks of the `turn`-th turn of a game (0-based).
    pub fn sticks_in_turn(&self, turn: usize) -> u8 {
        self.opening_sticks.get(turn).copied().unwrap_or(STICKS)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::SEED
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A ruleset name that is neither of the rule book's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ruleset '{given}' is not 'seed' or 'standard'")]
pub struct UnknownRuleset {
    pub given: String,
}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;

    fn from_str(name: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::NAMED
            .into_iter()
            .find(|ruleset| ruleset.name == name)
            .ok_or_else(|| UnknownRuleset { given: name.into() })
    }
}

/// As its name, the way records store it: a ruleset changed in code
/// (`..Ruleset::SEED`) keeps the name it was made from.
impl Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

impl<'de> Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Ruleset, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruleset_is_written_read_and_serialised_as_its_name() {
        for ruleset in Ruleset::NAMED {
            assert_eq!(ruleset.to_string().parse::<Ruleset>(), Ok(ruleset));
            let json = serde_json::to_string(&ruleset).unwrap();
            assert_eq!(json, format!("\"{}\"", ruleset.name));
            assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), ruleset);
        }
        let error = "wild".parse::<Ruleset>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "ruleset 'wild' is not 'seed' or 'standard'"
        );
        assert!(serde_json::from_str::<Ruleset>("\"wild\"").is_err());
    }
}
