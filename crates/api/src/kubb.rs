//! A Kubb match on the wire: creating one, the referee's event, the
//! match's state and record, and the simulations' answers.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = "seed", nullable = false)]
    pub ruleset: Option<KubbRuleset>,
    /// Sticks of the first turns (rule book, Tournament settings)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = "6-6-6", nullable = false)]
    pub opening: Option<Opening>,
    /// Under 2-4-6: the 2 sticks by two players, the 4 by at least three
    /// (U.S. rules)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub opening_thrower_rule: Option<bool>,
    /// One stick that fells the last knights and then a tower counts the
    /// tower
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = true, nullable = false)]
    pub base_kubb_double: Option<bool>,
    /// Games a team must win: a best of 2N - 1, the same as a race to N
    /// (null: the ruleset's own, seed 1, standard 2)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9)]
    pub games_to_win: Option<u64>,
    /// The five-for-five forfeit: a team that fells all five baseline kubbs
    /// in a game's opening turn gives up the batons it has left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub five_for_five: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub time_limit: Option<TimeLimit>,
    /// The same setting as games_to_win (a race to N); both given must agree
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9)]
    pub race_to: Option<u64>,
    pub team_a: Team,
    pub team_b: Team,
    /// Whether the result counts for the teams' and players' ratings
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub rated: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Team {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub players: Option<Vec<String>>,
}

/// Null while the match goes on; then each team's word on the result (true
/// agrees, false disputes, null not yet said), whether the referee confirmed
/// it, and where that leaves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ResultConfirmation {
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub a: Option<bool>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub b: Option<bool>,
    pub referee: bool,
    pub state: ConfirmationState,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KubbState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub kind: Option<KubbKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub ruleset: Option<String>,
    /// opening, opening_thrower_rule, base_kubb_double, time_limit (null or
    /// {minutes, tie_break}), games_to_win (null: the ruleset's own),
    /// five_for_five
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object, nullable = false)]
    pub settings: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub time_called: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<Value>, nullable = false)]
    pub teams: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object, nullable = false)]
    pub phase: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub thrower: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub turn: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub sticks_left: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub king_standing: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object, nullable = false)]
    pub king_attack: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<Value>, nullable = false)]
    pub counting_targets: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<Value>, nullable = false)]
    pub pieces: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Object, nullable = false)]
    pub field: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seq: Option<i64>,
    /// Referee events in force (undone ones left out)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub events: Option<i64>,
    /// The team that won the starting throw
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starter: Option<Starter>,
    /// Whether the result counts for the ratings
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rated: Option<bool>,
    /// Null while the match goes on; then each team's word on the result
    /// (true agrees, false disputes, null not yet said), whether the referee
    /// confirmed it, and where that leaves it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_confirmation: Option<ResultConfirmation>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeLimit {
    pub minutes: i64,
    pub tie_break: TieBreak,
}

/// Kubb: every match's tournament settings (default: the ruleset's)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSettings {
    /// Sticks of the first turns (rule book, Tournament settings)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = "6-6-6", nullable = false)]
    pub opening: Option<Opening>,
    /// Under 2-4-6: the 2 sticks by two players, the 4 by at least three
    /// (U.S. rules)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub opening_thrower_rule: Option<bool>,
    /// One stick that fells the last knights and then a tower counts the
    /// tower
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = true, nullable = false)]
    pub base_kubb_double: Option<bool>,
    /// Games a team must win: a best of 2N - 1, the same as a race to N
    /// (null: the ruleset's own, seed 1, standard 2)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9)]
    pub games_to_win: Option<u64>,
    /// The five-for-five forfeit: a team that fells all five baseline kubbs
    /// in a game's opening turn gives up the batons it has left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub five_for_five: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub time_limit: Option<TimeLimit>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KubbRecord {
    pub seq: i64,
    pub ruleset: KubbRuleset,
    #[schema(value_type = Object)]
    pub settings: Value,
    pub events: Vec<Value>,
}

/// The tokens of the two team links: each team scores its own throws from its
/// own phone (docs/api.md, "Team links").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TeamTokens {
    pub a: String,
    pub b: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MatchCreated {
    pub id: String,
    pub token: String,
    pub state: KubbState,
    /// The tokens of the two team links: each team scores its own throws from
    /// its own phone (docs/api.md, "Team links").
    pub team_tokens: TeamTokens,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventRequest {
    #[schema(value_type = Object)]
    pub event: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, nullable = false)]
    pub seq: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Probability {
    pub a: f64,
    pub b: f64,
    pub games: i64,
    pub seed: i64,
    /// The random generator and how play-outs draw from it, for reproduction
    pub generator: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Advice {
    pub a: f64,
    pub b: f64,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub deciding: Option<String>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub best: Option<String>,
    pub gain: f64,
    #[schema(value_type = Vec<Value>)]
    pub options: Vec<Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmRequest {
    pub agree: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KubbRuleset {
    Seed,
    Standard,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Opening {
    #[serde(rename = "6-6-6")]
    SixSixSix,
    #[serde(rename = "2-4-6")]
    TwoFourSix,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KubbKind {
    Kubb,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Starter {
    A,
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConfirmationState {
    Awaiting,
    Confirmed,
    Disputed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    None,
    BaselineCount,
    Accelerated,
    Sudden,
}

/// The form of a match's statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatsFormat {
    Json,
    Csv,
}

/// `GET /api/kubb/matches/{id}/stats`'s query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    #[param(inline, default = "json")]
    pub format: Option<StatsFormat>,
}

/// The form of a match's export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    Log,
    Notation,
    Json,
}

/// `GET /api/kubb/matches/{id}/export`'s query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    #[param(inline, default = "log")]
    pub format: Option<ExportFormat>,
}

/// A simulated team's skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    Beginner,
    Experienced,
    Advanced,
}

/// `GET /api/kubb/matches/{id}/probability`'s query: each team's skill,
/// the play-outs and the generator's seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProbabilityQuery {
    #[param(inline)]
    pub a: Option<Skill>,
    #[param(inline)]
    pub b: Option<Skill>,
    /// Play-outs: 0 is played as 1, more than 20000 as 20000
    #[param(default = 2000)]
    pub games: Option<u64>,
    #[param(default = 1)]
    pub seed: Option<u64>,
}

/// `GET /api/kubb/matches/{id}/advice`'s query: as the probability's, with
/// fewer play-outs (each option is played out).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdviceQuery {
    #[param(inline)]
    pub a: Option<Skill>,
    #[param(inline)]
    pub b: Option<Skill>,
    /// Play-outs: 0 is played as 1, more than 2000 as 2000
    #[param(default = 500)]
    pub games: Option<u64>,
    #[param(default = 1)]
    pub seed: Option<u64>,
}
