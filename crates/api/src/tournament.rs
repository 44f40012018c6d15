//! A tournament on the wire: creating one, its organiser's requests, and
//! its state (entrants, rounds, standings, crosstable).

use guard_towers::TimeControl;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use ::tournament::{BaselineKubbs, Name, Score};

use crate::kubb::{KubbRuleset, MatchSettings};
use crate::schema::names_schema;
use crate::Status;

/// `POST /api/tournaments`: the tournament's game, format and settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// 1-80 printable characters
    pub title: String,
    #[schema(value_type = GameKind)]
    pub game: ::tournament::GameKind,
    #[schema(value_type = Format)]
    pub format: ::tournament::Format,
    /// Swiss rounds (default ⌈log₂ n⌉)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rounds: Option<u32>,
    /// pools-knockout: pools (default: pools of about four)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pools: Option<u32>,
    /// pools-knockout: entrants of each pool going through (default 2)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub qualifiers: Option<u32>,
    /// Knockouts: the semi-final losers play for third place
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[schema(default = false)]
    pub third_place: bool,
    /// Kubb: every match's ruleset (default seed)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = KubbRuleset, nullable = false)]
    pub ruleset: Option<kubb::Ruleset>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::time_control_or_null)]
    pub time_control: Option<TimeControl>,
    /// Kubb: every match's settings (opening, double, time limit and its
    /// tie-break)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = MatchSettings, nullable = false)]
    pub match_settings: Option<kubb::TournamentSettings>,
}

/// A tournament's format settings: the schema of the tournament library's
/// `Settings`, which the server sends as it is.
#[derive(ToSchema)]
pub struct TournamentSettings {
    pub game: GameKind,
    pub format: Format,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rounds: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pools: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub qualifiers: Option<i64>,
    pub third_place: bool,
}

/// A tournament's entrant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Entrant {
    #[schema(value_type = String)]
    pub name: Name,
    /// A Kubb team's players.
    pub players: Vec<String>,
    pub withdrawn: bool,
    /// A bot account, seated in its games by its account token
    pub bot: bool,
}

/// A pairing of a round: the first named starts (Kubb team A) or plays
/// Red; a bye has no second and no game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Pairing {
    /// Plays Red, or is Kubb team A
    #[schema(value_type = String)]
    pub first: Name,
    /// null for a bye
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub second: Option<Name>,
    /// From first's side (`2-1`, `1.5-0.5`); null while it is played
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub score: Option<Score>,
    /// Kubb: baseline kubbs felled, first's then second's (`5-3`)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub kubbs: Option<BaselineKubbs>,
    /// Null for a bye, a draw or while it is played
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub winner: Option<Name>,
    /// The game or match id (/api/gt/games/{id}, /api/kubb/matches/{id}, live
    /// at /api/games/{id}/ws)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub game: Option<String>,
    /// Who gave the score: its game when it ended on the server, the
    /// organiser (typed in: no game was played to it), or the organiser's
    /// correction of the game's result; null while there is no score
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub result_by: Option<ResultBy>,
    #[serde(flatten)]
    pub course: Course,
}

/// A pairing's course through the day on its pitches: waiting, called to
/// a pitch, playing, finished. Times are milliseconds since the Unix
/// epoch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Course {
    #[schema(value_type = PairingState)]
    pub state: ::tournament::pitches::State,
    /// The pitch it is (or was) called to; null while it waits, and for a
    /// pairing never called (a bye, or a tournament without pitches)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub pitch: Option<names::Name>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub called_at: Option<i64>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub started_at: Option<i64>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub finished_at: Option<i64>,
    /// When a playing match counts as running long: its start plus the
    /// match time limit, or, without one, plus twice the median length of
    /// its round's finished matches (once three have one); null otherwise
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub due_at: Option<i64>,
    /// Playing past `due_at` when the state was sent
    pub overdue: bool,
}

