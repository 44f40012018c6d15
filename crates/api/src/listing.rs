//! The lists of games, matches and tournaments (`GET` on each kind's
//! collection).

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::{IntoParams, ToSchema};

use crate::Status;

/// The result typed (Guard & Towers and Kubb; null until the game ends, and
/// for a tournament): the winning side, or null for a draw or a game over
/// without a result; whether it was drawn; why it ended (Guard & Towers; null
/// for Kubb)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Outcome {
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub winner: Option<Winner>,
    pub drawn: bool,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// One game, match or tournament of a list, without its state: its
/// settings as stored, the names of its two sides and how it ended.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    pub status: Status,
    /// The result in words: `1-0 guard captured` (Guard & Towers: score, then
    /// why), `A Vikings` or `draw` (Kubb: the winning team and its name), the
    /// winner's name (a tournament); null until it ends. `outcome` is the
    /// same, typed
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub result: Option<String>,
    /// The result typed (Guard & Towers and Kubb; null until the game ends,
    /// and for a tournament): the winning side, or null for a draw or a game
    /// over without a result; whether it was drawn; why it ended (Guard &
    /// Towers; null for Kubb)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub outcome: Option<Outcome>,
    /// Red's and Blue's names (teams A and B for Kubb); null for a free seat
    #[schema(min_items = 2, max_items = 2)]
    pub names: [Option<String>; 2],
    /// As stored with the game, sent as they are.
    #[schema(value_type = Object)]
    pub settings: Box<RawValue>,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// A list of games, matches or tournaments.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameList {
    pub games: Vec<GameSummary>,
}

/// A winning side: Red or Blue, or Kubb team A or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    Red,
    Blue,
    A,
    B,
}

/// The query of a list: which games, and how many at most.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    #[param(inline, default = "finished")]
    pub status: Option<Status>,
    #[param(value_type = Option<u32>, minimum = 1, maximum = 500, default = 50)]
    pub limit: Option<Limit>,
}

/// How many games a list holds: 1 to [`Limit::MAX`]; anything else is
/// refused where the query is read.
///
/// ```
/// use api::listing::Limit;
///
/// assert_eq!(Limit::try_from(50).map(Limit::get), Ok(50));
/// assert!(Limit::try_from(0).is_err());
/// assert!(Limit::try_from(501).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "i64")]
pub struct Limit(i64);

impl Limit {
    pub const MAX: i64 = 500;

    pub fn get(self) -> i64 {
        self.0
    }
}

impl Default for Limit {
    fn default() -> Limit {
        Limit(50)
    }
}

impl TryFrom<i64> for Limit {
    type Error = String;

    fn try_from(limit: i64) -> Result<Limit, String> {
        if (1..=Limit::MAX).contains(&limit) {
            Ok(Limit(limit))
        } else {
            Err(format!("{limit} is not from 1 to {}", Limit::MAX))
        }
    }
}

impl From<Limit> for i64 {
    fn from(limit: Limit) -> i64 {
        limit.0
    }
}
