//! The tournament: a fold of its events. [`Tournament::apply`] is the one
//! place an event is checked and takes effect; the commands (`add`,
//! `withdraw`, `pair`, `record`) work out their event, apply it and keep it,
//! so that [`Tournament::events`] is always the complete history and
//! replaying it gives the same tournament. The tournament's shape is in
//! `stages`, the pairing of the next round in `pairing`.

use serde_json::json;
use thiserror::Error;

use crate::event::{Event, PairingEntry, ResultEntry, TournamentFile, FILE_VERSION};
use crate::format::{Format, Settings, SettingsError};
use crate::name::Name;
use crate::score::{BaselineKubbs, Outcome, Score};

#[derive(Clone, Debug, PartialEq, Error)]
pub enum TournamentError {
    #[error("the file's version is {0}; this towers reads version {FILE_VERSION}")]
    Version(u32),
    #[error("the first event must create the tournament")]
    NotCreated,
    #[error("the tournament is already created")]
    AlreadyCreated,
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error("unknown entrant '{0}'")]
    UnknownEntrant(Name),
    #[error("'{0}' is already entered")]
    Duplicate(Name),
    #[error("'{0}' has already withdrawn")]
    AlreadyWithdrawn(Name),
    #[error("a {0} takes no new entrants once the first round is paired")]
    LateEntry(Format),
    #[error("{0} entrants are too few (at least {1} are needed)")]
    TooFew(usize, usize),
    #[error("round {round} is not finished: {first} - {second} has no result")]
    RoundOpen {
        round: u32,
        first: Name,
        second: Name,
    },
    #[error("the tournament is over")]
    Over,
    #[error("no pairing without a repeat exists for the next round")]
    Unpairable,
    #[error("a Swiss of {entrants} entrants has at most {most} rounds without a repeat, not {rounds}: give fewer rounds")]
    TooManyRounds {
        rounds: usize,
        entrants: usize,
        most: usize,
    },
    #[error("round {0} cannot be paired now (the next round is {1})")]
    WrongRound(u32, u32),
    #[error("'{0}' cannot be paired: withdrawn or paired twice in the round")]
    BadPairing(Name),
    #[error("no pairing {first} - {second}{}", round.map(|r| format!(" in round {r}")).unwrap_or_default())]
    NoSuchPairing {
        first: Name,
        second: Name,
        round: Option<u32>,
    },
    #[error("{score} is not a {game} result")]
    ScoreNotForGame { score: Score, game: crate::GameKind },
    #[error("baseline kubbs are for Kubb tournaments only")]
    KubbsNotKubb,
    #[error("a knockout match needs a winner, not {0}")]
    NeedsWinner(Score),
    #[error("{first} - {second} already has a result; a correction replaces it")]
    AlreadyRecorded { first: Name, second: Name },
    #[error("{first} - {second} has no result to correct")]
    NothingToCorrect { first: Name, second: Name },
    #[error("this result cannot change: round {0} was paired from it")]
    Settled(u32),
    #[error("'{0}' won a knockout match but is not in the bracket (a round paired by hand?)")]
    NotInBracket(Name),
}

impl TournamentError {
    /// Every code a tournament's refusal may carry, in the order of the
    /// variants (a setting's refusal by its own).
    pub const CODES: &[&str] = &[
        "tournament.file-version",
        "tournament.not-created",
        "tournament.already-created",
        "tournament.unknown-format",
        "tournament.rounds-not-swiss",
        "tournament.pools-not-pools",
        "tournament.third-place-no-knockout",
        "tournament.setting-zero",
        "tournament.unknown-entrant",
        "tournament.already-entered",
        "tournament.already-withdrawn",
        "tournament.late-entry",
        "tournament.too-few",
        "tournament.round-open",
        "tournament.over",
        "tournament.unpairable",
        "tournament.too-many-rounds",
        "tournament.wrong-round",
        "tournament.bad-pairing",
        "tournament.no-such-pairing",
        "tournament.score-not-for-game",
        "tournament.kubbs-not-kubb",
        "tournament.needs-winner",
        "tournament.already-recorded",
        "tournament.nothing-to-correct",
        "tournament.settled",
        "tournament.not-in-bracket",
    ];

