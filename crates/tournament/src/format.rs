//! Tournament formats and the settings an organiser fixes when creating
//! a tournament.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::GameKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    Knockout,
    PoolsKnockout,
}

impl Format {
    /// Every format, in the order the rule book lists them.
    pub const ALL: [Format; 5] = [
        Format::RoundRobin,
        Format::DoubleRoundRobin,
        Format::Swiss,
        Format::Knockout,
        Format::PoolsKnockout,
    ];

    const NAMES: [(Format, &'static str); 5] = [
        (Format::RoundRobin, "round-robin"),
        (Format::DoubleRoundRobin, "double-round-robin"),
        (Format::Swiss, "swiss"),
        (Format::Knockout, "knockout"),
        (Format::PoolsKnockout, "pools-knockout"),
    ];

    /// Whether the format ends in a knockout bracket.
    pub fn has_knockout(self) -> bool {
        matches!(self, Format::Knockout | Format::PoolsKnockout)
    }
}

impl FromStr for Format {
    type Err = SettingsError;

    fn from_str(text: &str) -> Result<Format, SettingsError> {
        Format::NAMES
            .iter()
            .find(|(_, name)| *name == text)
            .map(|(format, _)| *format)
            .ok_or_else(|| SettingsError::UnknownFormat(text.into()))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Format::NAMES
            .iter()
            .find(|(format, _)| format == self)
            .map(|(_, name)| *name);
        f.write_str(name.expect("every format is named"))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SettingsError {
    #[error(
        "unknown format '{0}' (round-robin, double-round-robin, swiss, knockout or pools-knockout)"
    )]
    UnknownFormat(String),
    #[error("--rounds is for a swiss tournament only")]
    RoundsNotSwiss,
    #[error("--pools and --qualifiers are for a pools-knockout tournament only")]
    PoolsNotPools,
    #[error("--third-place is for a tournament with a knockout only")]
    ThirdPlaceNoKnockout,
    #[error("{0} must be at least 1")]
    Zero(&'static str),
}

impl SettingsError {
    pub fn code(&self) -> &'static str {
        match self {
            SettingsError::UnknownFormat(_) => "tournament.unknown-format",
            SettingsError::RoundsNotSwiss => "tournament.rounds-not-swiss",
            SettingsError::PoolsNotPools => "tournament.pools-not-pools",
            SettingsError::ThirdPlaceNoKnockout => "tournament.third-place-no-knockout",
            SettingsError::Zero(_) => "tournament.setting-zero",
        }
    }

    /// The format asked for, or the setting (its command-line option's
    /// name, as the English says it).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        match self {
            SettingsError::UnknownFormat(format) => {
                serde_json::Map::from_iter([("format".to_string(), format.clone().into())])
            }
            SettingsError::Zero(setting) => {
                serde_json::Map::from_iter([("setting".to_string(), (*setting).into())])
            }
            _ => serde_json::Map::new(),
        }
    }
}

/// What is fixed when a tournament is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub game: GameKind,
    pub format: Format,
    /// Swiss rounds (default: enough for a single winner, ⌈log₂ n⌉).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Pools (default: pools of about four).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pools: Option<u32>,
    /// Entrants of each pool going on to the knockout (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualifiers: Option<u32>,
    /// Whether the semi-final losers play for third place.
    #[serde(default)]
    pub third_place: bool,
}

impl Settings {
    /// Checks that each option belongs to the format and is positive.
    pub fn new(
        game: GameKind,
        format: Format,
        rounds: Option<u32>,
        pools: Option<u32>,
        qualifiers: Option<u32>,
        third_place: bool,
    ) -> Result<Settings, SettingsError> {
        let settings = Settings {
            game,
            format,
            rounds,
            pools,
            qualifiers,
            third_place,
        };
        settings.check()?;
        Ok(settings)
    }

    pub fn check(&self) -> Result<(), SettingsError> {
        if self.rounds.is_some() && self.format != Format::Swiss {
            return Err(SettingsError::RoundsNotSwiss);
        }
        if (self.pools.is_some() || self.qualifiers.is_some())
            && self.format != Format::PoolsKnockout
        {
            return Err(SettingsError::PoolsNotPools);
        }
        if self.third_place && !self.format.has_knockout() {
            return Err(SettingsError::ThirdPlaceNoKnockout);
        }
        for (name, value) in [
            ("--rounds", self.rounds),
            ("--pools", self.pools),
            ("--qualifiers", self.qualifiers),
        ] {
            if value == Some(0) {
                return Err(SettingsError::Zero(name));
            }
        }
        Ok(())
    }

    /// Pools for a field of `entrants`.
    pub fn pool_count(&self, entrants: usize) -> usize {
        self.pools
            .map_or(entrants.div_ceil(4).max(1), |p| p as usize)
    }

    /// Entrants of each pool going on to the knockout.
    pub fn qualifier_count(&self) -> usize {
        self.qualifiers.map_or(2, |q| q as usize)
    }

    /// Swiss rounds for a field of `entrants`.
    pub fn swiss_rounds(&self, entrants: usize) -> usize {
        self.rounds.map_or(
            entrants.max(2).next_power_of_two().trailing_zeros() as usize,
            |r| r as usize,
        )
    }
}
