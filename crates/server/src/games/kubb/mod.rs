//! A refereed Koning & Torens match as the server keeps it: the ruleset
//! fixed at creation and numbered events, each a referee event or an undo.
//! The state is the fold of the events over the Kubb rules engine.

mod game;
pub mod rated;
pub mod routes;
#[cfg(test)]
mod rules_twin;

use std::collections::{BTreeMap, BTreeSet};

use api::kubb::{
    ConfirmationState, Inkast, KingAttack, KubbKind, KubbState, Place, RatingCount,
    ResultConfirmation, TeamView,
};
use kubb::stats::player_stats;
use kubb::Queue;
use kubb::{
    EndReason, Field, Line, Match, Phase, Piece, PieceId, RuleError, Ruleset, Team,
    TournamentSettings,
};
use serde::{Deserialize, Serialize};

use crate::listing::{Listing, Outcome, Side};
use crate::seat::Seat;
use crate::status::Status;

/// What a match is created with. Matches stored before the tournament
/// settings existed have none and are played under the defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Stored and sent as its name, `seed` or `standard`.
    pub ruleset: Ruleset,
    #[serde(default)]
    pub tournament: TournamentSettings,
    /// Whether the result counts for the teams' and players' ratings
    /// (`ratings`); matches stored before ratings existed were not rated.
    #[serde(default)]
    pub rated: bool,
    /// Whether a rated result counts only once each team has confirmed it
    /// from the signed-in account of one of its players: every match made
    /// since accounts exist. A match stored before (the field missing)
    /// counts as it always did, so the upgrade keeps every rating.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub confirmed_by_accounts: bool,
}

impl Settings {
    /// The ruleset with the match's tournament settings.
    pub fn rules(&self) -> Ruleset {
        self.ruleset.with(&self.tournament)
    }
}

/// Everything that can happen in a refereed match, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Referee {
        event: kubb::Event,
    },
    /// Takes back the last referee event that is still in force.
    Undone,
    /// A team's phone (`by`), or the referee's (`by` none), agrees with
    /// the finished match's result or disputes it.
    Confirmed {
        #[serde(default)]
        by: Option<Team>,
        agree: bool,
        /// The account it was given from, when the one who gave it was
        /// signed in as one of the team's players.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
}

/// Who enters a match's events: its referee, or one team's phone,
/// opened by the team's link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scorer {
    Referee,
    Team(Team),
}

impl Scorer {
    /// The seat each scorer's token holds.
    pub const SEATS: [Seat; 3] = [Seat::Referee, Seat::Team(Team::A), Seat::Team(Team::B)];

    /// The scorer of a seat of a Kubb match; `None` for any other seat.
    pub fn of_seat(seat: &Seat) -> Option<Scorer> {
        match seat {
            Seat::Referee => Some(Scorer::Referee),
            Seat::Team(team) => Some(Scorer::Team(*team)),
            _ => None,
        }
    }
}

/// A match or event refused: by the rules (`kubb::RuleError`, typed), or
/// by the scorekeeping around them (who may enter what, nothing left to
/// undo), in plain words. Its text is what the API answers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Rules(#[from] RuleError),
    #[error(
        "a hit names what fell (knights, towers or the king); a stick that fells nothing is a miss"
    )]
    HitNamesNothing,
    #[error("there is nothing to undo")]
    NothingToUndo,
    #[error("the match is not over: there is no result to confirm yet")]
    NoResultYet,
    /// A team's phone entering what the other team (`acting`) throws.
    #[error("{team_name}'s phone enters its own team's throws and placements; this one is for {acting_name} (team {acting}) or the referee to enter")]
    OtherTeamsEntry {
        team_name: String,
        acting: kubb::Team,
        acting_name: String,
    },
    #[error("only the referee calls time or names the teams")]
    RefereeOnly,
}

impl Refusal {
    /// The refusal's stable code (the rules' own for theirs).
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Rules(error) => error.code(),
            Refusal::HitNamesNothing => api::Code::KubbHitNamesNothing.as_str(),
            Refusal::NothingToUndo => api::Code::KubbNothingToUndo.as_str(),
            Refusal::NoResultYet => api::Code::KubbNoResultYet.as_str(),
            Refusal::OtherTeamsEntry { .. } => api::Code::KubbOtherTeamsEntry.as_str(),
            Refusal::RefereeOnly => api::Code::KubbRefereeOnly.as_str(),
        }
    }

    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        match self {
            Refusal::Rules(error) => error.params(),
            Refusal::OtherTeamsEntry {
                team_name,
                acting,
                acting_name,
            } => serde_json::Map::from_iter([
                ("team_name".to_string(), team_name.as_str().into()),
                ("acting".to_string(), acting.to_string().into()),
                ("acting_name".to_string(), acting_name.as_str().into()),
            ]),
            _ => serde_json::Map::new(),
        }
    }
}