names_schema! {
    /// Where a pairing is in the day: waiting (no pitch yet), called (to
    /// a pitch), playing (its first event entered, or marked started by
    /// the organiser), finished (its result in; a bye at once).
    PairingState = ::tournament::pitches::State::ALL;
}

/// A knockout match of the next round decided before its round is paired
/// (both its feeding matches have a winner): it is called to a pitch at
/// once, and keeps its course when the round is paired.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AheadPairing {
    /// The round it will be played in and its place there
    #[serde(flatten)]
    pub pairing: PairingRef,
    #[serde(flatten)]
    pub course: Course,
}

/// A pitch of the tournament, and the pairing on it now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PitchView {
    #[schema(value_type = String)]
    pub name: names::Name,
    /// One out of play keeps the match on it but gets no new one
    pub in_play: bool,
    /// The pairing called to it or playing on it, if any
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub pairing: Option<PairingRef>,
}

/// A pairing, by its round and its place in the round (a round not yet
/// paired for a knockout match decided ahead).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PairingRef {
    /// From 1
    pub round: u32,
    /// From 0, in the round's order
    pub index: usize,
    #[schema(value_type = String)]
    pub first: Name,
    #[schema(value_type = String)]
    pub second: Name,
}

/// `GET /api/tournaments/{id}/pitches`: every pitch, in the order they
/// are given out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Pitches {
    pub pitches: Vec<PitchView>,
}

/// `PUT /api/tournaments/{id}/pitches`: every pitch, in the order they
/// are given out (organiser). A pitch left out or out of play keeps the
/// match on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPitches {
    pub pitches: Vec<PitchRequest>,
}

/// A pitch as the organiser names it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PitchRequest {
    /// A name by the one rule of names (1-40 characters): `1`, `A3`,
    /// `Veld 7`; look-alikes are one pitch
    pub name: String,
    #[serde(default = "in_play")]
    #[schema(default = true)]
    pub in_play: bool,
}

fn in_play() -> bool {
    true
}

/// `POST /api/tournaments/{id}/starts`: the organiser marks a pairing's
/// match started (its first event entered does so by itself).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    #[schema(value_type = String)]
    pub first: Name,
    #[schema(value_type = String)]
    pub second: Name,
    /// The round (default: the latest that pairs them)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub round: Option<u32>,
}

/// A round of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Round {
    /// From 1.
    pub round: u32,
    pub stage: Stage,
    pub pairings: Vec<Pairing>,
}

/// A row of the standings: the schema of the tournament library's
/// `Standing`, which the server sends as it is.
#[derive(ToSchema)]
pub struct Standing {
    pub rank: i64,
    pub name: String,
    pub points: f64,
    /// By tie-break name, in the order applied (docs/tournament.md)
    pub tiebreaks: BTreeMap<String, f64>,
    pub played: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub withdrawn: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub pool_rank: Option<i64>,
}

/// A row of the crosstable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CrosstableRow {
    #[schema(value_type = String)]
    pub name: Name,
    /// By opponent, in entrant order: each score against them from this row's
    /// side
    #[schema(value_type = Vec<Vec<String>>)]
    pub results: Vec<Vec<Score>>,
}