    /// The refusal's stable code, for the API and the pages' catalogs.
    pub fn code(&self) -> &'static str {
        match self {
            TournamentError::Version(_) => "tournament.file-version",
            TournamentError::NotCreated => "tournament.not-created",
            TournamentError::AlreadyCreated => "tournament.already-created",
            TournamentError::Settings(error) => error.code(),
            TournamentError::UnknownEntrant(_) => "tournament.unknown-entrant",
            TournamentError::Duplicate(_) => "tournament.already-entered",
            TournamentError::AlreadyWithdrawn(_) => "tournament.already-withdrawn",
            TournamentError::LateEntry(_) => "tournament.late-entry",
            TournamentError::TooFew(..) => "tournament.too-few",
            TournamentError::RoundOpen { .. } => "tournament.round-open",
            TournamentError::Over => "tournament.over",
            TournamentError::Unpairable => "tournament.unpairable",
            TournamentError::TooManyRounds { .. } => "tournament.too-many-rounds",
            TournamentError::WrongRound(..) => "tournament.wrong-round",
            TournamentError::BadPairing(_) => "tournament.bad-pairing",
            TournamentError::NoSuchPairing { .. } => "tournament.no-such-pairing",
            TournamentError::ScoreNotForGame { .. } => "tournament.score-not-for-game",
            TournamentError::KubbsNotKubb => "tournament.kubbs-not-kubb",
            TournamentError::NeedsWinner(_) => "tournament.needs-winner",
            TournamentError::AlreadyRecorded { .. } => "tournament.already-recorded",
            TournamentError::NothingToCorrect { .. } => "tournament.nothing-to-correct",
            TournamentError::Settled(_) => "tournament.settled",
            TournamentError::NotInBracket(_) => "tournament.not-in-bracket",
        }
    }

    /// The refusal's particulars by name, for its code's message: names,
    /// scores, formats and games as their text, rounds and counts as
    /// numbers (a pairing named without its round has round 0).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        let params = match self {
            TournamentError::Version(version) => {
                json!({ "version": version, "reads": FILE_VERSION })
            }
            TournamentError::Settings(error) => return error.params(),
            TournamentError::UnknownEntrant(name)
            | TournamentError::Duplicate(name)
            | TournamentError::AlreadyWithdrawn(name)
            | TournamentError::BadPairing(name)
            | TournamentError::NotInBracket(name) => json!({ "name": name.to_string() }),
            TournamentError::LateEntry(format) => json!({ "format": format.to_string() }),
            TournamentError::TooFew(entrants, needed) => {
                json!({ "entrants": entrants, "needed": needed })
            }
            TournamentError::RoundOpen {
                round,
                first,
                second,
            } => {
                json!({ "round": round, "first": first.to_string(), "second": second.to_string() })
            }
            TournamentError::TooManyRounds {
                rounds,
                entrants,
                most,
            } => json!({ "rounds": rounds, "entrants": entrants, "most": most }),
            TournamentError::WrongRound(round, next) => json!({ "round": round, "next": next }),
            TournamentError::NoSuchPairing {
                first,
                second,
                round,
            } => json!({
                "first": first.to_string(),
                "second": second.to_string(),
                "round": round.unwrap_or(0),
            }),
            TournamentError::ScoreNotForGame { score, game } => {
                json!({ "score": score.to_string(), "game": game.to_string() })
            }
            TournamentError::NeedsWinner(score) => json!({ "score": score.to_string() }),
            TournamentError::AlreadyRecorded { first, second }
            | TournamentError::NothingToCorrect { first, second } => {
                json!({ "first": first.to_string(), "second": second.to_string() })
            }
            TournamentError::Settled(round) => json!({ "round": round }),
            TournamentError::NotCreated
            | TournamentError::AlreadyCreated
            | TournamentError::Over
            | TournamentError::Unpairable
            | TournamentError::KubbsNotKubb => json!({}),
        };
        match params {
            serde_json::Value::Object(params) => params,
            _ => unreachable!("the particulars are an object"),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Entrant {
    name: Name,
    /// Rounds paired when the entrant withdrew.
    withdrawn_after: Option<usize>,
}

/// A pairing of a round, entrants by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub first: usize,
    pub second: Option<usize>,
    pub score: Option<Score>,
    pub kubbs: Option<BaselineKubbs>,
}

impl Pairing {
    /// The entrant going through: the first named after a bye or a win,
    /// the second after a loss; none while undecided or drawn.
    pub fn winner(&self) -> Option<usize> {
        match (self.second, self.score) {
            (None, _) => Some(self.first),
            (Some(second), Some(score)) => match score.outcome() {
                Outcome::Win => Some(self.first),
                Outcome::Loss => Some(second),
                Outcome::Draw => None,
            },
            (Some(_), None) => None,
        }
    }