/// What a new entry must say beyond what a record may hold: a hit names
/// what fell. (A record may hold a hit that names nothing, as the
/// scorekeeper once stored one; it still replays, as a stick that felled
/// nothing. The phone's rules twin, `web/kubb-rules.js`, refuses such an
/// entry in the same words.)
pub fn check_entry(event: &kubb::Event) -> Result<(), Refusal> {
    if let kubb::Event::Stick {
        outcome:
            kubb::StickOutcome::Hit {
                knights,
                towers,
                king: false,
            },
        ..
    } = event
    {
        if knights.is_empty() && towers.is_empty() {
            return Err(Refusal::HitNamesNothing);
        }
    }
    Ok(())
}

/// The state of a match after its events.
#[derive(Clone, Debug)]
pub struct State {
    pub ruleset: Ruleset,
    /// The referee events in force (undone ones removed).
    pub events: Vec<kubb::Event>,
    pub current: Match,
    pub seq: i64,
    pub rated: bool,
    confirmed_by_accounts: bool,
    /// The teams' word on the result (A, B) and the referee's, since the
    /// match last finished.
    confirmations: [Option<bool>; 2],
    referee_confirmed: bool,
    /// The accounts that agreed for each team (A, B): those who confirmed
    /// signed in as one of the team's players.
    account_confirmations: [BTreeSet<String>; 2],
}

impl State {
    pub fn new(settings: &Settings) -> State {
        let ruleset = settings.rules();
        State {
            ruleset,
            events: Vec::new(),
            current: Match::new(ruleset),
            seq: 0,
            rated: settings.rated,
            confirmed_by_accounts: settings.confirmed_by_accounts,
            confirmations: [None; 2],
            referee_confirmed: false,
            account_confirmations: Default::default(),
        }
    }

    /// Whether a rated result counts for the ratings: the match is over
    /// and, when its settings ask for it, each team agreed from the account
    /// of one of its players. Until then it counts for nobody.
    pub fn counts_for_ratings(&self) -> bool {
        self.current.outcome().is_some()
            && (!self.confirmed_by_accounts
                || self
                    .account_confirmations
                    .iter()
                    .all(|agreed| !agreed.is_empty()))
    }

    /// The accounts that agreed with the result for `team`.
    pub fn agreed_for(&self, team: Team) -> &BTreeSet<String> {
        &self.account_confirmations[team.index()]
    }

    /// The team `account` plays in, when it is one of a team's players.
    pub fn team_of_player(&self, account: &str) -> Option<Team> {
        Team::BOTH.into_iter().find(|&team| {
            self.current
                .team_info(team)
                .players
                .iter()
                .any(|player| player.as_str() == account)
        })
    }

    /// Refuses an entry that `scorer` may not make: a team's phone enters
    /// what its own team decides now (its turn's inkasts, rescues and
    /// sticks, its placements), and the starting throw and the next game;
    /// only the referee calls time or takes entries back.
    pub fn check_scorer(&self, scorer: Scorer, event: &kubb::Event) -> Result<(), Refusal> {
        let Scorer::Team(team) = scorer else {
            return Ok(());
        };
        let acting = match (event, self.current.to_act()) {
            (kubb::Event::TimeCalled {} | kubb::Event::Teams { .. }, _) => None,
            (_, Some(kubb::ToAct::Team(acting, _))) => Some(acting),
            _ => Some(team),
        };
        match acting {
            Some(acting) if acting == team => Ok(()),
            Some(acting) => Err(Refusal::OtherTeamsEntry {
                team_name: self.current.team_info(team).name.to_string(),
                acting,
                acting_name: self.current.team_info(acting).name.to_string(),
            }),
            None => Err(Refusal::RefereeOnly),
        }
    }

