//! The state of a match and the pure transition `apply(state, event)`.
//!
//! A match is a series of games; a game starts with the starting throw, then
//! alternates turns. A turn is an inkast phase (when pieces lie in the
//! thrower's half) and a throwing phase of up to 6 sticks.
//!
//! The rules act on [`Action`]s: what happened on the lawn, without who did
//! it, as small copyable values. [`Match::apply`] checks a referee
//! [`Event`]'s player and plays its action on a copy; play-outs (win
//! probabilities, advice, calibration) play actions in place
//! ([`Match::act`]), with the same rules a referee uses. (The simulator's
//! own heuristic matches run on a leaner state of their own, tested
//! against these rules action for action: `simulate::heuristic_match`.)

use std::fmt;
use std::sync::{Arc, LazyLock};

use serde_json::json;

use crate::event::{Event, KingContact, Lag, PieceId, PieceSet, StickOutcome, TeamInfo};
use crate::field::{Field, Point, Team};
use crate::name::Name;
use crate::queue::Queue;
use crate::ruleset::{AdvancedLine, InkastOrder, KingInStartingThrow, Opening, Ruleset, TieBreak};

/// What stands, or lies, where.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// Standing on its team's baseline.
    Tower { team: Team },
    /// A standing field kubb; it belongs to the half it stands in.
    Knight { half: Team, at: Option<Point> },
    /// Knocked over in `half`; that half's team inkasts it next.
    Down { half: Team },
    /// Taken out of the game by a tie-break after time was called.
    Removed,
}

/// A team's throwing line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Line {
    Baseline,
    /// Level with a knight in the team's own half (its y when known).
    AtKnight {
        piece: PieceId,
        y: Option<f64>,
    },
}

/// How a game ended: won, or (time called) drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameEnd {
    pub winner: Option<Team>,
    pub reason: EndReason,
}

/// Why a game ended, in the words its `Display` gives a referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndReason {
    /// The thrower's inkasted piece knocked the king over: it loses.
    #[error("team {thrower} knocked the king over with an inkasted piece")]
    KingFelledByInkast { thrower: Team },
    #[error("team {thrower} knocked the king over")]
    KingFelled { thrower: Team },
    /// Before the rules allowed it: the thrower loses.
    #[error("team {thrower} knocked the king over too early: {why}")]
    KingFelledTooEarly { thrower: Team, why: KingNotYet },
    /// Time called, decided by the baseline count.
    #[error("time: team {team} knocked more towers ({more} to {fewer})")]
    MoreTowersKnocked {
        team: Team,
        more: usize,
        fewer: usize,
    },
    #[error("time: both teams knocked {towers} tower(s), a draw")]
    EqualTowersKnocked { towers: usize },
    #[error("time was called: the game is drawn")]
    TimeCalled,
}

/// Why the thrower may not throw at the king yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KingNotYet {
    #[error(
        "team {opponent} still has {towers} tower(s) and {knights} knight(s) standing in its half"
    )]
    PiecesStanding {
        opponent: Team,
        towers: usize,
        knights: usize,
    },
    #[error(
        "the {ruleset} ruleset allows a throw at the king only with at least {needed} sticks in hand; team {thrower} has {left}"
    )]
    TooFewSticks {
        ruleset: &'static str,
        needed: u8,
        thrower: Team,
        left: u8,
    },
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Team),
    /// Time was called and the games won are level.
    Drawn,
}

/// The part of a turn the referee waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    StartingThrow,
    /// `queue` holds (piece, attempt) still to throw, in order.
    Inkast {
        queue: Queue<(PieceId, u8)>,
        to_place: Queue<PieceId>,
    },
    Placement {
        to_place: Queue<PieceId>,
    },
    Throwing,
    GameOver(GameEnd),
}

/// Who acts next ([`Match::to_act`]), in the manner of a game library's
/// current player: the one place that reads it off the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// Both teams: a stick each at the king decides who starts (or the
    /// referee names the starting team).
    StartingThrow,
    /// One team takes a decision.
    Team(Team, Decision),
    /// The game is over and the match is not: the next game begins, the
    /// other team starting.
    NextGame,
}

/// A decision one team takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The thrower inkasts `piece` (its `attempt`-th attempt) into the
    /// opponent's half.
    Inkast { piece: PieceId, attempt: u8 },
    /// The defenders place `piece`, out on every attempt, in their half.
    Placement { piece: PieceId },
    /// The thrower throws its next stick.
    Stick,
}

/// What one stick felled (nothing: a miss, or a foul, whose pieces are
/// raised again).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hit {
    pub knights: PieceSet,
    pub towers: PieceSet,
    pub king: bool,
}

/// One thing that happens on the lawn, as the rules see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    StartingThrow {
        a: Lag,
        b: Lag,
    },
    Start(Team),
    Inkast {
        landed_in: bool,
        at: Option<Point>,
        king_felled: bool,
    },
    Placement {
        at: Option<Point>,
    },
    Stick(Hit),
    NextGame,
    Rescue(PieceId),
    TimeCalled,
}

impl Action {
    /// The action of a referee event; `None` for naming the teams, which
    /// only the record keeps.
    pub fn of(event: &Event) -> Result<Option<Action>, RuleError> {
        Ok(Some(match event {
            Event::Teams { .. } => return Ok(None),
            Event::StartingThrow { a, b } => Action::StartingThrow { a: *a, b: *b },
            Event::Start { team } => Action::Start(*team),
            Event::Inkast {
                landed_in,
                at,
                king_felled,
                ..
            } => Action::Inkast {
                landed_in: *landed_in,
                at: *at,
                king_felled: *king_felled,
            },
            Event::Placement { at } => Action::Placement { at: *at },
            Event::Stick { outcome, .. } => Action::Stick(hit_of(outcome)?),
            Event::NextGame {} => Action::NextGame,
            Event::Rescue { piece, .. } if piece.0 > 9 => {
                return Err(RuleError::NoSuchPiece(piece.0))
            }
            Event::Rescue { piece, .. } => Action::Rescue(*piece),
            Event::TimeCalled {} => Action::TimeCalled,
        }))
    }
}

/// The pieces a stick outcome names, each a real piece named once.
fn hit_of(outcome: &StickOutcome) -> Result<Hit, RuleError> {
    let StickOutcome::Hit {
        knights,
        towers,
        king,
    } = outcome
    else {
        return Ok(Hit::default());
    };
    let mut named = PieceSet::EMPTY;
    let mut set_of = |pieces: &[PieceId]| {
        let mut set = PieceSet::EMPTY;
        for &piece in pieces {
            if piece.0 > 9 {
                return Err(RuleError::NoSuchPiece(piece.0));
            }
            if named.contains(piece) {
                return Err(RuleError::NamedTwice(piece));
            }
            named.insert(piece);
            set.insert(piece);
        }
        Ok(set)
    };
    Ok(Hit {
        knights: set_of(knights)?,
        towers: set_of(towers)?,
        king: *king,
    })
}

