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
    /// And, when set, at least this far from every field marking pin
    /// (the four corners and both ends of the centre line).
    pub placement_from_pins: Option<f64>,
    pub advanced_line: AdvancedLine,
    /// Sticks the thrower must still hold, the one thrown included, for a
    /// throw at the king to be allowed.
    pub king_sticks_in_hand: u8,
    /// Games a team must win to win the match: a best of 2N − 1 games,
    /// the same as a race to N (a drawn game, possible only once time is
    /// called, ends the match: no match needs more than 2N − 1 games).
    /// The ruleset's own (seed 1, standard 2) unless the tournament
    /// settings say otherwise.
    pub games_to_win: u8,
    /// The sticks of the first turns of a game (tournament setting).
    pub opening: Opening,
    /// Under the 2-4-6 opening, the US rule on who throws the first
    /// turns' sticks (tournament setting, off by default).
    pub opening_thrower_rule: bool,
    /// One stick that fells the last knights of a half and then a tower:
    /// the tower counts (tournament setting, on by default).
    pub base_kubb_double: bool,
    /// A time limit and what decides a game when time is called
    /// (tournament setting, none by default).
    pub time_limit: Option<TimeLimit>,
    /// The five-for-five forfeit (tournament setting, off by default): a
    /// team that fells all five baseline kubbs in the first turn of a game
    /// forfeits the batons it has left, so the king cannot fall in a
    /// game's opening turn.
    pub five_for_five: bool,
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
        placement_from_pins: None,
        advanced_line: AdvancedLine::UntilThatKnightFalls,
        king_sticks_in_hand: 2,
        games_to_win: 1,
        opening: Opening::SixSixSix,
        opening_thrower_rule: false,
        base_kubb_double: true,
        time_limit: None,
        five_for_five: false,
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
        placement_from_pins: Some(STICK_LENGTH),
        advanced_line: AdvancedLine::RecomputedEachTurn,
        king_sticks_in_hand: 1,
        games_to_win: 2,
        opening: Opening::SixSixSix,
        opening_thrower_rule: false,
        base_kubb_double: true,
        time_limit: None,
        five_for_five: false,
    };

    /// The rulesets a name selects.
    pub const NAMED: [Ruleset; 2] = [Ruleset::SEED, Ruleset::STANDARD];

    /// Sticks of the `turn`-th turn of a game (0-based).
    pub fn sticks_in_turn(&self, turn: usize) -> u8 {
        self.opening.sticks_in_turn(turn)
    }

    /// This ruleset with the tournament settings of `settings` (games to
    /// win: the settings', else the named ruleset's own).
    pub fn with(self, settings: &TournamentSettings) -> Ruleset {
        Ruleset {
            opening: settings.opening,
            opening_thrower_rule: settings.opening_thrower_rule,
            base_kubb_double: settings.base_kubb_double,
            time_limit: settings.time_limit,
            games_to_win: settings
                .games_to_win
                .map_or_else(|| self.own_games_to_win(), GamesToWin::get),
            five_for_five: settings.five_for_five,
            ..self
        }
    }

    /// The tournament settings this ruleset is played with (games to win
    /// only where they differ from the named ruleset's own).
    pub fn settings(&self) -> TournamentSettings {
        TournamentSettings {
            opening: self.opening,
            opening_thrower_rule: self.opening_thrower_rule,
            base_kubb_double: self.base_kubb_double,
            time_limit: self.time_limit,
            games_to_win: (self.games_to_win != self.own_games_to_win())
                .then(|| GamesToWin::new(self.games_to_win).ok())
                .flatten(),
            five_for_five: self.five_for_five,
        }
    }

    /// The games to win of the named ruleset this one was made from (a
    /// ruleset changed in code keeps its name, and its own count).
    pub fn own_games_to_win(&self) -> u8 {
        Ruleset::NAMED
            .iter()
            .find(|named| named.name == self.name)
            .map_or(self.games_to_win, |named| named.games_to_win)
    }

    /// `a one-game match`, `a best of 3 (first to 2 games)`.
    pub fn match_format(&self) -> String {
        match self.games_to_win {
            0 | 1 => "a one-game match".to_string(),
            n => format!("a best of {} (first to {n} games)", 2 * usize::from(n) - 1),
        }
    }
}

