//! Monte Carlo games: both teams throw with the throw model and decide with
//! a [`Strategy`]. Play-outs act through the rules engine ([`Match::act`],
//! the rules [`Match::apply`] referees with), so simulated games obey
//! exactly the rules a real match does. The simulator's own matches
//! between [`Heuristic`] teams ([`simulate`]) are played on a state of
//! their own (module `heuristic_match`), tested to be the rules engine's
//! game action for action and draw for draw.

use rand::{Rng, RngCore, SeedableRng};
use rand_xoshiro::{SplitMix64, Xoshiro256PlusPlus};
use rayon::prelude::*;

use crate::throw::{inkast, throw, Skill, Sweep, Target, KING_WIDTH, TOWER_WIDTH};
use kubb::PieceId;
use kubb::Ruleset;
use kubb::{Action, Decision, Hit, Line, Match, Phase, ToAct};
use kubb::{Point, Team};

mod heuristic_match;

/// Events after which a game counts as unfinished (a safety net: real
/// games end long before).
const MAX_EVENTS: usize = 5_000;

/// Every decision a team makes.
pub trait Strategy {
    /// Where to aim an inkasted piece (in the opponent's half).
    fn inkast_aim(&self, state: &Match) -> Point;
    /// Where the defenders place a piece that landed out twice.
    fn placement(&self, state: &Match) -> Point;
    /// What the next stick is thrown at: a piece, the king, or `None` to
    /// throw it away (for instance when the king may not be attacked yet).
    fn stick_target(&self, state: &Match) -> Option<Aim>;
}

/// A stick's target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    Piece(PieceId),
    King,
}

/// The baseline heuristic: inkast every piece at one spot a metre over the
/// centre line and a metre off the king's line (grouped knights can fall
/// several to a stick, and a stick at them cannot reach the king); knights
/// nearest first, then towers in spot order, the king as soon as the rules
/// allow; placements go deep into the defenders' own half.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Strategy for Heuristic {
    fn inkast_aim(&self, state: &Match) -> Point {
        let field = state.field();
        let depth = 1.0;
        let y = match state.thrower().other() {
            Team::A => field.length / 2.0 - depth,
            Team::B => field.length / 2.0 + depth,
        };
        Point {
            x: field.width * 0.3,
            y,
        }
    }

    fn placement(&self, state: &Match) -> Point {
        let field = state.field();
        let defenders = state.thrower().other();
        let margin = 0.5;
        let y = match defenders {
            Team::A => margin,
            Team::B => field.length - margin,
        };
        Point { x: margin, y }
    }

    fn stick_target(&self, state: &Match) -> Option<Aim> {
        match state.foremost_knight(state.thrower().other()) {
            Some(knight) => Some(Aim::Piece(knight)),
            None => match state.standing_towers(state.thrower().other()).first() {
                Some(tower) => Some(Aim::Piece(tower)),
                None => state.king_attack().is_ok().then_some(Aim::King),
            },
        }
    }
}

/// The y of a team's throwing line.
fn line_y(state: &Match, team: Team) -> f64 {
    match state.line(team) {
        Line::AtKnight { y: Some(y), .. } => y,
        _ => state.field().baseline(team),
    }
}

/// What one stick thrown by the current thrower fells. (A `Hit`, six
/// bytes, comes back in a register; a whole `Action` would go through
/// memory, written in parts and read whole, which the processor cannot
/// forward.)
fn stick_hit<S: Strategy + ?Sized, R: Rng>(
    state: &Match,
    strategy: &S,
    skill: &Skill,
    rng: &mut R,
) -> Hit {
    let opponent = state.thrower().other();
    let target = strategy.stick_target(state);
    let aim = match target {
        None => return Hit::default(),
        Some(Aim::King) => state.field().king(),
        Some(Aim::Piece(piece)) => state.position(piece).unwrap_or(state.field().king()),
    };
    // The king is always thrown at from the baseline; other sticks from the line.
    let from_y = match target {
        Some(Aim::King) => state.field().baseline(state.thrower()),
        _ => line_y(state, state.thrower()),
    };
    let from = Point {
        x: aim.x,
        y: from_y,
    };
    let sweep = Sweep::new(from, throw(rng, from, aim, skill));
    // The knights, or with none standing the towers: towers felled while
    // knights stand are raised again and do not count.
    let targets = state.counting_targets();
    // A plain loop, not a filter: whether a piece falls is random, and
    // inserting every piece that does keeps the loop free of branches the
    // processor would mispredict.
    let mut felled = kubb::PieceSet::EMPTY;
    for piece in targets {
        let at = state.standing_at(piece);
        felled.insert_if(
            piece,
            sweep.fells(&Target {
                at,
                width: TOWER_WIDTH,
            }),
        );
    }
    let knights = state.standing_knights(opponent);
    Hit {
        knights: felled.intersection(knights),
        towers: felled.minus(knights),
        king: sweep.fells(&Target {
            at: state.field().king(),
            width: KING_WIDTH,
        }),
    }
}

