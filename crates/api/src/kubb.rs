//! A Kubb match on the wire: creating one, the referee's event, the
//! match's state and record, and the simulations' answers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::schema::names_schema;
use crate::Status;

/// `POST /api/kubb/matches`: the teams and the match's settings, each
/// setting optional with its default (rule book, "Tournament settings").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = KubbRuleset, default = "seed", nullable = false)]
    pub ruleset: Option<::kubb::Ruleset>,
    /// Sticks of the first turns (rule book, Tournament settings)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Opening, default = "6-6-6", nullable = false)]
    pub opening: Option<::kubb::Opening>,
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
    #[schema(value_type = Option<u64>, minimum = 1, maximum = 9)]
    pub games_to_win: Option<::kubb::GamesToWin>,
    /// The five-for-five forfeit: a team that fells all five baseline kubbs
    /// in a game's opening turn gives up the batons it has left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub five_for_five: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = TimeLimit, nullable = false)]
    pub time_limit: Option<::kubb::TimeLimit>,
    /// The same setting as games_to_win (a race to N), as kubbtracker says
    /// it; both given must agree
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<u64>, minimum = 1, maximum = 9)]
    pub race_to: Option<::kubb::GamesToWin>,
    pub team_a: Team,
    pub team_b: Team,
    /// Whether the result counts for the teams' and players' ratings
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[schema(default = false)]
    pub rated: bool,
}

/// A Kubb team: its name and players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

/// The teams' and the referee's word on a finished match's result: each
/// team's phone agreed (true), disputed (false) or has not said (null);
/// the referee's confirmation settles a dispute.
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
    /// What the result does to the ratings: nothing (`unrated`), nothing
    /// yet (`unconfirmed`: a team has not confirmed it from the signed-in
    /// account of one of its players), or it counts (`counted`)
    #[serde(default)]
    pub rating: RatingCount,
}

/// What a finished match's result does to the ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RatingCount {
    #[default]
    Unrated,
    Unconfirmed,
    Counted,
}

/// A Kubb match as the server sends it: `GET /api/kubb/matches/{id}` and
/// every answer that changes the match. Its rules library's types
/// (`kubb::Team`, `kubb::Ruleset`, …) cross the wire as their names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KubbState {
    pub id: String,
    pub kind: KubbKind,
    pub status: Status,
    #[schema(value_type = KubbRuleset)]
    pub ruleset: ::kubb::Ruleset,
    /// The rule book's tournament settings the match is played under
    /// (opening, thrower rule, base-kubb double, time limit, games to win,
    /// five-for-five), each given: the ruleset's own where not set.
    #[schema(schema_with = crate::schema::kubb_settings)]
    pub settings: ::kubb::TournamentSettings,
    /// Whether the referee has called time (the tie-break then applies).
    pub time_called: bool,
    /// Team A, then team B.
    pub teams: Vec<TeamView>,
    pub phase: Phase,
    /// The team whose turn it is.
    #[schema(value_type = TeamSide)]
    pub thrower: ::kubb::Team,
    /// The team that won the starting throw
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<TeamSide>, required = true)]
    pub starter: Option<::kubb::Team>,
    /// The turn being played, from 1.
    pub turn: u64,
    /// Batons the thrower has left this turn.
    pub sticks_left: u64,
    pub king_standing: bool,
    pub king_attack: KingAttack,
    /// The pieces the thrower must fell before the king counts (field
    /// kubbs first, then baseline kubbs), by name.
    pub counting_targets: Vec<String>,
    /// The ten kubbs, `A1`–`A5` then `B1`–`B5`.
    pub pieces: Vec<Piece>,
    pub field: Field,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<TeamSide>, required = true)]
    pub winner: Option<::kubb::Team>,
    /// The match in words, as the referee's console shows it.
    pub summary: String,
    /// Referee events in force (undone ones left out)
    pub events: u64,
    pub seq: i64,
    /// Whether the result counts for the ratings
    pub rated: bool,
    /// Null while the match goes on; then each team's word on the result
    /// (true agrees, false disputes, null not yet said), whether the referee
    /// confirmed it, and where that leaves it.
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub result_confirmation: Option<ResultConfirmation>,
}

