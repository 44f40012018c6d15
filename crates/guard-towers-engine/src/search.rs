//! Iterative deepening principal-variation search.
//!
//! Alpha-beta with a transposition table, null-move pruning, late-move
//! reductions, futility and late-move pruning near the leaves (with the
//! network), killer and history move ordering, an extension when the
//! opponent threatens to win, and a quiescence search over captures and
//! answers to such threats. Wins and losses carry their distance, so the
//! shortest win is played and the longest loss defended. Repetitions and the
//! no-progress rule score as draws when the [`Rules`] say so.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use guard_towers::{Color, Move, MoveList, Position, Rules, Square, MAX_MOVES};
use guard_towers_tablebase::{Tablebase, Verdict};

use crate::eval::{evaluate_with, Evaluator};
use crate::nnue::Accumulator;
use crate::score::{from_table, to_table, INFINITY, MATE, MATE_BOUND};
use crate::tt::{Bound, TranspositionTable};

/// Deepest ply the search reaches, extensions and quiescence included.
pub const MAX_PLY: usize = 128;
/// Quiescence plies in which threats to the guard are answered by all moves.
const MAX_EVASION_PLIES: u32 = 8;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;

/// Where a node stands: its distance from the root and the plies since the
/// last capture (for the draw rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    pub ply: usize,
    pub quiet: u32,
}

impl Frame {
    fn child(self, capture: bool) -> Frame {
        Frame {
            ply: self.ply + 1,
            quiet: if capture { 0 } else { self.quiet + 1 },
        }
    }

    fn pass(self) -> Frame {
        self.child(false)
    }
}

/// Search techniques that can be switched off, to measure what each is
/// worth in games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub null_move: bool,
    pub late_move_reductions: bool,
    /// Futility and late-move pruning near the leaves. Their margins were
    /// set (by hand, not tuned) for the network's scores and measured only
    /// with it, so they prune only when the search evaluates with it: the
    /// levels below 10 and the puzzle proofs, on the hand-written
    /// evaluation, search as their tables were measured.
    pub pruning: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            null_move: true,
            late_move_reductions: true,
            pruning: true,
        }
    }
}

/// Deepest remaining depth at which a node whose static evaluation beats
/// beta by the margin is cut without searching (reverse futility).
const REVERSE_FUTILITY_DEPTH: i32 = 5;
/// Reverse futility's margin per ply of depth, in centi-stones.
const REVERSE_FUTILITY_MARGIN: i32 = 90;
/// Deepest remaining depth at which quiet moves are skipped when the
/// static evaluation plus the margin cannot reach alpha (futility), or once
/// enough of them have been tried (late-move pruning).
const FUTILITY_DEPTH: i32 = 3;
/// Futility's margin per ply of depth, in centi-stones.
const FUTILITY_MARGIN: i32 = 120;