/// Why the rules refuse an event, each in the plain words a referee
/// reads (its `Display`).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RuleError {
    #[error("the match is over: team {winner} has won it")]
    MatchOver { winner: Team },
    #[error("the match is over: time was called with the games level, a draw")]
    MatchDrawn,
    /// The phase waits for something else (`expected`, said in words;
    /// `action`, `phase` and `count` say the same for the refusal's code).
    #[error("{attempted} is not possible now: {expected}")]
    NotNow {
        attempted: &'static str,
        expected: String,
        action: &'static str,
        phase: &'static str,
        count: usize,
    },
    /// A player named in neither the throwing team's list of players.
    #[error(
        "{player} does not play for {team_name} (team {team}): its players are {}",
        .players.join(", ")
    )]
    NotAPlayer {
        player: String,
        team: Team,
        team_name: String,
        players: Vec<String>,
    },
    #[error("there is no piece number {0}")]
    NoSuchPiece(u8),
    #[error("a point on the lawn is two numbers of metres, not {x}, {y}")]
    PointNotFinite { x: f64, y: f64 },
    #[error("{0} is listed twice for one stick")]
    NamedTwice(PieceId),
    #[error("a starting-throw distance must be a number of metres, 0 or more")]
    LagDistance,
    #[error("both starting throws broke the king rule: throw again")]
    LagBothBrokeKingRule,
    #[error("the starting throws are equally close to the king: throw again")]
    LagTie,
    /// A position given for an inkasted piece said to have landed in.
    #[error("{at} is not in team {half}'s half: an inkasted piece that lands there is out")]
    InkastOutside { at: Point, half: Team },
    #[error("team {team} must place the piece in its own half; {at} is not")]
    PlacementOutsideHalf { at: Point, team: Team },
    #[error(
        "a placed piece must stand at least one stick length ({minimum:.2} m) from the king; {at} is {distance:.2} m away"
    )]
    PlacementNearKing {
        at: Point,
        distance: f64,
        minimum: f64,
    },
    #[error(
        "the {ruleset} ruleset keeps a placed piece at least one stick length ({minimum:.2} m) from every field pin; {at} is {distance:.2} m from the pin at {pin}"
    )]
    PlacementNearPin {
        at: Point,
        pin: Point,
        distance: f64,
        minimum: f64,
        ruleset: &'static str,
    },
    /// The 2-4-6 thrower rule (U.S. rules): the first turn's 2 sticks by
    /// two players, the second turn's 4 by at least three.
    #[error(
        "under the 2-4-6 thrower rule the {sticks} sticks of this turn are thrown by at least {players} different players; {player} has thrown already and too few sticks are left"
    )]
    OpeningThrowers {
        player: String,
        sticks: u8,
        players: usize,
    },
    #[error(
        "under the 2-4-6 thrower rule a team's 4 opening sticks are thrown by at least 3 different players; {team} lists {players} player(s)"
    )]
    TooFewPlayersForThrowerRule { team: String, players: usize },
    #[error("{player} is listed twice: a player throws for one team, once listed (names are compared in either case)")]
    PlayerListedTwice { player: String },
    #[error("both teams are named {name}: give them different names")]
    SameTeamNames { name: String },
    #[error("this match has no time limit, so time cannot be called")]
    NoTimeLimit,
    #[error("time has been called already")]
    TimeCalledAlready,
    #[error(
        "{piece} is not a knight left standing in team {half}'s half from an earlier turn, so it cannot be rescued"
    )]
    NotRescuable { piece: PieceId, half: Team },
    #[error("{piece} is not a knight standing in team {half}'s half")]
    NotAKnight { piece: PieceId, half: Team },
    #[error("{piece} is not a standing tower of team {team}")]
    NotATower { piece: PieceId, team: Team },
    /// A tower felled while knights stand in its half: raised again.
    #[error(
        "tower {} of team {team} cannot count: {knights} knight(s) still stand in team {team}'s half; it is raised again",
        .piece.spot() + 1
    )]
    TowerBehindKnights {
        piece: PieceId,
        team: Team,
        knights: usize,
    },
}

/// A length in metres as a refusal's parameter: to the centimetre, as
/// its words say it.
fn metres(length: f64) -> serde_json::Value {
    json!((length * 100.0).round() / 100.0)
}

impl RuleError {
    /// Every code [`RuleError::code`] gives.
    pub const CODES: &[&str] = &[
        "kubb.match-over",
        "kubb.match-drawn",
        "kubb.not-now",
        "kubb.not-a-player",
        "kubb.no-such-piece",
        "kubb.point-not-finite",
        "kubb.named-twice",
        "kubb.lag-distance",
        "kubb.lag-both-broke-king-rule",
        "kubb.lag-tie",
        "kubb.inkast-outside",
        "kubb.placement-outside-half",
        "kubb.placement-near-king",
        "kubb.placement-near-pin",
        "kubb.opening-throwers",
        "kubb.too-few-players-for-thrower-rule",
        "kubb.player-listed-twice",
        "kubb.same-team-names",
        "kubb.no-time-limit",
        "kubb.time-called-already",
        "kubb.not-rescuable",
        "kubb.not-a-knight",
        "kubb.not-a-tower",
        "kubb.tower-behind-knights",
    ];

    /// The refusal's stable code, for the API and the pages' catalogs
    /// (the phone's rules twin, `web/kubb-rules.js`, gives the same).
    pub fn code(&self) -> &'static str {
        match self {
            RuleError::MatchOver { .. } => "kubb.match-over",
            RuleError::MatchDrawn => "kubb.match-drawn",
            RuleError::NotNow { .. } => "kubb.not-now",
            RuleError::NotAPlayer { .. } => "kubb.not-a-player",
            RuleError::NoSuchPiece(_) => "kubb.no-such-piece",
            RuleError::PointNotFinite { .. } => "kubb.point-not-finite",
            RuleError::NamedTwice(_) => "kubb.named-twice",
            RuleError::LagDistance => "kubb.lag-distance",
            RuleError::LagBothBrokeKingRule => "kubb.lag-both-broke-king-rule",
            RuleError::LagTie => "kubb.lag-tie",
            RuleError::InkastOutside { .. } => "kubb.inkast-outside",
            RuleError::PlacementOutsideHalf { .. } => "kubb.placement-outside-half",
            RuleError::PlacementNearKing { .. } => "kubb.placement-near-king",
            RuleError::PlacementNearPin { .. } => "kubb.placement-near-pin",
            RuleError::OpeningThrowers { .. } => "kubb.opening-throwers",
            RuleError::TooFewPlayersForThrowerRule { .. } => {
                "kubb.too-few-players-for-thrower-rule"
            }
            RuleError::PlayerListedTwice { .. } => "kubb.player-listed-twice",
            RuleError::SameTeamNames { .. } => "kubb.same-team-names",
            RuleError::NoTimeLimit => "kubb.no-time-limit",
            RuleError::TimeCalledAlready => "kubb.time-called-already",
            RuleError::NotRescuable { .. } => "kubb.not-rescuable",
            RuleError::NotAKnight { .. } => "kubb.not-a-knight",
            RuleError::NotATower { .. } => "kubb.not-a-tower",
            RuleError::TowerBehindKnights { .. } => "kubb.tower-behind-knights",
        }
    }

    /// The refusal's particulars by name, for its code's message: teams
    /// as their letters, pieces as their names (`A1`), points as their
    /// text, lengths in metres to the centimetre, counts as numbers.
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        let params = match self {
            RuleError::MatchOver { winner } => json!({ "winner": winner.to_string() }),
            RuleError::NotNow {
                action,
                phase,
                count,
                ..
            } => json!({ "action": action, "phase": phase, "count": count }),
            RuleError::NotAPlayer {
                player,
                team,
                team_name,
                players,
            } => json!({
                "player": player,
                "team": team.to_string(),
                "team_name": team_name,
                "players": players.join(", "),
            }),
            RuleError::NoSuchPiece(number) => json!({ "number": number }),
            // Not numbers in JSON: NaN or infinite.
            RuleError::PointNotFinite { x, y } => {
                json!({ "x": x.to_string(), "y": y.to_string() })
            }
            RuleError::NamedTwice(piece) => json!({ "piece": piece.to_string() }),
            RuleError::InkastOutside { at, half } => {
                json!({ "at": at.to_string(), "half": half.to_string() })
            }
            RuleError::PlacementOutsideHalf { at, team } => {
                json!({ "at": at.to_string(), "team": team.to_string() })
            }
            RuleError::PlacementNearKing {
                at,
                distance,
                minimum,
            } => json!({
                "at": at.to_string(),
                "distance": metres(*distance),
                "minimum": metres(*minimum),
            }),
            RuleError::PlacementNearPin {
                at,
                pin,
                distance,
                minimum,
                ruleset,
            } => json!({
                "at": at.to_string(),
                "pin": pin.to_string(),
                "distance": metres(*distance),
                "minimum": metres(*minimum),
                "ruleset": ruleset,
            }),
            RuleError::OpeningThrowers {
                player,
                sticks,
                players,
            } => json!({ "player": player, "sticks": sticks, "players": players }),
            RuleError::TooFewPlayersForThrowerRule { team, players } => {
                json!({ "team": team, "players": players })
            }
            RuleError::PlayerListedTwice { player } => json!({ "player": player }),
            RuleError::SameTeamNames { name } => json!({ "name": name }),
            RuleError::NotRescuable { piece, half } | RuleError::NotAKnight { piece, half } => {
                json!({ "piece": piece.to_string(), "half": half.to_string() })
            }
            RuleError::NotATower { piece, team } => {
                json!({ "piece": piece.to_string(), "team": team.to_string() })
            }
            RuleError::TowerBehindKnights {
                piece,
                team,
                knights,
            } => json!({
                "tower": piece.spot() + 1,
                "team": team.to_string(),
                "knights": knights,
            }),
            RuleError::MatchDrawn
            | RuleError::LagDistance
            | RuleError::LagBothBrokeKingRule
            | RuleError::LagTie
            | RuleError::NoTimeLimit
            | RuleError::TimeCalledAlready => json!({}),
        };
        match params {
            serde_json::Value::Object(params) => params,
            _ => unreachable!("the parameters are an object"),
        }
    }
}

