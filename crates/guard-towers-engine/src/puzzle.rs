//! Puzzles: positions where one move wins by force and no other does,
//! found in finished games and verified by the engine. No I/O: the `towers
//! gt puzzles` command reads games and writes puzzles, the server serves
//! them.
//!
//! A puzzle is a position and its solution line: the solver's moves with
//! the opponent's best defences between them, ending with the solver's move
//! that wins at once (captures the guard or reaches the castle). The
//! verifier ([`Verifier::verify`]) asks the engine at each of the solver's
//! moves but the last:
//!
//! 1. the position is a forced win (`Score::Win`) within the verification
//!    depth, and the engine's move keeps it;
//! 2. with that move left out ([`Engine::search_excluding`]), no other
//!    move wins within the same depth;
//!
//! and at the last move only that it wins at once (any move that wins at
//! once solves the last step, as any mate does in a chess puzzle). The
//! verification depth is the puzzle's length in plies plus a margin, so
//! every claim is checked deeper than the line it makes.

use std::fmt;
use std::str::FromStr;

use guard_towers::{
    castle, Color, Game, GameError, Move, Outcome, Piece, Position, Rules, WinReason,
};

use crate::{Engine, Level, Limits, Score};

/// What a puzzle's solution does, for the solver and for choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// The last move captures the enemy guard.
    GuardCapture,
    /// The last move steps the guard onto the enemy castle.
    Castle,
    /// One of the solver's moves moves part of a tower, leaving the rest.
    Split,
    /// One of the solver's moves lands on a tower of its own.
    Stack,
    /// One of the solver's moves before the last captures nothing and
    /// threatens no win at once: the hardest kind to see.
    QuietMove,
    /// One of the solver's moves before the last gives up material: after
    /// the opponent's reply the solver is worse off in stones than before.
    Sacrifice,
    /// The only move that does not lose (a [`Goal::Save`] puzzle).
    Defence,
    /// At most [`ENDGAME_STONES`] stones besides the guards: the
    /// tablebases' ground.
    Endgame,
}

/// The most tower stones, both colours together, of an endgame.
pub const ENDGAME_STONES: u32 = 3;

impl Theme {
    pub const ALL: [Theme; 8] = [
        Theme::GuardCapture,
        Theme::Castle,
        Theme::Split,
        Theme::Stack,
        Theme::QuietMove,
        Theme::Sacrifice,
        Theme::Defence,
        Theme::Endgame,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Theme::GuardCapture => "guard-capture",
            Theme::Castle => "castle",
            Theme::Split => "split",
            Theme::Stack => "stack",
            Theme::QuietMove => "quiet-move",
            Theme::Sacrifice => "sacrifice",
            Theme::Defence => "defence",
            Theme::Endgame => "endgame",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is none of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeError(pub String);

impl fmt::Display for ThemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::ALL.iter().map(|theme| theme.name()).collect();
        write!(
            f,
            "unknown theme '{}' (expected one of {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for ThemeError {}

impl FromStr for Theme {
    type Err = ThemeError;

    fn from_str(text: &str) -> Result<Theme, ThemeError> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name() == text)
            .ok_or_else(|| ThemeError(text.to_string()))
    }
}

/// What the solver has to find.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The line that wins by force: the solver's moves with the
    /// opponent's replies between them, ending with the winning move.
    Win,
    /// The only move that does not lose: every other one loses by force.
    /// The solution is that one move.
    Save,
}

