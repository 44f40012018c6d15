//! Advice from any state of a match: each team's chance to win, and the
//! decision the team to act should take, by Monte Carlo.
//!
//! Every candidate decision (where to aim an inkast, where the defenders
//! place a piece, what the next stick is thrown at) is tried in the same
//! `playouts` random futures — common random numbers: play-out i of every
//! candidate draws from `simulate::stream(seed, i)` — and
//! played on with the heuristic (an inkast aim for all the pieces of the
//! turn's inkast); a candidate's value is the share of play-outs its team
//! wins. The gain is the best value minus the value of the heuristic's own
//! choice.
//!
//! [`MonteCarlo`] searches the same candidates as a [`Strategy`].

use std::cell::Cell;
use std::ops::Range;

use rayon::prelude::*;

use kubb::{Decision, Match, Point, Team, ToAct};

use crate::simulate::{heuristic_play_out, next_action};
use crate::throw::Skill;
use crate::{stream, win_probability, Aim, Heuristic, Strategy};

/// What a team can choose at its decision ([`Decision`]) now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// Aim this turn's inkasts (the pieces still to throw) at this point
    /// of the opponent's half.
    Inkast(Point),
    /// Place the piece that landed out at this point of the own half.
    Placement(Point),
    /// Throw the next stick at a piece or the king, or (`None`) away.
    Stick(Option<Aim>),
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Inkast(at) => write!(
                f,
                "inkast the pieces left at x {:.1} m, y {:.1} m",
                at.x, at.y
            ),
            Choice::Placement(at) => write!(f, "place at x {:.1} m, y {:.1} m", at.x, at.y),
            Choice::Stick(Some(Aim::Piece(piece))) => write!(f, "throw at {piece}"),
            Choice::Stick(Some(Aim::King)) => write!(f, "throw at the king"),
            Choice::Stick(None) => write!(f, "throw the stick away"),
        }
    }
}

/// A candidate and the chance it gives the deciding team.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub decision: Choice,
    pub win_probability: f64,
}

/// What to do now.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// Each team's chance to win the match with heuristic play from here.
    pub win_probability: [f64; 2],
    /// The team that decides next, when the phase has a decision.
    pub deciding: Option<Team>,
    /// Every candidate, best first.
    pub options: Vec<Candidate>,
    /// The best candidate's chance minus the heuristic choice's chance.
    pub gain: f64,
    pub playouts: usize,
    pub seed: u64,
}

impl Advice {
    pub fn best(&self) -> Option<&Candidate> {
        self.options.first()
    }
}

/// A strategy that takes `decision` for the first decision it is asked
/// and plays the heuristic otherwise.
struct Deciding(Choice);

impl Strategy for Deciding {
    fn inkast_aim(&self, state: &Match) -> Point {
        match self.0 {
            Choice::Inkast(at) => at,
            _ => Heuristic.inkast_aim(state),
        }
    }

    fn placement(&self, state: &Match) -> Point {
        match self.0 {
            Choice::Placement(at) => at,
            _ => Heuristic.placement(state),
        }
    }

    fn stick_target(&self, state: &Match) -> Option<Aim> {
        match self.0 {
            Choice::Stick(aim) => aim,
            _ => Heuristic.stick_target(state),
        }
    }
}

/// The team that decides next and its candidate decisions (the
/// heuristic's choice first).
pub fn candidates(state: &Match) -> Option<(Team, Vec<Choice>)> {
    let Some(ToAct::Team(team, decision)) = state.to_act() else {
        return None;
    };
    let field = state.field();
    match decision {
        Decision::Inkast { .. } => {
            let target = team.other();
            let centre = field.length / 2.0;
            let mut decisions = vec![Choice::Inkast(Heuristic.inkast_aim(state))];
            for depth in [0.5, 1.0, 2.0] {
                for x in [0.15, 0.3, 0.5] {
                    let y = match target {
                        Team::A => centre - depth,
                        Team::B => centre + depth,
                    };
                    decisions.push(Choice::Inkast(Point {
                        x: field.width * x,
                        y,
                    }));
                }
            }
            Some((team, dedup(decisions)))
        }
        Decision::Placement { .. } => {
            let defenders = team;
            let mut decisions = vec![Choice::Placement(Heuristic.placement(state))];
            for (x, depth) in [(0.5, 0.5), (0.5, 2.0), (0.1, 0.5), (0.9, 3.0)] {
                let y = match defenders {
                    Team::A => depth,
                    Team::B => field.length - depth,
                };
                decisions.push(Choice::Placement(Point {
                    x: field.width * x,
                    y,
                }));
            }
            Some((defenders, dedup(decisions)))
        }
        Decision::Stick => {
            let mut decisions = vec![Choice::Stick(Heuristic.stick_target(state))];
            decisions.extend(
                state
                    .counting_targets()
                    .into_iter()
                    .map(|piece| Choice::Stick(Some(Aim::Piece(piece)))),
            );
            if state.king_attack().is_ok() {
                decisions.push(Choice::Stick(Some(Aim::King)));
            }
            decisions.push(Choice::Stick(None));
            Some((team, dedup(decisions)))
        }
    }
}

