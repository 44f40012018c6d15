//! The simulator's own play: a match between two [`Heuristic`] teams,
//! from its start or from the start of a turn the rules engine has played
//! to (win probabilities and advice hand their play-outs over there), on
//! a state of its own instead of the rules engine's
//! [`Match`](kubb::Match).
//!
//! The rules engine checks and records everything a referee needs (named
//! players, refusals in words, phases a referee can stop in, the time
//! limit); a simulated match needs none of it, and most of the
//! simulator's time went there. This state holds only what decides the
//! play: where each piece stands, which pieces are towers, knights or down,
//! the throwing lines and the turn. A turn runs as straight-line code
//! (inkast, placements, sticks), with the strategy's choices and the
//! ruleset's settings read in place.
//!
//! It plays exactly the game the rules engine plays with [`Heuristic`]
//! strategies: the same actions, from the same draws, in the same order
//! (`the_heuristic_match_is_the_rules_engines_game_draw_for_draw`, over
//! every named ruleset and tournament setting a simulation can have, and
//! `a_heuristic_play_out_from_any_state_is_the_rules_engines_game`). A
//! simulated match never calls time, names no teams and rescues nothing,
//! so those rules are not here: a match where time was called stays on
//! the rules engine. Nor are the checks of what a referee enters: the
//! heuristic's placement spot, the one thing it chooses that the rules
//! could refuse, is legal on every field and under every ruleset a
//! simulation is given (0.7 m from the nearest pin, 0.3 m needed).

use rand::Rng;

use super::SimulatedMatch;
use crate::throw::{inkast, throw, Skill, Sweep, Target, KING_WIDTH, TOWER_WIDTH};
use kubb::{Action, Hit, Line, Match, Phase, Piece};
use kubb::{AdvancedLine, InkastOrder, Ruleset};
use kubb::{Field, Point, Team};
use kubb::{PieceId, PieceSet};

/// Plays a match from its start, team A starting the first game, showing
/// `watch` every action as the rules engine would be given it; after
/// `max_events` actions the match counts as unfinished.
pub(super) fn play<R: Rng>(
    ruleset: Ruleset,
    skills: [Skill; 2],
    rng: &mut R,
    max_events: usize,
    mut watch: impl FnMut(Action),
) -> SimulatedMatch {
    let mut state = State::new(ruleset, skills, max_events);
    if state.spend_event().is_err() {
        // As the rules engine counts a match stopped before its first
        // action: the first turn of a game not begun.
        return SimulatedMatch {
            turns: 1,
            ..SimulatedMatch::default()
        };
    }
    watch(Action::Start(Team::A));
    play_on(state, Team::A, SimulatedMatch::default(), rng, watch)
}

/// Plays on from `from`, a match the rules engine has played `events`
/// actions of (counted in `result`), as the engine would with heuristic
/// teams; `None`, drawing nothing, unless a turn is just beginning (no
/// stick thrown and no inkast attempt gone out) and the state is one this
/// state holds: time not called, every knight's and line's position known.
pub(super) fn play_on_from<R: Rng>(
    from: &Match,
    skills: [Skill; 2],
    events: usize,
    max_events: usize,
    result: SimulatedMatch,
    rng: &mut R,
    watch: impl FnMut(Action),
) -> Option<SimulatedMatch> {
    let state = State::at_turn_start(from, skills, events, max_events)?;
    let starter = from.starting_team()?;
    Some(play_on(state, starter, result, rng, watch))
}

/// Plays the game in progress, which `starter` started, and the match's
/// other games, adding them to `result`.
fn play_on<R: Rng>(
    mut state: State,
    mut starter: Team,
    mut result: SimulatedMatch,
    rng: &mut R,
    mut watch: impl FnMut(Action),
) -> SimulatedMatch {
    loop {
        let winner = match state.play_game(rng, &mut watch) {
            Halt::Won(winner) => winner,
            Halt::OutOfEvents => {
                result.turns += state.turns + 1;
                return result;
            }
        };
        result.turns += state.turns + 1;
        result.games += 1;
        result.starter_wins += usize::from(winner == starter);
        state.wins[winner.index()] += 1;
        if state.wins[winner.index()] >= state.ruleset.games_to_win {
            // The rules engine answers who won only when asked before an
            // action: a match won by the last action allowed is unfinished.
            result.winner = (state.events < state.max_events).then_some(winner);
            return result;
        }
        if state.spend_event().is_err() {
            return result;
        }
        watch(Action::NextGame);
        starter = starter.other();
        state.begin_game(starter);
    }
}