impl Goal {
    pub fn name(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Save => "save",
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Goal {
    type Err = String;

    fn from_str(text: &str) -> Result<Goal, String> {
        match text {
            "win" => Ok(Goal::Win),
            "save" => Ok(Goal::Save),
            _ => Err(format!("unknown goal '{text}' (expected win or save)")),
        }
    }
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The solution has no moves, or an even number (it must end with the
    /// solver's move).
    Length(usize),
    /// A move of the line is illegal where it is played, or the game ended
    /// before it.
    Move { index: usize, error: GameError },
    /// The line does not end with a win of the side to move.
    NoWin,
    /// A save is one move that does not end the game.
    NoSave,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Length(n) => write!(
                f,
                "a solution has an odd number of moves (the solver's first and last), not {n}"
            ),
            PuzzleError::Move { index, error } => {
                write!(f, "move {} of the solution: {error}", index + 1)
            }
            PuzzleError::NoWin => f.write_str("the solution does not end with the solver's win"),
            PuzzleError::NoSave => {
                f.write_str("a save is one legal move that does not end the game")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A position and its solution: valid by construction (a win: every move
/// legal, the last one winning at once for the side to move, none before
/// it ending the game; a save: one legal move that does not end it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    goal: Goal,
    position: Position,
    solution: Vec<Move>,
    themes: Vec<Theme>,
}

impl Puzzle {
    /// A puzzle of either goal ([`Puzzle::new`], [`Puzzle::save`]).
    pub fn of(goal: Goal, position: Position, solution: Vec<Move>) -> Result<Puzzle, PuzzleError> {
        match (goal, solution.as_slice()) {
            (Goal::Win, _) => Puzzle::new(position, solution),
            (Goal::Save, &[mv]) => Puzzle::save(position, mv),
            (Goal::Save, _) => Err(PuzzleError::NoSave),
        }
    }

    /// A save: `mv`, legal and not ending the game, is the solution.
    pub fn save(position: Position, mv: Move) -> Result<Puzzle, PuzzleError> {
        let mut game = Game::new(position, Rules::STANDARD);
        game.play(mv)
            .map_err(|error| PuzzleError::Move { index: 0, error })?;
        if game.outcome().is_some() {
            return Err(PuzzleError::NoSave);
        }
        let mut themes = vec![Theme::Defence];
        themes.extend(move_themes(&position, mv));
        themes.extend(endgame_theme(&position));
        themes.sort();
        themes.dedup();
        Ok(Puzzle {
            goal: Goal::Save,
            position,
            solution: vec![mv],
            themes,
        })
    }

    /// A win: checks the line and works out its themes.
    pub fn new(position: Position, solution: Vec<Move>) -> Result<Puzzle, PuzzleError> {
        if solution.len().is_multiple_of(2) {
            return Err(PuzzleError::Length(solution.len()));
        }
        let mut game = Game::new(position, Rules::STANDARD);
        for (index, &mv) in solution.iter().enumerate() {
            game.play(mv)
                .map_err(|error| PuzzleError::Move { index, error })?;
        }
        let solver = position.side_to_move();
        match game.outcome() {
            Some(Outcome::Win { winner, reason }) if winner == solver => {
                if reason == WinReason::NoLegalMove {
                    return Err(PuzzleError::NoWin);
                }
            }
            _ => return Err(PuzzleError::NoWin),
        }
        let themes = themes_of(&game, solver);
        Ok(Puzzle {
            goal: Goal::Win,
            position,
            solution,
            themes,
        })
    }

    pub fn goal(&self) -> Goal {
        self.goal
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The solver's moves with the opponent's replies between them.
    pub fn solution(&self) -> &[Move] {
        &self.solution
    }

    /// Sorted, each once.
    pub fn themes(&self) -> &[Theme] {
        &self.themes
    }

    /// The solver's moves to the win (a save: 1).
    pub fn wins_in(&self) -> u32 {
        self.solution.len().div_ceil(2) as u32
    }

    /// Whether `mv`, the solver's move after the first `ply` moves of the
    /// solution, solves that step: the solution's move, or at the last step
    /// any move that wins at once. `None` when `ply` is not the solver's.
    pub fn accepts(&self, ply: usize, mv: Move) -> Option<bool> {
        if !ply.is_multiple_of(2) || ply >= self.solution.len() {
            return None;
        }
        if self.solution[ply] == mv {
            return Some(true);
        }
        if ply + 1 < self.solution.len() || self.goal == Goal::Save {
            return Some(false);
        }
        let mut position = self.position;
        for &played in &self.solution[..ply] {
            position = position.play(played);
        }
        Some(position.is_legal(mv) && position.is_winning_move(mv))
    }
}

/// Whether `mv` is the guard stepping aside, capturing nothing and
/// threatening no win at once: the one kind of save kept out of the set.
pub fn is_guard_step(before: &Position, mv: Move) -> bool {
    let us = before.side_to_move();
    before.guard_bits(us) & mv.from().bit() != 0
        && !before.is_capture(mv)
        && !before.play(mv).has_winning_move(us)
}

/// Split and stack, as `mv` does them from `before`.
fn move_themes(before: &Position, mv: Move) -> Vec<Theme> {
    let mut themes = Vec::new();
    if let Some(Piece::Tower(color, height)) = before.piece_at(mv.from()) {
        if mv.stones() < u32::from(height) {
            themes.push(Theme::Split);
        }
        if before.towers(color) & mv.to().bit() != 0 {
            themes.push(Theme::Stack);
        }
    }
    themes
}

/// Endgame, when `position` is one.
fn endgame_theme(position: &Position) -> Option<Theme> {
    let stones = position.stones(Color::Red) + position.stones(Color::Blue);
    (stones <= ENDGAME_STONES).then_some(Theme::Endgame)
}

/// The solver's stones less the opponent's.
fn balance(position: &Position, solver: Color) -> i64 {
    i64::from(position.stones(solver)) - i64::from(position.stones(!solver))
}

fn themes_of(game: &Game, solver: Color) -> Vec<Theme> {
    let mut themes = Vec::new();
    let positions = game.positions();
    let moves = game.moves();
    for (index, &mv) in moves.iter().enumerate() {
        let before = positions[index];
        if before.side_to_move() != solver {
            continue;
        }
        themes.extend(move_themes(&before, mv));
        let last = index + 1 == moves.len();
        if last {
            continue;
        }
        let after = positions[index + 1];
        if !before.is_capture(mv) && !after.has_winning_move(solver) {
            themes.push(Theme::QuietMove);
        }
        // The reply is in the line: every solver move but the last has one.
        if balance(&positions[index + 2], solver) < balance(&before, solver) {
            themes.push(Theme::Sacrifice);
        }
    }
    let last = *moves.last().expect("a puzzle has moves");
    let before = positions[positions.len() - 2];
    if before.guard_bits(!solver) & last.to().bit() != 0 {
        themes.push(Theme::GuardCapture);
    } else if last.to() == castle(!solver) {
        themes.push(Theme::Castle);
    }
    themes.extend(endgame_theme(&positions[0]));
    themes.sort();
    themes.dedup();
    themes
}

/// How hard the verifier looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Shortest puzzle kept, in the solver's moves.
    pub min_moves: u32,
    /// Longest puzzle kept, in the solver's moves.
    pub max_moves: u32,
    /// Plies searched beyond the rest of the line when looking for a
    /// second winning move: at the solver's k-th of n moves, no other move
    /// may win within 2(n - k) + 1 + margin plies.
    pub margin: u32,
    /// Node budget of one search; a search that runs out proves nothing,
    /// and its candidate is dropped.
    pub nodes: u64,
    /// Node budget of the deep searches, with no depth limit: the one for
    /// a second winning first move (a win is unique only when this finds
    /// none, at whatever length), and the one proving a save holds.
    pub deep_nodes: u64,
    /// Also look for saves: positions under a threat to win at once where
    /// one move does not lose and every other does.
    pub saves: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            min_moves: 2,
            max_moves: 4,
            margin: 4,
            nodes: 4_000_000,
            deep_nodes: 16_000_000,
            saves: true,
        }
    }
}

impl Settings {
    /// The depth of the search for the winning line: the longest line's
    /// plies and the margin.
    pub fn depth(&self) -> u32 {
        2 * self.max_moves - 1 + self.margin
    }
}

/// How hard a puzzle is for search ([`Verifier::difficulty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The smallest depth that finds the whole solution.
    pub depth: u32,
    /// The nodes of the searches at that depth, every solver move's.
    pub nodes: u64,
}

impl Difficulty {
    /// The puzzle's first rating: 1000, and 100 for each ply of depth the
    /// solution needs (a win in 2 the engine sees at depth 3: 1300; one
    /// it needs 9 plies for: 1900). The same depth is harder for a person
    /// when the line is longer, so 50 more for each solver move beyond the
    /// first.
    pub fn first_rating(self, solver_moves: u32) -> u32 {
        1000 + 100 * self.depth + 50 * solver_moves.saturating_sub(1)
    }
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The game is over, or the side to move has no forced win in range.
    NoForcedWin,
    /// The win is shorter or longer than the settings keep.
    OutOfRange(u32),
    /// Another move wins too (at the solver's n-th move, counted from 1).
    NotUnique { step: u32 },
    /// A search ran out of nodes before it could prove its answer.
    Unproven,
    /// Every move loses (nothing to save), or none does (no threat).
    NoSave,
    /// The save is the guard stepping out of the threat, capturing
    /// nothing and threatening nothing: too easy to be worth a puzzle.
    GuardStep,
}

/// The engine that finds and verifies puzzles (full strength, its own
/// table).
pub struct Verifier {
    engine: Engine,
    settings: Settings,
}

impl Verifier {
    /// ```
    /// use guard_towers::Position;
    /// use guard_towers_engine::puzzle::{Settings, Theme, Verifier};
    ///
    /// // Blue's guard stands next to Red's: only taking it wins.
    /// let settings = Settings { min_moves: 1, ..Settings::default() };
    /// let mut verifier = Verifier::new(settings);
    /// let position: Position = "3RG3/3BG3/7/7/7/7/7 r".parse().unwrap();
    /// let puzzle = verifier.verify(&position).unwrap();
    /// assert_eq!(puzzle.solution()[0].to_string(), "D7-D6-1");
    /// assert_eq!(puzzle.themes(), &[Theme::GuardCapture, Theme::Endgame]);
    /// assert_eq!(puzzle.wins_in(), 1);
    /// ```
    pub fn new(settings: Settings) -> Verifier {
        let mut engine = Engine::new();
        engine.set_level(Level::STRONGEST);
        engine.set_hash_mb(32);
        // A proof does not depend on the evaluation, only its node budget
        // does: the hand-written one searches more nodes a second and
        // keeps the puzzles found from a record the same as before the
        // network came.
        engine.set_use_network(false);
        Verifier { engine, settings }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.settings.depth()),
            nodes: Some(self.settings.nodes),
            ..Limits::default()
        }
    }