fn dedup(decisions: Vec<Choice>) -> Vec<Choice> {
    let mut unique: Vec<Choice> = Vec::with_capacity(decisions.len());
    for decision in decisions {
        if !unique.contains(&decision) {
            unique.push(decision);
        }
    }
    unique
}

/// Whether `team` wins each of `playouts` futures after `decision`.
fn outcomes(
    state: &Match,
    decision: Choice,
    team: Team,
    skills: [Skill; 2],
    playouts: Range<usize>,
    seed: u64,
) -> Vec<bool> {
    playouts
        .into_par_iter()
        .map(|index| {
            let mut rng = stream(seed, index);
            let deciding = Deciding(decision);
            let mut next = state.clone();
            // An inkast aim holds for the rest of the turn's inkasts: one
            // piece sent away from where the others go would be judged as
            // a worse group, not as a better spot.
            loop {
                let Some(action) = next_action(&next, [&deciding, &deciding], skills, &mut rng)
                else {
                    return next.winner() == Some(team);
                };
                if next.act(action).is_err() {
                    return false;
                }
                let inkasting =
                    matches!(next.to_act(), Some(ToAct::Team(_, Decision::Inkast { .. })));
                if !(inkasting && matches!(decision, Choice::Inkast(_))) {
                    break;
                }
            }
            let result = heuristic_play_out(next, skills, &mut rng);
            result.winner == Some(team)
        })
        .collect()
}

fn share(outcomes: &[bool]) -> f64 {
    outcomes.iter().filter(|&&won| won).count() as f64 / outcomes.len().max(1) as f64
}

/// How surely `candidate` beats `baseline` in the same futures: the mean
/// paired difference less two standard errors (positive: significantly
/// better at about 97.5 %).
fn sure_gain(candidate: &[bool], baseline: &[bool]) -> f64 {
    let n = candidate.len().max(1) as f64;
    let differences: Vec<f64> = candidate
        .iter()
        .zip(baseline)
        .map(|(&c, &b)| f64::from(u8::from(c)) - f64::from(u8::from(b)))
        .collect();
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    mean - 2.0 * (variance / n).sqrt()
}

/// Advice for `state` with `playouts` futures per candidate.
///
/// ```
/// use kubb::{Event, Match, Ruleset, Team};
/// use kubb_sim::advice::advise;
/// use kubb_sim::throw::Skill;
///
/// let started = Match::new(Ruleset::STANDARD)
///     .apply(&Event::Start { team: Team::A })
///     .unwrap();
/// let advice = advise(&started, [Skill::EXPERIENCED; 2], 50, 1);
/// assert_eq!(advice.deciding, Some(Team::A));
/// let best = advice.best().unwrap();
/// assert!(advice.options.iter().all(|o| o.win_probability <= best.win_probability));
/// assert!(advice.gain >= 0.0, "the best is never worse than the heuristic");
/// ```
pub fn advise(state: &Match, skills: [Skill; 2], playouts: usize, seed: u64) -> Advice {
    let win_probability = win_probability(state, skills, playouts, seed);
    let Some((team, decisions)) = candidates(state) else {
        return Advice {
            win_probability,
            deciding: None,
            options: Vec::new(),
            gain: 0.0,
            playouts,
            seed,
        };
    };
    let mut options: Vec<Candidate> = decisions
        .iter()
        .map(|&decision| Candidate {
            decision,
            win_probability: share(&outcomes(state, decision, team, skills, 0..playouts, seed)),
        })
        .collect();
    let heuristic = options[0].win_probability;
    options.sort_by(|x, y| y.win_probability.total_cmp(&x.win_probability));
    Advice {
        win_probability,
        deciding: Some(team),
        gain: options[0].win_probability - heuristic,
        options,
        playouts,
        seed,
    }
}

/// A turn of a match: games won so far, turns played in the game, thrower.
type Turn = ([u8; 2], usize, Team);

/// A search strategy over the simulator: at every decision it races the
/// candidates against the heuristic's choice in the same heuristic
/// play-outs (its own model of both teams: `skills`) by sequential halving
/// — `playouts` each, the better half kept and given twice as many more,
/// until one challenger is left — and takes the challenger only if it beats
/// the heuristic's choice by more than two standard errors. An inkast aim
/// is decided once a turn and held for all its pieces. Each decision draws
/// fresh futures from its own counter.
pub struct MonteCarlo {
    pub skills: [Skill; 2],
    pub playouts: usize,
    searches: Cell<u64>,
    /// The turn and the aim chosen for its inkasts.
    inkast_plan: Cell<Option<(Turn, Point)>>,
}