/// Each team's five towers, on its baseline at the start of a game.
const INITIAL_TOWERS: [PieceSet; 2] =
    [PieceSet::started_on(Team::A), PieceSet::started_on(Team::B)];

/// `Match::standing_at` of a piece that does not stand.
const NOT_STANDING: Point = Point { x: 0.0, y: 0.0 };

/// The teams of a match that has not named them: A and B.
static UNNAMED_TEAMS: LazyLock<[TeamInfo; 2]> = LazyLock::new(|| {
    Team::BOTH.map(|team| TeamInfo {
        name: Name::new(&team.to_string()).expect("a team letter is a name"),
        players: Vec::new(),
    })
});

/// A match in progress or finished. Its state changes only by the rules
/// ([`Match::apply`], [`Match::act`]); a state not played to is built
/// with [`Match::builder`], which reaches it by the rules too.
///
/// ```
/// use kubb::{Event, Match, Ruleset, StickOutcome, Team, ToAct};
///
/// let started = Match::new(Ruleset::STANDARD)
///     .apply(&Event::Start { team: Team::A })
///     .unwrap();
/// // Team A's first stick fells the king while team B's towers stand:
/// // team A loses the game.
/// let king = Event::Stick {
///     player: "ann".into(),
///     outcome: StickOutcome::Hit { knights: vec![], towers: vec![], king: true },
/// };
/// let over = started.apply(&king).unwrap();
/// assert_eq!(over.games_won(Team::B), 1);
/// assert_eq!(over.to_act(), Some(ToAct::NextGame));
/// // No stick is thrown between games: the event is refused.
/// assert!(over.apply(&king).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    ruleset: Ruleset,
    field: Field,
    pieces: [Piece; 10],
    /// The pieces by what they are, kept with `pieces` by `set_piece`:
    /// the simulator asks these questions many times per stick.
    towers: [PieceSet; 2],
    knights: [PieceSet; 2],
    down: [PieceSet; 2],
    /// Where each standing piece stands (see [`Match::position`]), kept
    /// with `pieces` by `set_piece` too; the field's corner for a piece
    /// not standing (so that equal states compare equal).
    standing_at: [Point; 10],
    king_standing: bool,
    thrower: Team,
    turns: usize,
    sticks_thrown: u8,
    phase: Phase,
    /// The line each team was given; [`Match::line`] is the line it has
    /// now (a seed line whose knight fell is the baseline again).
    lines: [Line; 2],
    wins: [u8; 2],
    starter: Option<Team>,
    /// `None` until the teams are named: teams A and B, anyone throwing
    /// (a simulated match never names them, and allocates nothing).
    teams: Option<Arc<[TeamInfo; 2]>>,
    /// Whether the referee has called time (the time limit's tie-break
    /// then applies, to the rest of the match).
    time_called: bool,
    /// The players who threw sticks of this turn, kept only while the
    /// 2-4-6 thrower rule applies.
    turn_players: Vec<String>,
    /// Pieces this turn's inkast raised as knights: not rescuable.
    landed_this_turn: PieceSet,
}

impl Match {
    pub fn new(ruleset: Ruleset) -> Match {
        let field = Field::of(&ruleset);
        Match {
            ruleset,
            field,
            pieces: PieceId::ALL.map(|id| Piece::Tower {
                team: id.original_team(),
            }),
            towers: INITIAL_TOWERS,
            standing_at: PieceId::ALL.map(|id| field.tower_spot(id.original_team(), id.spot())),
            knights: [PieceSet::EMPTY; 2],
            down: [PieceSet::EMPTY; 2],
            king_standing: true,
            thrower: Team::A,
            turns: 0,
            sticks_thrown: 0,
            phase: Phase::StartingThrow,
            lines: [Line::Baseline; 2],
            wins: [0; 2],
            starter: None,
            teams: None,
            time_called: false,
            turn_players: Vec::new(),
            landed_this_turn: PieceSet::EMPTY,
        }
    }

    /// Whether the referee has called time.
    pub fn time_called(&self) -> bool {
        self.time_called
    }

    /// The rules this match is played by.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The field of the ruleset's size.
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// Whether the king stands (every game ends with it down).
    pub fn king_standing(&self) -> bool {
        self.king_standing
    }

    /// The team whose turn it is: it inkasts, then throws its sticks.
    pub fn thrower(&self) -> Team {
        self.thrower
    }

    /// Turns completed in this game (0 during the first turn).
    pub fn turns_completed(&self) -> usize {
        self.turns
    }

    /// Sticks the thrower has thrown in this turn.
    pub fn sticks_thrown(&self) -> u8 {
        self.sticks_thrown
    }

    /// The part of the turn the referee waits for.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Games `team` has won so far in the match.
    pub fn games_won(&self, team: Team) -> u8 {
        self.wins[team.index()]
    }

    /// The team that started the current game, once it is decided.
    pub fn starting_team(&self) -> Option<Team> {
        self.starter
    }

    /// A team's name and players.
    pub fn team_info(&self, team: Team) -> &TeamInfo {
        match &self.teams {
            Some(teams) => &teams[team.index()],
            None => &UNNAMED_TEAMS[team.index()],
        }
    }

