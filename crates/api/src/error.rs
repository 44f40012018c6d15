//! The body of every refusal the HTTP API answers, and the list of the
//! refusal codes it may carry.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::openapi::schema::{Object, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

/// `{"error": "…", "code": "…", "params": {…}, "request_id": "…"}`: why a
/// request was refused, in plain English words (the rules' own, for a
/// refused move), the same as a stable code with its parameters (what a
/// page or client says in its reader's language: `refusal-<code>` in
/// `locales/*/refusals.ftl`, dots written as dashes), and the request's id
/// as the `X-Request-Id` header and the server's log carry it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    pub error: String,
    /// Stable and machine-readable; one of [`codes`]. A client reads it as
    /// text, so a code a newer server adds is no error (missing in answers
    /// of servers older than the codes).
    #[serde(default)]
    #[schema(schema_with = code_schema)]
    pub code: String,
    /// The refusal's particulars by name (a square, a piece, a count), for
    /// the message its code names.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub params: Map<String, Value>,
    /// The id of the request refused, to find it in the server's log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// The refusals the service itself makes, beside the rules libraries'
/// (`kubb::RuleError::CODES`, `guard_towers::GameError::CODES`) and the
/// tournament library's (`tournament::TournamentError::CODES`,
/// `tournament::pitches::PitchError::CODES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// A request that cannot be read (a query, a path, text that is no JSON).
    RequestMalformed,
    /// JSON whose content is refused (a name, a setting out of range).
    RequestRefused,
    RequestTooLarge,
    RequestRateLimited,
    /// More of something open at once than one client may hold.
    RequestLimited,
    RequestNotFound,
    RequestConflict,
    /// The engines are all busy.
    RequestBusy,
    AuthSeatTokenNeeded,
    AuthBadToken,
    AuthSignInNeeded,
    AuthForbidden,
    AuthSignInLimited,
    /// A request from another site's page acting for an account.
    AuthCrossSite,
    GameNotFound,
    GameWrongKind,
    GameSetApart,
    GameChangedMeanwhile,
    /// A token that is none of the game's seats.
    GameTokenHoldsNoSeat,
    /// A puzzle's rating changed by other solvers each time it was read.
    PuzzleRatingChanging,
    /// A puzzle theme asked for that is none of the engine's.
    PuzzleUnknownTheme,
    /// An event of a Kubb match that is the scorekeeping's to refuse.
    KubbHitNamesNothing,
    KubbNothingToUndo,
    KubbNoResultYet,
    KubbOtherTeamsEntry,
    KubbRefereeOnly,
    KubbRefereeTakesBack,
    /// A signed-in account confirming a result it played no part in.
    KubbConfirmFromTeam,
    /// A seat of a match that is neither the referee's nor a team's.
    KubbTokenScoresNoMatch,
    /// Events of a match sent with a gap, or again but different.
    KubbEventOutOfOrder,
    KubbEventRecordedDifferently,
    GtIllegalMove,
    GtNotYourTurn,
    GtGameOver,
    GtNotStarted,
    GtUnreadableMove,
    GtNoSeatFree,
    GtByInvitation,
    GtInvitationNotASeat,
    GtRematchToken,
    /// The game's own checks: a seat, a rated game, the offers, a setting.
    GtSeatTaken,
    GtRatedSamePlayer,
    GtDrawOfferOpen,
    GtNoDrawOffer,
    GtRematchOfferOpen,
    GtNoRematchOffer,
    GtRematchPersonOnly,
    GtRematchNotOver,
    GtRematchAgreed,
    GtEngineLevel,
    GtRatedNamedOnly,
    TournamentRefused,
    /// A name's rule (the `names` crate's) broken: `NameEmpty` to `NameBlank`.
    NameEmpty,
    NameTooLong,
    NameControlCharacter,
    NameFormatCharacter,
    NameUnassignedCharacter,
    NameLineSeparator,
    NameBlank,
    /// A name taken, or a look-alike of one that stands for someone.
    NameTooLike,
    NameAccountOnly,
    NameBotOnly,
    TournamentOrganiserOnly,
    /// The server's checks of a tournament (beside its library's codes).
    TournamentTitle,
    TournamentKubbSettingsOnly,
    TournamentTimeControlGtOnly,
    TournamentBotsPlayGtOnly,
    TournamentBotNoPlayers,
    TournamentGtEntrantAlone,
    TournamentKubbTeamTooBig,
    /// An account's page or action asked for with no one signed in.
    AccountSignInFirst,
    /// A rated game asked for with no one signed in, or under another name.
    AccountRatedSignedIn,
    AccountRatedOwnName,
    AccountBotNameTaken,
    AccountCeremonyExpired,
    AccountWrongPassword,
    AccountPasswordTooShort,
    AccountPasswordTooLong,
    /// A passkey that does not sign in (its detail stays in the English).
    AccountPasskeyRefused,
    AccountPasskeyRegistered,
    AccountResetLinkExpired,
    /// The account's last passkey, without a password.
    AccountLastWayIn,
    AccountNoSuchSession,
    AccountNoSuchPasskey,
    /// A passkey added with no one signed in.
    AccountPasskeySignInFirst,
    /// Passkeys asked of a server started without its public address.
    AccountPasskeysNeedAddress,
    /// A bot holding as many event streams as one bot may.
    BotStreamsOpen,
    ServerInternal,
}

