//! Engine tournaments: a round robin (everyone against everyone), a
//! gauntlet (the first engine against each of the others) or a Swiss
//! (rounds paired by score with the `tournament` crate's Dutch-style
//! pairing, no repeat pairings). Every encounter is a number of
//! colour-reversed game pairs from the opening set, as in a match; the
//! report is a crosstable and each engine's Elo against the engines it met,
//! with a 95 % interval from its game pairs (pentanomial).

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use guard_towers::record::{GameRecord, GameResult};
use guard_towers::Position;
use tournament::score::Points;
use tournament::{round_robin, swiss};

use crate::referee::GameSettings;
use crate::runner::{play_launched, EngineSpec};
use crate::stats::{elo_pentanomial, EloEstimate, Pentanomial, Wdl};

/// Which engines meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    RoundRobin,
    Gauntlet,
    Swiss,
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(text: &str) -> Result<Kind, String> {
        match text {
            "round-robin" => Ok(Kind::RoundRobin),
            "gauntlet" => Ok(Kind::Gauntlet),
            "swiss" => Ok(Kind::Swiss),
            _ => Err(format!(
                "unknown tournament '{text}' (round-robin, gauntlet or swiss)"
            )),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::RoundRobin => "round-robin",
            Kind::Gauntlet => "gauntlet",
            Kind::Swiss => "swiss",
        })
    }
}

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub kind: Kind,
    pub engines: Vec<EngineSpec>,
    /// Games per encounter (rounded up to whole colour-reversed pairs).
    pub games: usize,
    /// Swiss rounds (default ⌈log₂ engines⌉).
    pub rounds: Option<usize>,
    pub concurrency: usize,
    pub openings: Vec<Position>,
    pub settings: GameSettings,
}

impl TournamentConfig {
    fn pairs_per_encounter(&self) -> usize {
        self.games.div_ceil(2).max(1)
    }

    /// Rounds of a Swiss among these engines.
    pub fn swiss_rounds(&self) -> usize {
        let engines = self.engines.len();
        self.rounds
            .unwrap_or(engines.max(2).next_power_of_two().trailing_zeros() as usize)
            .min(engines.saturating_sub(1))
    }
}

/// The state of a tournament: who scored what against whom.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    pub names: Vec<String>,
    /// `results[i][j]`: engine i's wins, draws and losses against j.
    pub results: Vec<Vec<Wdl>>,
    /// Each engine's game pairs, by its points in the pair.
    pub pairs: Vec<Pentanomial>,
    pub games_played: usize,
    pub games_planned: usize,
}

impl Crosstable {
    fn new(names: Vec<String>, games_planned: usize) -> Crosstable {
        let n = names.len();
        Crosstable {
            names,
            results: vec![vec![Wdl::default(); n]; n],
            pairs: vec![Pentanomial::default(); n],
            games_played: 0,
            games_planned,
        }
    }

    /// Engine i's points against j (half points).
    pub fn half_points(&self, i: usize, j: usize) -> u64 {
        let wdl = self.results[i][j];
        2 * wdl.wins + wdl.draws
    }

    /// Engine i's points in all its games.
    pub fn points(&self, i: usize) -> f64 {
        (0..self.names.len())
            .map(|j| self.half_points(i, j))
            .sum::<u64>() as f64
            / 2.0
    }

    pub fn games(&self, i: usize) -> u64 {
        self.results[i].iter().map(Wdl::games).sum()
    }

    /// Whether i and j have played.
    pub fn met(&self, i: usize, j: usize) -> bool {
        self.results[i][j].games() > 0
    }

    /// Engine i's Elo against the engines it met, from its game pairs.
    pub fn elo(&self, i: usize) -> Option<EloEstimate> {
        elo_pentanomial(&self.pairs[i])
    }