    /// The confirmation of the result: waiting for the teams, confirmed
    /// (both teams agree, or the referee does), or disputed; `None` while
    /// the match goes on.
    pub fn confirmation(&self) -> Option<ResultConfirmation> {
        self.current.outcome()?;
        let [a, b] = self.confirmations;
        let state = if self.referee_confirmed || (a == Some(true) && b == Some(true)) {
            ConfirmationState::Confirmed
        } else if a == Some(false) || b == Some(false) {
            ConfirmationState::Disputed
        } else {
            ConfirmationState::Awaiting
        };
        let rating = if !self.rated {
            RatingCount::Unrated
        } else if self.counts_for_ratings() {
            RatingCount::Counted
        } else {
            RatingCount::Unconfirmed
        };
        Some(ResultConfirmation {
            a,
            b,
            referee: self.referee_confirmed,
            state,
            rating,
        })
    }

    /// Applies an event, or refuses it (in the rules' plain words) and
    /// changes nothing.
    pub fn apply(&mut self, event: &Event) -> Result<(), Refusal> {
        match event {
            Event::Referee { event } => {
                self.current = self.current.apply(event)?;
                self.events.push(event.clone());
                self.clear_confirmations();
            }
            Event::Undone => {
                if self.events.pop().is_none() {
                    return Err(Refusal::NothingToUndo);
                }
                self.current = self.replayed();
                self.clear_confirmations();
            }
            Event::Confirmed { by, agree, account } => {
                if self.current.outcome().is_none() {
                    return Err(Refusal::NoResultYet);
                }
                match by {
                    Some(team) => {
                        self.confirmations[team.index()] = Some(*agree);
                        let by_player = account.as_ref().filter(|name| {
                            self.current
                                .team_info(*team)
                                .players
                                .iter()
                                .any(|player| player.as_str() == name.as_str())
                        });
                        let agreed = &mut self.account_confirmations[team.index()];
                        if let Some(name) = by_player {
                            if *agree {
                                agreed.insert(name.clone());
                            } else {
                                agreed.remove(name);
                            }
                        }
                    }
                    None => self.referee_confirmed = *agree,
                }
            }
        }
        self.seq += 1;
        Ok(())
    }

    /// A changed result is confirmed anew.
    fn clear_confirmations(&mut self) {
        self.confirmations = [None; 2];
        self.referee_confirmed = false;
        self.account_confirmations = Default::default();
    }

    fn replayed(&self) -> Match {
        self.events
            .iter()
            .try_fold(Match::new(self.ruleset), |state, event| state.apply(event))
            .expect("events in force were each accepted in this order")
    }

    pub fn status(&self) -> Status {
        if self.current.outcome().is_some() {
            Status::Finished
        } else {
            Status::Active
        }
    }

    /// The stored result text: `A Vikings`, or `draw` (time called with
    /// the games level).
    /// What a list shows of the match.
    pub fn listing(&self) -> Listing {
        Listing {
            names: Team::BOTH.map(|team| Some(self.current.team_info(team).name.to_string())),
            outcome: self.current.outcome().map(|outcome| match outcome {
                kubb::Outcome::Won(Team::A) => Outcome::Won(Side::First),
                kubb::Outcome::Won(Team::B) => Outcome::Won(Side::Second),
                kubb::Outcome::Drawn => Outcome::Drawn,
            }),
            ..Listing::default()
        }
    }

    /// Each player's statistics, by name.
    pub fn stats(&self) -> BTreeMap<String, api::kubb::PlayerStats> {
        player_stats(self.ruleset, &self.events)
            .into_iter()
            .map(|(name, stats)| (name, (&stats).into()))
            .collect()
    }

    /// The community's measures per player and team (`docs/kubb.md`,
    /// "Statistics").
    pub fn community_stats(&self) -> kubb::stats::MatchStats {
        kubb::stats::match_stats(self.ruleset, &self.events)
    }

    /// The referee events in force with what they are played under: what
    /// the scorekeeper's rules twin replays to keep score offline.
    pub fn record(&self) -> api::kubb::KubbRecord {
        api::kubb::KubbRecord {
            seq: self.seq,
            ruleset: self.ruleset,
            settings: self.ruleset.settings(),
            events: self.events.clone(),
        }
    }

