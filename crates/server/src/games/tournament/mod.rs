//! A tournament as the server keeps it: settings fixed at creation and
//! numbered events, stored in the same tables as games (kind
//! `tournament`), so that it is durable, group-committed and served live
//! over `/api/games/{id}/ws` like any game. The state is the fold of the
//! events over the tournament library ([`tournament::Tournament`]); what
//! the server adds is who the entrants are (a Kubb team's players) and
//! which stored game or match each pairing is played in. Playing the
//! pairings (creating their games, taking their results) is in `games`.

mod game;
pub mod games;
mod rated;
pub mod routes;

use api::tournament::{
    AheadPairing, Course, CrosstableRow, Pairing, PairingRef, PitchView, ResultBy, Round,
    TournamentKind, TournamentState,
};
use guard_towers::TimeControl;
use serde::{Deserialize, Serialize};
use tournament::event::{PairingEntry, ResultEntry};
use tournament::pitches::{Day, Pitch, PitchError};
use tournament::tournament::Stage;
use tournament::{BaselineKubbs, GameKind, Name, Score, Tournament};

use crate::games::kubb as kubb_match;
use crate::listing::Listing;
use crate::status::Status;

/// The longest tournament title, in characters.
const MAX_TITLE_CHARS: usize = 80;

/// The most players a Kubb team registers (the rule book's teams are 1-6).
const MAX_PLAYERS: usize = 6;

/// What a tournament is created with; [`Settings::new`] is the one way to
/// make them, for the HTTP API and the store alike.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SettingsFields")]
pub struct Settings {
    pub title: String,
    /// The format, as the library and a tournament file have it.
    pub tournament: tournament::Settings,
    #[serde(flatten)]
    pub games: GameSettings,
    /// Who organises it, which decides whether its results are rated.
    pub owner: Owner,
}

/// Who owns a tournament: a signed-in organiser's account, or nobody (an
/// organiser token alone, whose results count for no rating). One stored
/// before accounts existed is rated as it always was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    #[default]
    BeforeAccounts,
    Account(String),
    Nobody,
}

impl Owner {
    /// Whether the tournament's results count for the ratings.
    pub fn rated(&self) -> bool {
        !matches!(self, Owner::Nobody)
    }

    /// The organiser's account, when one owns it.
    pub fn account(&self) -> Option<&str> {
        match self {
            Owner::Account(name) => Some(name),
            _ => None,
        }
    }
}

/// What every game or match of the tournament is played with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameSettings {
    /// Kubb: the ruleset of every match (default: the seed rules).
    #[serde(default)]
    pub ruleset: Option<kubb::Ruleset>,
    /// Kubb: every match's tournament settings, its time limit and
    /// tie-break included (default: the ruleset's).
    #[serde(default)]
    pub match_settings: Option<kubb::TournamentSettings>,
    /// Guard & Towers: the clock of every game.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
}

impl GameSettings {
    /// A Kubb match's settings: a rated tournament's matches are rated
    /// (`rated`), through the tournament's results.
    pub fn kubb_match(&self, rated: bool) -> kubb_match::Settings {
        let ruleset = self.ruleset.unwrap_or_default();
        kubb_match::Settings {
            ruleset,
            tournament: self.match_settings.unwrap_or_else(|| ruleset.settings()),
            rated,
            // Rated through the tournament's results, never on its own.
            confirmed_by_accounts: false,
        }
    }
}

#[derive(Deserialize)]
struct SettingsFields {
    title: String,
    tournament: tournament::Settings,
    #[serde(flatten)]
    games: GameSettings,
    #[serde(default)]
    owner: Owner,
}

impl TryFrom<SettingsFields> for Settings {
    type Error = Refusal;

    fn try_from(fields: SettingsFields) -> Result<Settings, Refusal> {
        Settings::new(fields.title, fields.tournament, fields.games, fields.owner)
    }
}