    /// Engines by points, then by Sonneborn–Berger (points against each
    /// opponent times that opponent's points), then by name order.
    pub fn ranking(&self) -> Vec<usize> {
        let sonneborn_berger = |i: usize| {
            (0..self.names.len())
                .map(|j| self.half_points(i, j) as f64 / 2.0 * self.points(j))
                .sum::<f64>()
        };
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            self.points(b)
                .total_cmp(&self.points(a))
                .then(sonneborn_berger(b).total_cmp(&sonneborn_berger(a)))
                .then(a.cmp(&b))
        });
        order
    }

    fn record(&mut self, red: usize, blue: usize, result: GameResult) {
        let (red_wdl, blue_wdl) = match result {
            GameResult::RedWins => ((1, 0, 0), (0, 0, 1)),
            GameResult::BlueWins => ((0, 0, 1), (1, 0, 0)),
            GameResult::Draw | GameResult::Unfinished => ((0, 1, 0), (0, 1, 0)),
        };
        for (engine, opponent, (w, d, l)) in [(red, blue, red_wdl), (blue, red, blue_wdl)] {
            let wdl = &mut self.results[engine][opponent];
            wdl.wins += w;
            wdl.draws += d;
            wdl.losses += l;
        }
        self.games_played += 1;
    }
}

/// The encounters of a round robin or a gauntlet, all in one round.
pub fn fixed_encounters(kind: Kind, engines: usize) -> Vec<(usize, usize)> {
    match kind {
        Kind::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        _ => (0..round_robin::rounds(engines))
            .flat_map(|r| round_robin::round(engines, r))
            .filter_map(|(a, b)| Some((a, b?)))
            .collect(),
    }
}

/// The next Swiss round from the crosstable so far; with an odd number
/// the lowest-ranked engine that has not sat out yet sits this round out
/// (it gains nothing: an engine's score is over games played). Returns the
/// encounters and who sits out; `None` when no pairing without a repeat is
/// left.
pub fn swiss_round(table: &Crosstable, sat_out: &[bool]) -> Option<SwissRound> {
    let n = table.names.len();
    let mut players: Vec<swiss::Player> =
        (0..n)
            .map(|i| swiss::Player {
                entrant: i,
                points: Points::from_halves(
                    (0..n).map(|j| table.half_points(i, j)).sum::<u64>() as u32
                ),
                opponents: (0..n).filter(|&j| table.met(i, j)).collect(),
                had_bye: sat_out[i],
                first_balance: 0,
                last_first: None,
            })
            .collect();
    players.sort_by(|a, b| b.points.cmp(&a.points).then(a.entrant.cmp(&b.entrant)));
    let pairings = swiss::pair(&players)?;
    let out = pairings.iter().find(|(_, b)| b.is_none()).map(|&(a, _)| a);
    Some(SwissRound {
        encounters: pairings
            .into_iter()
            .filter_map(|(a, b)| Some((a, b?)))
            .collect(),
        sits_out: out,
    })
}

/// A Swiss round: its encounters and the engine sitting it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissRound {
    pub encounters: Vec<(usize, usize)>,
    pub sits_out: Option<usize>,
}

/// Engine indices of one game pair: the encounter and the opening.
struct Job {
    first: usize,
    second: usize,
    opening: Position,
}

enum Played {
    Game(usize, usize, Box<GameRecord>),
    Pair(usize, usize, u8),
}

/// Plays the tournament, calling `on_game` after each game with the
/// crosstable so far.
pub fn run_tournament(
    config: &TournamentConfig,
    mut on_game: impl FnMut(&GameRecord, &Crosstable),
) -> Crosstable {
    let n = config.engines.len();
    let pairs = config.pairs_per_encounter();
    let encounters_planned = match config.kind {
        Kind::Swiss => config.swiss_rounds() * (n / 2),
        kind => fixed_encounters(kind, n).len(),
    };
    let names = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut table = Crosstable::new(names, encounters_planned * pairs * 2);
    let start = [Position::start()];
    let openings = if config.openings.is_empty() {
        &start[..]
    } else {
        &config.openings
    };
    let mut next_opening = 0;
    let mut sat_out = vec![false; n];
    let rounds = match config.kind {
        Kind::Swiss => config.swiss_rounds(),
        _ => 1,
    };
    for _ in 0..rounds {
        let encounters = match config.kind {
            Kind::Swiss => match swiss_round(&table, &sat_out) {
                Some(round) => {
                    if let Some(out) = round.sits_out {
                        sat_out[out] = true;
                    }
                    round.encounters
                }
                None => break,
            },
            kind => fixed_encounters(kind, n),
        };
        let jobs: Vec<Job> = encounters
            .iter()
            .flat_map(|&(first, second)| (0..pairs).map(move |_| (first, second)))
            .map(|(first, second)| {
                next_opening += 1;
                Job {
                    first,
                    second,
                    opening: openings[(next_opening - 1) % openings.len()],
                }
            })
            .collect();
        play_round(config, &jobs, &mut table, &mut on_game);
    }
    table
}