/// Games a team must win to win a match (`--games-to-win N`, a best of
/// 2N − 1; `--race-to N` is the same): 1 to [`GamesToWin::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GamesToWin(u8);

/// A games-to-win count outside 1 to [`GamesToWin::MAX`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("games to win '{given}' is not a whole number from 1 to {max} (a best of 1 to {best_of} games)", max = GamesToWin::MAX, best_of = 2 * GamesToWin::MAX - 1)]
pub struct NotGamesToWin {
    pub given: String,
}

impl GamesToWin {
    /// A best of 17: more than any format found in use (kubbtracker races
    /// to at most 5).
    pub const MAX: u8 = 9;

    pub fn new(games: u8) -> Result<GamesToWin, NotGamesToWin> {
        match games {
            1..=GamesToWin::MAX => Ok(GamesToWin(games)),
            _ => Err(NotGamesToWin {
                given: games.to_string(),
            }),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl fmt::Display for GamesToWin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for GamesToWin {
    type Err = NotGamesToWin;

    fn from_str(text: &str) -> Result<GamesToWin, NotGamesToWin> {
        let games: u8 = text.trim().parse().map_err(|_| NotGamesToWin {
            given: text.trim().into(),
        })?;
        GamesToWin::new(games)
    }
}

impl Serialize for GamesToWin {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for GamesToWin {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GamesToWin, D::Error> {
        let games = u64::deserialize(deserializer)?;
        u8::try_from(games)
            .ok()
            .and_then(|games| GamesToWin::new(games).ok())
            .ok_or_else(|| {
                serde::de::Error::custom(NotGamesToWin {
                    given: games.to_string(),
                })
            })
    }
}

/// The sticks of the first turns of a game (rule book, "Tournament
/// settings"): written `6-6-6` and `2-4-6`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Every turn has 6 sticks (World Championship default).
    #[default]
    SixSixSix,
    /// The starting team's first turn 2 sticks, the other team's first
    /// turn 4, then 6 (U.S. National Kubb Championship since 2015).
    TwoFourSix,
}

impl Opening {
    pub const ALL: [Opening; 2] = [Opening::SixSixSix, Opening::TwoFourSix];

    /// Sticks of the `turn`-th turn of a game (0-based).
    pub fn sticks_in_turn(self, turn: usize) -> u8 {
        match (self, turn) {
            (Opening::TwoFourSix, 0) => 2,
            (Opening::TwoFourSix, 1) => 4,
            _ => STICKS,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Opening::SixSixSix => "6-6-6",
            Opening::TwoFourSix => "2-4-6",
        }
    }
}

/// What decides a game when time is called (rule book, "Tournament
/// settings"; sources in `docs/kubb.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The turn is finished and the game is left undecided (a draw).
    None,
    /// The turn is finished; the team that has knocked more of the
    /// opponent's towers wins the game, equal counts draw it.
    BaselineCount,
    /// Play on; after each inkast the rear-most standing piece of the
    /// inkasting team's target side is removed.
    Accelerated,
    /// The German federation's tie-break: play on; at the start of every
    /// turn the rear-most standing piece of the thrower's target side is
    /// removed.
    Sudden,
}

impl TieBreak {
    pub const ALL: [TieBreak; 4] = [
        TieBreak::None,
        TieBreak::BaselineCount,
        TieBreak::Accelerated,
        TieBreak::Sudden,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TieBreak::None => "none",
            TieBreak::BaselineCount => "baseline-count",
            TieBreak::Accelerated => "accelerated",
            TieBreak::Sudden => "sudden",
        }
    }

    /// Whether the game is decided when the turn in progress ends (and the
    /// match with it), instead of played on under removal.
    pub fn decides_at_turn_end(self) -> bool {
        matches!(self, TieBreak::None | TieBreak::BaselineCount)
    }
}

/// A match's time limit: its length (for the referee's clock) and the
/// tie-break applied when the referee calls time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TimeLimitFields")]
pub struct TimeLimit {
    pub minutes: u16,
    pub tie_break: TieBreak,
}

/// A [`TimeLimit`] as read: at least one minute, as a record's header and
/// the command line have it (found by fuzzing: a 0-minute limit read from
/// JSON made a match whose record could not be read back).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeLimitFields {
    minutes: u16,
    tie_break: TieBreak,
}

