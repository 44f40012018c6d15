//! The tournament: a fold of its events. [`Tournament::apply`] is the one
//! place an event is checked and takes effect; the commands (`add`,
//! `withdraw`, `pair`, `record`) work out their event, apply it and keep it,
//! so that [`Tournament::events`] is always the complete history and
//! replaying it gives the same tournament. The tournament's shape is in
//! `stages`, the pairing of the next round in `pairing`.

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