    /// The state as the API shows it.
    pub fn view(&self, id: &str) -> KubbState {
        let state = &self.current;
        let field = state.field();
        let king_attack = state.king_attack();
        KubbState {
            id: id.to_string(),
            kind: KubbKind::Kubb,
            status: self.status(),
            ruleset: self.ruleset,
            settings: self.ruleset.settings(),
            time_called: state.time_called(),
            teams: Team::BOTH
                .map(|team| {
                    let info = state.team_info(team);
                    TeamView {
                        team,
                        name: info.name.to_string(),
                        players: info.players.iter().map(ToString::to_string).collect(),
                        games_won: state.games_won(team),
                        line: line_view(state.line(team)),
                    }
                })
                .to_vec(),
            phase: phase_view(state.phase()),
            thrower: state.thrower(),
            starter: state.starting_team(),
            turn: state.turns_completed() as u64 + 1,
            sticks_left: state.sticks_left().into(),
            king_standing: state.king_standing(),
            king_attack: KingAttack {
                allowed: king_attack.is_ok(),
                reason: king_attack.err().map(|why| why.to_string()),
            },
            counting_targets: state
                .counting_targets()
                .iter()
                .map(|p| p.to_string())
                .collect(),
            pieces: PieceId::ALL
                .map(|id| piece_view(id, state.piece(id), field))
                .to_vec(),
            field: api::kubb::Field {
                length: field.length,
                width: field.width,
                king: field.king(),
                baselines: Team::BOTH.map(|team| field.baseline(team)),
            },
            winner: state.winner(),
            summary: state.to_string(),
            events: self.events.len() as u64,
            seq: self.seq,
            rated: self.rated,
            result_confirmation: self.confirmation(),
        }
    }
}

/// A team's throwing line as the view shows it.
fn line_view(line: Line) -> api::kubb::Line {
    match line {
        Line::Baseline => api::kubb::Line::Baseline,
        Line::AtKnight { piece, y } => api::kubb::Line::Knight {
            piece: piece.to_string(),
            y,
        },
    }
}

/// A game's phase as the view shows it: its kubbs by name.
fn phase_view(phase: &Phase) -> api::kubb::Phase {
    let names = |pieces: &Queue<PieceId>| pieces.iter().map(|piece| piece.to_string()).collect();
    match phase {
        Phase::StartingThrow => api::kubb::Phase::StartingThrow,
        Phase::Inkast { queue, to_place } => api::kubb::Phase::Inkast {
            queue: queue
                .iter()
                .map(|(piece, attempt)| Inkast {
                    piece: piece.to_string(),
                    attempt,
                })
                .collect(),
            to_place: names(to_place),
        },
        Phase::Placement { to_place } => api::kubb::Phase::Placement {
            to_place: names(to_place),
        },
        Phase::Throwing => api::kubb::Phase::Throwing,
        Phase::GameOver(end) => api::kubb::Phase::GameOver {
            winner: end.winner,
            reason: end.reason.to_string(),
            end: game_end_view(end.reason),
        },
    }
}

/// Why a game ended, as the view types it.
fn game_end_view(reason: EndReason) -> api::kubb::GameEnd {
    use api::kubb::GameEnd;
    match reason {
        EndReason::KingFelledByInkast { thrower } => GameEnd::KingFelledByInkast { thrower },
        EndReason::KingFelled { thrower } => GameEnd::KingFelled { thrower },
        EndReason::KingFelledTooEarly { thrower, .. } => GameEnd::KingFelledTooEarly { thrower },
        EndReason::MoreTowersKnocked { team, more, fewer } => {
            GameEnd::MoreTowersKnocked { team, more, fewer }
        }
        EndReason::EqualTowersKnocked { towers } => GameEnd::EqualTowersKnocked { towers },
        EndReason::TimeCalled => GameEnd::TimeCalled,
    }
}