/// A team in the match: its side, name, players, games won and the line
/// it throws from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TeamView {
    #[schema(value_type = TeamSide)]
    pub team: ::kubb::Team,
    pub name: String,
    pub players: Vec<String>,
    pub games_won: u8,
    /// The line the rules give now: a line advanced to a knight that has
    /// since fallen is the baseline again.
    pub line: Line,
}

/// Where a team throws from: its baseline, or the line of its foremost
/// standing knight (a field kubb in its target half) once it has one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Line {
    Baseline,
    Knight {
        /// The knight, by name (`B3`).
        piece: String,
        /// Its distance from team A's baseline in metres, where known.
        #[serde(deserialize_with = "Option::deserialize")]
        #[schema(required = true)]
        y: Option<f64>,
    },
}

/// Where a game stands and what the referee records next.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "name", rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn: who throws first.
    StartingThrow,
    /// The thrower throws the felled kubbs into the other half.
    Inkast {
        /// The kubbs still to throw, each with its attempt (a kubb thrown
        /// out twice is placed by the other team).
        queue: Vec<Inkast>,
        /// Kubbs thrown out of bounds, to be placed by the other team.
        to_place: Vec<String>,
    },
    /// The other team places the kubbs thrown out twice.
    Placement { to_place: Vec<String> },
    /// Batons at the kubbs and, once they are down, the king.
    Throwing,
    GameOver {
        /// Null for a game drawn when time was called.
        #[serde(deserialize_with = "Option::deserialize")]
        #[schema(value_type = Option<TeamSide>, required = true)]
        winner: Option<::kubb::Team>,
        /// Why it ended, in words.
        reason: String,
        /// Why it ended, for a page to tell in its own language.
        end: GameEnd,
    },
}

/// Why a game ended, as the rules name each way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameEnd {
    /// The thrower's inkasted kubb knocked the king over: it loses.
    KingFelledByInkast {
        #[schema(value_type = TeamSide)]
        thrower: ::kubb::Team,
    },
    /// The thrower knocked the king over: it wins.
    KingFelled {
        #[schema(value_type = TeamSide)]
        thrower: ::kubb::Team,
    },
    /// The thrower knocked the king over before the rules allowed it: it
    /// loses (`reason` says why it was too early).
    KingFelledTooEarly {
        #[schema(value_type = TeamSide)]
        thrower: ::kubb::Team,
    },
    /// Time was called and the baseline count decided: `team` knocked
    /// `more` towers, the other `fewer`.
    MoreTowersKnocked {
        #[schema(value_type = TeamSide)]
        team: ::kubb::Team,
        more: usize,
        fewer: usize,
    },
    /// Time was called and both teams knocked as many towers: a draw.
    EqualTowersKnocked { towers: usize },
    /// Time was called under a tie-break that draws the game.
    TimeCalled,
}

/// A kubb waiting to be thrown in, and its attempt (1 or 2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Inkast {
    pub piece: String,
    pub attempt: u8,
}

/// Whether the thrower may attack the king now, and why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KingAttack {
    pub allowed: bool,
    /// Why not, when it is not allowed.
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// A kubb with its name (`A1`), its number in events (0–9) and where it
/// stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Piece {
    pub id: String,
    #[schema(minimum = 0, maximum = 9)]
    pub number: u8,
    #[serde(flatten)]
    pub place: Place,
}