    /// The forced win in `game`'s position, if the engine proves one within
    /// the verification depth: its length in the solver's moves and its
    /// first move.
    fn forced_win(&mut self, game: &Game) -> Option<(u32, Move)> {
        let limits = self.limits();
        let result = self.engine.search(game, &limits)?;
        match result.score {
            Score::Win(n) => Some((n, result.best_move)),
            _ => None,
        }
    }

    /// Whether any move but `best` wins within `depth` plies, or the
    /// search could not tell.
    fn another_wins(&mut self, game: &Game, best: Move, depth: u32) -> Result<bool, Rejection> {
        let limits = Limits {
            depth: Some(depth),
            ..self.limits()
        };
        self.another_wins_under(game, best, &limits, depth)
    }

    /// Whether any move but `best` wins at any length the deep search
    /// reaches: no depth limit, the deep node budget, and at least `depth`
    /// plies searched without a win for the answer to count.
    fn another_wins_deep(
        &mut self,
        game: &Game,
        best: Move,
        depth: u32,
    ) -> Result<bool, Rejection> {
        let limits = Limits {
            nodes: Some(self.settings.deep_nodes),
            ..Limits::default()
        };
        self.another_wins_under(game, best, &limits, depth)
    }

    /// Whether a search under `limits` with `best` left out finds a win;
    /// no win counts only once `depth` plies were searched.
    fn another_wins_under(
        &mut self,
        game: &Game,
        best: Move,
        limits: &Limits,
        depth: u32,
    ) -> Result<bool, Rejection> {
        let Some(result) = self.engine.search_excluding(game, limits, &[best]) else {
            return Ok(false);
        };
        match result.score {
            Score::Win(_) => Ok(true),
            Score::Loss(_) => Ok(false),
            Score::Centistones(_) if result.depth >= depth => Ok(false),
            Score::Centistones(_) => Err(Rejection::Unproven),
        }
    }