impl TryFrom<TimeLimitFields> for TimeLimit {
    type Error = String;

    fn try_from(fields: TimeLimitFields) -> Result<TimeLimit, String> {
        if fields.minutes == 0 {
            return Err("a time limit is at least 1 minute".into());
        }
        Ok(TimeLimit {
            minutes: fields.minutes,
            tie_break: fields.tie_break,
        })
    }
}

/// The tournament settings of a match, as records and the API carry them
/// (each with its default: 6-6-6, no thrower rule, the double counts, no
/// time limit, the ruleset's own games to win, no five-for-five forfeit;
/// settings stored before a field existed read as its default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentSettings {
    #[serde(default)]
    pub opening: Opening,
    #[serde(default)]
    pub opening_thrower_rule: bool,
    #[serde(default = "double_counts")]
    pub base_kubb_double: bool,
    #[serde(default)]
    pub time_limit: Option<TimeLimit>,
    /// `None`: the ruleset's own (seed 1, standard 2).
    #[serde(default)]
    pub games_to_win: Option<GamesToWin>,
    #[serde(default)]
    pub five_for_five: bool,
}

fn double_counts() -> bool {
    true
}

impl Default for TournamentSettings {
    fn default() -> TournamentSettings {
        Ruleset::SEED.settings()
    }
}

/// A setting's text that names none of its values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{setting} '{given}' is not {}", .accepted.join(" or "))]
pub struct UnknownSetting {
    pub setting: &'static str,
    pub given: String,
    pub accepted: Vec<&'static str>,
}

macro_rules! named_setting {
    ($type:ty, $setting:literal) => {
        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $type {
            type Err = UnknownSetting;

            fn from_str(text: &str) -> Result<$type, UnknownSetting> {
                <$type>::ALL
                    .into_iter()
                    .find(|value| value.name().eq_ignore_ascii_case(text.trim()))
                    .ok_or_else(|| UnknownSetting {
                        setting: $setting,
                        given: text.into(),
                        accepted: <$type>::ALL.iter().map(|value| value.name()).collect(),
                    })
            }
        }

        impl Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$type, D::Error> {
                let name = String::deserialize(deserializer)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

named_setting!(Opening, "opening");
named_setting!(TieBreak, "tie-break");

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
    fn settings_are_written_and_read_as_their_names_and_bad_ones_say_what_is_accepted() {
        for opening in Opening::ALL {
            assert_eq!(opening.to_string().parse::<Opening>(), Ok(opening));
        }
        for mode in TieBreak::ALL {
            assert_eq!(mode.to_string().parse::<TieBreak>(), Ok(mode));
        }
        assert_eq!(
            "3-6-6".parse::<Opening>().unwrap_err().to_string(),
            "opening '3-6-6' is not 6-6-6 or 2-4-6"
        );
        assert_eq!(Opening::TwoFourSix.sticks_in_turn(0), 2);
        assert_eq!(Opening::TwoFourSix.sticks_in_turn(1), 4);
        assert_eq!(Opening::TwoFourSix.sticks_in_turn(2), 6);
        let json = r#"{"opening":"2-4-6","time_limit":{"minutes":30,"tie_break":"accelerated"}}"#;
        let settings: TournamentSettings = serde_json::from_str(json).unwrap();
        assert!(
            settings.base_kubb_double,
            "the double counts unless switched off"
        );
        let ruleset = Ruleset::STANDARD.with(&settings);
        assert_eq!(ruleset.settings(), settings);
        assert_eq!(
            ruleset.with(&TournamentSettings::default()),
            Ruleset::STANDARD
        );
        let unknown = r#"{"opening":"2-4-6","kings":2}"#;
        assert!(serde_json::from_str::<TournamentSettings>(unknown)
            .unwrap_err()
            .to_string()
            .contains("unknown field `kings`"));
    }

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