/// Where a kubb is: a tower (baseline kubb) standing on its spot, a
/// knight (field kubb) standing in a half, felled in a half, or removed.
/// Places on the lawn are in metres.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Place {
    Tower {
        /// The team whose baseline it stands on.
        #[schema(value_type = TeamSide)]
        team: ::kubb::Team,
        #[schema(schema_with = crate::schema::point)]
        at: ::kubb::Point,
    },
    Knight {
        /// The half it stands in.
        #[schema(value_type = TeamSide)]
        half: ::kubb::Team,
        /// Where, when the referee recorded it.
        #[serde(deserialize_with = "Option::deserialize")]
        #[schema(schema_with = crate::schema::point_or_null, required = true)]
        at: Option<::kubb::Point>,
    },
    Down {
        #[schema(value_type = TeamSide)]
        half: ::kubb::Team,
    },
    /// Taken out of the game by the time limit's tie-break.
    Removed,
}

/// The lawn in metres: its size, the king's spot and each team's
/// baseline (its distance from team A's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Field {
    pub length: f64,
    pub width: f64,
    #[schema(schema_with = crate::schema::point)]
    pub king: ::kubb::Point,
    /// Team A's, then team B's.
    pub baselines: [f64; 2],
}

/// A match's time limit and how a game it stops is decided: the fields of
/// `kubb::TimeLimit`, which checks them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeLimit {
    #[schema(minimum = 1)]
    pub minutes: u16,
    #[schema(value_type = TieBreak)]
    pub tie_break: ::kubb::TieBreak,
}

/// Kubb: every match's tournament settings (default: the ruleset's): the
/// fields of `kubb::TournamentSettings` as a request gives them
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchSettings {
    /// Sticks of the first turns (rule book, Tournament settings)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Opening, default = "6-6-6", nullable = false)]
    pub opening: Option<::kubb::Opening>,
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
    #[schema(value_type = Option<u64>, minimum = 1, maximum = 9)]
    pub games_to_win: Option<::kubb::GamesToWin>,
    /// The five-for-five forfeit: a team that fells all five baseline kubbs
    /// in a game's opening turn gives up the batons it has left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(default = false, nullable = false)]
    pub five_for_five: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub time_limit: Option<TimeLimit>,
}

/// `GET /api/kubb/matches/{id}/events`: the events in force.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KubbRecord {
    pub seq: i64,
    #[schema(value_type = KubbRuleset)]
    pub ruleset: ::kubb::Ruleset,
    #[schema(schema_with = crate::schema::kubb_settings)]
    pub settings: ::kubb::TournamentSettings,
    /// The referee events in force, as in the JSON-lines log (docs/kubb.md)
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<::kubb::Event>,
}

/// The tokens of the two team links: each team scores its own throws from its
/// own phone (docs/api.md, "Team links").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TeamTokens {
    pub a: String,
    pub b: String,
}

/// `POST /api/kubb/matches`'s answer: the match, the referee's token and
/// the team links' tokens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MatchCreated {
    pub id: String,
    pub token: String,
    /// The tokens of the two team links: each team scores its own throws from
    /// its own phone (docs/api.md, "Team links").
    pub team_tokens: TeamTokens,
    pub state: KubbState,
}

/// `POST /api/kubb/matches/{id}/events`: a referee event, numbered to be
/// sent again safely.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventRequest {
    #[schema(value_type = Object)]
    pub event: ::kubb::Event,
    /// The number the event is to have (the match's `seq` plus one when it
    /// was entered): makes resending safe. Without it the event is simply
    /// the next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, nullable = false)]
    pub seq: Option<i64>,
}

/// `GET /api/kubb/matches/{id}/probability`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Probability {
    pub a: f64,
    pub b: f64,
    pub games: usize,
    pub seed: u64,
    /// The random generator and how play-outs draw from it, for reproduction
    pub generator: String,
}

/// `GET /api/kubb/matches/{id}/advice`'s answer: the best next decision of
/// the team to act, each decision said in the rule book's words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Advice {
    /// Each team's chance to win with the heuristic's choice
    pub a: f64,
    pub b: f64,
    /// The team to decide, none when the game is over
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<TeamSide>, required = true)]
    pub deciding: Option<::kubb::Team>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub best: Option<String>,
    /// The best decision, for a page to tell in its own language
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub choice: Option<AdviceChoice>,
    /// The best decision's chance to win over the heuristic's choice
    pub gain: f64,
    pub options: Vec<AdviceOption>,
    /// Play-outs of each option
    pub playouts: usize,
    pub seed: u64,
}

