//! The engine's settings as one typed table: their names, kinds, defaults
//! and ranges live here only. The protocol announces them from it, hosts set
//! them by name with [`Engine::set_option`](crate::Engine::set_option), and
//! command-line flags check their values with [`OptionSpec`].

use std::fmt;

use crate::engine::{default_threads, DEFAULT_HASH_MB, DEFAULT_USE_NNUE, MAX_THREADS};
use crate::level::Level;

/// The kind of value an option takes, as the protocol announces it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin { default: i64, min: i64, max: i64 },
    /// `true` or `false`.
    Check { default: bool },
    /// Any text; announced as `type string`, the empty text as `<empty>`.
    Text { default: &'static str },
    /// One of `values`.
    Combo {
        default: &'static str,
        values: &'static [&'static str],
    },
}

/// One option: its name (matched in any case) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// Why a value was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown {
        name: String,
    },
    NotInRange {
        name: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    NotABool {
        name: &'static str,
        value: String,
    },
    NotAChoice {
        name: &'static str,
        value: String,
        values: &'static [&'static str],
    },
    /// An option the host program sets, because it reads files (the
    /// engine does no I/O): `TablebasePath`.
    ForTheHost {
        name: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{name}'"),
            OptionError::NotInRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "{name} '{value}' is not a whole number from {min} to {max}"
            ),
            OptionError::NotABool { name, value } => {
                write!(f, "{name} '{value}' is not true or false")
            }
            OptionError::NotAChoice {
                name,
                value,
                values,
            } => write!(f, "{name} '{value}' is not one of {}", values.join(", ")),
            OptionError::ForTheHost { name } => write!(
                f,
                "{name} is read by the program hosting the engine (towers gt engine --tablebase DIR), not by the engine"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// `value` as this spin option's number, if in range. Reading an option
    /// as a kind it is not (here and below) is a mistake in the caller and
    /// panics.
    pub fn spin(&self, value: &str) -> Result<i64, OptionError> {
        let OptionKind::Spin { min, max, .. } = self.kind else {
            panic!("{} is not a spin option", self.name);
        };
        value
            .trim()
            .parse()
            .ok()
            .filter(|number| (min..=max).contains(number))
            .ok_or_else(|| OptionError::NotInRange {
                name: self.name,
                value: value.to_string(),
                min,
                max,
            })
    }

    /// `value` as this check option's truth value.
    pub fn check(&self, value: &str) -> Result<bool, OptionError> {
        let OptionKind::Check { .. } = self.kind else {
            panic!("{} is not a check option", self.name);
        };
        match value.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(OptionError::NotABool {
                name: self.name,
                value: value.to_string(),
            }),
        }
    }

    /// `value` as one of this combo option's values.
    pub fn combo(&self, value: &str) -> Result<&'static str, OptionError> {
        let OptionKind::Combo { values, .. } = self.kind else {
            panic!("{} is not a combo option", self.name);
        };
        values
            .iter()
            .copied()
            .find(|&known| known == value.trim())
            .ok_or_else(|| OptionError::NotAChoice {
                name: self.name,
                value: value.to_string(),
                values,
            })
    }
}

/// The protocol's announcement: `option name Hash type spin default 16 min 1
/// max 4096`.
impl fmt::Display for OptionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match self.kind {
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Text { default } => write!(
                f,
                "string default {}",
                if default.is_empty() {
                    "<empty>"
                } else {
                    default
                }
            ),
            OptionKind::Combo { default, values } => {
                write!(f, "combo default {default}")?;
                values
                    .iter()
                    .try_for_each(|value| write!(f, " var {value}"))
            }
        }
    }
}

/// The settings of an [`Engine`](crate::Engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// Transposition table size in MiB.
    Hash,
    /// Playing strength for people, 1–10.
    Level,
    /// Null-move pruning (off only to measure what it is worth).
    NullMove,
    /// Late-move reductions (likewise).
    LateMoveReductions,
    /// Futility and late-move pruning near the leaves, with the network
    /// (likewise).
    Pruning,
    /// Varies the deliberate mistakes of levels below 10 between games.
    Seed,
    /// The directory of the endgame tables (`towers gt tablebase build`);
    /// empty for none. The host reads them ([`crate::Engine::set_tablebase`]).
    TablebasePath,
    /// Search threads; by default the cores available.
    Threads,
    /// The learned evaluation ([`crate::nnue`]) instead of the hand-written
    /// one, at level 10.
    UseNnue,
}

impl EngineOption {
    /// Every engine option, in the order the protocol announces them.
    pub const ALL: [EngineOption; 9] = [
        EngineOption::Threads,
        EngineOption::Hash,
        EngineOption::Level,
        EngineOption::NullMove,
        EngineOption::LateMoveReductions,
        EngineOption::Pruning,
        EngineOption::Seed,
        EngineOption::TablebasePath,
        EngineOption::UseNnue,
    ];