    /// Verifies `position` as a puzzle for the side to move and returns it
    /// with its solution line.
    pub fn verify(&mut self, position: &Position) -> Result<Puzzle, Rejection> {
        self.engine.new_game();
        let mut game = Game::new(*position, Rules::STANDARD);
        let (length, _) = self.forced_win(&game).ok_or(Rejection::NoForcedWin)?;
        if length < self.settings.min_moves || length > self.settings.max_moves {
            return Err(Rejection::OutOfRange(length));
        }
        let mut line = Vec::new();
        for step in 1..=length {
            let (left, best) = self.forced_win(&game).ok_or(Rejection::Unproven)?;
            if left != length + 1 - step {
                return Err(Rejection::Unproven);
            }
            let wins_now = game.position().is_winning_move(best);
            if wins_now && step < length {
                return Err(Rejection::Unproven);
            }
            // Another win is looked for beyond the rest of the line: its
            // plies and the margin.
            let depth = 2 * left - 1 + self.settings.margin;
            if step == 1 || !wins_now {
                let unique = if wins_now {
                    // A one-move puzzle: the only move that wins at once
                    // and no slower win either.
                    let others = game
                        .legal_moves()
                        .iter()
                        .filter(|&&mv| game.position().is_winning_move(mv))
                        .count();
                    others == 1 && !self.another_wins(&game, best, depth)?
                } else if step == 1 {
                    // The first move: no other may win at any length the
                    // engine can prove, not only within the line's.
                    !self.another_wins(&game, best, depth)?
                        && !self.another_wins_deep(&game, best, depth)?
                } else {
                    !self.another_wins(&game, best, depth)?
                };
                if !unique {
                    return Err(Rejection::NotUnique { step });
                }
            }
            line.push(best);
            game.play(best).expect("the engine's move is legal");
            if wins_now {
                break;
            }
            let limits = self.limits();
            let reply = self
                .engine
                .search(&game, &limits)
                .ok_or(Rejection::Unproven)?;
            line.push(reply.best_move);
            game.play(reply.best_move)
                .expect("the engine's move is legal");
        }
        Puzzle::new(*position, line).map_err(|_| Rejection::Unproven)
    }