/// One candidate decision and the deciding team's chance to win with it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AdviceOption {
    pub decision: String,
    /// The decision, for a page to tell in its own language
    pub choice: AdviceChoice,
    pub win_probability: f64,
}

/// A decision the advice weighs (`kubb_sim::advice::Choice`), as the rules
/// name it; spots in metres of the field (x across, y along from team A's
/// baseline).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdviceChoice {
    /// Aim this turn's inkasts (the pieces still to throw) at this spot of
    /// the opponent's half.
    Inkast { x: f64, y: f64 },
    /// Place the piece that landed out at this spot of the own half.
    Placement { x: f64, y: f64 },
    /// Throw the next stick at this kubb (its name, `A1`).
    ThrowAtPiece { piece: String },
    /// Throw the next stick at the king.
    ThrowAtKing,
    /// Throw the next stick away (the king may not be attacked yet).
    ThrowAway,
}

/// A player's statistics in a match, or summed over matches, as the
/// referee's entries count them (docs/kubb.md, "Statistics").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlayerStats {
    pub sticks: u32,
    pub hits: u32,
    /// Hits per stick, none before the first stick
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub hit_rate: Option<f64>,
    pub sticks_at_knights: u32,
    pub knight_hits: u32,
    pub sticks_at_towers: u32,
    pub tower_hits: u32,
    pub inkast_throws: u32,
    pub inkast_in: u32,
    pub penalties_conceded: u32,
    pub king_attempts: u32,
    pub fouls: u32,
}

impl From<&kubb::stats::PlayerStats> for PlayerStats {
    fn from(stats: &kubb::stats::PlayerStats) -> PlayerStats {
        PlayerStats {
            sticks: stats.sticks,
            hits: stats.hits,
            hit_rate: kubb::stats::PlayerStats::rate(stats.hits, stats.sticks),
            sticks_at_knights: stats.sticks_at_knights,
            knight_hits: stats.knight_hits,
            sticks_at_towers: stats.sticks_at_towers,
            tower_hits: stats.tower_hits,
            inkast_throws: stats.inkast_throws,
            inkast_in: stats.inkast_in,
            penalties_conceded: stats.penalties_conceded,
            king_attempts: stats.king_attempts,
            fouls: stats.fouls,
        }
    }
}

/// `GET /api/kubb/matches/{id}/stats`'s JSON answer: each player's
/// statistics by name, and the community's measures per player and team.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MatchStats {
    pub players: BTreeMap<String, PlayerStats>,
    /// `players` and `teams`: rows of the community's measures, as the CSV
    /// form's columns
    #[schema(value_type = Object)]
    pub measures: kubb::stats::MatchStats,
}

/// `POST /api/kubb/matches/{id}/confirm`: a team's or the referee's word on
/// the result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmRequest {
    pub agree: bool,
}

names_schema! {
    /// A Kubb ruleset (`kubb::Ruleset`), by its name.
    KubbRuleset = ::kubb::Ruleset::NAMED;
}

names_schema! {
    /// The sticks of a game's first turns (`kubb::Opening`).
    Opening = ::kubb::Opening::ALL;
}

/// The Kubb view's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KubbKind {
    Kubb,
}

names_schema! {
    /// A Kubb team (`kubb::Team`).
    TeamSide = ::kubb::Team::BOTH;
}

/// Where a finished match's result stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConfirmationState {
    Awaiting,
    Confirmed,
    Disputed,
}

names_schema! {
    /// How a game stopped by the time limit is decided (`kubb::TieBreak`).
    TieBreak = ::kubb::TieBreak::ALL;
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
#[serde(deny_unknown_fields)]
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