    /// A counterfactual the calibration values the line by: the thrower
    /// throws the rest of this turn from its baseline instead of its
    /// advanced line. Always within the rules, which forbid only throwing
    /// from in front of the line; the model itself never chooses it.
    pub fn waive_advanced_line(&mut self) {
        self.lines[self.thrower.index()] = Line::Baseline;
    }

    /// Who acts next and on what; `None` once the match is over.
    pub fn to_act(&self) -> Option<ToAct> {
        if self.outcome().is_some() {
            return None;
        }
        Some(match &self.phase {
            Phase::StartingThrow => ToAct::StartingThrow,
            Phase::Inkast { queue, .. } => {
                let (piece, attempt) = queue.first().expect("an inkast phase has a piece to throw");
                ToAct::Team(self.thrower, Decision::Inkast { piece, attempt })
            }
            Phase::Placement { to_place } => ToAct::Team(
                self.thrower.other(),
                Decision::Placement {
                    piece: to_place
                        .first()
                        .expect("a placement phase has a piece to place"),
                },
            ),
            Phase::Throwing => ToAct::Team(self.thrower, Decision::Stick),
            Phase::GameOver(_) => ToAct::NextGame,
        })
    }

    /// The match winner, once a team has won enough games (or, time
    /// called, more games).
    pub fn winner(&self) -> Option<Team> {
        match self.outcome() {
            Some(Outcome::Won(team)) => Some(team),
            _ => None,
        }
    }