/// The next action of a simulated game, or `None` once the match is over.
///
/// Generic over the strategies' type so that the win probabilities'
/// play-outs (both teams [`Heuristic`]) are compiled without dynamic
/// calls; advice passes `&dyn Strategy`. Always inlined: the action it
/// returns then stays in registers instead of being written out piece by
/// piece and read back whole, a store the processor cannot forward
/// (measured: a sixth of the simulator's time went to that read).
#[inline(always)]
pub(crate) fn next_action<S: Strategy + ?Sized, R: Rng>(
    state: &Match,
    strategies: [&S; 2],
    skills: [Skill; 2],
    rng: &mut R,
) -> Option<Action> {
    Some(match state.to_act()? {
        ToAct::StartingThrow => Action::Start(Team::A),
        ToAct::Team(team, Decision::Inkast { .. }) => {
            let aim = strategies[team.index()].inkast_aim(state);
            let from = Point {
                x: aim.x,
                y: state.field().baseline(team),
            };
            let (at, landed_in) = inkast(
                rng,
                from,
                aim,
                &skills[team.index()],
                state.field(),
                team.other(),
            );
            let king_felled =
                landed_in && at.is_within(state.field().king(), (TOWER_WIDTH + KING_WIDTH) / 2.0);
            Action::Inkast {
                landed_in,
                at: landed_in.then_some(at),
                king_felled,
            }
        }
        ToAct::Team(defenders, Decision::Placement { .. }) => Action::Placement {
            at: Some(strategies[defenders.index()].placement(state)),
        },
        ToAct::Team(team, Decision::Stick) => Action::Stick(stick_hit(
            state,
            strategies[team.index()],
            &skills[team.index()],
            rng,
        )),
        ToAct::NextGame => Action::NextGame,
    })
}

/// How one simulated match ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimulatedMatch {
    pub winner: Option<Team>,
    /// Turns of all games together.
    pub turns: usize,
    /// Games finished.
    pub games: usize,
    /// Of those, the games the team that started them won.
    pub starter_wins: usize,
}

impl SimulatedMatch {
    /// Counts the game `state` is in as played to here.
    fn count_game(&mut self, state: &Match) {
        self.turns += state.turns_completed() + 1;
        if let Phase::GameOver(end) = state.phase() {
            self.games += 1;
            if state.starting_team() == end.winner {
                self.starter_wins += 1;
            }
        }
    }
}

/// Plays one match from the start with team A starting.
pub fn simulate_match<R: Rng>(
    ruleset: Ruleset,
    strategies: [&dyn Strategy; 2],
    skills: [Skill; 2],
    rng: &mut R,
) -> SimulatedMatch {
    play_out(Match::new(ruleset), strategies, skills, rng)
}

/// [`simulate_match`] between two [`Heuristic`] teams, played on the
/// simulator's own state (`heuristic_match`): the same game, faster.
fn simulate_heuristic_match<R: Rng>(
    ruleset: Ruleset,
    skills: [Skill; 2],
    rng: &mut R,
) -> SimulatedMatch {
    heuristic_match::play(ruleset, skills, rng, MAX_EVENTS, |_| {})
}

/// Plays a match on from `state` to its end; `turns` counts the turns
/// played from `state` on.
pub fn play_out<R: Rng>(
    state: Match,
    strategies: [&dyn Strategy; 2],
    skills: [Skill; 2],
    rng: &mut R,
) -> SimulatedMatch {
    play_out_watched(state, strategies, skills, rng, |_, _| {})
}

