//! The engines that play server games: one per engine seat of a game, kept
//! between its moves (so its hash table and history carry over, as they do
//! for a CLI engine) and seeded from the game, so a level's deliberate
//! mistakes differ from game to game but replay the same for one game.
//! At most `capacity` engines are kept; the one used longest ago goes
//! first, and a game whose engine went gets a fresh one, seeded alike.
//! Each game's running search has a stop flag here, so that a game that
//! ends (resigned, agreed, forfeited) stops its search and frees its engines.
//! With endgame tables (`towers serve --tablebase DIR`) the full-strength
//! engine plays them; a weaker level keeps its deliberate mistakes, so its
//! strength stays the one `docs/levels.md` measured. An engine is handed
//! the tables there are when it is made: one made before a background
//! build finished plays its game on without them.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use guard_towers::Color;
use guard_towers_engine::{Engine, Level};
use guard_towers_tablebase::Tablebase;

use crate::tablebases::Tablebases;

/// The hash table of each server engine.
const HASH_MB: usize = 16;

type Shared = Arc<Mutex<Engine>>;

pub struct EnginePlayers {
    capacity: usize,
    tablebase: Tablebases,
    engines: Mutex<Players>,
}

#[derive(Default)]
struct Players {
    by_seat: HashMap<(String, Color), (Shared, u64)>,
    clock: u64,
    /// The stop flag of each game's search, queued or running.
    searches: HashMap<String, Arc<AtomicBool>>,
}

impl EnginePlayers {
    pub fn new(capacity: usize, tablebase: Tablebases) -> EnginePlayers {
        EnginePlayers {
            capacity: capacity.max(1),
            tablebase,
            engines: Mutex::default(),
        }
    }

    /// The engine of game `id`'s `seat`, made at `level` if it has none.
    pub fn engine(&self, id: &str, seat: Color, level: u8) -> Shared {
        let mut players = self.players();
        players.clock += 1;
        let now = players.clock;
        let key = (id.to_string(), seat);
        if let Some((engine, used)) = players.by_seat.get_mut(&key) {
            *used = now;
            return engine.clone();
        }
        if players.by_seat.len() >= self.capacity {
            let oldest = players
                .by_seat
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(key, _)| key.clone());
            if let Some(oldest) = oldest {
                players.by_seat.remove(&oldest);
            }
        }
        let engine = new_engine(id, seat, level, self.tablebase.current());
        let engine = Arc::new(Mutex::new(engine));
        players.by_seat.insert(key, (engine.clone(), now));
        engine
    }

    /// A stop flag for a new search of game `id`, set when the game ends.
    pub fn start_search(&self, id: &str) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        self.players().searches.insert(id.to_string(), stop.clone());
        stop
    }

    /// Forgets a search's stop flag (unless a newer search of the game has
    /// put its own).
    pub fn search_done(&self, id: &str, stop: &Arc<AtomicBool>) {
        let mut players = self.players();
        if players
            .searches
            .get(id)
            .is_some_and(|flag| Arc::ptr_eq(flag, stop))
        {
            players.searches.remove(id);
        }
    }

    /// Game `id`'s search, stopped to yield its thread, goes on: its stop
    /// flag is lowered, unless the game has ended (or a newer search has
    /// put its own flag) meanwhile.
    pub fn resume_search(&self, id: &str, stop: &Arc<AtomicBool>) -> bool {
        let players = self.players();
        let live = players
            .searches
            .get(id)
            .is_some_and(|flag| Arc::ptr_eq(flag, stop));
        if live {
            stop.store(false, Ordering::Relaxed);
        }
        live
    }

    /// Game `id` has ended: its search stops (for good: it is not resumed)
    /// and its engines go.
    pub fn game_over(&self, id: &str) {
        let mut players = self.players();
        if let Some(stop) = players.searches.remove(id) {
            stop.store(true, Ordering::Relaxed);
        }
        players.by_seat.retain(|(game, _), _| game != id);
    }

    fn players(&self) -> std::sync::MutexGuard<'_, Players> {
        self.engines.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many engines are kept now.
    pub fn len(&self) -> usize {
        self.players().by_seat.len()
    }
}

fn new_engine(id: &str, seat: Color, level: u8, tablebase: Option<Arc<Tablebase>>) -> Engine {
    let mut engine = Engine::new();
    engine.set_hash_mb(HASH_MB);
    // The scheduler runs one search per engine thread of the server (the
    // pool caps them), so each search is one thread.
    engine.set_threads(1);
    match Level::new(level) {
        Some(level) if level != Level::STRONGEST => engine.set_level(level),
        _ => engine.set_tablebase(tablebase),
    }
    engine.set_seed(seed(id, seat));
    engine.new_game();
    engine
}