    /// How the match ended, once it has: a team has won enough games, or
    /// time was called under a tie-break that decides the game in progress
    /// and that game is over (the team with more games wins).
    pub fn outcome(&self) -> Option<Outcome> {
        // A match ends only as one of its games ends, so a game in
        // progress answers at once (this is asked before every action).
        if !matches!(self.phase, Phase::GameOver(_)) {
            return None;
        }
        let [a, b] = self.wins;
        let needed = self.ruleset.games_to_win;
        if a >= needed || b >= needed {
            return Some(Outcome::Won(if a >= needed { Team::A } else { Team::B }));
        }
        let decided_on_time = self.time_called
            && self
                .ruleset
                .time_limit
                .is_some_and(|limit| limit.tie_break.decides_at_turn_end());
        decided_on_time.then_some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Won(Team::A),
            std::cmp::Ordering::Less => Outcome::Won(Team::B),
            std::cmp::Ordering::Equal => Outcome::Drawn,
        })
    }

    /// Sticks the thrower has left in this turn.
    pub fn sticks_left(&self) -> u8 {
        self.ruleset.sticks_in_turn(self.turns) - self.sticks_thrown
    }

    pub fn piece(&self, id: PieceId) -> Piece {
        self.pieces[usize::from(id.0)]
    }

    /// Every piece, by number.
    pub fn pieces(&self) -> &[Piece; 10] {
        &self.pieces
    }

    /// The one way a piece changes, so that the sets and positions kept
    /// beside `pieces` stay true. Inlined: each caller knows what the
    /// piece becomes, and taking it out of every set needs no branch.
    #[inline]
    fn set_piece(&mut self, id: PieceId, piece: Piece) {
        let index = usize::from(id.0);
        for sets in [&mut self.towers, &mut self.knights, &mut self.down] {
            sets[0].remove(id);
            sets[1].remove(id);
        }
        self.standing_at[index] = match piece {
            Piece::Tower { team } => {
                self.towers[team.index()].insert(id);
                self.field.tower_spot(team, id.spot())
            }
            Piece::Knight { half, at } => {
                self.knights[half.index()].insert(id);
                at.unwrap_or(self.field.middle_of_half(half))
            }
            Piece::Down { half } => {
                self.down[half.index()].insert(id);
                NOT_STANDING
            }
            Piece::Removed => NOT_STANDING,
        };
        self.pieces[index] = piece;
    }

    /// [`Match::set_piece`] to `Piece::Down { half }` for each of
    /// `pieces` (what one stick felled), the sets changed once for all.
    fn fell(&mut self, pieces: PieceSet, half: Team) {
        for sets in [&mut self.towers, &mut self.knights] {
            sets[0] = sets[0].minus(pieces);
            sets[1] = sets[1].minus(pieces);
        }
        self.down[half.index()] = self.down[half.index()].union(pieces);
        for piece in pieces {
            let index = usize::from(piece.0);
            self.standing_at[index] = NOT_STANDING;
            self.pieces[index] = Piece::Down { half };
        }
    }

    /// Where a standing piece is: a tower on its spot, a knight where it
    /// landed (the middle of its half when that was not recorded); `None`
    /// for a piece down or removed.
    pub fn position(&self, piece: PieceId) -> Option<Point> {
        let standing = self.towers[0]
            .union(self.towers[1])
            .union(self.knights[0])
            .union(self.knights[1]);
        standing
            .contains(piece)
            .then_some(self.standing_at[usize::from(piece.0)])
    }

    /// Where `piece` stands, for a piece known to stand (the simulator's
    /// targets): [`Match::position`] without the check; the field's corner
    /// for a piece that does not.
    pub fn standing_at(&self, piece: PieceId) -> Point {
        self.standing_at[usize::from(piece.0)]
    }

    /// A team's towers still standing.
    pub fn standing_towers(&self, team: Team) -> PieceSet {
        self.towers[team.index()]
    }

    /// Whether `piece` stands as a knight in `half`.
    pub fn is_knight_in(&self, piece: PieceId, half: Team) -> bool {
        self.knights[half.index()].contains(piece)
    }

    /// Knights standing in `half`.
    pub fn standing_knights(&self, half: Team) -> PieceSet {
        self.knights[half.index()]
    }

    /// Pieces lying in `half`, to be inkasted by its team.
    pub fn down_in(&self, half: Team) -> PieceSet {
        self.down[half.index()]
    }

    /// Knights in `half` ordered from the one nearest the centre line; a
    /// knight without a known position comes after those with one.
    pub fn knights_foremost_first(&self, half: Team) -> Vec<PieceId> {
        let mut knights: Vec<PieceId> = self.standing_knights(half).into_iter().collect();
        knights.sort_by(|&a, &b| self.knight_depth(a).total_cmp(&self.knight_depth(b)));
        knights
    }

    /// The first of [`Match::knights_foremost_first`].
    pub fn foremost_knight(&self, half: Team) -> Option<PieceId> {
        // A loop rather than `min_by`: the simulator asks this before
        // every stick, and the loop compiles to conditional moves.
        let mut foremost = None;
        let mut nearest = f64::INFINITY;
        for knight in self.standing_knights(half) {
            let depth = self.knight_depth(knight);
            let nearer = foremost.is_none() || depth < nearest;
            nearest = if nearer { depth } else { nearest };
            foremost = if nearer { Some(knight) } else { foremost };
        }
        foremost
    }

    /// How far a knight stands from the centre line (unknown: infinitely).
    fn knight_depth(&self, knight: PieceId) -> f64 {
        match self.piece(knight) {
            Piece::Knight { at: Some(at), .. } => self.field.from_centre_line(at),
            _ => f64::INFINITY,
        }
    }

    /// What the thrower may hit now and have it count: the knights in the
    /// opponent's half, or, when none stands, the opponent's towers.
    pub fn counting_targets(&self) -> PieceSet {
        let opponent = self.thrower.other();
        let knights = self.standing_knights(opponent);
        if knights.is_empty() {
            self.standing_towers(opponent)
        } else {
            knights
        }
    }

    /// Whether the thrower may throw at the king with its next stick, and
    /// if not, why not.
    pub fn king_attack(&self) -> Result<(), KingNotYet> {
        let opponent = self.thrower.other();
        let knights = self.standing_knights(opponent).len();
        let towers = self.standing_towers(opponent).len();
        if knights > 0 || towers > 0 {
            return Err(KingNotYet::PiecesStanding {
                opponent,
                towers,
                knights,
            });
        }
        let needed = self.ruleset.king_sticks_in_hand;
        if self.sticks_left() < needed {
            return Err(KingNotYet::TooFewSticks {
                ruleset: self.ruleset.name,
                needed,
                thrower: self.thrower,
                left: self.sticks_left(),
            });
        }
        Ok(())
    }

    /// Applies one event; the state is unchanged when it is refused.
    pub fn apply(&self, event: &Event) -> Result<Match, RuleError> {
        self.refuse_when_over()?;
        self.check_player(event)?;
        self.check_opening_throwers(event)?;
        let mut next = self.clone();
        match Action::of(event)? {
            Some(action) => next.act(action)?,
            None => next.name_teams(event)?,
        }
        next.note_turn_player(self, event);
        Ok(next)
    }

    /// Whether the 2-4-6 thrower rule governs the turn in progress, and
    /// how many players its sticks need.
    fn opening_throwers_needed(&self) -> Option<usize> {
        let applies = self.ruleset.opening_thrower_rule
            && self.ruleset.opening == Opening::TwoFourSix
            && matches!(
                self.phase,
                Phase::Throwing | Phase::Inkast { .. } | Phase::Placement { .. }
            );
        match (applies, self.turns) {
            (true, 0) => Some(2),
            (true, 1) => Some(3),
            _ => None,
        }
    }

    /// A stick by a player who already threw in this turn is refused when
    /// the sticks left could no longer reach the players the rule needs.
    fn check_opening_throwers(&self, event: &Event) -> Result<(), RuleError> {
        let (Event::Stick { player, .. }, Some(needed)) = (event, self.opening_throwers_needed())
        else {
            return Ok(());
        };
        let repeated = self.turn_players.contains(player);
        let reachable = self.turn_players.len() + usize::from(self.sticks_left()) - 1;
        if repeated && reachable < needed {
            return Err(RuleError::OpeningThrowers {
                player: player.clone(),
                sticks: self.sticks_left() + self.sticks_thrown,
                players: needed,
            });
        }
        Ok(())
    }

    fn note_turn_player(&mut self, before: &Match, event: &Event) {
        if self.turns != before.turns || self.wins != before.wins || self.starter != before.starter
        {
            self.turn_players.clear();
        } else if let (Event::Stick { player, .. }, Some(_)) =
            (event, before.opening_throwers_needed())
        {
            if !self.turn_players.contains(player) {
                self.turn_players.push(player.clone());
            }
        }
    }

    /// Plays one action in place; the state is unchanged when it is refused.
    /// Always inlined, so that the simulator's action, made just before,
    /// is read from registers (see `simulate::next_action`).
    #[inline(always)]
    pub fn act(&mut self, action: Action) -> Result<(), RuleError> {
        self.refuse_when_over()?;
        match (&self.phase, action) {
            (Phase::StartingThrow, Action::StartingThrow { a, b }) => self.starting_throw(a, b),
            (Phase::StartingThrow, Action::Start(team)) => {
                self.start_game(team);
                Ok(())
            }
            (
                Phase::Inkast { .. },
                Action::Inkast {
                    landed_in,
                    at,
                    king_felled,
                },
            ) => self.inkast(landed_in, at, king_felled),
            (Phase::Placement { .. }, Action::Placement { at }) => self.placement(at),
            (Phase::Throwing, Action::Stick(hit)) => self.stick(hit),
            (Phase::GameOver(_), Action::NextGame) => {
                self.next_game();
                Ok(())
            }
            (Phase::Inkast { .. }, Action::Rescue(piece)) => self.rescue(piece),
            (_, Action::TimeCalled) => self.call_time(),
            (phase, action) => Err(RuleError::NotNow {
                attempted: action_name(action),
                expected: expectation(phase),
                action: action_key(action),
                phase: phase_key(phase),
                count: phase_count(phase),
            }),
        }
    }

    fn refuse_when_over(&self) -> Result<(), RuleError> {
        match self.outcome() {
            Some(Outcome::Won(winner)) => Err(RuleError::MatchOver { winner }),
            Some(Outcome::Drawn) => Err(RuleError::MatchDrawn),
            None => Ok(()),
        }
    }

    /// Time is called once, in a match with a time limit. A tie-break that
    /// decides at the end of the turn decides at once when no turn has
    /// begun: during the starting throw, or between games. (Called before
    /// the first stick of a started game, the turn is played first, as a
    /// notation record without a starting throw reads it.)
    fn call_time(&mut self) -> Result<(), RuleError> {
        let Some(limit) = self.ruleset.time_limit else {
            return Err(RuleError::NoTimeLimit);
        };
        if self.time_called {
            return Err(RuleError::TimeCalledAlready);
        }
        self.time_called = true;
        if limit.tie_break.decides_at_turn_end() && matches!(self.phase, Phase::StartingThrow) {
            self.decide_on_time(limit.tie_break);
        }
        Ok(())
    }

    /// The game in progress decided when time is up: by the towers each
    /// team has knocked (baseline count), or drawn.
    fn decide_on_time(&mut self, tie_break: TieBreak) {
        let knocked = |team: Team| 5 - self.standing_towers(team.other()).len();
        let (a, b) = (knocked(Team::A), knocked(Team::B));
        let winner = match (tie_break, a.cmp(&b)) {
            (TieBreak::BaselineCount, std::cmp::Ordering::Greater) => Some(Team::A),
            (TieBreak::BaselineCount, std::cmp::Ordering::Less) => Some(Team::B),
            _ => None,
        };
        let reason = match (tie_break, winner) {
            (TieBreak::BaselineCount, Some(team)) => EndReason::MoreTowersKnocked {
                team,
                more: a.max(b),
                fewer: a.min(b),
            },
            (TieBreak::BaselineCount, None) => EndReason::EqualTowersKnocked { towers: a },
            _ => EndReason::TimeCalled,
        };
        self.end_game(winner, reason);
    }

    /// The accelerated and sudden tie-breaks take the rear-most standing
    /// piece of `side` out of the game: a tower (lowest spot first), or
    /// else the knight farthest from the centre line.
    fn remove_rear_most(&mut self, side: Team) {
        let towers = self.standing_towers(side);
        let piece = towers.first().or_else(|| {
            self.standing_knights(side)
                .into_iter()
                .max_by(|&a, &b| self.knight_depth(a).total_cmp(&self.knight_depth(b)))
        });
        if let Some(piece) = piece {
            self.set_piece(piece, Piece::Removed);
        }
    }

    /// Whether time has been called under `tie_break`.
    fn tie_break_running(&self, tie_break: TieBreak) -> bool {
        self.time_called
            && self
                .ruleset
                .time_limit
                .is_some_and(|limit| limit.tie_break == tie_break)
    }

    fn rescue(&mut self, piece: PieceId) -> Result<(), RuleError> {
        let target = self.thrower.other();
        if !self.is_knight_in(piece, target) || self.landed_this_turn.contains(piece) {
            return Err(RuleError::NotRescuable {
                piece,
                half: target,
            });
        }
        self.set_piece(piece, Piece::Down { half: self.thrower });
        let Phase::Inkast { queue, .. } = &mut self.phase else {
            unreachable!("checked by act")
        };
        queue.push_back((piece, 1));
        Ok(())
    }

    fn name_teams(&mut self, event: &Event) -> Result<(), RuleError> {
        match (&self.phase, event) {
            (Phase::StartingThrow, Event::Teams { a, b }) if self.wins == [0, 0] => {
                TeamInfo::check_pair(&self.ruleset, a, b)?;
                self.teams = Some(Arc::new([a.clone(), b.clone()]));
                Ok(())
            }
            (phase, _) => Err(RuleError::NotNow {
                attempted: "naming the teams",
                expected: expectation(phase),
                action: "teams",
                phase: phase_key(phase),
                count: phase_count(phase),
            }),
        }
    }

    /// A player named in a team's list must throw for that team.
    fn check_player(&self, event: &Event) -> Result<(), RuleError> {
        let player = match event {
            Event::Stick { player, .. } | Event::Inkast { player, .. } => player,
            _ => return Ok(()),
        };
        let team = self.team_info(self.thrower);
        if team.fields(player) {
            return Ok(());
        }
        Err(RuleError::NotAPlayer {
            player: player.clone(),
            team: self.thrower,
            team_name: team.name.to_string(),
            players: team.players.iter().map(Name::to_string).collect(),
        })
    }

    fn starting_throw(&mut self, a: Lag, b: Lag) -> Result<(), RuleError> {
        let loses = |lag: Lag| match self.ruleset.king_in_starting_throw {
            KingInStartingThrow::TouchLoses => lag.king != KingContact::None,
            KingInStartingThrow::FellingLoses => lag.king == KingContact::Felled,
        };
        if !(a.distance >= 0.0 && b.distance >= 0.0) {
            return Err(RuleError::LagDistance);
        }
        let starter = match (loses(a), loses(b)) {
            (true, false) => Team::B,
            (false, true) => Team::A,
            (true, true) => return Err(RuleError::LagBothBrokeKingRule),
            (false, false) if a.distance < b.distance => Team::A,
            (false, false) if b.distance < a.distance => Team::B,
            _ => return Err(RuleError::LagTie),
        };
        self.start_game(starter);
        Ok(())
    }

    fn start_game(&mut self, starter: Team) {
        self.starter = Some(starter);
        self.thrower = starter;
        self.phase = Phase::Throwing;
        if self.tie_break_running(TieBreak::Sudden) {
            self.remove_rear_most(starter.other());
        }
    }

    /// The inkast (and any placements) done: the throwing phase begins,
    /// after the accelerated tie-break's removal.
    fn begin_throwing(&mut self) {
        self.phase = Phase::Throwing;
        if self.tie_break_running(TieBreak::Accelerated) {
            self.remove_rear_most(self.thrower.other());
        }
    }

    fn inkast(
        &mut self,
        landed_in: bool,
        at: Option<Point>,
        king_felled: bool,
    ) -> Result<(), RuleError> {
        finite(at)?;
        let target = self.thrower.other();
        if let (false, true, Some(point)) = (king_felled, landed_in, at) {
            if !self.field.in_half(target, point) {
                return Err(RuleError::InkastOutside {
                    at: point,
                    half: target,
                });
            }
        }
        let Phase::Inkast { queue, to_place } = &mut self.phase else {
            unreachable!("checked by act")
        };
        let (piece, attempt) = queue
            .pop_front()
            .expect("an inkast phase has a piece to throw");
        if !landed_in && attempt < self.ruleset.inkast_attempts {
            match self.ruleset.inkast_order {
                InkastOrder::PieceByPiece => queue.push_front((piece, attempt + 1)),
                InkastOrder::FirstAttemptsFirst => queue.push_back((piece, attempt + 1)),
            }
        } else if !landed_in {
            to_place.push_back(piece);
        }
        let inkast_done = queue.is_empty() && to_place.is_empty();
        if queue.is_empty() && !to_place.is_empty() {
            self.phase = Phase::Placement {
                to_place: std::mem::take(to_place),
            };
        }
        if king_felled {
            self.end_game(
                Some(target),
                EndReason::KingFelledByInkast {
                    thrower: self.thrower,
                },
            );
        } else {
            if landed_in {
                self.set_piece(piece, Piece::Knight { half: target, at });
                self.landed_this_turn.insert(piece);
            }
            if inkast_done {
                self.begin_throwing();
            }
        }
        Ok(())
    }

    fn placement(&mut self, at: Option<Point>) -> Result<(), RuleError> {
        finite(at)?;
        let defenders = self.thrower.other();
        if let Some(point) = at {
            if !self.field.in_half(defenders, point) {
                return Err(RuleError::PlacementOutsideHalf {
                    at: point,
                    team: defenders,
                });
            }
            let from_king = point.distance(self.field.king());
            if from_king < self.ruleset.placement_from_king {
                return Err(RuleError::PlacementNearKing {
                    at: point,
                    distance: from_king,
                    minimum: self.ruleset.placement_from_king,
                });
            }
            if let Some(minimum) = self.ruleset.placement_from_pins {
                let pins = self.field.pins();
                if let Some(&pin) = pins.iter().find(|pin| pin.distance(point) < minimum) {
                    return Err(RuleError::PlacementNearPin {
                        at: point,
                        pin,
                        distance: pin.distance(point),
                        minimum,
                        ruleset: self.ruleset.name,
                    });
                }
            }
        }
        let Phase::Placement { to_place } = &mut self.phase else {
            unreachable!("checked by act")
        };
        let piece = to_place
            .pop_front()
            .expect("a placement phase has a piece to place");
        let placed_all = to_place.is_empty();
        self.set_piece(
            piece,
            Piece::Knight {
                half: defenders,
                at,
            },
        );
        if placed_all {
            self.begin_throwing();
        }
        Ok(())
    }

    fn stick(&mut self, hit: Hit) -> Result<(), RuleError> {
        self.check_hit(hit)?;
        if hit.king {
            match self.king_attack() {
                Ok(()) => self.end_game(
                    Some(self.thrower),
                    EndReason::KingFelled {
                        thrower: self.thrower,
                    },
                ),
                Err(why) => self.end_game(
                    Some(self.thrower.other()),
                    EndReason::KingFelledTooEarly {
                        thrower: self.thrower,
                        why,
                    },
                ),
            }
            return Ok(());
        }
        self.fell(hit.knights.union(hit.towers), self.thrower.other());
        self.sticks_thrown += 1;
        if self.sticks_left() == 0 || self.five_for_five_forfeit() {
            self.end_turn();
        }
        Ok(())
    }

    /// The five-for-five forfeit (a tournament setting): in the first turn
    /// of a game, once every baseline kubb of the opponent is down, the
    /// batons left are forfeited, so the king cannot fall in the opening
    /// turn (U.S. tournament practice of 2013, `docs/kubb.md`).
    fn five_for_five_forfeit(&self) -> bool {
        self.ruleset.five_for_five
            && self.turns == 0
            && self.standing_towers(self.thrower.other()).is_empty()
    }

    /// Knights must stand in the opponent's half; towers must be the
    /// opponent's and may count only when no knight stands there, or, with
    /// the base-kubb double, when the same stick fells every knight left
    /// standing first. (When the king may be attacked nothing else stands,
    /// so a stick that fells the king fells nothing that counts with it.)
    fn check_hit(&self, hit: Hit) -> Result<(), RuleError> {
        let opponent = self.thrower.other();
        let knights = self.standing_knights(opponent);
        if let Some(piece) = hit.knights.minus(knights).first() {
            return Err(RuleError::NotAKnight {
                piece,
                half: opponent,
            });
        }
        if let Some(piece) = hit.towers.minus(self.standing_towers(opponent)).first() {
            return Err(RuleError::NotATower {
                piece,
                team: opponent,
            });
        }
        let double = self.ruleset.base_kubb_double && hit.knights == knights;
        if let (Some(piece), false, false) = (hit.towers.first(), knights.is_empty(), double) {
            return Err(RuleError::TowerBehindKnights {
                piece,
                team: opponent,
                knights: knights.len(),
            });
        }
        Ok(())
    }

    fn end_turn(&mut self) {
        if let Some(limit) = self.ruleset.time_limit {
            if self.time_called && limit.tie_break.decides_at_turn_end() {
                return self.decide_on_time(limit.tie_break);
            }
        }
        let finished = self.thrower;
        let next = finished.other();
        if self.ruleset.advanced_line == AdvancedLine::UntilThatKnightFalls {
            self.lines[next.index()] = self.kept_or_new_line(next);
        }
        self.thrower = next;
        self.turns += 1;
        self.sticks_thrown = 0;
        self.landed_this_turn = PieceSet::EMPTY;
        if self.ruleset.advanced_line == AdvancedLine::RecomputedEachTurn {
            self.lines[next.index()] = self.foremost_line(next);
        }
        if self.tie_break_running(TieBreak::Sudden) {
            self.remove_rear_most(finished);
        }
        let down = self.down_in(next);
        self.phase = if down.is_empty() {
            Phase::Throwing
        } else {
            Phase::Inkast {
                queue: down.iter().map(|piece| (piece, 1)).collect(),
                to_place: Queue::new(),
            }
        };
    }

    /// Seed: a line stays while its knight stands; otherwise it moves to
    /// the foremost knight left standing, or back to the baseline.
    fn kept_or_new_line(&self, team: Team) -> Line {
        match self.line(team) {
            Line::Baseline => self.foremost_line(team),
            kept => kept,
        }
    }

    fn foremost_line(&self, team: Team) -> Line {
        match self.foremost_knight(team) {
            None => Line::Baseline,
            Some(piece) => Line::AtKnight {
                piece,
                y: match self.piece(piece) {
                    Piece::Knight { at, .. } => at.map(|p| p.y),
                    _ => None,
                },
            },
        }
    }

    fn end_game(&mut self, winner: Option<Team>, reason: EndReason) {
        if let Some(winner) = winner {
            self.wins[winner.index()] += 1;
        }
        // A game ends with the king on the grass, legally or not, unless
        // time decided it.
        let on_time = matches!(
            reason,
            EndReason::MoreTowersKnocked { .. }
                | EndReason::EqualTowersKnocked { .. }
                | EndReason::TimeCalled
        );
        self.king_standing = on_time;
        self.phase = Phase::GameOver(GameEnd { winner, reason });
    }

    /// A fresh field for the next game of the match; the other team starts.
    fn next_game(&mut self) {
        let starter = self.starter.map_or(Team::A, Team::other);
        let (wins, teams, time_called) = (self.wins, self.teams.clone(), self.time_called);
        *self = Match::new(self.ruleset);
        self.wins = wins;
        self.teams = teams;
        self.time_called = time_called;
        self.start_game(starter);
    }

    /// A piece named by where it stands now, then by the name it started
    /// with: `knight A2 in team B's half at (1.50 m, 5.20 m)`, `tower B3 on
    /// team B's baseline, spot 3`.
    pub fn whereabouts(&self, piece: PieceId) -> String {
        match self.piece(piece) {
            Piece::Tower { team } => {
                format!(
                    "tower {piece} on team {team}'s baseline, spot {}",
                    piece.spot() + 1
                )
            }
            Piece::Knight { half, at: Some(at) } => {
                format!("knight {piece} in team {half}'s half at {at}")
            }
            Piece::Knight { half, at: None } => format!("knight {piece} in team {half}'s half"),
            Piece::Down { half } => format!("{piece}, down in team {half}'s half"),
            Piece::Removed => format!("{piece}, removed by the tie-break"),
        }
    }

    /// The line `team` was last given, whether or not its knight still
    /// stands (the simulator's own state keeps lines as this does).
    pub fn given_line(&self, team: Team) -> Line {
        self.lines[team.index()]
    }

    /// The line the current thrower throws from. The seed line is cleared
    /// as soon as its knight falls.
    pub fn line(&self, team: Team) -> Line {
        match self.lines[team.index()] {
            Line::AtKnight { piece, .. } if !self.is_knight_in(piece, team) => Line::Baseline,
            line => line,
        }
    }
}