    /// How many of its own moves, `mv` included, the side to move at
    /// `position` still wins in by force after playing `mv`, when the
    /// search proves it within `moves` such moves (and the margin): a
    /// solver's move other than the puzzle's that keeps a forced win.
    /// `None` when `mv` is illegal, or no forced win is proven.
    ///
    /// ```
    /// use guard_towers::{Move, Position};
    /// use guard_towers_engine::puzzle::{Settings, Verifier};
    ///
    /// let mut verifier = Verifier::new(Settings::default());
    /// let position: Position = "3RG3/3BG3/7/7/7/7/7 r".parse().unwrap();
    /// let take: Move = "D7-D6-1".parse().unwrap();
    /// assert_eq!(verifier.wins_with(&position, take, 1), Some(1));
    /// let step: Move = "D7-C7-1".parse().unwrap();
    /// assert_eq!(verifier.wins_with(&position, step, 3), None, "Blue's guard steps onto D7");
    /// ```
    pub fn wins_with(&mut self, position: &Position, mv: Move, moves: u32) -> Option<u32> {
        if !position.is_legal(mv) {
            return None;
        }
        if position.is_winning_move(mv) {
            return Some(1);
        }
        self.engine.new_game();
        let mut game = Game::new(*position, Rules::STANDARD);
        game.play(mv).ok()?;
        let limits = Limits {
            depth: Some(2 * moves.saturating_sub(1) + self.settings.margin),
            ..self.limits()
        };
        // The opponent to move, lost after n of its moves: the solver's
        // n-th answer wins, its n + 1-th move counting `mv`.
        match self.engine.search(&game, &limits)?.score {
            Score::Loss(n) => Some(n + 1),
            _ => None,
        }
    }

    /// How hard `puzzle` is for search: the smallest depth at which a
    /// fresh engine's fixed-depth search plays every solver move of the
    /// line (at the last step, any move that wins at once), and the nodes
    /// those searches took. `None` when no depth up to `max_depth` does.
    pub fn difficulty(&mut self, puzzle: &Puzzle, max_depth: u32) -> Option<Difficulty> {
        (1..=max_depth).find_map(|depth| {
            let mut nodes = 0;
            let mut game = Game::new(*puzzle.position(), Rules::STANDARD);
            for (ply, &mv) in puzzle.solution().iter().enumerate() {
                if ply % 2 == 0 {
                    self.engine.new_game();
                    let result = self.engine.search(&game, &Limits::depth(depth))?;
                    nodes += result.nodes;
                    if puzzle.accepts(ply, result.best_move) != Some(true) {
                        return None;
                    }
                }
                game.play(mv).expect("a puzzle's line is legal");
            }
            Some(Difficulty { depth, nodes })
        })
    }