/// A kubb as the view shows it: a tower on its spot of the field.
fn piece_view(id: PieceId, piece: Piece, field: &Field) -> api::kubb::Piece {
    let place = match piece {
        Piece::Tower { team } => Place::Tower {
            team,
            at: field.tower_spot(id.original_team(), id.spot()),
        },
        Piece::Knight { half, at } => Place::Knight { half, at },
        Piece::Down { half } => Place::Down { half },
        Piece::Removed => Place::Removed,
    };
    api::kubb::Piece {
        id: id.to_string(),
        number: id.0,
        place,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn undo_takes_back_exactly_the_last_event_in_force() {
        let mut state = State::new(&Settings {
            ruleset: Ruleset::SEED,
            tournament: TournamentSettings::default(),
            rated: false,
            confirmed_by_accounts: false,
        });
        let fresh = state.view("m");
        assert!(state.apply(&Event::Undone).is_err(), "nothing to undo");
        let start = Event::Referee {
            event: kubb::Event::Start { team: Team::B },
        };
        state.apply(&start).unwrap();
        assert_eq!(state.current.thrower(), Team::B);
        state.apply(&Event::Undone).unwrap();
        assert_eq!(state.current, Match::new(Ruleset::SEED));
        assert_eq!(state.view("m").phase, fresh.phase);
        assert_eq!(state.seq, 2, "undo is an event of its own");
    }

    /// A rated match made since accounts counts for the ratings once each
    /// team agreed from the account of one of its players: a phone's word
    /// alone, an account of no player, or the other team's player do not
    /// count, and a later entry clears what was said.
    #[test]
    fn a_result_counts_once_each_team_agreed_from_a_players_account() {
        let mut state = State::new(&Settings {
            ruleset: Ruleset::SEED,
            tournament: TournamentSettings::default(),
            rated: true,
            confirmed_by_accounts: true,
        });
        let team = |name: &str, player: &str| kubb::TeamInfo {
            name: kubb::Name::new(name).unwrap(),
            players: vec![kubb::Name::new(player).unwrap()],
        };
        let referee = |event| Event::Referee { event };
        let stick = |towers: Vec<u8>, king: bool| kubb::Event::Stick {
            player: "ann".into(),
            outcome: kubb::StickOutcome::Hit {
                knights: vec![],
                towers: towers.into_iter().map(PieceId).collect(),
                king,
            },
        };
        for event in [
            kubb::Event::Teams {
                a: team("Vikings", "ann"),
                b: team("Danes", "bob"),
            },
            kubb::Event::Start { team: Team::A },
            stick(vec![5, 6, 7, 8, 9], false),
            stick(vec![], true),
        ] {
            state.apply(&referee(event)).unwrap();
        }
        assert!(!state.counts_for_ratings(), "nobody confirmed");
        let confirm = |team, account: Option<&str>| Event::Confirmed {
            by: Some(team),
            agree: true,
            account: account.map(String::from),
        };
        for event in [
            confirm(Team::A, None),
            confirm(Team::B, Some("mallory")),
            confirm(Team::B, Some("ann")),
        ] {
            state.apply(&event).unwrap();
            assert!(!state.counts_for_ratings(), "{event:?}");
        }
        state.apply(&confirm(Team::A, Some("ann"))).unwrap();
        assert!(!state.counts_for_ratings(), "team B has not");
        state.apply(&confirm(Team::B, Some("bob"))).unwrap();
        assert!(state.counts_for_ratings());
        assert_eq!(state.confirmation().unwrap().rating, RatingCount::Counted);
        state.apply(&Event::Undone).unwrap();
        assert!(
            !state.counts_for_ratings(),
            "a changed result is confirmed anew"
        );
    }

    /// Under the seed rules a line advanced to a knight lasts until that
    /// knight falls, then is the baseline again (rule book, "Advanced
    /// throwing line"); the view shows that, not the line once set.
    #[test]
    fn the_view_shows_the_baseline_again_once_the_lines_knight_falls() {
        let mut state = State::new(&Settings {
            ruleset: Ruleset::SEED,
            tournament: TournamentSettings::default(),
            rated: false,
            confirmed_by_accounts: false,
        });
        let stick = |outcome| kubb::Event::Stick {
            player: "p".into(),
            outcome,
        };
        let miss = || stick(kubb::StickOutcome::Miss);
        let fells = |knights: Vec<u8>, towers: Vec<u8>| {
            stick(kubb::StickOutcome::Hit {
                knights: knights.into_iter().map(PieceId).collect(),
                towers: towers.into_iter().map(PieceId).collect(),
                king: false,
            })
        };
        let inkast = |y| kubb::Event::Inkast {
            player: "p".into(),
            landed_in: true,
            at: Some(kubb::Point { x: 2.0, y }),
            king_felled: false,
        };
        // A fells B2 and B3; B inkasts them into A's half at y = 2 and 3
        // and misses, so A's line advances to B3, the foremost; A misses.
        let mut events = vec![kubb::Event::Start { team: Team::A }];
        events.extend([fells(vec![], vec![6]), fells(vec![], vec![7])]);
        events.extend((0..4).map(|_| miss()));
        events.extend([inkast(2.0), inkast(3.0)]);
        events.extend((0..12).map(|_| miss()));
        for event in events {
            state.apply(&Event::Referee { event }).unwrap();
        }
        let line_of_a = |state: &State| {
            serde_json::to_value(state.view("m")).unwrap()["teams"][0]["line"].clone()
        };
        assert_eq!(
            line_of_a(&state),
            json!({ "at": "knight", "piece": "B3", "y": 3.0 })
        );
        // B's first stick fells B3, standing in A's half.
        state
            .apply(&Event::Referee {
                event: fells(vec![7], vec![]),
            })
            .unwrap();
        assert_eq!(line_of_a(&state), json!({ "at": "baseline" }));
    }
}