/// [`play_out`], showing `watch` each state and the action played on it
/// (for measurements of the play, such as the calibration's).
pub fn play_out_watched<R: Rng>(
    state: Match,
    strategies: [&dyn Strategy; 2],
    skills: [Skill; 2],
    rng: &mut R,
    watch: impl FnMut(&Match, Action),
) -> SimulatedMatch {
    play_out_with(
        state,
        strategies,
        skills,
        rng,
        MAX_EVENTS,
        watch,
        no_hand_over,
    )
}

/// A play-out between two [`Heuristic`] teams from `state`: on the rules
/// engine until a turn begins, then on the simulator's own state
/// (`heuristic_match`), which plays the same game faster.
pub(crate) fn heuristic_play_out<R: Rng>(
    state: Match,
    skills: [Skill; 2],
    rng: &mut R,
) -> SimulatedMatch {
    play_out_with(
        state,
        [&Heuristic, &Heuristic],
        skills,
        rng,
        MAX_EVENTS,
        |_, _| {},
        |state, events, result, rng| {
            heuristic_match::play_on_from(state, skills, events, MAX_EVENTS, result, rng, |_| {})
        },
    )
}

/// What `play_out_with` hands a play-out over to: nothing, the rules
/// engine plays it to the end.
fn no_hand_over<R>(_: &Match, _: usize, _: SimulatedMatch, _: &mut R) -> Option<SimulatedMatch> {
    None
}

/// [`play_out_watched`] for strategies of any one type, the match
/// unfinished after `max_events` actions. Before each action the state,
/// the actions played and the result so far are offered to `hand_over`,
/// which may play the rest itself (the heuristic play-outs hand over to
/// the simulator's own state as a turn begins).
fn play_out_with<S: Strategy + ?Sized, R: Rng>(
    mut state: Match,
    strategies: [&S; 2],
    skills: [Skill; 2],
    rng: &mut R,
    max_events: usize,
    mut watch: impl FnMut(&Match, Action),
    mut hand_over: impl FnMut(&Match, usize, SimulatedMatch, &mut R) -> Option<SimulatedMatch>,
) -> SimulatedMatch {
    let mut result = SimulatedMatch::default();
    for events in 0..max_events {
        if let Some(played) = hand_over(&state, events, result, rng) {
            return played;
        }
        let Some(action) = next_action(&state, strategies, skills, rng) else {
            result.count_game(&state);
            result.winner = state.winner();
            return result;
        };
        watch(&state, action);
        if action == Action::NextGame {
            result.count_game(&state);
        }
        state.act(action).expect("simulated actions are legal");
    }
    result.count_game(&state);
    result
}

/// The results of many matches.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub unfinished: usize,
    /// Count of matches by their number of turns.
    pub turns: Vec<usize>,
    /// Games played in all matches (a best-of-3 match has 2 or 3).
    pub played: usize,
    /// Of those, the games their starting team won.
    pub starter_wins: usize,
}

impl Summary {
    /// The summary of a run of `games` matches before any is counted.
    fn empty(games: usize) -> Summary {
        Summary {
            games,
            a_wins: 0,
            b_wins: 0,
            unfinished: 0,
            turns: Vec::new(),
            played: 0,
            starter_wins: 0,
        }
    }

    fn count(&mut self, result: &SimulatedMatch) {
        self.played += result.games;
        self.starter_wins += result.starter_wins;
        match result.winner {
            Some(Team::A) => self.a_wins += 1,
            Some(Team::B) => self.b_wins += 1,
            None => self.unfinished += 1,
        }
        if self.turns.len() <= result.turns {
            self.turns.resize(result.turns + 1, 0);
        }
        self.turns[result.turns] += 1;
    }

    /// Two tallies of one run added up.
    fn add(mut self, other: Summary) -> Summary {
        self.a_wins += other.a_wins;
        self.b_wins += other.b_wins;
        self.unfinished += other.unfinished;
        self.played += other.played;
        self.starter_wins += other.starter_wins;
        if self.turns.len() < other.turns.len() {
            self.turns.resize(other.turns.len(), 0);
        }
        for (count, more) in self.turns.iter_mut().zip(other.turns) {
            *count += more;
        }
        self
    }

    pub fn mean_turns(&self) -> f64 {
        self.total_turns() as f64 / self.games.max(1) as f64
    }

    /// Mean turns of one game.
    pub fn mean_game_turns(&self) -> f64 {
        self.total_turns() as f64 / self.played.max(1) as f64
    }