/// The seed of a game's seat: the same every time the game is played on.
fn seed(id: &str, seat: Color) -> u64 {
    let mut hasher = DefaultHasher::new();
    (id, seat.index()).hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_keeps_its_engine_between_moves_and_the_oldest_goes_when_full() {
        let players = EnginePlayers::new(2, Tablebases::default());
        let first = players.engine("a", Color::Red, 3);
        assert!(Arc::ptr_eq(&first, &players.engine("a", Color::Red, 3)));
        players.engine("a", Color::Blue, 3);
        players.engine("a", Color::Red, 3);
        players.engine("b", Color::Red, 3);
        assert_eq!(players.len(), 2);
        assert!(Arc::ptr_eq(&first, &players.engine("a", Color::Red, 3)));
    }

    #[test]
    fn a_game_that_ends_stops_its_search_and_frees_its_engines() {
        let players = EnginePlayers::new(4, Tablebases::default());
        players.engine("a", Color::Red, 3);
        players.engine("b", Color::Red, 3);
        let stop = players.start_search("a");
        let other = players.start_search("b");
        players.game_over("a");
        assert!(stop.load(Ordering::Relaxed));
        assert!(!other.load(Ordering::Relaxed), "another game searches on");
        assert_eq!(players.len(), 1, "only b's engine is kept");
        players.search_done("a", &stop);
        let newer = players.start_search("b");
        players.search_done("b", &other);
        players.game_over("b");
        assert!(
            newer.load(Ordering::Relaxed),
            "an old search's end left the newer flag"
        );
    }

    #[test]
    fn a_search_that_yielded_resumes_only_while_its_game_goes_on() {
        let players = EnginePlayers::new(4, Tablebases::default());
        let stop = players.start_search("a");
        stop.store(true, Ordering::Relaxed);
        assert!(players.resume_search("a", &stop));
        assert!(!stop.load(Ordering::Relaxed), "lowered to go on");
        stop.store(true, Ordering::Relaxed);
        players.game_over("a");
        assert!(!players.resume_search("a", &stop), "the game ended");
        assert!(stop.load(Ordering::Relaxed), "and its search stays stopped");
        let old = players.start_search("b");
        let _newer = players.start_search("b");
        assert!(
            !players.resume_search("b", &old),
            "a newer search replaced it"
        );
    }

    #[test]
    fn the_full_strength_engine_plays_the_endgame_tables_and_a_level_does_not() {
        use guard_towers::{Game, Position, Rules};
        use guard_towers_engine::Limits;
        let mut tablebase = Tablebase::new();
        tablebase.build(1, &mut |_, _| {});
        let players = EnginePlayers::new(4, Tablebases::ready(Arc::new(tablebase)));
        let position: Position = "6BG/7/7/7/3RG3/7/r16 r".parse().unwrap();
        let game = Game::new(position, Rules::STANDARD);
        let searched_by_tables = |level| {
            let engine = players.engine("a", Color::Red, level);
            let mut engine = engine.lock().unwrap();
            engine.search(&game, &Limits::depth(2)).unwrap().tablebase
        };
        assert!(searched_by_tables(10), "level 10 answers from the tables");
        players.game_over("a");
        assert!(!searched_by_tables(5), "level 5 searches, mistakes and all");
    }

    /// Tables built after the server started reach the engines made from
    /// then on; an engine made before plays on without them.
    #[test]
    fn tables_built_in_the_background_reach_the_engines_made_afterwards() {
        use guard_towers::{Game, Position, Rules};
        use guard_towers_engine::Limits;
        let tablebases = Tablebases::building(None);
        let players = EnginePlayers::new(4, tablebases.clone());
        let position: Position = "6BG/7/7/7/3RG3/7/r16 r".parse().unwrap();
        let game = Game::new(position, Rules::STANDARD);
        let searched_by_tables = |id| {
            let engine = players.engine(id, Color::Red, 10);
            let mut engine = engine.lock().unwrap();
            engine.search(&game, &Limits::depth(2)).unwrap().tablebase
        };
        assert!(!searched_by_tables("before"), "no tables yet");
        let mut tablebase = Tablebase::new();
        tablebase.build(1, &mut |_, _| {});
        tablebases.built(Arc::new(tablebase));
        assert!(searched_by_tables("after"), "a new engine has them");
        assert!(!searched_by_tables("before"), "the older one plays on");
    }

    #[test]
    fn seeds_differ_between_games_and_seats_and_repeat_for_one() {
        assert_eq!(seed("game1", Color::Red), seed("game1", Color::Red));
        assert_ne!(seed("game1", Color::Red), seed("game2", Color::Red));
        assert_ne!(seed("game1", Color::Red), seed("game1", Color::Blue));
    }
}