impl MonteCarlo {
    pub fn new(skills: [Skill; 2], playouts: usize, seed: u64) -> MonteCarlo {
        MonteCarlo {
            skills,
            playouts,
            searches: Cell::new(seed),
            inkast_plan: Cell::new(None),
        }
    }

    /// The heuristic's choice unless a candidate beats it surely in the
    /// same futures: noise alone never changes the decision.
    fn decide(&self, state: &Match) -> Option<Choice> {
        let (team, decisions) = candidates(state)?;
        let seed = self.searches.get();
        self.searches.set(seed.wrapping_add(0x9E37_79B9_7F4A_7C15));
        let run = |decision, playouts| outcomes(state, decision, team, self.skills, playouts, seed);
        let mut baseline = Vec::new();
        let mut challengers: Vec<(Choice, Vec<bool>)> =
            decisions[1..].iter().map(|&d| (d, Vec::new())).collect();
        let mut more = self.playouts.max(1);
        while !challengers.is_empty() {
            let played = baseline.len()..baseline.len() + more;
            baseline.extend(run(decisions[0], played.clone()));
            for (decision, results) in &mut challengers {
                results.extend(run(*decision, played.clone()));
            }
            if challengers.len() == 1 {
                break;
            }
            challengers.sort_by(|x, y| share(&y.1).total_cmp(&share(&x.1)));
            challengers.truncate(challengers.len().div_ceil(2));
            more *= 2;
        }
        Some(match challengers.first() {
            Some((decision, results)) if sure_gain(results, &baseline) > 0.0 => *decision,
            _ => decisions[0],
        })
    }

    /// The aim for this turn's inkasts: searched at its first piece.
    fn inkast_plan(&self, state: &Match) -> Point {
        let games_won = Team::BOTH.map(|team| state.games_won(team));
        let turn = (games_won, state.turns_completed(), state.thrower());
        if let Some((planned, aim)) = self.inkast_plan.get() {
            if planned == turn {
                return aim;
            }
        }
        let aim = match self.decide(state) {
            Some(Choice::Inkast(at)) => at,
            _ => Heuristic.inkast_aim(state),
        };
        self.inkast_plan.set(Some((turn, aim)));
        aim
    }
}

impl Strategy for MonteCarlo {
    fn inkast_aim(&self, state: &Match) -> Point {
        self.inkast_plan(state)
    }

    fn placement(&self, state: &Match) -> Point {
        match self.decide(state) {
            Some(Choice::Placement(at)) => at,
            _ => Heuristic.placement(state),
        }
    }

    fn stick_target(&self, state: &Match) -> Option<Aim> {
        match self.decide(state) {
            Some(Choice::Stick(aim)) => aim,
            _ => Heuristic.stick_target(state),
        }
    }
}

/// The result of matches between the search and the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Duel {
    pub games: usize,
    pub search_wins: usize,
    pub heuristic_wins: usize,
    pub unfinished: usize,
}

impl Duel {
    pub fn search_share(&self) -> f64 {
        self.search_wins as f64 / self.games.max(1) as f64
    }

    /// The 95 % Wilson interval of the search's share.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let p = self.search_share();
        let z = 1.96;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (centre - half, centre + half)
    }
}

/// Matches of [`MonteCarlo`] against [`Heuristic`] between teams of equal
/// `skill`: the search is team A (which starts) in even matches and team B
/// in odd ones, so the start advantage cancels. Match i draws its throws
/// from `simulate::stream(seed, i)`.
pub fn duel(
    ruleset: kubb::Ruleset,
    skill: Skill,
    games: usize,
    playouts: usize,
    seed: u64,
    on_match: &(dyn Fn() + Sync),
) -> Duel {
    let skills = [skill, skill];
    let mut duel = Duel {
        games,
        search_wins: 0,
        heuristic_wins: 0,
        unfinished: 0,
    };
    for index in 0..games {
        let mut rng = stream(seed, index);
        let search = MonteCarlo::new(skills, playouts, seed ^ index as u64);
        let search_team = if index % 2 == 0 { Team::A } else { Team::B };
        let strategies: [&dyn Strategy; 2] = match search_team {
            Team::A => [&search, &Heuristic],
            Team::B => [&Heuristic, &search],
        };
        let result = crate::simulate_match(ruleset, strategies, skills, &mut rng);
        match result.winner {
            Some(team) if team == search_team => duel.search_wins += 1,
            Some(_) => duel.heuristic_wins += 1,
            None => duel.unfinished += 1,
        }
        on_match();
    }
    duel
}