/// Why a game stopped.
enum Halt {
    Won(Team),
    /// The match used up its actions.
    OutOfEvents,
}

/// A simulated match: the game in progress and the games won.
struct State {
    ruleset: Ruleset,
    skills: [Skill; 2],
    field: Field,
    /// Where each standing piece stands, by number; sixteen slots (the
    /// last six never a piece's), so that a number taken modulo 16 needs
    /// no bounds check ([`State::at`]).
    at: [Point; 16],
    towers: [PieceSet; 2],
    knights: [PieceSet; 2],
    down: [PieceSet; 2],
    thrower: Team,
    /// Turns completed in this game.
    turns: usize,
    /// Each team's advanced line as last given: the knight it stands level
    /// with and that knight's y (the baseline again once it falls).
    lines: [Option<(PieceId, f64)>; 2],
    wins: [u8; 2],
    /// Actions played, and how many the match may have.
    events: usize,
    max_events: usize,
}

impl State {
    fn new(ruleset: Ruleset, skills: [Skill; 2], max_events: usize) -> State {
        let field = Field::of(&ruleset);
        State {
            ruleset,
            skills,
            field,
            at: std::array::from_fn(|slot| {
                let id = PieceId(slot as u8 % 10);
                field.tower_spot(id.original_team(), id.spot())
            }),
            towers: [PieceSet::started_on(Team::A), PieceSet::started_on(Team::B)],
            knights: [PieceSet::EMPTY; 2],
            down: [PieceSet::EMPTY; 2],
            thrower: Team::A,
            turns: 0,
            lines: [None; 2],
            wins: [0; 2],
            events: 0,
            max_events,
        }
    }

    /// The state of `from` at the start of a turn (see [`play_on_from`]).
    fn at_turn_start(
        from: &Match,
        skills: [Skill; 2],
        events: usize,
        max_events: usize,
    ) -> Option<State> {
        let thrower = from.thrower();
        let turn_begins = match from.phase() {
            Phase::Throwing => from.sticks_thrown() == 0,
            Phase::Inkast { queue, to_place } => {
                let fresh = from.down_in(thrower).iter().map(|piece| (piece, 1));
                to_place.is_empty() && queue.iter().eq(fresh)
            }
            _ => false,
        };
        if !turn_begins || from.time_called() {
            return None;
        }
        let mut state = State::new(*from.ruleset(), skills, max_events);
        for piece in PieceId::ALL {
            match from.piece(piece) {
                Piece::Knight { at: None, .. } | Piece::Removed => return None,
                Piece::Knight { at: Some(at), .. } => *state.at_mut(piece) = at,
                Piece::Tower { .. } | Piece::Down { .. } => {}
            }
        }
        for team in Team::BOTH {
            let side = team.index();
            state.towers[side] = from.standing_towers(team);
            state.knights[side] = from.standing_knights(team);
            state.down[side] = from.down_in(team);
            state.wins[side] = from.games_won(team);
            state.lines[side] = match from.given_line(team) {
                Line::Baseline => None,
                Line::AtKnight { piece, y: Some(y) } => Some((piece, y)),
                Line::AtKnight { y: None, .. } => return None,
            };
        }
        state.thrower = thrower;
        state.turns = from.turns_completed();
        state.events = events;
        Some(state)
    }

    /// Where `piece` stands.
    fn at(&self, piece: PieceId) -> Point {
        self.at[usize::from(piece.0) % 16]
    }

    fn at_mut(&mut self, piece: PieceId) -> &mut Point {
        &mut self.at[usize::from(piece.0) % 16]
    }

    /// A fresh field, `starter` throwing first.
    fn begin_game(&mut self, starter: Team) {
        *self = State {
            wins: self.wins,
            events: self.events,
            thrower: starter,
            ..State::new(self.ruleset, self.skills, self.max_events)
        };
    }

    /// Counts one action, refused once the match has had all it may have.
    fn spend_event(&mut self) -> Result<(), Halt> {
        if self.events == self.max_events {
            return Err(Halt::OutOfEvents);
        }
        self.events += 1;
        Ok(())
    }