impl Code {
    pub const ALL: [Code; 88] = [
        Code::RequestMalformed,
        Code::RequestRefused,
        Code::RequestTooLarge,
        Code::RequestRateLimited,
        Code::RequestLimited,
        Code::RequestNotFound,
        Code::RequestConflict,
        Code::RequestBusy,
        Code::AuthSeatTokenNeeded,
        Code::AuthBadToken,
        Code::AuthSignInNeeded,
        Code::AuthForbidden,
        Code::AuthSignInLimited,
        Code::AuthCrossSite,
        Code::GameNotFound,
        Code::GameWrongKind,
        Code::GameSetApart,
        Code::GameChangedMeanwhile,
        Code::GameTokenHoldsNoSeat,
        Code::PuzzleRatingChanging,
        Code::PuzzleUnknownTheme,
        Code::KubbHitNamesNothing,
        Code::KubbNothingToUndo,
        Code::KubbNoResultYet,
        Code::KubbOtherTeamsEntry,
        Code::KubbRefereeOnly,
        Code::KubbRefereeTakesBack,
        Code::KubbConfirmFromTeam,
        Code::KubbTokenScoresNoMatch,
        Code::KubbEventOutOfOrder,
        Code::KubbEventRecordedDifferently,
        Code::GtIllegalMove,
        Code::GtNotYourTurn,
        Code::GtGameOver,
        Code::GtNotStarted,
        Code::GtUnreadableMove,
        Code::GtNoSeatFree,
        Code::GtByInvitation,
        Code::GtInvitationNotASeat,
        Code::GtRematchToken,
        Code::GtSeatTaken,
        Code::GtRatedSamePlayer,
        Code::GtDrawOfferOpen,
        Code::GtNoDrawOffer,
        Code::GtRematchOfferOpen,
        Code::GtNoRematchOffer,
        Code::GtRematchPersonOnly,
        Code::GtRematchNotOver,
        Code::GtRematchAgreed,
        Code::GtEngineLevel,
        Code::GtRatedNamedOnly,
        Code::TournamentRefused,
        Code::NameEmpty,
        Code::NameTooLong,
        Code::NameControlCharacter,
        Code::NameFormatCharacter,
        Code::NameUnassignedCharacter,
        Code::NameLineSeparator,
        Code::NameBlank,
        Code::NameTooLike,
        Code::NameAccountOnly,
        Code::NameBotOnly,
        Code::TournamentOrganiserOnly,
        Code::TournamentTitle,
        Code::TournamentKubbSettingsOnly,
        Code::TournamentTimeControlGtOnly,
        Code::TournamentBotsPlayGtOnly,
        Code::TournamentBotNoPlayers,
        Code::TournamentGtEntrantAlone,
        Code::TournamentKubbTeamTooBig,
        Code::AccountSignInFirst,
        Code::AccountRatedSignedIn,
        Code::AccountRatedOwnName,
        Code::AccountBotNameTaken,
        Code::AccountCeremonyExpired,
        Code::AccountWrongPassword,
        Code::AccountPasswordTooShort,
        Code::AccountPasswordTooLong,
        Code::AccountPasskeyRefused,
        Code::AccountPasskeyRegistered,
        Code::AccountResetLinkExpired,
        Code::AccountLastWayIn,
        Code::AccountNoSuchSession,
        Code::AccountNoSuchPasskey,
        Code::AccountPasskeySignInFirst,
        Code::AccountPasskeysNeedAddress,
        Code::BotStreamsOpen,
        Code::ServerInternal,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::RequestMalformed => "request.malformed",
            Code::RequestRefused => "request.refused",
            Code::RequestTooLarge => "request.too-large",
            Code::RequestRateLimited => "request.rate-limited",
            Code::RequestLimited => "request.limited",
            Code::RequestNotFound => "request.not-found",
            Code::RequestConflict => "request.conflict",
            Code::RequestBusy => "request.busy",
            Code::AuthSeatTokenNeeded => "auth.seat-token-needed",
            Code::AuthBadToken => "auth.bad-token",
            Code::AuthSignInNeeded => "auth.sign-in-needed",
            Code::AuthForbidden => "auth.forbidden",
            Code::AuthSignInLimited => "auth.sign-in-limited",
            Code::AuthCrossSite => "auth.cross-site",
            Code::GameNotFound => "game.not-found",
            Code::GameWrongKind => "game.wrong-kind",
            Code::GameSetApart => "game.set-apart",
            Code::GameChangedMeanwhile => "game.changed-meanwhile",
            Code::GameTokenHoldsNoSeat => "game.token-holds-no-seat",
            Code::PuzzleRatingChanging => "puzzle.rating-changing",
            Code::PuzzleUnknownTheme => "puzzle.unknown-theme",
            Code::KubbHitNamesNothing => "kubb.hit-names-nothing",
            Code::KubbNothingToUndo => "kubb.nothing-to-undo",
            Code::KubbNoResultYet => "kubb.no-result-yet",
            Code::KubbOtherTeamsEntry => "kubb.other-teams-entry",
            Code::KubbRefereeOnly => "kubb.referee-only",
            Code::KubbRefereeTakesBack => "kubb.referee-takes-back",
            Code::KubbConfirmFromTeam => "kubb.confirm-from-team",
            Code::KubbTokenScoresNoMatch => "kubb.token-scores-no-match",
            Code::KubbEventOutOfOrder => "kubb.event-out-of-order",
            Code::KubbEventRecordedDifferently => "kubb.event-recorded-differently",
            Code::GtIllegalMove => "gt.illegal-move",
            Code::GtNotYourTurn => "gt.not-your-turn",
            Code::GtGameOver => "gt.game-over",
            Code::GtNotStarted => "gt.not-started",
            Code::GtUnreadableMove => "gt.unreadable-move",
            Code::GtNoSeatFree => "gt.no-seat-free",
            Code::GtByInvitation => "gt.by-invitation",
            Code::GtInvitationNotASeat => "gt.invitation-not-a-seat",
            Code::GtRematchToken => "gt.rematch-token",
            Code::GtSeatTaken => "gt.seat-taken",
            Code::GtRatedSamePlayer => "gt.rated-same-player",
            Code::GtDrawOfferOpen => "gt.draw-offer-open",
            Code::GtNoDrawOffer => "gt.no-draw-offer",
            Code::GtRematchOfferOpen => "gt.rematch-offer-open",
            Code::GtNoRematchOffer => "gt.no-rematch-offer",
            Code::GtRematchPersonOnly => "gt.rematch-person-only",
            Code::GtRematchNotOver => "gt.rematch-not-over",
            Code::GtRematchAgreed => "gt.rematch-agreed",
            Code::GtEngineLevel => "gt.engine-level",
            Code::GtRatedNamedOnly => "gt.rated-named-only",
            Code::TournamentRefused => "tournament.refused",
            Code::NameEmpty => "name.empty",
            Code::NameTooLong => "name.too-long",
            Code::NameControlCharacter => "name.control-character",
            Code::NameFormatCharacter => "name.format-character",
            Code::NameUnassignedCharacter => "name.unassigned-character",
            Code::NameLineSeparator => "name.line-separator",
            Code::NameBlank => "name.blank",
            Code::NameTooLike => "name.too-like",
            Code::NameAccountOnly => "name.account-only",
            Code::NameBotOnly => "name.bot-only",
            Code::TournamentOrganiserOnly => "tournament.organiser-only",
            Code::TournamentTitle => "tournament.title",
            Code::TournamentKubbSettingsOnly => "tournament.kubb-settings-only",
            Code::TournamentTimeControlGtOnly => "tournament.time-control-gt-only",
            Code::TournamentBotsPlayGtOnly => "tournament.bots-play-gt-only",
            Code::TournamentBotNoPlayers => "tournament.bot-no-players",
            Code::TournamentGtEntrantAlone => "tournament.gt-entrant-alone",
            Code::TournamentKubbTeamTooBig => "tournament.kubb-team-too-big",
            Code::AccountSignInFirst => "account.sign-in-first",
            Code::AccountRatedSignedIn => "account.rated-signed-in",
            Code::AccountRatedOwnName => "account.rated-own-name",
            Code::AccountBotNameTaken => "account.bot-name-taken",
            Code::AccountCeremonyExpired => "account.ceremony-expired",
            Code::AccountWrongPassword => "account.wrong-password",
            Code::AccountPasswordTooShort => "account.password-too-short",
            Code::AccountPasswordTooLong => "account.password-too-long",
            Code::AccountPasskeyRefused => "account.passkey-refused",
            Code::AccountPasskeyRegistered => "account.passkey-registered",
            Code::AccountResetLinkExpired => "account.reset-link-expired",
            Code::AccountLastWayIn => "account.last-way-in",
            Code::AccountNoSuchSession => "account.no-such-session",
            Code::AccountNoSuchPasskey => "account.no-such-passkey",
            Code::AccountPasskeySignInFirst => "account.passkey-sign-in-first",
            Code::AccountPasskeysNeedAddress => "account.passkeys-need-address",
            Code::BotStreamsOpen => "bot.streams-open",
            Code::ServerInternal => "server.internal",
        }
    }
}

/// Every code a refusal may carry: the rules libraries' and the service's.
pub fn codes() -> impl Iterator<Item = &'static str> {
    kubb::RuleError::CODES
        .iter()
        .chain(guard_towers::GameError::CODES)
        .chain(tournament::TournamentError::CODES)
        .chain(tournament::pitches::PitchError::CODES)
        .copied()
        .chain(Code::ALL.iter().map(|code| code.as_str()))
}

/// The code in the document: text, one of [`codes`].
fn code_schema() -> impl Into<RefOr<Schema>> {
    Object::builder()
        .schema_type(SchemaType::Type(Type::String))
        .enum_values(Some(codes()))
        .description(Some(
            "The refusal's stable code; its message in a language is `refusal-<code>` (dots as dashes) in locales/<language>/refusals.ftl",
        ))
}