/// A tournament as the server sends it: `GET /api/tournaments/{id}` and
/// every answer that changes it. Its tournament library's types (names,
/// scores, the format's settings, the standings) cross the wire as
/// they are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentState {
    pub id: String,
    pub kind: TournamentKind,
    /// waiting until round 1 is paired
    pub status: Status,
    pub title: String,
    #[schema(value_type = GameKind)]
    pub game: ::tournament::GameKind,
    #[schema(value_type = Format)]
    pub format: ::tournament::Format,
    #[schema(value_type = TournamentSettings)]
    pub settings: ::tournament::Settings,
    /// Kubb: every match's ruleset
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<KubbRuleset>, required = true)]
    pub ruleset: Option<::kubb::Ruleset>,
    /// Kubb: every match's tournament settings (default: the ruleset's)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::kubb_settings_or_null, required = true)]
    pub match_settings: Option<::kubb::TournamentSettings>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::time_control_or_null, required = true)]
    pub time_control: Option<TimeControl>,
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<Round>,
    /// Provisional while rounds remain.
    #[schema(value_type = Vec<Standing>)]
    pub standings: Vec<::tournament::Standing>,
    pub crosstable: Vec<CrosstableRow>,
    /// Whether `/bracket` draws a knockout bracket.
    pub has_bracket: bool,
    pub seq: i64,
    /// The signed-in organiser's account that owns it, if one does
    #[serde(default)]
    pub organiser: Option<String>,
    /// Whether its results count for the ratings: a tournament owned by an
    /// account (or made before accounts) is rated, one made with a token
    /// alone is not
    #[serde(default)]
    pub rated: bool,
    /// The pitches, in the order they are given out, each with the
    /// pairing on it now
    #[serde(default)]
    pub pitches: Vec<PitchView>,
    /// Knockout: the next round's matches already decided, before the
    /// round is paired
    #[serde(default)]
    pub ahead: Vec<AheadPairing>,
}

/// A seat of a tournament game and its token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatToken {
    pub seat: String,
    pub token: String,
}

/// A game of a round, with its seat tokens (organiser).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PairingGame {
    pub round: u32,
    #[schema(value_type = String)]
    pub first: Name,
    #[schema(value_type = String)]
    pub second: Name,
    pub game: String,
    /// Guard & Towers: red and blue, for the players; Kubb: referee, for the
    /// scorekeeper
    pub tokens: Vec<SeatToken>,
    #[serde(flatten)]
    pub course: Course,
}

/// `POST /api/tournaments`'s answer: the tournament and the organiser's
/// token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentCreated {
    pub id: String,
    /// The organiser's token; shown once
    pub token: String,
    pub state: TournamentState,
}

/// `POST /api/tournaments/{id}/entrants`: an entrant to register.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EntrantRequest {
    #[schema(value_type = String)]
    pub name: Name,
    /// A Kubb team's players
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// The entrant is the registered bot account of this name (Guard &
    /// Towers)
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[schema(default = false)]
    pub bot: bool,
}

/// `POST /api/tournaments/{id}/withdrawals`: the entrant to withdraw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalRequest {
    #[schema(value_type = String)]
    pub name: Name,
}

/// `POST /api/tournaments/{id}/rounds`'s answer: the round paired and its
/// games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RoundStarted {
    pub round: u32,
    pub games: Vec<PairingGame>,
    pub state: TournamentState,
}

/// `GET /api/tournaments/{id}/games`: every game with its seat tokens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TournamentGames {
    pub games: Vec<PairingGame>,
}

/// `POST /api/tournaments/{id}/results`: a result to record or correct.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultRequest {
    #[schema(value_type = String)]
    pub first: Name,
    #[schema(value_type = String)]
    pub second: Name,
    /// From `first`'s side: games won (Kubb) or points (Guard & Towers)
    #[schema(value_type = String)]
    pub score: Score,
    /// Baseline kubbs felled, first-second (Kubb)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, nullable = false)]
    pub kubbs: Option<BaselineKubbs>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub round: Option<u32>,
}

names_schema! {
    /// A game: Kubb or Guard & Towers (`tournament::GameKind`).
    GameKind = ::tournament::GameKind::ALL;
}

names_schema! {
    /// A tournament's format (`tournament::Format`).
    Format = ::tournament::Format::ALL;
}

/// The tournament view's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TournamentKind {
    Tournament,
}

/// The stage a round belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Main,
    Pool,
    Knockout,
}

/// Who gave a pairing's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResultBy {
    Game,
    Organiser,
    Corrected,
}

/// A tournament's table, as CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    Pairings,
    Standings,
}

/// `GET /api/tournaments/{id}/export`'s query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TableQuery {
    #[param(inline, default = "pairings")]
    pub table: Option<Table>,
}