    /// Verifies `position` as a save for the side to move: one move does
    /// not lose within the verification depth, and with it left out the
    /// engine finds every other one lost.
    pub fn verify_save(&mut self, position: &Position) -> Result<Puzzle, Rejection> {
        self.engine.new_game();
        let game = Game::new(*position, Rules::STANDARD);
        let limits = self.limits();
        let depth = self.settings.depth();
        let best = self
            .engine
            .search(&game, &limits)
            .ok_or(Rejection::NoSave)?;
        match best.score {
            Score::Loss(_) => return Err(Rejection::NoSave),
            Score::Win(_) => return Err(Rejection::NoSave),
            Score::Centistones(_) if best.depth < depth => return Err(Rejection::Unproven),
            Score::Centistones(_) => {}
        }
        let others = self
            .engine
            .search_excluding(&game, &limits, &[best.best_move])
            .ok_or(Rejection::NoSave)?;
        match others.score {
            Score::Loss(_) => {}
            Score::Centistones(_) if others.depth < depth => return Err(Rejection::Unproven),
            _ => return Err(Rejection::NotUnique { step: 1 }),
        }
        if is_guard_step(position, best.best_move) {
            return Err(Rejection::GuardStep);
        }
        // The save must hold beyond the verification depth too: searched
        // again after it, with no depth limit, it must not lose.
        let mut after = game.clone();
        after
            .play(best.best_move)
            .expect("the engine's move is legal");
        let deep = Limits {
            nodes: Some(self.settings.deep_nodes),
            ..Limits::default()
        };
        if let Some(Score::Win(_)) = self.engine.search(&after, &deep).map(|r| r.score) {
            return Err(Rejection::NoSave);
        }
        Puzzle::save(*position, best.best_move).map_err(|_| Rejection::NoSave)
    }

    /// The puzzles of a game. Win candidates are the plies in `proven`,
    /// where the side to move's own search in the game proved a forced win
    /// (self-play records them for free); without them, every position
    /// where a quick search (the longest line's depth, a tenth of the node
    /// budget) sees a forced win in range. Each is verified as a win; a
    /// verified win's line is not looked in again (its positions would be
    /// its own tail). A position under a threat to win at once is verified
    /// as a save. Each with the ply of its position in the game.
    pub fn find_in_game(&mut self, game: &Game, proven: Option<&[usize]>) -> Vec<(usize, Puzzle)> {
        let positions = game.positions();
        let mut found = Vec::new();
        let mut ply = 0;
        while ply + 1 < positions.len() {
            let in_range = match proven {
                Some(plies) => plies.contains(&ply),
                None => self.quick_win_in_range(&positions[ply]),
            };
            if in_range {
                if let Ok(puzzle) = self.verify(&positions[ply]) {
                    let length = puzzle.solution().len();
                    found.push((ply, puzzle));
                    ply += length;
                    continue;
                }
            }
            // A threat to win at once: is there exactly one answer?
            let side = positions[ply].side_to_move();
            if self.settings.saves && !in_range && positions[ply].has_winning_move(!side) {
                if let Ok(puzzle) = self.verify_save(&positions[ply]) {
                    found.push((ply, puzzle));
                }
            }
            ply += 1;
        }
        found
    }

    /// Whether a quick search sees a forced win in range at `position`.
    fn quick_win_in_range(&mut self, position: &Position) -> bool {
        let quick = Limits {
            depth: Some(2 * self.settings.max_moves - 1),
            nodes: Some(self.settings.nodes / 10),
            ..Limits::default()
        };
        self.engine.new_game();
        let here = Game::new(*position, Rules::STANDARD);
        match self.engine.search(&here, &quick).map(|r| r.score) {
            Some(Score::Win(n)) => (self.settings.min_moves..=self.settings.max_moves).contains(&n),
            _ => false,
        }
    }
}

/// One self-play game for puzzles: from `opening`, each side an engine of
/// a level drawn from `seed` (`weakest` to 10, so that somebody blunders
/// into a forced loss), `nodes` per move, at most `max_plies` plies. With
/// it, the plies where the side to move's search proved a forced win of at
/// most `max_moves` moves: the win candidates, found at no extra cost.
pub fn self_play(
    opening: Position,
    seed: u64,
    nodes: u64,
    max_plies: usize,
    max_moves: u32,
    weakest: Level,
) -> (Game, Vec<usize>) {
    let mut game = Game::new(opening, Rules::STANDARD);
    let levels = u64::from(Level::STRONGEST.get() - weakest.get()) + 1;
    let mut engines = [Color::Red, Color::Blue].map(|color| {
        let mut engine = Engine::new();
        engine.set_hash_mb(4);
        let draw = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (color.index() * 8 + 3);
        let level = weakest.get() + (draw % levels) as u8;
        engine.set_level(Level::new(level).expect("weakest to strongest are levels"));
        engine.set_seed(seed ^ color.index() as u64);
        engine.new_game();
        engine
    });
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut proven = Vec::new();
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let side = game.position().side_to_move();
        let Some(result) = engines[side.index()].search(&game, &limits) else {
            break;
        };
        // A proven win for the mover, or a proven loss: then the next
        // position is the opponent's win, whether or not its engine sees it.
        match result.score {
            Score::Win(n) if n <= max_moves => proven.push(game.moves().len()),
            Score::Loss(n) if n <= max_moves => proven.push(game.moves().len() + 1),
            _ => {}
        }
        game.play(result.best_move).expect("engine moves are legal");
    }
    (game, proven)
}

