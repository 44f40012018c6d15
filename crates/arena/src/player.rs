//! Engines as the arena sees them: external processes that speak the
//! `towers gt engine` protocol, or one-shot commands that take a position
//! and print a move (the way most course engines work).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use guard_towers::{Color, Game};

/// How long past its budget an engine is waited for, unless its referee
/// allows more (the time forfeit itself is judged by the referee's clock).
pub const GRACE: Duration = Duration::from_secs(2);
/// How long the protocol handshake may take.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How much time the mover has for this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    MoveTime(Duration),
    Clock {
        red: Duration,
        blue: Duration,
        increment: Duration,
    },
}

impl Budget {
    /// The longest the side to move may think.
    pub fn allowance(&self, side: Color) -> Duration {
        match *self {
            Budget::MoveTime(time) => time,
            Budget::Clock { red, blue, .. } => match side {
                Color::Red => red,
                Color::Blue => blue,
            },
        }
    }
}

/// Why an engine gave no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    #[error("engine crash: {0}")]
    Crashed(String),
    #[error("time forfeit: no answer in time")]
    Timeout,
    #[error("protocol error: {0}")]
    Protocol(String),
}

/// Something that chooses moves: it returns the move text it printed; the
/// referee judges it.
pub trait Player: Send {
    fn new_game(&mut self) -> Result<(), PlayerError>;
    /// The move for `game` within `budget`; given up on ([`PlayerError::Timeout`])
    /// when none comes `patience` past the budget's allowance.
    fn choose(
        &mut self,
        game: &Game,
        budget: &Budget,
        patience: Duration,
    ) -> Result<String, PlayerError>;
}

/// Runs `command` through the shell, like fastchess and cutechess do.
fn shell(command: &str) -> Command {
    let mut process = Command::new("sh");
    process.arg("-c").arg(command);
    process
}

/// An engine process speaking the `towers gt engine` protocol.
pub struct ProtocolEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl ProtocolEngine {
    /// Starts the engine, completes the handshake and sets `options`.
    pub fn start(
        command: &str,
        options: &[(String, String)],
    ) -> Result<ProtocolEngine, PlayerError> {
        let mut child = shell(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| PlayerError::Crashed(format!("cannot start '{command}': {e}")))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = ProtocolEngine {
            child,
            stdin,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok", HANDSHAKE)?;
        for (name, value) in options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| PlayerError::Crashed(format!("cannot write to the engine: {e}")))
    }

    fn ready(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE).map(|_| ())
    }

    /// Reads lines until one starts with `prefix`; returns that line.
    fn wait_for(&mut self, prefix: &str, limit: Duration) -> Result<String, PlayerError> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(PlayerError::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.try_wait().ok().flatten();
                    return Err(PlayerError::Crashed(match status {
                        Some(status) => format!("the engine exited ({status})"),
                        None => "the engine closed its output".into(),
                    }));
                }
            }
        }
    }
}

impl Player for ProtocolEngine {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        game: &Game,
        budget: &Budget,
        patience: Duration,
    ) -> Result<String, PlayerError> {
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        let mut position = format!("position fen {}", game.start());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        let go = match *budget {
            Budget::MoveTime(time) => format!("go movetime {}", time.as_millis()),
            Budget::Clock {
                red,
                blue,
                increment,
            } => format!(
                "go wtime {} btime {} winc {} binc {}",
                red.as_millis(),
                blue.as_millis(),
                increment.as_millis(),
                increment.as_millis()
            ),
        };
        self.send(&go)?;
        let allowance = budget.allowance(game.position().side_to_move());
        let line = self.wait_for("bestmove", allowance + patience)?;
        line.split_whitespace()
            .nth(1)
            .map(str::to_string)
            .ok_or_else(|| PlayerError::Protocol(format!("'{line}' names no move")))
    }
}

impl Drop for ProtocolEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A one-shot engine: a command template with `{position}` (replaced by the
/// position, shell-quoted) and `{movetime}` (milliseconds); the last
/// non-empty line it prints is its move.
pub struct CommandEngine {
    template: String,
}

impl CommandEngine {
    pub fn new(template: &str) -> CommandEngine {
        CommandEngine {
            template: template.to_string(),
        }
    }

    /// Whether a command is a template rather than a protocol engine.
    pub fn is_template(command: &str) -> bool {
        command.contains("{position}")
    }
}

/// A time budget for one move out of a clock: a thirtieth of what is left
/// plus most of the increment, as the protocol engine's own plan does.
fn one_move_time(budget: &Budget, side: Color) -> Duration {
    match *budget {
        Budget::MoveTime(time) => time,
        Budget::Clock { increment, .. } => budget.allowance(side) / 30 + increment * 3 / 4,
    }
}

impl Player for CommandEngine {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        Ok(())
    }

    fn choose(
        &mut self,
        game: &Game,
        budget: &Budget,
        patience: Duration,
    ) -> Result<String, PlayerError> {
        let side = game.position().side_to_move();
        let movetime = one_move_time(budget, side);
        let command = self
            .template
            .replace("{position}", &format!("'{}'", game.position()))
            .replace("{movetime}", &movetime.as_millis().to_string());
        let mut child = shell(&command)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| PlayerError::Crashed(format!("cannot start '{command}': {e}")))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, output) = channel();
        std::thread::spawn(move || {
            let lines: Vec<String> = BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect();
            let _ = sender.send(lines);
        });
        let lines = match output.recv_timeout(budget.allowance(side) + patience) {
            Ok(lines) => lines,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PlayerError::Timeout);
            }
        };
        let status = child
            .wait()
            .map_err(|e| PlayerError::Crashed(e.to_string()))?;
        if !status.success() {
            return Err(PlayerError::Crashed(format!(
                "'{command}' exited with {status}"
            )));
        }
        lines
            .iter()
            .rev()
            .find(|line| !line.trim().is_empty())
            .map(|line| line.trim().to_string())
            .ok_or_else(|| PlayerError::Protocol(format!("'{command}' printed no move")))
    }
}