/// What the rules ask of the teams of a match, checked when they are
/// named; names are compared in either case, as the referee reads them.
impl TeamInfo {
    /// Each player listed once; under the 2-4-6 thrower rule at least three
    /// players when the team lists any: either team may throw the 4-stick
    /// turn (the starting team changes from game to game), and with fewer
    /// that turn could never be finished.
    pub fn check(&self, ruleset: &Ruleset) -> Result<(), RuleError> {
        first_listed_twice(&self.players)?;
        let thrower_rule = ruleset.opening_thrower_rule && ruleset.opening == Opening::TwoFourSix;
        let players = self.players.len();
        if thrower_rule && (1..3).contains(&players) {
            return Err(RuleError::TooFewPlayersForThrowerRule {
                team: self.name.to_string(),
                players,
            });
        }
        Ok(())
    }

    /// The teams of a match as the rules take them: each team
    /// [`TeamInfo::check`]ed, `b` beside `a`.
    pub fn check_pair(ruleset: &Ruleset, a: &TeamInfo, b: &TeamInfo) -> Result<(), RuleError> {
        a.check(ruleset)?;
        b.check(ruleset)?;
        b.check_beside(a)
    }

    /// Another name than `other`'s, and no player of `other`'s (named as
    /// this team spells it).
    pub fn check_beside(&self, other: &TeamInfo) -> Result<(), RuleError> {
        if same_name(&self.name, &other.name) {
            return Err(RuleError::SameTeamNames {
                name: self.name.to_string(),
            });
        }
        // `other`'s first, so that a clash is named as this team spells it.
        let both: Vec<Name> = other.players.iter().chain(&self.players).cloned().collect();
        first_listed_twice(&both)
    }
}