impl Settings {
    /// Checked settings: a printable title, a format the library accepts,
    /// Kubb settings only for Kubb and a clock only for Guard & Towers.
    pub fn new(
        title: String,
        tournament: tournament::Settings,
        games: GameSettings,
        owner: Owner,
    ) -> Result<Settings, Refusal> {
        let title = title.trim().to_string();
        if title.is_empty()
            || title.chars().count() > MAX_TITLE_CHARS
            || title.chars().any(char::is_control)
        {
            return Err(Refusal::check(
                api::Code::TournamentTitle,
                Some(MAX_TITLE_CHARS),
                format!("a title has 1-{MAX_TITLE_CHARS} printable characters"),
            ));
        }
        tournament
            .check()
            .map_err(tournament::TournamentError::from)?;
        match tournament.game {
            GameKind::Gt if games.ruleset.is_some() || games.match_settings.is_some() => {
                return Err(Refusal::check(
                    api::Code::TournamentKubbSettingsOnly,
                    None,
                    "a ruleset and match settings are for Kubb tournaments",
                ))
            }
            GameKind::Kubb if games.time_control.is_some() => {
                return Err(Refusal::check(
                    api::Code::TournamentTimeControlGtOnly,
                    None,
                    "a time control is for Guard & Towers tournaments",
                ))
            }
            _ => {}
        }
        Ok(Settings {
            title,
            tournament,
            games,
            owner,
        })
    }

    pub fn game(&self) -> GameKind {
        self.tournament.game
    }
}

/// An entrant: a Kubb team with its players, or a Guard & Towers player or
/// engine account, known by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: Name,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

/// Everything that happens to a tournament, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Registered {
        entrant: Entrant,
    },
    /// A bot account entered (Guard & Towers): its games seat it by its
    /// account token, and it learns of them from its event stream.
    BotRegistered {
        name: Name,
    },
    Withdrawn {
        name: Name,
    },
    /// A round paired, with the stored game or match each pairing is
    /// played in (`None` for a bye).
    RoundStarted {
        round: u32,
        pairings: Vec<PairingEntry>,
        games: Vec<Option<String>>,
    },
    /// A result: from the game that ended (`game`), or from the organiser.
    ResultRecorded {
        result: ResultEntry,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
    },
    /// The organiser's correction of a result.
    ResultCorrected {
        result: ResultEntry,
    },
    /// The organiser's pitches, in the order they are given out.
    PitchesSet {
        pitches: Vec<Pitch>,
    },
    /// A pairing's match began: its first event was entered, or the
    /// organiser marked it started. `index` counts from 0 in its round.
    PairingStarted {
        round: u32,
        index: usize,
    },
}

/// A command or event refused: by the tournament library
/// (`TournamentError`, typed), by the Kubb rules a team must keep (typed),
/// or by the server's own checks, in plain words. Its text is what the
/// API answers.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("{0}")]
    Tournament(#[from] tournament::TournamentError),
    #[error("{0}")]
    KubbTeam(#[from] kubb::RuleError),
    #[error("{0}")]
    Pitches(#[from] PitchError),
    /// One of the server's checks, with its code and particulars.
    #[error("{words}")]
    Check {
        code: api::Code,
        params: serde_json::Map<String, serde_json::Value>,
        words: String,
    },
    #[error("{0}")]
    Command(String),
}

impl Refusal {
    /// One of the server's checks, in `words`, said as `code` with the
    /// number its words name (`max`), if any.
    pub fn check(code: api::Code, max: Option<usize>, words: impl Into<String>) -> Refusal {
        Refusal::Check {
            code,
            params: max
                .map(|max| serde_json::Map::from_iter([("max".to_string(), max.into())]))
                .unwrap_or_default(),
            words: words.into(),
        }
    }

    /// The library's or the rules' own code, or the check's; the rest, in
    /// words, share one.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Tournament(error) => error.code(),
            Refusal::KubbTeam(error) => error.code(),
            Refusal::Pitches(error) => error.code(),
            Refusal::Check { code, .. } => code.as_str(),
            Refusal::Command(_) => api::Code::TournamentRefused.as_str(),
        }
    }

    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        match self {
            Refusal::Tournament(error) => error.params(),
            Refusal::KubbTeam(error) => error.params(),
            Refusal::Pitches(error) => error.params(),
            Refusal::Check { params, .. } => params.clone(),
            Refusal::Command(why) => {
                serde_json::Map::from_iter([("reason".to_string(), why.clone().into())])
            }
        }
    }
}

