//! `towers gt engine`: the engine protocol on stdin/stdout. Searches run on
//! a thread of their own so that `stop`, `isready` and `quit` are answered
//! while the engine thinks.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use guard_towers::{Game, GameError, Move, Position, Rules};
use guard_towers_engine::protocol::{self, info_line, parse, Command};
use guard_towers_engine::{Engine, EngineOption, Limits};

struct RunningSearch {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    /// Ends only when stopped (`go infinite`, or no limit at all).
    unbounded: bool,
}

struct Session {
    engine: Arc<Mutex<Engine>>,
    rules: Rules,
    game: Game,
    search: Option<RunningSearch>,
}

fn send(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Speaks the protocol for `engine`, set up from the command line, until
/// `quit` or the end of input.
pub fn run(engine: Engine) {
    let mut session = Session {
        engine: Arc::new(Mutex::new(engine)),
        rules: Rules::STANDARD,
        game: Game::new(Position::start(), Rules::STANDARD),
        search: None,
    };
    let mut input = io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // A line that is no text is answered like any other bad line:
        // the protocol never ends on what it is sent.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            send("info string error: the line is not UTF-8 text");
            continue;
        };
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        match parse(line) {
            Err(error) => send(&format!("info string error: {error}")),
            Ok(None) => {}
            Ok(Some(Command::Quit)) => break,
            Ok(Some(command)) => session.handle(command),
        }
    }
    // At the end of input a bounded search still delivers its move.
    if session
        .search
        .as_ref()
        .is_some_and(|search| !search.unbounded)
    {
        session.wait_for_search();
    }
    session.stop_search();
}

fn replay(start: Position, moves: &[Move], rules: Rules) -> Result<Game, GameError> {
    let mut game = Game::new(start, rules);
    for &mv in moves {
        game.play(mv)?;
    }
    Ok(game)
}

impl Session {
    fn handle(&mut self, command: Command) {
        match command {
            Command::Uci => {
                send(&format!("id name towers {}", env!("CARGO_PKG_VERSION")));
                send("id author the towers developers");
                protocol::option_lines().for_each(|line| send(&line));
                send("uciok");
            }
            Command::IsReady => send("readyok"),
            Command::Stop => self.stop_search(),
            Command::Quit => self.stop_search(),
            Command::NewGame => {
                self.stop_search();
                self.lock_engine().new_game();
            }
            Command::SetOption { name, value } => {
                self.stop_search();
                if let Err(error) = self.set_option(&name, &value) {
                    send(&format!("info string error: {error}"));
                }
            }
            Command::Position { start, moves } => {
                self.stop_search();
                match replay(start, &moves, self.rules) {
                    Ok(game) => self.game = game,
                    Err(error) => {
                        send(&format!("info string error: position not changed: {error}"))
                    }
                }
            }
            Command::Go(go) => {
                self.stop_search();
                let limits = go.limits(self.game.position().side_to_move());
                let stop = Arc::new(AtomicBool::new(false));
                let engine = Arc::clone(&self.engine);
                let game = self.game.clone();
                let flag = Arc::clone(&stop);
                let unbounded = limits == Limits::default();
                let thread = std::thread::spawn(move || {
                    let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                    let result =
                        engine.go(&game, &limits, &flag, &mut |info| send(&info_line(info)));
                    // `go infinite` answers only after `stop`, even when the
                    // search ended early (a forced result, the depth cap).
                    while unbounded && !flag.load(Ordering::Relaxed) {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    match result {
                        Some(result) => send(&format!("bestmove {}", result.best_move)),
                        None => send("bestmove none"),
                    }
                });
                self.search = Some(RunningSearch {
                    stop,
                    thread,
                    unbounded,
                });
            }
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        // The engine reads no files: the tables are loaded here.
        if EngineOption::named(name) == Some(EngineOption::TablebasePath)
            && !value.trim().is_empty()
        {
            let tablebase = crate::tablebase_cli::load(std::path::Path::new(value.trim()))
                .map_err(|crate::UsageError(message)| message)?;
            let stones = tablebase.stones();
            self.lock_engine().set_tablebase(Some(tablebase));
            send(&format!(
                "info string tablebase loaded: all positions of up to {stones} stones"
            ));
            return Ok(());
        }
        if !name.eq_ignore_ascii_case(protocol::RULES.name) {
            return self
                .lock_engine()
                .set_option(name, value)
                .map_err(|error| error.to_string());
        }
        self.rules = protocol::rules_named(value).map_err(|error| error.to_string())?;
        let start = *self.game.start();
        match replay(start, self.game.moves(), self.rules) {
            Ok(game) => self.game = game,
            Err(error) => {
                self.game = Game::new(start, self.rules);
                return Err(format!(
                    "the moves so far do not stand under these rules ({error}); position reset to its start"
                ));
            }
        }
        Ok(())
    }

    fn lock_engine(&self) -> std::sync::MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stop_search(&mut self) {
        if let Some(search) = &self.search {
            search.stop.store(true, Ordering::Relaxed);
        }
        self.wait_for_search();
    }

    fn wait_for_search(&mut self) {
        if let Some(search) = self.search.take() {
            let _ = search.thread.join();
        }
    }
}