fn same_name(x: &Name, y: &Name) -> bool {
    x.as_str().to_lowercase() == y.as_str().to_lowercase()
}

fn first_listed_twice(players: &[Name]) -> Result<(), RuleError> {
    for (i, player) in players.iter().enumerate() {
        if players[..i]
            .iter()
            .any(|earlier| same_name(earlier, player))
        {
            return Err(RuleError::PlayerListedTwice {
                player: player.to_string(),
            });
        }
    }
    Ok(())
}

fn action_name(action: Action) -> &'static str {
    match action {
        Action::StartingThrow { .. } => "a starting throw",
        Action::Start(_) => "choosing the starting team",
        Action::Inkast { .. } => "an inkast throw",
        Action::Placement { .. } => "placing a piece",
        Action::Stick(_) => "a stick throw",
        Action::NextGame => "starting the next game",
        Action::Rescue(_) => "a rescue",
        Action::TimeCalled => "calling time",
    }
}

/// The action's name in a refusal's parameters (as the event's type, in
/// kebab case).
fn action_key(action: Action) -> &'static str {
    match action {
        Action::StartingThrow { .. } => "starting-throw",
        Action::Start(_) => "start",
        Action::Inkast { .. } => "inkast",
        Action::Placement { .. } => "placement",
        Action::Stick(_) => "stick",
        Action::NextGame => "next-game",
        Action::Rescue(_) => "rescue",
        Action::TimeCalled => "time-called",
    }
}