/// Plays a round's jobs on the configured number of threads.
fn play_round(
    config: &TournamentConfig,
    jobs: &[Job],
    table: &mut Crosstable,
    on_game: &mut impl FnMut(&GameRecord, &Crosstable),
) {
    let next_job = AtomicUsize::new(0);
    let (sender, played) = channel();
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let next_job = &next_job;
            scope.spawn(move || {
                while let Some(job) = jobs.get(next_job.fetch_add(1, Ordering::Relaxed)) {
                    let (first, second) = (&config.engines[job.first], &config.engines[job.second]);
                    let mut first_points = 0;
                    for (red, blue, first_is_red) in [(first, second, true), (second, first, false)]
                    {
                        let record = play_launched(red, blue, job.opening, &config.settings).record;
                        first_points += match (record.result, first_is_red) {
                            (GameResult::RedWins, true) | (GameResult::BlueWins, false) => 2,
                            (GameResult::Draw | GameResult::Unfinished, _) => 1,
                            _ => 0,
                        };
                        let (red, blue) = if first_is_red {
                            (job.first, job.second)
                        } else {
                            (job.second, job.first)
                        };
                        if sender
                            .send(Played::Game(red, blue, Box::new(record)))
                            .is_err()
                        {
                            return;
                        }
                    }
                    let _ = sender.send(Played::Pair(job.first, job.second, first_points));
                }
            });
        }
        drop(sender);
        for event in played {
            match event {
                Played::Game(red, blue, record) => {
                    table.record(red, blue, record.result);
                    on_game(&record, table);
                }
                Played::Pair(first, second, points) => {
                    table.pairs[first].0[points as usize] += 1;
                    table.pairs[second].0[4 - points as usize] += 1;
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(names: usize) -> Crosstable {
        Crosstable::new((0..names).map(|i| format!("e{i}")).collect(), 0)
    }

    #[test]
    fn a_round_robin_meets_every_two_engines_once_and_a_gauntlet_the_first_with_each() {
        let mut met: Vec<(usize, usize)> = fixed_encounters(Kind::RoundRobin, 5)
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        met.sort();
        met.dedup();
        assert_eq!(met.len(), 10);
        assert_eq!(
            fixed_encounters(Kind::Gauntlet, 4),
            [(0, 1), (0, 2), (0, 3)]
        );
    }

    /// Points, Elo and ranking from a hand-made crosstable: a beat b in both
    /// games of a pair, drew both with c; b and c drew twice.
    #[test]
    fn the_crosstable_scores_and_ranks() {
        let mut t = table(3);
        t.record(0, 1, GameResult::RedWins);
        t.record(1, 0, GameResult::BlueWins);
        for (red, blue) in [(0, 2), (2, 0), (1, 2), (2, 1)] {
            t.record(red, blue, GameResult::Draw);
        }
        t.pairs[0] = Pentanomial([0, 0, 1, 0, 1]);
        assert_eq!((t.points(0), t.points(1), t.points(2)), (3.0, 1.0, 2.0));
        assert_eq!(t.ranking(), [0, 2, 1]);
        // Mean pair score (½ + 1) / 2 = 0.75: +190.8 Elo.
        let elo = t.elo(0).unwrap();
        assert!((elo.elo - 190.848_501_887_865).abs() < 1e-9, "{elo:?}");
    }

    /// Swiss rounds never repeat an encounter and pair by score.
    #[test]
    fn swiss_rounds_pair_by_score_without_repeats() {
        let mut t = table(4);
        let SwissRound {
            encounters: first,
            sits_out,
        } = swiss_round(&t, &[false; 4]).unwrap();
        assert_eq!(sits_out, None);
        assert_eq!(first.len(), 2);
        for &(a, b) in &first {
            t.record(a, b, GameResult::RedWins);
        }
        let second = swiss_round(&t, &[false; 4]).unwrap().encounters;
        for &(a, b) in &second {
            assert!(!t.met(a, b), "{a} and {b} met already");
        }
        let winners: Vec<usize> = first.iter().map(|&(a, _)| a).collect();
        assert!(
            second
                .iter()
                .any(|&(a, b)| winners.contains(&a) && winners.contains(&b)),
            "the winners meet"
        );
        let round = swiss_round(&table(3), &[false, false, true]).unwrap();
        assert_eq!(
            round.sits_out,
            Some(1),
            "the lowest-ranked that has not sat out yet"
        );
    }
}