    pub fn loser(&self) -> Option<usize> {
        let winner = self.winner()?;
        self.second.map(|second| {
            if winner == self.first {
                second
            } else {
                self.first
            }
        })
    }

    fn is_between(&self, a: usize, b: usize) -> bool {
        (self.first == a && self.second == Some(b)) || (self.first == b && self.second == Some(a))
    }
}

/// Where a round belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A round robin or Swiss round.
    Main,
    Pool,
    /// A knockout round from 0 (the first), with how many rounds the
    /// bracket has.
    Knockout {
        round: usize,
        of: usize,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    pub(crate) settings: Settings,
    entrants: Vec<Entrant>,
    pub(crate) rounds: Vec<Vec<Pairing>>,
    /// The entrants at the first pairing, in seeding order: the field of
    /// round robins, pools and brackets.
    pub(crate) field: Vec<usize>,
    events: Vec<Event>,
}

impl Tournament {
    pub fn new(settings: Settings) -> Result<Tournament, TournamentError> {
        settings.check()?;
        Ok(Tournament {
            settings,
            entrants: Vec::new(),
            rounds: Vec::new(),
            field: Vec::new(),
            events: vec![Event::Created { settings }],
        })
    }

    /// Replays a file's events, checking each.
    pub fn from_file(file: TournamentFile) -> Result<Tournament, TournamentError> {
        if file.version != FILE_VERSION {
            return Err(TournamentError::Version(file.version));
        }
        let mut events = file.events.into_iter();
        let Some(Event::Created { settings }) = events.next() else {
            return Err(TournamentError::NotCreated);
        };
        let mut tournament = Tournament::new(settings)?;
        for event in events {
            tournament.apply(event)?;
        }
        Ok(tournament)
    }