    /// The option's name and kind. `Threads`' default is this machine's
    /// core count, so the table is made at run time.
    pub fn spec(self) -> OptionSpec {
        let (name, kind) = match self {
            EngineOption::Hash => (
                "Hash",
                OptionKind::Spin {
                    default: DEFAULT_HASH_MB as i64,
                    min: 1,
                    max: 4096,
                },
            ),
            EngineOption::Level => (
                "Level",
                OptionKind::Spin {
                    default: Level::STRONGEST.get() as i64,
                    min: Level::WEAKEST.get() as i64,
                    max: Level::STRONGEST.get() as i64,
                },
            ),
            EngineOption::NullMove => ("NullMove", OptionKind::Check { default: true }),
            EngineOption::LateMoveReductions => {
                ("LateMoveReductions", OptionKind::Check { default: true })
            }
            EngineOption::Pruning => ("Pruning", OptionKind::Check { default: true }),
            // Any u64 would do as a seed; the protocol's whole numbers are i64.
            EngineOption::Seed => (
                "Seed",
                OptionKind::Spin {
                    default: 0,
                    min: 0,
                    max: i64::MAX,
                },
            ),
            EngineOption::TablebasePath => ("TablebasePath", OptionKind::Text { default: "" }),
            EngineOption::UseNnue => (
                "UseNNUE",
                OptionKind::Check {
                    default: DEFAULT_USE_NNUE,
                },
            ),
            EngineOption::Threads => (
                "Threads",
                OptionKind::Spin {
                    default: default_threads() as i64,
                    min: 1,
                    max: MAX_THREADS as i64,
                },
            ),
        };
        OptionSpec { name, kind }
    }

    /// The option called `name`, in any case.
    pub fn named(name: &str) -> Option<EngineOption> {
        EngineOption::ALL
            .into_iter()
            .find(|option| option.spec().name.eq_ignore_ascii_case(name.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;

    #[test]
    fn the_table_defaults_are_a_new_engines_settings() {
        let engine = Engine::new();
        let spin_default = |option: EngineOption| match option.spec().kind {
            OptionKind::Spin { default, .. } => default,
            kind => panic!("{option:?} is {kind:?}"),
        };
        let check_default = |option: EngineOption| match option.spec().kind {
            OptionKind::Check { default } => default,
            kind => panic!("{option:?} is {kind:?}"),
        };
        assert_eq!(
            spin_default(EngineOption::Level),
            i64::from(engine.level().get())
        );
        assert_eq!(spin_default(EngineOption::Hash), DEFAULT_HASH_MB as i64);
        assert_eq!(spin_default(EngineOption::Threads), engine.threads() as i64);
        assert_eq!(
            check_default(EngineOption::NullMove),
            engine.features().null_move
        );
        assert_eq!(
            check_default(EngineOption::LateMoveReductions),
            engine.features().late_move_reductions
        );
        assert_eq!(
            check_default(EngineOption::Pruning),
            engine.features().pruning
        );
        assert_eq!(check_default(EngineOption::UseNnue), engine.uses_network());
    }

    #[test]
    fn options_are_set_by_name_in_any_case_within_their_range() {
        let mut engine = Engine::new();
        engine.set_option("level", "1").unwrap();
        assert_eq!(engine.level(), Level::WEAKEST);
        engine.set_option("LEVEL", "10").unwrap();
        assert_eq!(engine.level(), Level::STRONGEST);
        engine.set_option("NullMove", "false").unwrap();
        assert!(!engine.features().null_move);
        engine.set_option("latemovereductions", "false").unwrap();
        assert!(!engine.features().late_move_reductions);
        engine.set_option("pruning", "false").unwrap();
        assert!(!engine.features().pruning);
        engine.set_option("usennue", "true").unwrap();
        assert!(engine.uses_network());
        engine.set_option("UseNNUE", "false").unwrap();
        assert!(!engine.uses_network());
        // (Not Hash 4096: the test would fill 4 GiB.)
        for (name, value) in [
            ("Hash", "1"),
            ("Seed", "0"),
            ("Seed", "9223372036854775807"),
            ("threads", "1"),
            ("Threads", "64"),
        ] {
            assert_eq!(engine.set_option(name, value), Ok(()), "{name} {value}");
        }
    }

    #[test]
    fn refused_values_say_why_and_change_nothing() {
        let mut engine = Engine::new();
        engine.set_option("Level", "4").unwrap();
        for (name, value, message) in [
            (
                "Level",
                "11",
                "Level '11' is not a whole number from 1 to 10",
            ),
            ("Level", "0", "Level '0' is not a whole number from 1 to 10"),
            (
                "Hash",
                "4097",
                "Hash '4097' is not a whole number from 1 to 4096",
            ),
            (
                "Hash",
                "big",
                "Hash 'big' is not a whole number from 1 to 4096",
            ),
            (
                "Seed",
                "-1",
                "Seed '-1' is not a whole number from 0 to 9223372036854775807",
            ),
            ("NullMove", "yes", "NullMove 'yes' is not true or false"),
            (
                "Threads",
                "0",
                "Threads '0' is not a whole number from 1 to 64",
            ),
            ("Colour", "red", "unknown option 'Colour'"),
        ] {
            let error = engine.set_option(name, value).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
        assert_eq!(engine.level(), Level::new(4).unwrap());
        assert!(engine.features().null_move);
    }

    #[test]
    fn announcements_follow_the_protocol_syntax() {
        assert_eq!(
            EngineOption::Hash.spec().to_string(),
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096")
        );
        assert_eq!(
            EngineOption::NullMove.spec().to_string(),
            "option name NullMove type check default true"
        );
        assert_eq!(
            EngineOption::TablebasePath.spec().to_string(),
            "option name TablebasePath type string default <empty>"
        );
        let combo = OptionSpec {
            name: "Style",
            kind: OptionKind::Combo {
                default: "calm",
                values: &["calm", "wild"],
            },
        };
        assert_eq!(
            combo.to_string(),
            "option name Style type combo default calm var calm var wild"
        );
        assert_eq!(combo.combo(" wild"), Ok("wild"));
    }
}