/// The phase's name in a refusal's parameters.
fn phase_key(phase: &Phase) -> &'static str {
    match phase {
        Phase::StartingThrow => "starting-throw",
        Phase::Inkast { .. } => "inkast",
        Phase::Placement { .. } => "placement",
        Phase::Throwing => "throwing",
        Phase::GameOver(_) => "game-over",
    }
}

/// What the phase waits for, counted: the inkast throws or the pieces to
/// place still to come (0 for the other phases).
fn phase_count(phase: &Phase) -> usize {
    match phase {
        Phase::Inkast { queue, .. } => queue.len(),
        Phase::Placement { to_place } => to_place.len(),
        _ => 0,
    }
}

fn expectation(phase: &Phase) -> String {
    match phase {
        Phase::StartingThrow => "the game starts with the starting throw".into(),
        Phase::Inkast { queue, .. } => format!("{} inkast throw(s) come first", queue.len()),
        Phase::Placement { to_place } => format!(
            "the defenders must first place {} piece(s) that landed out twice",
            to_place.len()
        ),
        Phase::Throwing => "the thrower is throwing sticks".into(),
        Phase::GameOver(end) => format!("the game is over: {}", game_result(end)),
    }
}

/// `team A won (reason)` or `drawn (reason)`.
fn game_result(end: &GameEnd) -> String {
    match end.winner {
        Some(team) => format!("team {team} won ({})", end.reason),
        None => format!("drawn ({})", end.reason),
    }
}

impl fmt::Display for Match {
    /// A summary a referee can read out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ruleset {}, opening {}, games won A {} B {}{}",
            self.ruleset.name,
            self.ruleset.opening,
            self.wins[0],
            self.wins[1],
            if self.time_called {
                ", time called"
            } else {
                ""
            }
        )?;
        match &self.phase {
            Phase::GameOver(end) => writeln!(f, "game over: {}", game_result(end))?,
            Phase::StartingThrow => writeln!(f, "waiting for the starting throw")?,
            phase => writeln!(
                f,
                "turn {} of team {}: {}; {} stick(s) left",
                self.turns + 1,
                self.thrower,
                expectation(phase),
                self.sticks_left()
            )?,
        }
        for team in Team::BOTH {
            let info = self.team_info(team);
            if info.name.as_str() != team.to_string() || !info.players.is_empty() {
                let players: Vec<&str> = info.players.iter().map(Name::as_str).collect();
                writeln!(f, "team {team} is {} ({})", info.name, players.join(", "))?;
            }
            let towers = self.standing_towers(team).len();
            let knights = self.standing_knights(team).len();
            let down = self.down_in(team).len();
            let line = match self.line(team) {
                Line::Baseline => "baseline".to_string(),
                Line::AtKnight { piece, y: Some(y) } => {
                    format!("advanced to knight {piece} at y = {y:.2} m")
                }
                Line::AtKnight { piece, y: None } => format!("advanced to knight {piece}"),
            };
            writeln!(
                f,
                "team {team}: {towers} tower(s); half: {knights} knight(s) standing, {down} down; throwing line: {line}"
            )?;
        }
        if matches!(self.phase, Phase::Throwing) {
            let targets: Vec<String> = self
                .counting_targets()
                .iter()
                .map(|piece| self.whereabouts(piece))
                .collect();
            let king = match self.king_attack() {
                Ok(()) => "may be attacked now".to_string(),
                Err(why) => format!("not yet: {why}"),
            };
            let targets = if targets.is_empty() {
                "none".to_string()
            } else {
                targets.join("; ")
            };
            writeln!(f, "counting targets: {targets}")?;
            return write!(f, "king: standing, {king}");
        }
        write!(
            f,
            "king: {}",
            if self.king_standing {
                "standing"
            } else {
                "down"
            }
        )
    }
}

/// A point the rules take must be one a record can write (JSON has no NaN):
/// refused before anything changes.
fn finite(at: Option<Point>) -> Result<(), RuleError> {
    match at {
        Some(point) if !point.is_finite() => Err(RuleError::PointNotFinite {
            x: point.x,
            y: point.y,
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod refusal_codes {
    use super::*;

    /// One refusal of each kind: the list of codes holds each one's code
    /// once, and each one's parameters are what its words name.
    #[test]
    fn every_refusal_has_a_listed_code_and_its_particulars() {
        let at = Point { x: 1.0, y: 2.5 };
        let piece = PieceId(6);
        let refusals = [
            RuleError::MatchOver { winner: Team::B },
            RuleError::MatchDrawn,
            RuleError::NotNow {
                attempted: "a stick throw",
                expected: "2 inkast throw(s) come first".into(),
                action: "stick",
                phase: "inkast",
                count: 2,
            },
            RuleError::NotAPlayer {
                player: "eve".into(),
                team: Team::A,
                team_name: "Oaks".into(),
                players: vec!["ann".into(), "bob".into()],
            },
            RuleError::NoSuchPiece(12),
            RuleError::PointNotFinite {
                x: f64::NAN,
                y: 0.0,
            },
            RuleError::NamedTwice(piece),
            RuleError::LagDistance,
            RuleError::LagBothBrokeKingRule,
            RuleError::LagTie,
            RuleError::InkastOutside { at, half: Team::A },
            RuleError::PlacementOutsideHalf { at, team: Team::B },
            RuleError::PlacementNearKing {
                at,
                distance: 0.1234,
                minimum: 0.3,
            },
            RuleError::PlacementNearPin {
                at,
                pin: at,
                distance: 0.0,
                minimum: 0.3,
                ruleset: "seed",
            },
            RuleError::OpeningThrowers {
                player: "ann".into(),
                sticks: 4,
                players: 3,
            },
            RuleError::TooFewPlayersForThrowerRule {
                team: "Oaks".into(),
                players: 2,
            },
            RuleError::PlayerListedTwice {
                player: "ann".into(),
            },
            RuleError::SameTeamNames {
                name: "Oaks".into(),
            },
            RuleError::NoTimeLimit,
            RuleError::TimeCalledAlready,
            RuleError::NotRescuable {
                piece,
                half: Team::A,
            },
            RuleError::NotAKnight {
                piece,
                half: Team::A,
            },
            RuleError::NotATower {
                piece,
                team: Team::B,
            },
            RuleError::TowerBehindKnights {
                piece,
                team: Team::B,
                knights: 2,
            },
        ];
        let codes: Vec<&str> = refusals.iter().map(RuleError::code).collect();
        assert_eq!(codes, RuleError::CODES);
        let params = |index: usize| serde_json::Value::Object(refusals[index].params());
        assert_eq!(
            params(2),
            json!({ "action": "stick", "phase": "inkast", "count": 2 })
        );
        assert_eq!(
            params(12),
            json!({ "at": "(1.00 m, 2.50 m)", "distance": 0.12, "minimum": 0.3 })
        );
        assert_eq!(params(23), json!({ "tower": 2, "team": "B", "knights": 2 }));
        assert_eq!(params(1), json!({}));
    }
}
