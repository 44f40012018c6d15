//! Ratings on the wire: the leaderboard and a player's page.

use guard_towers::Color;
use serde::{Deserialize, Serialize};
use tournament::GameKind;
use utoipa::{IntoParams, ToSchema};

use crate::kubb::PlayerStats;

/// Wins, draws and losses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A rated result on a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RatedResult {
    /// When the result was committed (ms since the Unix epoch)
    pub at_ms: i64,
    /// The opposing player or (Kubb) team
    pub opponent: String,
    /// The player's share: 1 a win, 0.5 a draw, 0 a loss
    pub score: f64,
    pub outcome: RatedOutcome,
    /// The rating after this result
    pub rating: f64,
    pub deviation: f64,
    /// The stored game or match, when played on the server
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub game: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub tournament: Option<String>,
    /// Guard & Towers: the player's colour
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::color)]
    pub color: Option<Color>,
    /// Kubb players: the team played for
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub team: Option<String>,
    /// Kubb players: the player's statistics in the match, as
    /// /api/kubb/matches/{id}/stats counts them
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub stats: Option<PlayerStats>,
}

/// Guard & Towers: the record with each colour
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ByColor {
    pub red: Record,
    pub blue: Record,
}

/// `GET /api/players/{game}/{name}`: a player's (or Kubb team's) rating,
/// record and history.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerPage {
    #[schema(value_type = crate::tournament::GameKind)]
    pub game: GameKind,
    pub of: RatedOf,
    pub name: String,
    /// The place on the leaderboard of everyone rated
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub rank: Option<usize>,
    pub rating: f64,
    /// About a 95 % interval is ±2 deviations
    pub deviation: f64,
    pub volatility: f64,
    pub games: usize,
    pub record: Record,
    /// Guard & Towers: the record with each colour
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub by_color: Option<ByColor>,
    /// Kubb players: their statistics summed over every match scored on the
    /// server
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub stats: Option<PlayerStats>,
    /// Oldest first, with the rating after each
    pub history: Vec<RatedResult>,
    /// Who the name stands for
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub holder: Option<Holder>,
    /// A bot's owner: the account that registered it
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub owner: Option<String>,
}

/// A row of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Leader {
    pub rank: usize,
    pub name: String,
    pub rating: f64,
    /// About a 95 % interval is ±2 deviations
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    /// Who the name stands for: an account, a bot, or nobody yet
    /// (`unclaimed`: rated results from before accounts)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub holder: Option<Holder>,
}

/// Who a rated name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A signed-up account's own name.
    Account,
    /// A bot's name (its page says its owner).
    Bot,
    /// Rated results from before accounts, which no account holds yet.
    Unclaimed,
}

/// A line of a rating book's leaderboard, its key by its name.
impl<K: std::fmt::Display> From<&tournament::ratings::Leader<'_, K>> for Leader {
    fn from(leader: &tournament::ratings::Leader<'_, K>) -> Leader {
        Leader {
            rank: leader.rank,
            name: leader.key.to_string(),
            rating: leader.rating.rating,
            deviation: leader.rating.deviation,
            volatility: leader.rating.volatility,
            games: leader.games,
            holder: None,
        }
    }
}

/// `GET /api/ratings`: the leaderboard of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Leaderboard {
    #[schema(value_type = crate::tournament::GameKind)]
    pub game: GameKind,
    pub of: RatedOf,
    /// Rating periods folded in: one per rated result
    pub periods: u32,
    /// Tournaments whose results are among them
    pub tournaments: usize,
    pub leaders: Vec<Leader>,
}

/// A rated result from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RatedOutcome {
    Win,
    Draw,
    Loss,
}

/// Who is rated: entrants (players, Kubb teams) or Kubb teams' players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RatedOf {
    #[default]
    Entrants,
    Players,
}

/// `GET /api/ratings`'s query: the game, who is rated, and the fewest
/// games a listed one has played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    #[param(inline, value_type = crate::tournament::GameKind)]
    pub game: GameKind,
    #[param(inline, default = "entrants")]
    #[serde(default)]
    pub of: RatedOf,
    #[param(default = 0)]
    #[serde(default)]
    pub min_games: u32,
}

/// A player page's path: `/api/players/{game}/{name}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PlayerPath {
    #[param(inline, value_type = crate::tournament::GameKind)]
    pub game: GameKind,
    pub name: String,
}

/// A player page's query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct PlayerQuery {
    /// Kubb: a team (entrants) or a team's player (players)
    #[param(inline, default = "entrants")]
    #[serde(default)]
    pub of: RatedOf,
}