/// A puzzle crosses JSON as `{"goal", "position", "solution", "themes"}`
/// (`goal` `win` when absent), each
/// move and the position as their notation; reading one checks its line
/// again ([`Puzzle::new`]) and its themes against the line's.
#[cfg(feature = "serde")]
mod serde_impl {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Goal, Puzzle, Theme};

    fn win() -> Goal {
        Goal::Win
    }

    impl Serialize for Goal {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for Goal {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Goal, D::Error> {
            let text = String::deserialize(deserializer)?;
            text.parse().map_err(D::Error::custom)
        }
    }
    use guard_towers::{Move, Position};

    #[derive(Serialize, Deserialize)]
    struct Line {
        #[serde(default = "win")]
        goal: Goal,
        position: Position,
        solution: Vec<Move>,
        #[serde(default)]
        themes: Vec<Theme>,
    }

    impl Serialize for Theme {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_str(self.name())
        }
    }

    impl<'de> Deserialize<'de> for Theme {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Theme, D::Error> {
            let text = String::deserialize(deserializer)?;
            text.parse().map_err(D::Error::custom)
        }
    }

    impl Serialize for Puzzle {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Line {
                goal: self.goal,
                position: self.position,
                solution: self.solution.clone(),
                themes: self.themes.clone(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for Puzzle {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Puzzle, D::Error> {
            let line = Line::deserialize(deserializer)?;
            let puzzle =
                Puzzle::of(line.goal, line.position, line.solution).map_err(D::Error::custom)?;
            let mut themes = line.themes;
            themes.sort();
            themes.dedup();
            if !themes.is_empty() && themes != puzzle.themes {
                return Err(D::Error::custom("the themes are not those of the solution"));
            }
            Ok(puzzle)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puzzle 407 of the shipped set (issue 41): its line wins in 3, and
    /// F7-G7-1, a move the puzzle marked wrong, wins by force too, later.
    #[test]
    fn a_move_off_the_line_that_keeps_a_forced_win_is_proven() {
        let position: Position = "5RG1/b16/r26/7/1BG1b1b22/2r24/7 r".parse().unwrap();
        let mut verifier = Verifier::new(Settings::default());
        let line: Move = "A5-A4-1".parse().unwrap();
        assert_eq!(verifier.wins_with(&position, line, 3), Some(3));
        let other: Move = "F7-G7-1".parse().unwrap();
        let wins = verifier.wins_with(&position, other, 7);
        assert!(wins.is_some_and(|n| n > 3), "{wins:?}");
    }

    #[test]
    fn theme_names_round_trip() {
        for theme in Theme::ALL {
            assert_eq!(theme.to_string().parse::<Theme>(), Ok(theme));
        }
        assert!("fork".parse::<Theme>().is_err());
    }

    #[test]
    fn a_line_must_end_with_the_solvers_win() {
        let position: Position = "3RG3/3BG3/7/7/7/7/7 r".parse().unwrap();
        let capture: Move = "D7-D6-1".parse().unwrap();
        let quiet: Move = "D7-C7-1".parse().unwrap();
        let puzzle = Puzzle::new(position, vec![capture]).unwrap();
        assert_eq!(puzzle.themes(), &[Theme::GuardCapture, Theme::Endgame]);
        assert_eq!(puzzle.wins_in(), 1);
        assert_eq!(Puzzle::new(position, vec![quiet]), Err(PuzzleError::NoWin));
        assert_eq!(Puzzle::new(position, vec![]), Err(PuzzleError::Length(0)));
    }
}