/// Quiet moves tried at `depth` before the rest are pruned.
fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// Everything one search needs and learns.
pub struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub evaluator: Evaluator<'a>,
    pub rules: Rules,
    pub stop: &'a AtomicBool,
    pub started: Instant,
    pub hard_limit: Option<Duration>,
    pub node_limit: Option<u64>,
    pub nodes: u64,
    pub seldepth: usize,
    pub aborted: bool,
    /// The score of the root move in the principal variation, once a root
    /// move of the current iteration has raised the bound (kept when the
    /// iteration is stopped).
    pub root_score: Option<i32>,
    /// Depth of the current iteration, which bounds extensions.
    pub root_depth: u32,
    pub features: Features,
    /// Endgame tables and the most stones they hold for every material.
    pub tablebase: Option<(&'a Tablebase, u32)>,
    /// Root moves left out of the search (`Engine::search_excluding`): the
    /// root then answers what the other moves are worth.
    pub excluded: Vec<Move>,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: Box<[[i32; 64]; 64]>,
    /// Hashes of the positions before the current one: the game since the
    /// last capture, then the search path.
    hashes: Vec<u64>,
    /// Triangular principal-variation table: the line found at each ply.
    pv: Vec<Vec<Move>>,
    /// The network's hidden layers of the position at each ply of the
    /// current path (empty with the hand-written evaluation).
    accumulators: Vec<Accumulator>,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        evaluator: Evaluator<'a>,
        rules: Rules,
        stop: &'a AtomicBool,
        mut game_hashes: Vec<u64>,
    ) -> Searcher<'a> {
        // The buffers that nodes push to get all the room they can need now,
        // so that no node allocates: the search path adds at most one hash
        // per ply, and the line at a ply is at most the plies below it.
        game_hashes.reserve(MAX_PLY + 1);
        Searcher {
            tt,
            evaluator,
            rules,
            stop,
            started: Instant::now(),
            hard_limit: None,
            node_limit: None,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_score: None,
            root_depth: 1,
            features: Features::default(),
            tablebase: None,
            excluded: Vec::new(),
            killers: [[None; 2]; MAX_PLY + 1],
            history: Box::new([[0; 64]; 64]),
            hashes: game_hashes,
            pv: (0..=MAX_PLY)
                .map(|ply| Vec::with_capacity(MAX_PLY + 1 - ply))
                .collect(),
            accumulators: Vec::new(),
        }
    }

    /// Makes `position` the root of the path (ply 0).
    fn set_root(&mut self, position: &Position) {
        if let Evaluator::Network(network) = self.evaluator {
            self.accumulators.clear();
            let root = network.accumulator(position);
            self.accumulators.resize(MAX_PLY + 1, root);
        }
    }

    /// Steps the path from `position` at `ply` to `child`, after `mv`
    /// (`None`: a null move).
    #[inline]
    fn enter(&mut self, ply: usize, position: &Position, mv: Option<Move>, child: &Position) {
        if let Evaluator::Network(network) = self.evaluator {
            let (path, next) = self.accumulators.split_at_mut(ply + 1);
            match mv {
                Some(mv) => network.update_into(&mut next[0], &path[ply], position, mv, child),
                None => next[0] = path[ply],
            }
        }
    }

    /// The static evaluation of `position`, the node at `ply` of the path.
    #[inline]
    fn evaluate(&self, position: &Position, ply: usize) -> i32 {
        match self.evaluator {
            Evaluator::Classic(weights) => {
                let us = position.side_to_move();
                let (ours, theirs) = (position.mobility(us), position.mobility(!us));
                evaluate_with(position, &ours, &theirs, weights)
            }
            Evaluator::Network(network) => {
                network.evaluate_accumulated(&self.accumulators[ply], position.side_to_move())
            }
        }
    }

    /// Whether the shallow-depth prunings apply (see [`Features::pruning`]).
    fn prunes(&self) -> bool {
        self.features.pruning && matches!(self.evaluator, Evaluator::Network(_))
    }

    /// The principal variation of the last completed root search.
    pub fn principal_variation(&self) -> &[Move] {
        &self.pv[0]
    }

    /// The exact score of one root move, searched `depth` plies below it.
    pub fn score_root_move(
        &mut self,
        position: &Position,
        mv: Move,
        depth: i32,
        quiet: u32,
    ) -> i32 {
        let child_frame = Frame { ply: 0, quiet }.child(position.is_capture(mv));
        self.hashes.push(position.hash());
        let child = position.play(mv);
        self.set_root(position);
        self.enter(0, position, Some(mv), &child);
        let score = -self.search(&child, depth, -INFINITY, INFINITY, child_frame, false);
        self.hashes.pop();
        score
    }

    /// Whether to stop now. Depth 1 always completes, so there is a move.
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.root_depth > 1 && self.nodes.is_multiple_of(CHECK_EVERY) {
            let late = self
                .hard_limit
                .is_some_and(|limit| self.started.elapsed() >= limit);
            let spent = self.node_limit.is_some_and(|limit| self.nodes >= limit);
            self.aborted = late || spent || self.stop.load(Ordering::Relaxed);
        }
        self.aborted
    }

    /// Score of a position without moves: lost when a guard is gone or on
    /// the castle of the side to move, else by the no-legal-move rule.
    fn ended(&self, position: &Position, ply: usize) -> Option<i32> {
        let ply = ply as i32;
        if let Some((winner, _)) = position.winner() {
            return Some(if winner == position.side_to_move() {
                MATE - ply
            } else {
                -MATE + ply
            });
        }
        None
    }

    fn no_move_score(&self, ply: usize) -> i32 {
        if self.rules.no_legal_move_loses {
            -MATE + ply as i32
        } else {
            0
        }
    }

    fn is_draw(&self, position: &Position, quiet: u32) -> bool {
        if self
            .rules
            .no_progress_plies
            .is_some_and(|limit| quiet >= limit)
        {
            return true;
        }
        self.rules.threefold_repetition
            && self
                .hashes
                .iter()
                .rev()
                .take(quiet as usize)
                .skip(1)
                .step_by(2)
                .any(|&hash| hash == position.hash())
    }

    /// The score of the endgame tables for a position with few enough
    /// stones, where the rules let them answer; the draw rules are checked
    /// first, as the search would.
    fn probe_tablebase(
        &mut self,
        tablebase: &Tablebase,
        stones: u32,
        position: &Position,
        Frame { ply, quiet }: Frame,
    ) -> Option<i32> {
        let towers = position.towers(Color::Red) | position.towers(Color::Blue);
        if towers.count_ones() > stones
            || position.stones(Color::Red) + position.stones(Color::Blue) > stones
        {
            return None;
        }
        if position.winner().is_none() && self.is_draw(position, quiet) {
            return Some(0);
        }
        let verdict = tablebase.probe_under(position, self.rules, quiet)?;
        self.nodes += 1;
        let ply = ply as i32;
        Some(match verdict {
            Verdict::Win { plies } => MATE - ply - plies as i32,
            Verdict::Loss { plies } => -MATE + ply + plies as i32,
            Verdict::Draw => 0,
        })
    }

    /// Alpha-beta search of `position` to `depth` plies; `quiet` counts the
    /// plies since the last capture.
    pub fn search(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        frame: Frame,
        allow_null: bool,
    ) -> i32 {
        let Frame { ply, quiet } = frame;
        self.pv[ply].clear();
        if ply == 0 {
            self.root_score = None;
            self.set_root(position);
        }
        if let Some((tablebase, stones)) = self.tablebase.filter(|_| ply > 0) {
            if let Some(score) = self.probe_tablebase(tablebase, stones, position, frame) {
                return score;
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(position, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let us = position.side_to_move();
        if ply > 0 {
            if let Some(score) = self.ended(position, ply) {
                return score;
            }
            if self.is_draw(position, quiet) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply > 0 && position.has_winning_move(us) {
            return MATE - ply as i32 - 1;
        }
        let pv_node = beta - alpha > 1;
        let hit = self.tt.probe(position.hash());
        if let Some(hit) = hit.filter(|hit| ply > 0 && !pv_node && hit.depth >= depth) {
            let score = from_table(hit.score, ply);
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let threatened = position.has_winning_move(!us);
        // Extending every threatened node could go on for ever when both
        // guards keep threatening; twice the root depth bounds it.
        let extend = threatened && ply < 2 * self.root_depth as usize;
        let depth = depth + i32::from(extend);
        // The static evaluation where a node may be cut on it (never in the
        // principal variation, nor while the guard hangs): by the prunings
        // below, or by a null move from depth 3.
        let pruning = self.prunes() && beta.abs() < MATE_BOUND;
        let static_eval = (!pv_node && !threatened && (pruning || depth >= 3))
            .then(|| self.evaluate(position, ply));
        if let Some(eval) = static_eval.filter(|_| pruning) {
            if depth <= REVERSE_FUTILITY_DEPTH && eval - REVERSE_FUTILITY_MARGIN * depth >= beta {
                return eval;
            }
        }

        if allow_null
            && self.features.null_move
            && depth >= 3
            && beta.abs() < MATE_BOUND
            && static_eval.is_some_and(|eval| eval >= beta)
        {
            let reduction = 2 + depth / 4;
            self.hashes.push(position.hash());
            let passed = position.pass();
            self.enter(ply, position, None, &passed);
            let score = -self.search(
                &passed,
                depth - 1 - reduction,
                -beta,
                -beta + 1,
                frame.pass(),
                false,
            );
            self.hashes.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score > MATE_BOUND { beta } else { score };
            }
        }

        let moves = position.legal_moves();
        if moves.is_empty() {
            return self.no_move_score(ply);
        }
        let tt_move = hit.and_then(|hit| hit.mv);
        let mut order = self.order(position, moves, tt_move, Some(self.killers[ply]));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        // Near the leaves, quiet moves that cannot raise alpha are skipped:
        // all of them when even the margin does not lift the evaluation to
        // alpha, the late ones otherwise.
        let prune_quiets = static_eval.filter(|_| pruning && depth <= FUTILITY_DEPTH);
        let futile = prune_quiets.is_some_and(|eval| eval + FUTILITY_MARGIN * depth <= alpha);
        let mut quiets = 0;
        self.hashes.push(position.hash());
        let mut searched = 0;
        for index in 0..order.len() {
            let mv = order.pick_next(index);
            if ply == 0 && self.excluded.contains(&mv) {
                continue;
            }
            let capture = position.is_capture(mv);
            if !capture {
                quiets += 1;
                // Only quiet moves follow a quiet move that is not the
                // table's (captures are ordered before them), so once one is
                // pruned, so are all after it. A side that has only seen
                // losses so far searches on.
                let late = quiets > late_move_count(depth);
                if prune_quiets.is_some() && best > -MATE_BOUND && (futile || late) {
                    break;
                }
            }
            searched += 1;
            let child = position.play(mv);
            self.tt.prefetch(child.hash());
            self.enter(ply, position, Some(mv), &child);
            let child_frame = frame.child(capture);
            let score = if searched == 1 {
                -self.search(&child, depth - 1, -beta, -alpha, child_frame, true)
            } else {
                let killer = self.killers[ply].contains(&Some(mv));
                let reduction = if self.features.late_move_reductions
                    && depth >= 3
                    && index >= 3
                    && !capture
                    && !threatened
                    && !killer
                {
                    late_move_reduction(depth, index)
                } else {
                    0
                };
                let mut score = -self.search(
                    &child,
                    depth - 1 - reduction,
                    -alpha - 1,
                    -alpha,
                    child_frame,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score = -self.search(&child, depth - 1, -alpha - 1, -alpha, child_frame, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(&child, depth - 1, -beta, -alpha, child_frame, true);
                }
                score
            };
            if self.aborted {
                self.hashes.pop();
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if ply == 0 {
                        self.root_score = Some(score);
                    }
                    if score >= beta {
                        if !capture {
                            // The moves tried before are the picked ones.
                            let tried = order.picked(index);
                            let quiets = tried.filter(|&tried| !position.is_capture(tried));
                            self.reward_quiet(mv, quiets, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.hashes.pop();
        if ply == 0 && !self.excluded.is_empty() {
            // The root's worth without some of its moves is not its worth.
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            position.hash(),
            best_move,
            to_table(best, ply),
            depth,
            bound,
        );
        best
    }

    /// Captures only, unless the opponent threatens to win: then every move
    /// (there is no standing pat while the guard hangs).
    fn quiesce(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.ended(position, ply) {
            return score;
        }
        let us = position.side_to_move();
        if position.has_winning_move(us) {
            return MATE - ply as i32 - 1;
        }
        if ply >= MAX_PLY {
            return self.evaluate(position, ply);
        }
        let evading = qply < MAX_EVASION_PLIES && position.has_winning_move(!us);
        let mut best = -INFINITY;
        if !evading {
            best = self.evaluate(position, ply);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            return self.no_move_score(ply);
        }
        // Quiescence keeps no killers. Without a threat only captures are
        // searched: the quiet moves need no keys, only to come after them.
        let quiets = evading.then_some([None; 2]);
        let mut order = self.order(position, moves, None, quiets);
        for index in 0..order.len() {
            let mv = order.pick_next(index);
            // Captures are ordered before every quiet move (their keys
            // start at 1,000,000, a history's stay within ±16,384), so the
            // first quiet move picked ends the captures.
            if !evading && !position.is_capture(mv) {
                break;
            }
            let child = position.play(mv);
            self.enter(ply, position, Some(mv), &child);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// A quiet move caused a cutoff: remember it as a killer and raise its
    /// history; lower the history of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        mv: Move,
        tried: impl Iterator<Item = Move>,
        depth: i32,
        ply: usize,
    ) {
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        let bonus = (depth * depth).min(400);
        let mut adjust = |mv: Move, delta: i32| {
            let entry = &mut self.history[mv.from().index()][mv.to().index()];
            *entry += delta - *entry * delta.abs() / 16_384;
        };
        adjust(mv, bonus);
        for other in tried {
            adjust(other, -bonus);
        }
    }

    /// Ordering keys: table move, captures by victim then smallest attacker,
    /// killers, then history. `killers`: `None` when the quiet moves are not
    /// searched (each then keys below every capture, the same for all).
    fn order(
        &self,
        position: &Position,
        moves: MoveList,
        tt_move: Option<(Square, Square)>,
        killers: Option<[Option<Move>; 2]>,
    ) -> Ordered {
        let them = !position.side_to_move();
        let mut order = Ordered {
            keys: [0; MAX_MOVES],
            slots: [0; MAX_MOVES],
            moves,
        };
        for (slot, &mv) in order.moves.iter().enumerate() {
            let key = if tt_move == Some((mv.from(), mv.to())) {
                2_000_000
            } else if position.is_capture(mv) {
                let victim = if position.guard_bits(them) & mv.to().bit() != 0 {
                    8
                } else {
                    position.height(mv.to()) as i32
                };
                1_000_000 + victim * 100 - mv.stones() as i32
            } else {
                match killers {
                    None => i32::MIN,
                    Some([first, _]) if first == Some(mv) => 900_000,
                    Some([_, second]) if second == Some(mv) => 800_000,
                    Some(_) => self.history[mv.from().index()][mv.to().index()],
                }
            };
            order.keys[slot] = key;
            order.slots[slot] = slot as u8;
        }
        order
    }
}

// A slot index must fit a `u8`.
const _: () = assert!(MAX_MOVES <= 256);

/// A node's moves with their ordering keys, on the stack (a node must not
/// allocate): `slots[i]` is the index in `moves` of the i-th move in order,
/// `keys[i]` its key. Moves are picked one at a time, best key first, since
/// a cutoff usually comes before the list is through.
struct Ordered {
    moves: MoveList,
    keys: [i32; MAX_MOVES],
    slots: [u8; MAX_MOVES],
}

impl Ordered {
    fn len(&self) -> usize {
        self.moves.len()
    }

    /// Moves the best-keyed remaining move to `index` and returns it (the
    /// last of equal keys, as `max_by_key` chooses).
    fn pick_next(&mut self, index: usize) -> Move {
        let best = (index..self.len())
            .max_by_key(|&i| self.keys[i])
            .expect("index in range");
        self.keys.swap(index, best);
        self.slots.swap(index, best);
        self.moves[self.slots[index] as usize]
    }

    /// The moves picked before `index`, in the order they were picked.
    fn picked(&self, index: usize) -> impl Iterator<Item = Move> + '_ {
        self.slots[..index]
            .iter()
            .map(|&slot| self.moves[slot as usize])
    }
}

/// Plies to reduce the `index`-th move at `depth`: grows with both, as in
/// the logarithmic formula most engines use.
fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let reduction = (f64::from(depth).ln() * (index as f64).ln() / 2.0) as i32;
    reduction.clamp(1, depth - 2)
}
