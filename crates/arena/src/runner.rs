//! Matches: games in colour-reversed pairs from an opening set, run on
//! several threads, with running statistics and an optional SPRT. Two
//! engines play a head-to-head match; with more, the first plays a gauntlet
//! against each of the others.

use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use guard_towers::Position;

use crate::player::{CommandEngine, Player, PlayerError, ProtocolEngine};
use crate::referee::{play_game, GameSettings, PlayedGame, Seat, TimeUse};
use crate::stats::{
    elo_pentanomial, elo_trinomial, EloEstimate, Pentanomial, Sprt, SprtDecision, Wdl,
};
use guard_towers::record::{GameRecord, GameResult};

/// An engine to run: `NAME=COMMAND`, where a command containing
/// `{position}` is a one-shot template and anything else a protocol engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: String,
    pub options: Vec<(String, String)>,
}

impl FromStr for EngineSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<EngineSpec, String> {
        let (name, command) = text
            .split_once('=')
            .filter(|(name, command)| !name.trim().is_empty() && !command.trim().is_empty())
            .ok_or_else(|| format!("engine '{text}' is not NAME=COMMAND"))?;
        Ok(EngineSpec {
            name: name.trim().to_string(),
            command: command.trim().to_string(),
            options: Vec::new(),
        })
    }
}

impl EngineSpec {
    pub fn launch(&self) -> Result<Box<dyn Player>, PlayerError> {
        if CommandEngine::is_template(&self.command) {
            Ok(Box::new(CommandEngine::new(&self.command)))
        } else {
            Ok(Box::new(ProtocolEngine::start(
                &self.command,
                &self.options,
            )?))
        }
    }
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    /// Games per pairing (rounded up to whole colour-reversed pairs).
    pub games: usize,
    pub concurrency: usize,
    pub openings: Vec<Position>,
    pub settings: GameSettings,
    /// Only for a head-to-head match.
    pub sprt: Option<Sprt>,
}

/// Results of the first engine against one opponent, from the first's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    pub first: String,
    pub second: String,
    pub wdl: Wdl,
    pub pairs: Pentanomial,
    /// The first engine's thinking time, then the second's.
    pub time_use: [TimeUse; 2],
}

impl Pairing {
    /// The first engine's Elo over the second: pentanomial once pairs are
    /// complete, trinomial before.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.pairs.pairs() > 0 {
            elo_pentanomial(&self.pairs)
        } else {
            elo_trinomial(&self.wdl)
        }
    }
}

/// The state of a match, after every game and at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReport {
    pub pairings: Vec<Pairing>,
    pub games_played: usize,
    pub games_planned: usize,
    pub llr: Option<f64>,
    pub decision: Option<SprtDecision>,
}

/// Points of the first engine in one game, in half points.
fn half_points(record: &GameRecord, first: &str) -> u8 {
    let first_is_red = record.red == first;
    match (record.result, first_is_red) {
        (GameResult::RedWins, true) | (GameResult::BlueWins, false) => 2,
        (GameResult::Draw, _) | (GameResult::Unfinished, _) => 1,
        _ => 0,
    }
}

enum Event {
    Game(usize, Box<PlayedGame>),
    PairDone(usize, u8),
}

/// Plays the match, calling `on_game` after each game with the running
/// report. Stops early when the SPRT decides. Without openings the games
/// start from the standard position; with fewer than two engines nothing
/// is played.
pub fn run_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord, &MatchReport),
) -> MatchReport {
    let Some((anchor, opponents)) = config.engines.split_first() else {
        return MatchReport {
            pairings: Vec::new(),
            games_played: 0,
            games_planned: 0,
            llr: None,
            decision: None,
        };
    };
    let start = [Position::start()];
    let openings = if config.openings.is_empty() {
        &start[..]
    } else {
        &config.openings
    };
    let pairs_per_pairing = config.games.div_ceil(2).max(1);
    let jobs = opponents.len() * pairs_per_pairing;
    let mut report = MatchReport {
        pairings: opponents
            .iter()
            .map(|o| Pairing {
                first: anchor.name.clone(),
                second: o.name.clone(),
                wdl: Wdl::default(),
                pairs: Pentanomial::default(),
                time_use: [TimeUse::default(); 2],
            })
            .collect(),
        games_played: 0,
        games_planned: jobs * 2,
        llr: config.sprt.map(|_| 0.0),
        decision: None,
    };
    let next_job = AtomicUsize::new(0);
    let decided = AtomicBool::new(false);
    let (sender, events) = channel();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (next_job, decided) = (&next_job, &decided);
            scope.spawn(move || loop {
                let job = next_job.fetch_add(1, Ordering::Relaxed);
                if job >= jobs || decided.load(Ordering::Relaxed) {
                    break;
                }
                let (pairing, pair) = (job / pairs_per_pairing, job % pairs_per_pairing);
                let opening = openings[(pair + pairing) % openings.len()];
                let opponent = &opponents[pairing];
                let mut points = 0;
                for anchor_is_red in [true, false] {
                    let (red, blue) = if anchor_is_red {
                        (anchor, opponent)
                    } else {
                        (opponent, anchor)
                    };
                    let played = play_launched(red, blue, opening, &config.settings);
                    points += half_points(&played.record, &anchor.name);
                    if sender.send(Event::Game(pairing, Box::new(played))).is_err() {
                        return;
                    }
                }
                let _ = sender.send(Event::PairDone(pairing, points));
            });
        }
        drop(sender);
        for event in events {
            match event {
                Event::Game(pairing, played) => {
                    let PlayedGame { record, time_use } = *played;
                    let pairing = &mut report.pairings[pairing];
                    match half_points(&record, &anchor.name) {
                        2 => pairing.wdl.wins += 1,
                        1 => pairing.wdl.draws += 1,
                        _ => pairing.wdl.losses += 1,
                    }
                    let [red, blue] = time_use;
                    let (first, second) = if record.red == anchor.name {
                        (red, blue)
                    } else {
                        (blue, red)
                    };
                    pairing.time_use[0].add(first);
                    pairing.time_use[1].add(second);
                    report.games_played += 1;
                    on_game(&record, &report);
                }
                Event::PairDone(pairing, points) => {
                    report.pairings[pairing].pairs.0[points as usize] += 1;
                    if let (Some(sprt), [only]) = (config.sprt, report.pairings.as_slice()) {
                        let llr = sprt.llr_pentanomial(&only.pairs);
                        report.llr = Some(llr);
                        report.decision = sprt.decision(llr);
                        if report.decision.is_some() {
                            decided.store(true, Ordering::Relaxed);
                        }
                    }
                }
            }
        }
    });
    report
}

/// Starts both engines for one game (a failed start loses that game).
pub(crate) fn play_launched(
    red: &EngineSpec,
    blue: &EngineSpec,
    opening: Position,
    settings: &GameSettings,
) -> PlayedGame {
    let mut red_player = launch_for_game(red);
    let mut blue_player = launch_for_game(blue);
    play_game(
        seat(&red.name, &mut red_player),
        seat(&blue.name, &mut blue_player),
        opening,
        settings,
    )
}

fn launch_for_game(spec: &EngineSpec) -> Result<Box<dyn Player>, PlayerError> {
    spec.launch()
        .and_then(|mut player| player.new_game().map(|()| player))
}

fn seat<'a>(name: &'a str, player: &'a mut Result<Box<dyn Player>, PlayerError>) -> Seat<'a> {
    Seat {
        name,
        player: player
            .as_mut()
            .map(|p| p.as_mut() as &mut dyn Player)
            .map_err(|e| e.clone()),
    }
}