    /// The share of games their starting team won.
    pub fn starter_share(&self) -> f64 {
        self.starter_wins as f64 / self.played.max(1) as f64
    }

    fn total_turns(&self) -> usize {
        self.turns
            .iter()
            .enumerate()
            .map(|(turns, count)| turns * count)
            .sum()
    }
}

/// The simulator's generator: xoshiro256++, whose draws cost a fraction
/// of a stream cipher's (a game takes about 500 of them).
pub type Generator = Xoshiro256PlusPlus;

/// The generator of play-out or match `index` of a run seeded with `seed`,
/// so results do not depend on threads: each of its four state words is a
/// SplitMix64 output of the seed xor one of the index (distinct pairs give
/// distinct, unrelated states; SplitMix64 is what xoshiro's authors seed
/// it with).
pub fn stream(seed: u64, index: usize) -> Generator {
    let mut of_seed = SplitMix64::seed_from_u64(seed);
    let mut of_index = SplitMix64::seed_from_u64(index as u64);
    let mut state = [0u8; 32];
    for word in state.chunks_exact_mut(8) {
        word.copy_from_slice(&(of_seed.next_u64() ^ of_index.next_u64()).to_le_bytes());
    }
    Generator::from_seed(state)
}

/// Each team's chance to win the match from `state`, as the share of
/// `games` heuristic play-outs it wins (play-out i draws from
/// `stream(seed, i)`). Unfinished play-outs
/// count for neither team.
///
/// ```
/// use kubb::{Event, Match, Ruleset, Team};
/// use kubb_sim::throw::Skill;
/// use kubb_sim::win_probability;
///
/// let started = Match::new(Ruleset::STANDARD)
///     .apply(&Event::Start { team: Team::A })
///     .unwrap();
/// let [a, b] = win_probability(&started, [Skill::ADVANCED, Skill::BEGINNER], 200, 1);
/// assert!(a > b && a + b <= 1.0);
/// ```
pub fn win_probability(state: &Match, skills: [Skill; 2], games: usize, seed: u64) -> [f64; 2] {
    let wins = (0..games)
        .into_par_iter()
        .map(|index| {
            let mut rng = stream(seed, index);
            let result = heuristic_play_out(state.clone(), skills, &mut rng);
            match result.winner {
                Some(Team::A) => [1, 0],
                Some(Team::B) => [0, 1],
                None => [0, 0],
            }
        })
        .reduce(|| [0, 0], |x, y| [x[0] + y[0], x[1] + y[1]]);
    wins.map(|won: usize| won as f64 / games.max(1) as f64)
}

/// Plays `games` matches in parallel. Match i draws from
/// `stream(seed, i)`, so the result
/// depends on the seed only, not on the number of threads.
///
/// ```
/// use kubb::Ruleset;
/// use kubb_sim::simulate;
/// use kubb_sim::throw::Skill;
///
/// let skills = [Skill::ADVANCED, Skill::BEGINNER];
/// let summary = simulate(Ruleset::STANDARD, skills, 200, 7);
/// assert_eq!(summary.a_wins + summary.b_wins + summary.unfinished, 200);
/// assert!(summary.a_wins > summary.b_wins, "the better throwers win more");
/// assert_eq!(summary, simulate(Ruleset::STANDARD, skills, 200, 7));
/// ```
pub fn simulate(ruleset: Ruleset, skills: [Skill; 2], games: usize, seed: u64) -> Summary {
    simulate_observed(ruleset, skills, games, seed, &|| {})
}

/// [`simulate`], calling `on_match` after every match (from any thread),
/// for progress displays.
pub fn simulate_observed(
    ruleset: Ruleset,
    skills: [Skill; 2],
    games: usize,
    seed: u64,
    on_match: &(dyn Fn() + Sync),
) -> Summary {
    // Each thread tallies its share of the matches and the tallies are
    // added up: the sums do not depend on the split, and no match result
    // is kept in memory.
    (0..games)
        .into_par_iter()
        .fold(
            || Summary::empty(games),
            |mut summary, index| {
                let mut rng = stream(seed, index);
                summary.count(&simulate_heuristic_match(ruleset, skills, &mut rng));
                on_match();
                summary
            },
        )
        .reduce(|| Summary::empty(games), Summary::add)
}