/// The state of a tournament after its events.
#[derive(Clone, Debug)]
pub struct State {
    pub settings: Settings,
    pub tournament: Tournament,
    /// In the order registered, as the library's entrants.
    pub entrants: Vec<Entrant>,
    /// Per round, per pairing: the stored game it is played in.
    pub games: Vec<Vec<Option<String>>>,
    /// Per round, per pairing: who gave the result it has now.
    pub results_by: Vec<Vec<Option<ResultBy>>>,
    /// The entrants that are bot accounts.
    pub bots: Vec<Name>,
    /// The pitches and each pairing's course through the day.
    pub day: Day,
    pub seq: i64,
}

impl State {
    pub fn new(settings: Settings) -> Result<State, Refusal> {
        let tournament = Tournament::new(settings.tournament)?;
        Ok(State {
            settings,
            tournament,
            entrants: Vec::new(),
            games: Vec::new(),
            results_by: Vec::new(),
            bots: Vec::new(),
            day: Day::default(),
            seq: 0,
        })
    }

    /// Applies an event at `at_ms`, or refuses it and changes nothing (the
    /// library checks an event before it takes effect); then the day
    /// follows: finished matches free their pitches, and waiting pairings
    /// are called to the free ones at that time.
    pub fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        self.apply_event(event, at_ms)?;
        self.day.follow(&self.tournament, at_ms);
        self.seq += 1;
        Ok(())
    }

    fn apply_event(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        match event {
            Event::Registered { entrant } => {
                self.check_players(entrant)?;
                self.tournament.add(entrant.name.clone())?;
                self.entrants.push(entrant.clone());
            }
            Event::BotRegistered { name } => {
                if self.settings.game() != GameKind::Gt {
                    return Err(Refusal::check(
                        api::Code::TournamentBotsPlayGtOnly,
                        None,
                        "bot accounts play Guard & Towers only",
                    ));
                }
                self.tournament.add(name.clone())?;
                self.entrants.push(Entrant {
                    name: name.clone(),
                    players: Vec::new(),
                });
                self.bots.push(name.clone());
            }
            Event::Withdrawn { name } => self.tournament.withdraw(name.clone())?,
            Event::RoundStarted {
                round,
                pairings,
                games,
            } => {
                if games.len() != pairings.len() {
                    return Err(Refusal::Command(
                        "every pairing needs its game (or none)".into(),
                    ));
                }
                self.tournament
                    .apply(tournament::Event::RoundPaired {
                        round: *round,
                        pairings: pairings.clone(),
                    })
                    .map_err(Refusal::from)?;
                self.results_by.push(vec![None; games.len()]);
                self.games.push(games.clone());
            }
            Event::ResultRecorded { result, game } => {
                self.tournament
                    .apply(tournament::Event::ResultRecorded(result.clone()))?;
                let by = if game.is_some() {
                    ResultBy::Game
                } else {
                    ResultBy::Organiser
                };
                self.set_result_by(result, |_| by);
            }
            Event::ResultCorrected { result } => {
                self.tournament
                    .apply(tournament::Event::ResultCorrected(result.clone()))?;
                // A game's result corrected is still a game played.
                self.set_result_by(result, |before| match before {
                    Some(ResultBy::Game | ResultBy::Corrected) => ResultBy::Corrected,
                    _ => ResultBy::Organiser,
                });
            }
            Event::PitchesSet { pitches } => self.day.set_pitches(pitches.clone())?,
            Event::PairingStarted { round, index } => self.day.start(*round, *index, at_ms)?,
        }
        Ok(())
    }

    /// Notes who gave the result of `result`'s pairing (found by round and
    /// names, in the pairing's order as the library stores them).
    fn set_result_by(
        &mut self,
        result: &ResultEntry,
        by: impl FnOnce(Option<ResultBy>) -> ResultBy,
    ) {
        let t = &self.tournament;
        let round = result.round as usize - 1;
        let Some(index) = t.rounds().get(round).and_then(|pairings| {
            pairings.iter().position(|p| {
                t.name(p.first) == &result.first
                    && p.second.map(|second| t.name(second)) == Some(&result.second)
            })
        }) else {
            return;
        };
        if let Some(slot) = self
            .results_by
            .get_mut(round)
            .and_then(|row| row.get_mut(index))
        {
            *slot = Some(by(*slot));
        }
    }

    fn check_players(&self, entrant: &Entrant) -> Result<(), Refusal> {
        match self.settings.game() {
            GameKind::Gt if !entrant.players.is_empty() => Err(Refusal::check(
                api::Code::TournamentGtEntrantAlone,
                None,
                "a Guard & Towers entrant is one player: no team players",
            )),
            GameKind::Kubb if entrant.players.len() > MAX_PLAYERS => Err(Refusal::check(
                api::Code::TournamentKubbTeamTooBig,
                Some(MAX_PLAYERS),
                format!("a Kubb team has at most {MAX_PLAYERS} players"),
            )),
            GameKind::Kubb => self.check_kubb_team(entrant),
            GameKind::Gt => Ok(()),
        }
    }

    /// A Kubb team the rules will take in every match it may be paired
    /// into: checked at registration, not when a round's matches are made.
    fn check_kubb_team(&self, entrant: &Entrant) -> Result<(), Refusal> {
        let team = self.kubb_team(entrant)?;
        let ruleset = self.settings.games.kubb_match(false).rules();
        team.check(&ruleset)?;
        for other in &self.entrants {
            team.check_beside(&self.kubb_team(other)?)?;
        }
        Ok(())
    }

    /// An entrant as a Kubb match's team, by the rules' own names (which
    /// say which rule a bad name breaks). The entrant is a record: its
    /// names were checked when they entered, and are read by the rule of
    /// stored names, so an entrant from before the identity rule still
    /// plays.
    pub fn kubb_team(&self, entrant: &Entrant) -> Result<kubb::TeamInfo, Refusal> {
        let name_of = |text: &str| {
            kubb::Name::stored(text).map_err(|error| Refusal::Command(format!("'{text}': {error}")))
        };
        Ok(kubb::TeamInfo {
            name: name_of(entrant.name.as_str())?,
            players: entrant
                .players
                .iter()
                .map(|player| name_of(player))
                .collect::<Result<_, _>>()?,
        })
    }

    pub fn status(&self) -> Status {
        if self.tournament.rounds().is_empty() {
            Status::Waiting
        } else if self.tournament.is_over() {
            Status::Finished
        } else {
            Status::Active
        }
    }

    /// The stored result text: the winner's name.
    /// What a list shows of the tournament: its winner once it is over.
    pub fn listing(&self) -> Listing {
        Listing {
            champion: (self.status() == Status::Finished)
                .then(|| self.tournament.standings())
                .and_then(|standings| standings.first().map(|s| s.name.to_string())),
            ..Listing::default()
        }
    }

    /// The pairings of the next round, or why it cannot be paired.
    pub fn next_round(&self) -> Result<(u32, Vec<PairingEntry>), Refusal> {
        let mut next = self.tournament.clone();
        next.pair()?;
        match next.events().last() {
            Some(tournament::Event::RoundPaired { round, pairings }) => {
                Ok((*round, pairings.clone()))
            }
            _ => Err(Refusal::Command("pairing made no round".into())),
        }
    }

    /// The event that records (or corrects, when it has one) the result of
    /// the pairing of `first` and `second`, given from `first`'s side.
    pub fn result_event(
        &self,
        first: &Name,
        second: &Name,
        score: Score,
        kubbs: Option<BaselineKubbs>,
        round: Option<u32>,
    ) -> Result<Event, Refusal> {
        let mut next = self.tournament.clone();
        next.record(first, second, score, kubbs, round)?;
        match next.events().last() {
            Some(tournament::Event::ResultRecorded(result)) => Ok(Event::ResultRecorded {
                result: result.clone(),
                game: None,
            }),
            Some(tournament::Event::ResultCorrected(result)) => Ok(Event::ResultCorrected {
                result: result.clone(),
            }),
            _ => Err(Refusal::Command("recording made no result".into())),
        }
    }

    /// The event that records the result of stored game `game`, its score
    /// and baseline kubbs from the first named's side; `None` when the
    /// game is no open pairing of this tournament.
    pub fn game_result_event(
        &self,
        game: &str,
        score: Score,
        kubbs: Option<BaselineKubbs>,
    ) -> Option<Event> {
        let (round, index) = self.pairing_of(game)?;
        let pairing = self.tournament.rounds()[round][index];
        if pairing.score.is_some() {
            return None;
        }
        Some(Event::ResultRecorded {
            result: ResultEntry {
                round: round as u32 + 1,
                first: self.tournament.name(pairing.first).clone(),
                second: self.tournament.name(pairing.second?).clone(),
                score,
                kubbs,
            },
            game: Some(game.to_string()),
        })
    }

    /// The event that marks the pairing played in stored game `game`
    /// playing; none when it is already playing or finished.
    pub fn start_event(&self, game: &str) -> Option<Event> {
        let (round, index) = self.pairing_of(game)?;
        let round = round as u32 + 1;
        let state = self.day.course(round, index)?.state();
        matches!(
            state,
            tournament::pitches::State::Waiting | tournament::pitches::State::Called
        )
        .then_some(Event::PairingStarted { round, index })
    }

    /// Round and index of the pairing played in `game`.
    fn pairing_of(&self, game: &str) -> Option<(usize, usize)> {
        self.games.iter().enumerate().find_map(|(round, games)| {
            games
                .iter()
                .position(|g| g.as_deref() == Some(game))
                .map(|index| (round, index))
        })
    }

    pub fn is_bot(&self, name: &Name) -> bool {
        self.bots.contains(name)
    }

    pub fn entrant(&self, name: &Name) -> Option<&Entrant> {
        self.entrants.iter().find(|entrant| &entrant.name == name)
    }

    /// A Kubb team's players.
    pub fn players_of(&self, name: &Name) -> Vec<String> {
        self.entrant(name)
            .map_or_else(Vec::new, |entrant| entrant.players.clone())
    }

    /// Every pairing still waiting for the result of its game.
    pub fn open_games(&self) -> Vec<String> {
        self.tournament
            .rounds()
            .iter()
            .zip(&self.games)
            .flat_map(|(pairings, games)| pairings.iter().zip(games))
            .filter(|(pairing, _)| pairing.score.is_none())
            .filter_map(|(_, game)| game.clone())
            .collect()
    }

    /// The tournament as the API shows it at `now_ms` (which says whether
    /// a long match is overdue).
    pub fn view(&self, id: &str, now_ms: i64) -> TournamentState {
        let t = &self.tournament;
        TournamentState {
            id: id.to_string(),
            kind: TournamentKind::Tournament,
            status: self.status(),
            title: self.settings.title.clone(),
            game: self.settings.game(),
            format: self.settings.tournament.format,
            settings: self.settings.tournament,
            ruleset: self.settings.games.ruleset,
            match_settings: self.settings.games.match_settings,
            time_control: self.settings.games.time_control,
            entrants: self
                .entrants
                .iter()
                .enumerate()
                .map(|(index, entrant)| api::tournament::Entrant {
                    name: entrant.name.clone(),
                    players: entrant.players.clone(),
                    withdrawn: t.withdrawn_after(index).is_some(),
                    bot: self.is_bot(&entrant.name),
                })
                .collect(),
            rounds: self.round_views(now_ms),
            standings: t.standings(),
            crosstable: self.crosstable(),
            has_bracket: t.settings().format.has_knockout(),
            seq: self.seq,
            organiser: self.settings.owner.account().map(str::to_string),
            rated: self.settings.owner.rated(),
            pitches: self.pitch_views(),
            ahead: self.ahead_views(now_ms),
        }
    }

    /// The next knockout round's matches decided before it is paired.
    fn ahead_views(&self, now_ms: i64) -> Vec<AheadPairing> {
        let t = &self.tournament;
        let round = t.rounds().len() + 1;
        let Some(courses) = self.day.rounds().get(round - 1) else {
            return Vec::new();
        };
        courses
            .iter()
            .enumerate()
            .filter_map(|(index, course)| match course.teams() {
                &[first, second] => Some(AheadPairing {
                    pairing: PairingRef {
                        round: round as u32,
                        index,
                        first: t.name(first).clone(),
                        second: t.name(second).clone(),
                    },
                    course: self.course_view(round as u32, index, now_ms),
                }),
                _ => None,
            })
            .collect()
    }

    /// A pairing's course through the day, as the API shows it at
    /// `now_ms`. `round` counts from 1, `index` from 0.
    pub fn course_view(&self, round: u32, index: usize, now_ms: i64) -> Course {
        let course = self.day.course(round, index);
        let due_at = self.day.due_at(round, index, self.time_limit_ms());
        Course {
            state: course.map_or(tournament::pitches::State::Waiting, |c| c.state()),
            pitch: course.and_then(|c| c.pitch().cloned()),
            called_at: course.and_then(|c| c.called_at()),
            started_at: course.and_then(|c| c.started_at()),
            finished_at: course.and_then(|c| c.finished_at()),
            due_at,
            overdue: due_at.is_some_and(|due| now_ms > due),
        }
    }

    /// A Kubb match's time limit, which a playing match is flagged past.
    fn time_limit_ms(&self) -> Option<i64> {
        if self.settings.game() != GameKind::Kubb {
            return None;
        }
        let settings = self.settings.games.kubb_match(false).tournament;
        settings
            .time_limit
            .map(|limit| i64::from(limit.minutes) * 60_000)
    }

    /// Each pitch with the pairing called to it or playing on it.
    pub fn pitch_views(&self) -> Vec<PitchView> {
        let t = &self.tournament;
        self.day
            .pitches()
            .iter()
            .map(|pitch| PitchView {
                name: pitch.name.clone(),
                in_play: pitch.in_play,
                pairing: self.day.on(&pitch.name).and_then(|(round, index)| {
                    let &[first, second] = self.day.course(round, index)?.teams() else {
                        return None;
                    };
                    Some(PairingRef {
                        round,
                        index,
                        first: t.name(first).clone(),
                        second: t.name(second).clone(),
                    })
                }),
            })
            .collect()
    }

    /// Round (from 1) and index of the pairing of `first` and `second`,
    /// in `round` or the latest round that pairs them (a knockout match
    /// decided ahead of its round included).
    pub fn pairing_between(
        &self,
        first: &Name,
        second: &Name,
        round: Option<u32>,
    ) -> Result<(u32, usize), Refusal> {
        let t = &self.tournament;
        let meets = |p: &tournament::tournament::Pairing| {
            let names = (t.name(p.first), p.second.map(|s| t.name(s)));
            names == (first, Some(second)) || names == (second, Some(first))
        };
        let ahead = self
            .ahead_views(0)
            .into_iter()
            .map(|ahead| ahead.pairing)
            .find(|p| {
                let names = (&p.first, &p.second);
                names == (first, second) || names == (second, first)
            })
            .filter(|p| round.is_none_or(|round| round == p.round))
            .map(|p| (p.round, p.index));
        let paired = t
            .rounds()
            .iter()
            .enumerate()
            .rev()
            .filter(|(r, _)| round.is_none_or(|round| round as usize == r + 1))
            .find_map(|(r, pairings)| {
                pairings
                    .iter()
                    .position(meets)
                    .map(|index| (r as u32 + 1, index))
            });
        ahead.or(paired).ok_or_else(|| {
            tournament::TournamentError::NoSuchPairing {
                first: first.clone(),
                second: second.clone(),
                round,
            }
            .into()
        })
    }

    fn round_views(&self, now_ms: i64) -> Vec<Round> {
        let t = &self.tournament;
        let name = |entrant: usize| t.name(entrant).clone();
        t.rounds()
            .iter()
            .zip(self.games.iter().zip(&self.results_by))
            .enumerate()
            .map(|(round, (pairings, (games, results_by)))| Round {
                round: round as u32 + 1,
                stage: stage_view(t.stage(round)),
                pairings: pairings
                    .iter()
                    .zip(games.iter().zip(results_by))
                    .enumerate()
                    .map(|(index, (pairing, (game, result_by)))| Pairing {
                        first: name(pairing.first),
                        second: pairing.second.map(name),
                        score: pairing.score,
                        kubbs: pairing.kubbs,
                        winner: pairing
                            .winner()
                            .filter(|_| pairing.second.is_some())
                            .map(name),
                        game: game.clone(),
                        result_by: pairing.score.and(*result_by),
                        course: self.course_view(round as u32 + 1, index, now_ms),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Each entrant's scores against each other, from the row's side.
    fn crosstable(&self) -> Vec<CrosstableRow> {
        let t = &self.tournament;
        let n = t.entrant_count();
        let mut rows: Vec<CrosstableRow> = (0..n)
            .map(|entrant| CrosstableRow {
                name: t.name(entrant).clone(),
                results: vec![Vec::new(); n],
            })
            .collect();
        for pairing in t.rounds().iter().flatten() {
            let (Some(second), Some(score)) = (pairing.second, pairing.score) else {
                continue;
            };
            rows[pairing.first].results[second].push(score);
            rows[second].results[pairing.first].push(score.reversed());
        }
        rows
    }
}

/// The stage a round belongs to, as the view shows it.
fn stage_view(stage: Stage) -> api::tournament::Stage {
    match stage {
        Stage::Main => api::tournament::Stage::Main,
        Stage::Pool => api::tournament::Stage::Pool,
        Stage::Knockout { .. } => api::tournament::Stage::Knockout,
    }
}

#[cfg(test)]
mod tests {
    use tournament::format::Format;

    use super::*;

    fn settings(game: GameKind, format: Format) -> Settings {
        let format = tournament::Settings::new(game, format, None, None, None, false).unwrap();
        Settings::new(
            "Open".into(),
            format,
            GameSettings::default(),
            Owner::Nobody,
        )
        .unwrap()
    }

    fn registered(name: &str) -> Event {
        Event::Registered {
            entrant: Entrant {
                name: name.parse().unwrap(),
                players: Vec::new(),
            },
        }
    }

    /// A name stored before the one rule of names (tournaments took 64
    /// characters, the rule takes 40) is read back as it was written: the
    /// record still replays. A new one is refused where it enters (the
    /// registration's 422, `tests/tournaments.rs`).
    #[test]
    fn a_name_stored_before_the_rule_still_replays() {
        let long = "x".repeat(64);
        let body = serde_json::to_string(&registered("ann"))
            .unwrap()
            .replace("ann", &long);
        let mut state = State::new(settings(GameKind::Gt, Format::RoundRobin)).unwrap();
        let event: Event = serde_json::from_str(&body).unwrap();
        state.apply(&event, 0).unwrap();
        let name = Name::recorded(&long).unwrap();
        assert!(state.entrant(&name).is_some());
        let too_long = body.replace(&long, &"x".repeat(65));
        assert!(serde_json::from_str::<Event>(&too_long).is_err());
    }

    /// A refused event leaves the state as it was: the same view, the same
    /// event count.
    #[test]
    fn a_refused_event_changes_nothing() {
        let mut state = State::new(settings(GameKind::Gt, Format::RoundRobin)).unwrap();
        state.apply(&registered("ann"), 0).unwrap();
        let before = state.view("t", 0);
        assert!(state.apply(&registered("ann"), 0).is_err(), "a duplicate");
        let with_players = Event::Registered {
            entrant: Entrant {
                name: "bob".parse().unwrap(),
                players: vec!["bob".into()],
            },
        };
        assert!(state.apply(&with_players, 0).is_err(), "G&T has no teams");
        assert_eq!(state.view("t", 0), before);
    }

    /// A game's result is taken once, for the pairing it was created for,
    /// and only while that pairing is open.
    #[test]
    fn a_game_result_goes_to_its_own_open_pairing_only() {
        let mut state = State::new(settings(GameKind::Gt, Format::RoundRobin)).unwrap();
        for name in ["ann", "bob"] {
            state.apply(&registered(name), 0).unwrap();
        }
        let (round, pairings) = state.next_round().unwrap();
        state
            .apply(
                &Event::RoundStarted {
                    round,
                    pairings,
                    games: vec![Some("g1".into())],
                },
                0,
            )
            .unwrap();
        assert_eq!(state.open_games(), ["g1"]);
        let win: Score = "1-0".parse().unwrap();
        assert_eq!(state.game_result_event("g2", win, None), None);
        let event = state.game_result_event("g1", win, None).unwrap();
        state.apply(&event, 0).unwrap();
        assert_eq!(state.game_result_event("g1", win, None), None, "already in");
        assert!(state.open_games().is_empty());
        assert_eq!(state.status(), Status::Finished);
        assert_eq!(
            state.listing().champion.as_deref(),
            Some(state.view("t", 0).standings[0].name.as_str())
        );
    }

    /// Each pairing says who gave its result: the game that ended, the
    /// organiser who typed it (no game played to it), or the organiser's
    /// correction of a game's result.
    #[test]
    fn a_pairing_says_who_gave_its_result() {
        let mut state = State::new(settings(GameKind::Kubb, Format::RoundRobin)).unwrap();
        for name in ["ann", "bob", "cy", "dee"] {
            state.apply(&registered(name), 0).unwrap();
        }
        let (round, pairings) = state.next_round().unwrap();
        let names: Vec<(Name, Name)> = pairings
            .iter()
            .map(|p| (p.first.clone(), p.second.clone().unwrap()))
            .collect();
        state
            .apply(
                &Event::RoundStarted {
                    round,
                    pairings,
                    games: vec![Some("g1".into()), Some("g2".into())],
                },
                0,
            )
            .unwrap();
        let by = |state: &State| -> Vec<Option<ResultBy>> {
            state.view("t", 0).rounds[0]
                .pairings
                .iter()
                .map(|p| p.result_by)
                .collect()
        };
        assert_eq!(by(&state), [None, None], "no result yet");
        let win: Score = "1-0".parse().unwrap();
        state
            .apply(&state.game_result_event("g1", win, None).unwrap(), 0)
            .unwrap();
        // The organiser types the other result, given from the second
        // named's side.
        let (first, second) = &names[1];
        let typed = state
            .result_event(second, first, "1-1".parse().unwrap(), None, None)
            .unwrap();
        state.apply(&typed, 0).unwrap();
        assert_eq!(
            by(&state),
            [Some(ResultBy::Game), Some(ResultBy::Organiser)]
        );
        let (first, second) = &names[0];
        let correction = state
            .result_event(first, second, "0-1".parse().unwrap(), None, None)
            .unwrap();
        assert!(matches!(correction, Event::ResultCorrected { .. }));
        state.apply(&correction, 0).unwrap();
        let typed_again = state
            .result_event(&names[1].0, &names[1].1, "2-0".parse().unwrap(), None, None)
            .unwrap();
        state.apply(&typed_again, 0).unwrap();
        assert_eq!(
            by(&state),
            [Some(ResultBy::Corrected), Some(ResultBy::Organiser)],
            "a correction of a played game, and of a typed result"
        );
        let json = serde_json::to_value(state.view("t", 0)).unwrap();
        assert_eq!(json["rounds"][0]["pairings"][1]["result_by"], "organiser");
    }

    /// Settings are checked whichever way they arrive, the store included.
    #[test]
    fn stored_settings_are_checked_again() {
        let stored = r#"{"title":"","tournament":{"game":"gt","format":"swiss"},"ruleset":null,"time_control":null}"#;
        assert!(serde_json::from_str::<Settings>(stored).is_err());
        let good = serde_json::to_string(&settings(GameKind::Kubb, Format::Knockout)).unwrap();
        assert_eq!(
            serde_json::from_str::<Settings>(&good).unwrap(),
            settings(GameKind::Kubb, Format::Knockout)
        );
    }
}