    fn play_game<R: Rng>(&mut self, rng: &mut R, watch: &mut impl FnMut(Action)) -> Halt {
        loop {
            if let Err(halt) = self.play_turn(rng, watch) {
                return halt;
            }
        }
    }

    fn play_turn<R: Rng>(
        &mut self,
        rng: &mut R,
        watch: &mut impl FnMut(Action),
    ) -> Result<(), Halt> {
        let out = self.inkast(rng, watch)?;
        self.place(out, watch)?;
        self.throw_sticks(rng, watch)?;
        self.end_turn();
        Ok(())
    }

    /// The thrower inkasts the pieces down in its half, each up to the
    /// ruleset's attempts, piece by piece or all first attempts first;
    /// returns the pieces out on every attempt. A piece that fells the
    /// king loses the game for the thrower.
    fn inkast<R: Rng>(
        &mut self,
        rng: &mut R,
        watch: &mut impl FnMut(Action),
    ) -> Result<PieceSet, Halt> {
        let mut out = self.down[self.thrower.index()];
        // Every piece is thrown once, whatever the ruleset says (as the
        // rules engine does: it looks at the attempts after a throw).
        let attempts = self.ruleset.inkast_attempts.max(1);
        match self.ruleset.inkast_order {
            InkastOrder::PieceByPiece => {
                for piece in out {
                    for _ in 0..attempts {
                        if self.inkast_piece(piece, rng, watch)? {
                            out.remove(piece);
                            break;
                        }
                    }
                }
            }
            InkastOrder::FirstAttemptsFirst => {
                for _ in 0..attempts {
                    for piece in out {
                        if self.inkast_piece(piece, rng, watch)? {
                            out.remove(piece);
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// One inkast attempt of `piece`, at the heuristic's aim; whether it
    /// landed in (and stands as a knight).
    fn inkast_piece<R: Rng>(
        &mut self,
        piece: PieceId,
        rng: &mut R,
        watch: &mut impl FnMut(Action),
    ) -> Result<bool, Halt> {
        self.spend_event()?;
        let target = self.thrower.other();
        let aim = self.inkast_aim();
        let from = Point {
            x: aim.x,
            y: self.field.baseline(self.thrower),
        };
        let skill = &self.skills[self.thrower.index()];
        let (at, landed_in) = inkast(rng, from, aim, skill, &self.field, target);
        let king_felled =
            landed_in && at.is_within(self.field.king(), (TOWER_WIDTH + KING_WIDTH) / 2.0);
        watch(Action::Inkast {
            landed_in,
            at: landed_in.then_some(at),
            king_felled,
        });
        if king_felled {
            return Err(Halt::Won(target));
        }
        if landed_in {
            self.down[self.thrower.index()].remove(piece);
            self.knights[target.index()].insert(piece);
            *self.at_mut(piece) = at;
        }
        Ok(landed_in)
    }

    /// [`Heuristic::inkast_aim`](super::Heuristic): a metre over the
    /// centre line, 30 % across.
    fn inkast_aim(&self) -> Point {
        let depth = 1.0;
        let y = match self.thrower.other() {
            Team::A => self.field.length / 2.0 - depth,
            Team::B => self.field.length / 2.0 + depth,
        };
        Point {
            x: self.field.width * 0.3,
            y,
        }
    }

    /// The defenders place the pieces out on every attempt where the
    /// heuristic places them, deep in their own half.
    fn place(&mut self, out: PieceSet, watch: &mut impl FnMut(Action)) -> Result<(), Halt> {
        let defenders = self.thrower.other();
        let margin = 0.5;
        let at = Point {
            x: margin,
            y: match defenders {
                Team::A => margin,
                Team::B => self.field.length - margin,
            },
        };
        for piece in out {
            self.spend_event()?;
            watch(Action::Placement { at: Some(at) });
            self.down[self.thrower.index()].remove(piece);
            self.knights[defenders.index()].insert(piece);
            *self.at_mut(piece) = at;
        }
        Ok(())
    }

    /// The sticks of the turn, each at the heuristic's target.
    fn throw_sticks<R: Rng>(
        &mut self,
        rng: &mut R,
        watch: &mut impl FnMut(Action),
    ) -> Result<(), Halt> {
        let sticks = self.ruleset.sticks_in_turn(self.turns);
        let line_y = self.line_y(self.thrower);
        let mut foremost = self.foremost_knight(self.thrower.other());
        for thrown in 0..sticks {
            self.spend_event()?;
            let hit = self.stick(foremost, sticks - thrown, line_y, rng);
            watch(Action::Stick(hit));
            if hit.king {
                return Err(Halt::Won(self.king_felled_by(sticks - thrown)));
            }
            let opponent = self.thrower.other().index();
            let felled = hit.knights.union(hit.towers);
            self.knights[opponent] = self.knights[opponent].minus(felled);
            self.towers[opponent] = self.towers[opponent].minus(felled);
            self.down[opponent] = self.down[opponent].union(felled);
            // The five-for-five forfeit: the opening turn ends once every
            // baseline kubb is down (as `Match::stick`).
            if self.ruleset.five_for_five && self.turns == 0 && self.towers[opponent].is_empty() {
                break;
            }
            // Knights only fall during the sticks: the foremost knight
            // stays the foremost until it falls.
            if foremost.is_some_and(|knight| felled.contains(knight)) {
                foremost = self.foremost_knight(self.thrower.other());
            }
        }
        Ok(())
    }

    /// What one stick fells, `left` sticks in hand with it: thrown at the
    /// `foremost` knight, or with none standing at the first tower, from the
    /// line; then at the king from the baseline once the rules allow;
    /// otherwise thrown away.
    fn stick<R: Rng>(&self, foremost: Option<PieceId>, left: u8, line_y: f64, rng: &mut R) -> Hit {
        let opponent = self.thrower.other();
        let knights = self.knights[opponent.index()];
        let towers = self.towers[opponent.index()];
        let (aim, from_y) = match foremost.or(towers.first()) {
            Some(piece) => (self.at(piece), line_y),
            None if self.king_may_fall(left) => {
                (self.field.king(), self.field.baseline(self.thrower))
            }
            None => return Hit::default(),
        };
        let from = Point {
            x: aim.x,
            y: from_y,
        };
        let sweep = Sweep::new(
            from,
            throw(rng, from, aim, &self.skills[self.thrower.index()]),
        );
        // The knights, or with none standing the towers (see
        // `simulate::stick_hit`, which this follows step by step).
        let targets = if knights.is_empty() { towers } else { knights };
        let mut felled = PieceSet::EMPTY;
        for piece in targets {
            felled.insert_if(
                piece,
                sweep.fells(&Target {
                    at: self.at(piece),
                    width: TOWER_WIDTH,
                }),
            );
        }
        Hit {
            knights: felled.intersection(knights),
            towers: felled.minus(knights),
            king: sweep.fells(&Target {
                at: self.field.king(),
                width: KING_WIDTH,
            }),
        }
    }

    /// Whether the thrower may throw at the king with `left` sticks in
    /// hand: nothing of the opponent's stands, and enough sticks are left.
    fn king_may_fall(&self, left: u8) -> bool {
        let opponent = self.thrower.other().index();
        self.knights[opponent].is_empty()
            && self.towers[opponent].is_empty()
            && left >= self.ruleset.king_sticks_in_hand
    }

    /// Who wins when the thrower's stick fells the king: the thrower when
    /// the rules allowed the throw, else the opponent.
    fn king_felled_by(&self, left: u8) -> Team {
        if self.king_may_fall(left) {
            self.thrower
        } else {
            self.thrower.other()
        }
    }

    /// The knight in `half` nearest the centre line (the lowest number of
    /// equally near ones).
    fn foremost_knight(&self, half: Team) -> Option<PieceId> {
        let centre = self.field.length / 2.0;
        let mut foremost = None;
        let mut nearest = f64::INFINITY;
        for knight in self.knights[half.index()] {
            let depth = (self.at(knight).y - centre).abs();
            let nearer = foremost.is_none() || depth < nearest;
            nearest = if nearer { depth } else { nearest };
            foremost = if nearer { Some(knight) } else { foremost };
        }
        foremost
    }

    /// `team`'s advanced line while its knight stands in its half.
    fn line(&self, team: Team) -> Option<(PieceId, f64)> {
        self.lines[team.index()].filter(|&(piece, _)| self.knights[team.index()].contains(piece))
    }

    /// The y `team` throws from: its advanced line, or its baseline.
    fn line_y(&self, team: Team) -> f64 {
        self.line(team)
            .map_or(self.field.baseline(team), |(_, y)| y)
    }

    /// The other team's turn: its line is kept while its knight stands
    /// (seed) or moved to its foremost knight (standard).
    fn end_turn(&mut self) {
        let next = self.thrower.other();
        let keep = self.ruleset.advanced_line == AdvancedLine::UntilThatKnightFalls
            && self.line(next).is_some();
        if !keep {
            self.lines[next.index()] = self
                .foremost_knight(next)
                .map(|piece| (piece, self.at(piece).y));
        }
        self.thrower = next;
        self.turns += 1;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::RngCore;

    use kubb::{GamesToWin, Match, Opening, TieBreak, TimeLimit, TournamentSettings};

    use super::*;
    use crate::simulate::{next_action, no_hand_over, play_out_with, MAX_EVENTS};
    use crate::{stream, Aim, Heuristic, Strategy as Play};

    /// Every ruleset a simulation can be asked for: both named rulesets
    /// with each tournament setting (a time limit is never called in a
    /// simulated match, but may be set).
    fn ruleset() -> impl Strategy<Value = Ruleset> {
        (
            prop::sample::select(Ruleset::NAMED.to_vec()),
            prop::sample::select(Opening::ALL.to_vec()),
            any::<bool>(),
            any::<bool>(),
            prop::option::of(prop::sample::select(TieBreak::ALL.to_vec())),
            prop::option::of(1..=GamesToWin::MAX),
            any::<bool>(),
        )
            .prop_map(
                |(ruleset, opening, thrower_rule, double, tie_break, games, five_for_five)| {
                    ruleset.with(&TournamentSettings {
                        opening,
                        opening_thrower_rule: thrower_rule,
                        base_kubb_double: double,
                        time_limit: tie_break.map(|tie_break| TimeLimit {
                            minutes: 30,
                            tie_break,
                        }),
                        games_to_win: games.map(|games| GamesToWin::new(games).expect("in range")),
                        five_for_five,
                    })
                },
            )
    }

    /// Rulesets beyond the named ones, made in code: every inkast order
    /// with every advanced line, 0 to 3 inkast attempts, 0 to 6 sticks in
    /// hand for the king, 1 to 3 games to win.
    fn any_ruleset() -> impl Strategy<Value = Ruleset> {
        (
            ruleset(),
            prop::sample::select(vec![
                InkastOrder::PieceByPiece,
                InkastOrder::FirstAttemptsFirst,
            ]),
            prop::sample::select(vec![
                AdvancedLine::UntilThatKnightFalls,
                AdvancedLine::RecomputedEachTurn,
            ]),
            0..=3u8,
            0..=6u8,
            1..=3u8,
        )
            .prop_map(
                |(ruleset, order, line, attempts, king_sticks, games)| Ruleset {
                    inkast_order: order,
                    advanced_line: line,
                    inkast_attempts: attempts,
                    king_sticks_in_hand: king_sticks,
                    games_to_win: games,
                    ..ruleset
                },
            )
    }

    /// A thrower from far better than the advanced preset to far worse
    /// than the beginner (short and long games, inkasts in and out).
    fn skill() -> impl Strategy<Value = Skill> {
        (0.001..0.3f64).prop_map(|lateral_per_metre| Skill {
            name: "any",
            lateral_per_metre,
        })
    }

    /// The heuristic play-out from `state` on the rules engine alone: its
    /// result, its actions, and how many it had played when a turn first
    /// began ([`turn_begins`]).
    fn engines_game(
        state: Match,
        skills: [Skill; 2],
        rng: &mut crate::Generator,
        max_events: usize,
    ) -> (SimulatedMatch, Vec<Action>, Option<usize>) {
        let mut refereed = Vec::new();
        let mut first_turn_start = None;
        let result = play_out_with(
            state,
            [&Heuristic, &Heuristic],
            skills,
            rng,
            max_events,
            |state, action| {
                if first_turn_start.is_none() && turn_begins(state) {
                    first_turn_start = Some(refereed.len());
                }
                refereed.push(action);
            },
            no_hand_over,
        );
        (result, refereed, first_turn_start)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// The simulator's own state plays the rules engine's game with
        /// heuristic strategies: the same actions in the same order, the
        /// same result, and the same number of draws (the generators end
        /// in the same state), also when the match is cut off after a
        /// given number of actions.
        #[test]
        fn the_heuristic_match_is_the_rules_engines_game_draw_for_draw(
            ruleset in any_ruleset(),
            skills in [skill(), skill()],
            seed in any::<u64>(),
            cut_off in prop::option::of(0..400usize),
        ) {
            let max_events = cut_off.unwrap_or(MAX_EVENTS);
            let (mut ours, mut engines) = (stream(seed, 0), stream(seed, 0));
            let mut played = Vec::new();
            let result = play(ruleset, skills, &mut ours, max_events, |action| played.push(action));
            let (expected, refereed, _) = engines_game(Match::new(ruleset), skills, &mut engines, max_events);
            prop_assert_eq!(&played, &refereed);
            prop_assert_eq!(result, expected);
            prop_assert_eq!(ours.next_u64(), engines.next_u64());
        }
    }

    /// Other choices than the heuristic's, all within the rules, to reach
    /// states it would not: deep inkasts, placements on the far side, the
    /// last knight or tower as the target.
    struct Wild;

    impl Play for Wild {
        fn inkast_aim(&self, state: &Match) -> Point {
            let field = state.field();
            let y = match state.thrower().other() {
                Team::A => field.length / 2.0 - 3.0,
                Team::B => field.length / 2.0 + 3.0,
            };
            Point {
                x: field.width * 0.7,
                y,
            }
        }

        fn placement(&self, state: &Match) -> Point {
            let field = state.field();
            let y = match state.thrower().other() {
                Team::A => 1.5,
                Team::B => field.length - 1.5,
            };
            Point {
                x: field.width - 0.5,
                y,
            }
        }

        fn stick_target(&self, state: &Match) -> Option<Aim> {
            let opponent = state.thrower().other();
            let last = |set: PieceSet| set.iter().last();
            match last(state.standing_knights(opponent)).or(last(state.standing_towers(opponent))) {
                Some(piece) => Some(Aim::Piece(piece)),
                None => state.king_attack().is_ok().then_some(Aim::King),
            }
        }
    }

    /// What happens to a match besides its teams' play before a play-out.
    #[derive(Clone, Copy, Debug)]
    enum Besides {
        Nothing,
        /// The referee calls time (refused without a time limit).
        TimeCalled,
        /// The thrower rescues these knights, those it may, before
        /// inkasting (a referee's event the heuristic never plays).
        Rescues(PieceSet),
    }

    fn besides() -> impl Strategy<Value = Besides> {
        prop_oneof![
            Just(Besides::Nothing),
            Just(Besides::TimeCalled),
            any::<u16>().prop_map(|bits| {
                Besides::Rescues(
                    PieceId::ALL
                        .into_iter()
                        .filter(|p| bits & (1 << p.0) != 0)
                        .collect(),
                )
            }),
        ]
    }

    /// A match that `starter` began, played `actions` actions by its
    /// teams (each heuristic or wild), then `besides`.
    fn reached(
        ruleset: Ruleset,
        skills: [Skill; 2],
        starter: Team,
        actions: usize,
        wild: [bool; 2],
        besides: Besides,
        rng: &mut crate::Generator,
    ) -> Match {
        let mut state = Match::new(ruleset);
        let strategies: [&dyn Play; 2] = wild.map(|wild| -> &dyn Play {
            if wild {
                &Wild
            } else {
                &Heuristic
            }
        });
        if actions > 0 {
            state
                .act(Action::Start(starter))
                .expect("a new match starts");
        }
        for _ in 1..actions {
            let Some(action) = next_action(&state, strategies, skills, rng) else {
                break;
            };
            state.act(action).expect("the teams' actions are legal");
        }
        // Refused where the rules do not allow them, and then left out.
        match besides {
            Besides::Nothing => {}
            Besides::TimeCalled => {
                let _ = state.act(Action::TimeCalled);
            }
            Besides::Rescues(pieces) => {
                for piece in pieces {
                    let _ = state.act(Action::Rescue(piece));
                }
            }
        }
        state
    }

    /// Whether a turn of `state` is just beginning, written apart from
    /// `State::at_turn_start`: no stick thrown yet, or the inkast queue
    /// holds each piece down in the thrower's half once, in order, at its
    /// first attempt, with nothing to place; and time not called.
    fn turn_begins(state: &Match) -> bool {
        let fresh_inkast = |queue: &kubb::Queue<(PieceId, u8)>| {
            let pieces: Vec<PieceId> = queue.iter().map(|(piece, _)| piece).collect();
            queue.iter().all(|(_, attempt)| attempt == 1)
                && pieces.windows(2).all(|pair| pair[0].0 < pair[1].0)
                && pieces.into_iter().collect::<PieceSet>() == state.down_in(state.thrower())
        };
        !state.time_called()
            && match state.phase() {
                Phase::Throwing => state.sticks_thrown() == 0,
                Phase::Inkast { queue, to_place } => to_place.is_empty() && fresh_inkast(queue),
                _ => false,
            }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        /// A heuristic play-out from any state (reached by heuristic and
        /// other play, either team starting, time called, knights
        /// rescued) plays the rules engine's game: it is handed over to
        /// the simulator's state where a turn first begins, and then plays
        /// the same actions, result and draws, also when cut off.
        #[test]
        fn a_heuristic_play_out_from_any_state_is_the_rules_engines_game(
            ruleset in any_ruleset(),
            skills in [skill(), skill()],
            seed in any::<u64>(),
            starter in prop::sample::select(Team::BOTH.to_vec()),
            actions in 0..200usize,
            wild in any::<[bool; 2]>(),
            besides in besides(),
            cut_off in prop::option::of(0..400usize),
        ) {
            let max_events = cut_off.unwrap_or(MAX_EVENTS);
            let mut rng = stream(seed, 0);
            let state = reached(ruleset, skills, starter, actions, wild, besides, &mut rng);
            let (mut ours, mut engines) = (rng.clone(), rng);
            let (expected, refereed, turn_start) = engines_game(state.clone(), skills, &mut engines, max_events);
            let (mut before, mut after) = (Vec::new(), Vec::new());
            let mut handed_over = None;
            let result = play_out_with(
                state,
                [&Heuristic, &Heuristic],
                skills,
                &mut ours,
                max_events,
                |_, action| before.push(action),
                |state, events, result, rng| {
                    let played = play_on_from(state, skills, events, max_events, result, rng, |action| {
                        after.push(action)
                    });
                    if played.is_some() {
                        handed_over = Some(events);
                    }
                    played
                },
            );
            prop_assert_eq!(handed_over, turn_start, "handed over where a turn first began");
            before.extend(after);
            prop_assert_eq!(&before, &refereed);
            prop_assert_eq!(result, expected);
            prop_assert_eq!(ours.next_u64(), engines.next_u64());
        }
    }

    /// The hand-over happens as a turn begins, and only then: a new match
    /// once its start is decided; not in the middle of a turn, nor once
    /// time is called.
    #[test]
    fn a_play_out_is_handed_over_as_a_turn_begins_and_only_then() {
        let skills = [Skill::EXPERIENCED; 2];
        let hands_over = |state: &Match| {
            let mut rng = stream(1, 0);
            play_on_from(
                state,
                skills,
                0,
                MAX_EVENTS,
                SimulatedMatch::default(),
                &mut rng,
                |_| {},
            )
            .is_some()
        };
        let mut state = Match::new(Ruleset::STANDARD);
        assert!(!hands_over(&state), "before the start is decided");
        state.act(Action::Start(Team::A)).unwrap();
        assert!(hands_over(&state), "the first turn begins");
        state.act(Action::Stick(Hit::default())).unwrap();
        assert!(!hands_over(&state), "a stick thrown");
        let mut timed = Match::new(Ruleset::STANDARD.with(&TournamentSettings {
            time_limit: Some(TimeLimit {
                minutes: 30,
                tie_break: TieBreak::Accelerated,
            }),
            ..Ruleset::STANDARD.settings()
        }));
        timed.act(Action::Start(Team::A)).unwrap();
        assert!(hands_over(&timed), "a time limit, not called");
        timed.act(Action::TimeCalled).unwrap();
        assert!(!hands_over(&timed), "time called: the tie-break's rules");
    }
}