    pub fn to_file(&self) -> TournamentFile {
        TournamentFile {
            version: FILE_VERSION,
            events: self.events.clone(),
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn name(&self, entrant: usize) -> &Name {
        &self.entrants[entrant].name
    }

    /// Every round paired so far, from the first.
    pub fn rounds(&self) -> &[Vec<Pairing>] {
        &self.rounds
    }

    pub fn entrant_count(&self) -> usize {
        self.entrants.len()
    }

    /// Rounds paired when the entrant withdrew; `None` while in.
    pub fn withdrawn_after(&self, entrant: usize) -> Option<usize> {
        self.entrants[entrant].withdrawn_after
    }

    fn id(&self, name: &Name) -> Result<usize, TournamentError> {
        self.entrants
            .iter()
            .position(|e| &e.name == name)
            .ok_or_else(|| TournamentError::UnknownEntrant(name.clone()))
    }

    pub(crate) fn active(&self, entrant: usize) -> bool {
        self.entrants[entrant].withdrawn_after.is_none()
    }

    /// Checks an event against the tournament so far and applies it.
    pub fn apply(&mut self, event: Event) -> Result<(), TournamentError> {
        match &event {
            Event::Created { .. } => return Err(TournamentError::AlreadyCreated),
            Event::EntrantAdded { name } => self.apply_add(name)?,
            Event::Withdrawn { name } => self.apply_withdraw(name)?,
            Event::RoundPaired { round, pairings } => self.apply_round(*round, pairings)?,
            Event::ResultRecorded(entry) => self.apply_result(entry, false)?,
            Event::ResultCorrected(entry) => self.apply_result(entry, true)?,
        }
        self.events.push(event);
        Ok(())
    }

    fn apply_add(&mut self, name: &Name) -> Result<(), TournamentError> {
        if self.entrants.iter().any(|e| &e.name == name) {
            return Err(TournamentError::Duplicate(name.clone()));
        }
        if !self.rounds.is_empty() && self.settings.format != Format::Swiss {
            return Err(TournamentError::LateEntry(self.settings.format));
        }
        self.entrants.push(Entrant {
            name: name.clone(),
            withdrawn_after: None,
        });
        Ok(())
    }

    fn apply_withdraw(&mut self, name: &Name) -> Result<(), TournamentError> {
        let id = self.id(name)?;
        if !self.active(id) {
            return Err(TournamentError::AlreadyWithdrawn(name.clone()));
        }
        // After the last result there is nothing left to withdraw from
        // (and the final standings would mark a finisher as withdrawn).
        if self.is_over() {
            return Err(TournamentError::Over);
        }
        self.entrants[id].withdrawn_after = Some(self.rounds.len());
        // A game of the round in play left without its result: the
        // opponent has a bye, as in the rounds to come (else the round
        // could never finish).
        if let Some(round) = self.rounds.last_mut() {
            for pairing in round.iter_mut().filter(|p| p.score.is_none()) {
                match (pairing.first, pairing.second) {
                    (first, Some(other)) if first == id => {
                        pairing.first = other;
                        pairing.second = None;
                    }
                    (_, Some(second)) if second == id => pairing.second = None,
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn apply_round(&mut self, round: u32, entries: &[PairingEntry]) -> Result<(), TournamentError> {
        let next = self.rounds.len() as u32 + 1;
        if round != next {
            return Err(TournamentError::WrongRound(round, next));
        }
        self.check_round_finished()?;
        let mut seen = vec![false; self.entrants.len()];
        let mut pairings = Vec::new();
        for entry in entries {
            let mut take = |name: &Name| -> Result<usize, TournamentError> {
                let id = self.id(name)?;
                if !self.active(id) || std::mem::replace(&mut seen[id], true) {
                    return Err(TournamentError::BadPairing(name.clone()));
                }
                Ok(id)
            };
            let first = take(&entry.first)?;
            let second = entry.second.as_ref().map(&mut take).transpose()?;
            pairings.push(Pairing {
                first,
                second,
                score: None,
                kubbs: None,
            });
        }
        if self.rounds.is_empty() {
            self.field = (0..self.entrants.len())
                .filter(|&e| self.active(e))
                .collect();
        }
        self.rounds.push(pairings);
        Ok(())
    }

    pub(crate) fn check_round_finished(&self) -> Result<(), TournamentError> {
        let Some(last) = self.rounds.last() else {
            return Ok(());
        };
        match last
            .iter()
            .find(|p| p.second.is_some() && p.score.is_none())
        {
            Some(open) => Err(TournamentError::RoundOpen {
                round: self.rounds.len() as u32,
                first: self.name(open.first).clone(),
                second: self.name(open.second.expect("a game")).clone(),
            }),
            None => Ok(()),
        }
    }

    fn apply_result(
        &mut self,
        entry: &ResultEntry,
        correction: bool,
    ) -> Result<(), TournamentError> {
        let (first, second) = (self.id(&entry.first)?, self.id(&entry.second)?);
        let no_pairing = || TournamentError::NoSuchPairing {
            first: entry.first.clone(),
            second: entry.second.clone(),
            round: Some(entry.round),
        };
        let round = (entry.round as usize)
            .checked_sub(1)
            .ok_or_else(no_pairing)?;
        let index = self
            .rounds
            .get(round)
            .and_then(|pairings| {
                pairings
                    .iter()
                    .position(|p| p.first == first && p.second == Some(second))
            })
            .ok_or_else(no_pairing)?;
        let game = self.settings.game;
        if !game.accepts(entry.score) {
            return Err(TournamentError::ScoreNotForGame {
                score: entry.score,
                game,
            });
        }
        if entry.kubbs.is_some() && game != crate::GameKind::Kubb {
            return Err(TournamentError::KubbsNotKubb);
        }
        if matches!(self.stage(round), Stage::Knockout { .. })
            && entry.score.outcome() == Outcome::Draw
        {
            return Err(TournamentError::NeedsWinner(entry.score));
        }
        let pairing = &self.rounds[round][index];
        let names = || (entry.first.clone(), entry.second.clone());
        match (pairing.score.is_some(), correction) {
            (true, false) => {
                let (first, second) = names();
                return Err(TournamentError::AlreadyRecorded { first, second });
            }
            (false, true) => {
                let (first, second) = names();
                return Err(TournamentError::NothingToCorrect { first, second });
            }
            _ => {}
        }
        if correction && self.settings.format.has_knockout() && round + 1 < self.rounds.len() {
            return Err(TournamentError::Settled(round as u32 + 2));
        }
        let pairing = &mut self.rounds[round][index];
        pairing.score = Some(entry.score);
        pairing.kubbs = entry.kubbs;
        Ok(())
    }

    /// Adds an entrant, seeded after those already entered.
    pub fn add(&mut self, name: Name) -> Result<(), TournamentError> {
        self.apply(Event::EntrantAdded { name })
    }

    pub fn withdraw(&mut self, name: Name) -> Result<(), TournamentError> {
        self.apply(Event::Withdrawn { name })
    }

    /// Records (or, when the pairing has a result, corrects) a result given
    /// from `first`'s side. Without a round, the latest round in which the
    /// two are paired.
    pub fn record(
        &mut self,
        first: &Name,
        second: &Name,
        score: Score,
        kubbs: Option<BaselineKubbs>,
        round: Option<u32>,
    ) -> Result<(), TournamentError> {
        let (a, b) = (self.id(first)?, self.id(second)?);
        let found = self
            .rounds
            .iter()
            .enumerate()
            .rev()
            .filter(|(r, _)| round.is_none_or(|wanted| wanted as usize == r + 1))
            .find_map(|(r, pairings)| {
                pairings
                    .iter()
                    .find(|p| p.is_between(a, b))
                    .map(|p| (r, *p))
            });
        let Some((r, pairing)) = found else {
            return Err(TournamentError::NoSuchPairing {
                first: first.clone(),
                second: second.clone(),
                round,
            });
        };
        let (score, kubbs) = if pairing.first == a {
            (score, kubbs)
        } else {
            (score.reversed(), kubbs.map(BaselineKubbs::reversed))
        };
        let entry = ResultEntry {
            round: r as u32 + 1,
            first: self.name(pairing.first).clone(),
            second: self.name(pairing.second.expect("a game")).clone(),
            score,
            kubbs,
        };
        self.apply(if pairing.score.is_some() {
            Event::ResultCorrected(entry)
        } else {
            Event::ResultRecorded(entry)
        })
    }

    /// Pairs the next round and returns it.
    pub fn pair(&mut self) -> Result<&[Pairing], TournamentError> {
        self.check_round_finished()?;
        let pairings = self.next_pairings()?;
        let entries = pairings
            .into_iter()
            .map(|(first, second)| PairingEntry {
                first: self.name(first).clone(),
                second: second.map(|s| self.name(s).clone()),
            })
            .collect();
        let round = self.rounds.len() as u32 + 1;
        self.apply(Event::RoundPaired {
            round,
            pairings: entries,
        })?;
        Ok(self.rounds.last().expect("just paired"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_its_code_and_particulars() {
        let name = |text: &str| text.parse::<Name>().expect("a name");
        let score = Score::new(
            crate::score::Points::from_halves(1),
            crate::score::Points::from_halves(1),
        );
        let refusals = [
            TournamentError::Version(9),
            TournamentError::NotCreated,
            TournamentError::AlreadyCreated,
            SettingsError::UnknownFormat("ladder".into()).into(),
            SettingsError::RoundsNotSwiss.into(),
            SettingsError::PoolsNotPools.into(),
            SettingsError::ThirdPlaceNoKnockout.into(),
            SettingsError::Zero("--rounds").into(),
            TournamentError::UnknownEntrant(name("Ann")),
            TournamentError::Duplicate(name("Ann")),
            TournamentError::AlreadyWithdrawn(name("Ann")),
            TournamentError::LateEntry(Format::Swiss),
            TournamentError::TooFew(1, 2),
            TournamentError::RoundOpen {
                round: 2,
                first: name("Ann"),
                second: name("Bob"),
            },
            TournamentError::Over,
            TournamentError::Unpairable,
            TournamentError::TooManyRounds {
                rounds: 5,
                entrants: 4,
                most: 3,
            },
            TournamentError::WrongRound(3, 2),
            TournamentError::BadPairing(name("Ann")),
            TournamentError::NoSuchPairing {
                first: name("Ann"),
                second: name("Bob"),
                round: None,
            },
            TournamentError::ScoreNotForGame {
                score,
                game: crate::GameKind::Kubb,
            },
            TournamentError::KubbsNotKubb,
            TournamentError::NeedsWinner(score),
            TournamentError::AlreadyRecorded {
                first: name("Ann"),
                second: name("Bob"),
            },
            TournamentError::NothingToCorrect {
                first: name("Ann"),
                second: name("Bob"),
            },
            TournamentError::Settled(1),
            TournamentError::NotInBracket(name("Ann")),
        ];
        let codes: Vec<&str> = refusals.iter().map(TournamentError::code).collect();
        assert_eq!(codes, TournamentError::CODES);
        let params = |index: usize| serde_json::Value::Object(refusals[index].params());
        assert_eq!(params(0), json!({ "version": 9, "reads": FILE_VERSION }));
        assert_eq!(params(7), json!({ "setting": "--rounds" }));
        assert_eq!(
            params(13),
            json!({ "round": 2, "first": "Ann", "second": "Bob" })
        );
        assert_eq!(
            params(19),
            json!({ "first": "Ann", "second": "Bob", "round": 0 })
        );
        assert_eq!(params(20), json!({ "score": "0.5-0.5", "game": "kubb" }));
        assert_eq!(params(14), json!({}));
    }
}
