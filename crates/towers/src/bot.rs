//! `towers bot`: connects an engine to a towers server as a bot account.
//! It follows the account's event stream (`GET /api/bots/stream`) and, for
//! each game that seats the bot, starts the engine in a process of its own
//! (`arena::runner::EngineSpec`, as `towers arena` does: a `towers gt
//! engine` protocol engine, or a one-shot course engine whose command has
//! `{position}`), follows the game over its WebSocket and posts the
//! engine's moves with the account token. What it reads and sends is the
//! wire crate's types (`api`), the ones the server writes and reads. A
//! lost connection is made again (a server that restarts is waited for);
//! Ctrl-C stops the games' engines and exits.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api::bots::{BotAccount, BotEvent};
use api::gt::{GameView, MoveRequest};
use api::live::ServerMessage;
use api::{ErrorBody, Status};
use arena::player::{Budget, Player, PlayerError};
use arena::runner::EngineSpec;
use clap::Args;
use futures_util::StreamExt;
use guard_towers::{Color, Game};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use crate::UsageError;

/// The server sends a keep-alive line at least this often; a stream
/// silent for longer is taken for lost.
const STREAM_SILENCE: Duration = Duration::from_secs(20);

/// The longest wait before connecting again.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// The longest line of the event stream (its events are a few dozen bytes).
const MAX_LINE: usize = 16 * 1024;

/// How long one HTTP request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Args)]
pub struct BotArgs {
    /// The towers server, e.g. http://127.0.0.1:8080.
    #[arg(long)]
    server: String,
    /// The bot's account token, as `POST /api/bots` gave it.
    #[arg(long)]
    token: String,
    /// Thinking time per move in games without a clock, milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// An engine option as OPTION=VALUE, e.g. Hash=64 (protocol engines).
    #[arg(long = "option", value_name = "OPTION=VALUE")]
    options: Vec<String>,
    /// The engine command and its arguments, run through the shell as
    /// `towers arena --engine` runs it; with `{position}` (and perhaps
    /// `{movetime}`) in it, a one-shot course engine that prints its move.
    #[arg(last = true, required = true, value_name = "ENGINE")]
    engine: Vec<String>,
}

pub fn run(args: BotArgs) -> Result<(), UsageError> {
    let bot = Arc::new(Bot::new(args)?);
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start: {error}")))?;
    let result = runtime.block_on(async {
        let name = bot.account().await?;
        eprintln!("towers bot: {name} connected to {}", bot.server);
        tokio::select! {
            result = bot.clone().follow() => result,
            _ = tokio::signal::ctrl_c() => {
                eprintln!("towers bot: stopping");
                bot.stop_games().await;
                Ok(())
            }
        }
    });
    // An engine in the middle of a search is not waited for: dropped, its
    // process reads the end of its input and quits.
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Why the event stream ended.
enum Lost {
    /// The token is refused: no use trying again.
    Refused(String),
    /// Connect again.
    Retry(String),
}

struct Bot {
    server: String,
    token: String,
    movetime: Duration,
    engine: EngineSpec,
    http: reqwest::Client,
    games: Mutex<HashMap<String, JoinHandle<()>>>,
}

impl Bot {
    fn new(args: BotArgs) -> Result<Bot, UsageError> {
        let server = args.server.trim_end_matches('/').to_string();
        if !server.starts_with("http://") {
            return Err(UsageError(format!(
                "--server '{server}' is not an http:// address"
            )));
        }
        let options = args
            .options
            .iter()
            .map(|option| {
                crate::option_setting(option)
                    .ok_or_else(|| UsageError(format!("--option '{option}' is not OPTION=VALUE")))
            })
            .collect::<Result<_, _>>()?;
        let engine = EngineSpec {
            name: "bot".into(),
            command: args.engine.join(" "),
            options,
        };
        Ok(Bot {
            server,
            token: args.token,
            movetime: Duration::from_millis(args.movetime.max(1)),
            engine,
            http: reqwest::Client::new(),
            games: Mutex::new(HashMap::new()),
        })
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, JoinHandle<()>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The account's name; a refused token or an unreachable server is an
    /// error at once, before any waiting.
    async fn account(&self) -> Result<String, UsageError> {
        let response = self
            .http
            .get(format!("{}/api/bots/account", self.server))
            .bearer_auth(&self.token)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .map_err(|error| UsageError(format!("cannot reach {}: {error}", self.server)))?;
        let status = response.status();
        if !status.is_success() {
            return Err(UsageError(format!(
                "the server refused the token ({status}): {}",
                reason(response).await
            )));
        }
        let account: BotAccount = response
            .json()
            .await
            .map_err(|error| UsageError(format!("the server's account answer: {error}")))?;
        Ok(account.name)
    }

    /// Follows the event stream, connecting again whenever it is lost.
    async fn follow(self: Arc<Bot>) -> Result<(), UsageError> {
        let mut backoff = Duration::from_millis(250);
        loop {
            match self.follow_stream().await {
                Err(Lost::Refused(reason)) => return Err(UsageError(reason)),
                Err(Lost::Retry(reason)) => {
                    eprintln!("towers bot: event stream lost ({reason}), connecting again");
                }
                Ok(()) => eprintln!("towers bot: the server closed the event stream"),
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }

    async fn follow_stream(self: &Arc<Bot>) -> Result<(), Lost> {
        let retry = |error: reqwest::Error| Lost::Retry(error.to_string());
        let mut response = self
            .http
            .get(format!("{}/api/bots/stream", self.server))
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(retry)?;
        let status = response.status();
        if status == reqwest::StatusCode::UNAUTHORIZED {
            return Err(Lost::Refused(
                "the server no longer knows this token".into(),
            ));
        }
        if !status.is_success() {
            return Err(Lost::Retry(format!("the server answered {status}")));
        }
        let mut pending = Vec::new();
        loop {
            let chunk = tokio::time::timeout(STREAM_SILENCE, response.chunk())
                .await
                .map_err(|_| Lost::Retry("no keep-alive from the server".into()))?
                .map_err(retry)?;
            let Some(chunk) = chunk else {
                return Ok(());
            };
            pending.extend_from_slice(&chunk);
            while let Some(end) = pending.iter().position(|&byte| byte == b'\n') {
                let line: Vec<u8> = pending.drain(..=end).collect();
                self.handle_line(&line);
            }
            if pending.len() > MAX_LINE {
                return Err(Lost::Retry("a line of the stream is too long".into()));
            }
        }
    }

    fn handle_line(self: &Arc<Bot>, line: &[u8]) {
        if line.iter().all(u8::is_ascii_whitespace) {
            return; // keep-alive
        }
        match serde_json::from_slice::<BotEvent>(line) {
            Ok(BotEvent::GameStarted { game, color }) => self.start_game(game, color),
            Ok(BotEvent::GameFinished { game }) => {
                eprintln!("towers bot: game {game} is over");
            }
            Ok(BotEvent::Unknown) => {}
            Err(error) => eprintln!("towers bot: unreadable event: {error}"),
        }
    }

    /// Plays `game` in a task of its own, unless one plays it already.
    fn start_game(self: &Arc<Bot>, game: String, color: Color) {
        let mut games = self.games();
        games.retain(|_, task| !task.is_finished());
        if games.contains_key(&game) {
            return;
        }
        eprintln!("towers bot: game {game} started, playing {color}");
        let bot = self.clone();
        let id = game.clone();
        let task = tokio::spawn(async move { bot.play(&id, color).await });
        games.insert(game, task);
    }

    /// Stops every game's task (and with it its engine).
    async fn stop_games(&self) {
        let tasks: Vec<JoinHandle<()>> = self.games().drain().map(|(_, task)| task).collect();
        for task in tasks {
            task.abort();
            let _ = task.await;
        }
    }

    /// Plays one game to its end, then stops its engine (off the async
    /// threads: an engine is given half a second to quit).
    async fn play(self: Arc<Bot>, id: &str, color: Color) {
        let mut engine: Option<Box<dyn Player>> = None;
        self.play_to_the_end(id, color, &mut engine).await;
        if let Some(engine) = engine {
            let _ = tokio::task::spawn_blocking(move || drop(engine)).await;
        }
    }

    /// Each message of the game's socket that leaves the bot to move is
    /// answered with the engine's move, until the game is over.
    async fn play_to_the_end(&self, id: &str, color: Color, engine: &mut Option<Box<dyn Player>>) {
        let mut answered_seq = -1;
        let mut backoff = Duration::from_millis(250);
        let url = format!(
            "ws{}/api/games/{id}/ws",
            self.server.trim_start_matches("http")
        );
        loop {
            let mut socket = match tokio_tungstenite::connect_async(&url).await {
                Ok((socket, _)) => socket,
                Err(error) => {
                    eprintln!("towers bot: game {id}: {error}, connecting again");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            };
            backoff = Duration::from_millis(250);
            while let Some(Ok(message)) = socket.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                // Messages without a game's state (pong, error) are not
                // the bot's business.
                let Ok(Live::Event { state, .. } | Live::Snapshot { state, .. }) =
                    serde_json::from_str(&text)
                else {
                    continue;
                };
                match Turn::of(&state, color) {
                    Turn::Over => {
                        let result = state
                            .result
                            .map_or_else(|| "?".to_string(), |result| result.score.to_string());
                        eprintln!("towers bot: game {id} ended {result}");
                        return;
                    }
                    Turn::Ours(seq) if seq > answered_seq => {
                        match self.play_turn(id, color, engine).await {
                            Ok(()) => answered_seq = seq,
                            Err(Failure::Engine(error)) => {
                                eprintln!("towers bot: game {id}: {error}: resigning");
                                self.resign(id).await;
                                return;
                            }
                            // Asked again from the next snapshot.
                            Err(Failure::Server(error)) => {
                                eprintln!("towers bot: game {id}: {error}");
                                break;
                            }
                        }
                    }
                    Turn::Ours(_) | Turn::Theirs => {}
                }
            }
            tokio::time::sleep(backoff).await;
        }
    }

    /// Reads the game, asks the engine and posts its move.
    async fn play_turn(
        &self,
        id: &str,
        color: Color,
        engine: &mut Option<Box<dyn Player>>,
    ) -> Result<(), Failure> {
        let view: GameView = self
            .http
            .get(format!("{}/api/gt/games/{id}", self.server))
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|error| Failure::Server(error.to_string()))?
            .json()
            .await
            .map_err(|error| Failure::Server(error.to_string()))?;
        if !matches!(Turn::of(&view, color), Turn::Ours(_)) {
            return Ok(());
        }
        let (game, budget) = position_of(&view, self.movetime).map_err(Failure::Server)?;
        let player = match engine.take() {
            Some(player) => player,
            None => {
                let spec = self.engine.clone();
                tokio::task::spawn_blocking(move || {
                    let mut player = spec.launch()?;
                    player.new_game()?;
                    Ok::<_, PlayerError>(player)
                })
                .await
                .map_err(|error| Failure::Engine(error.to_string()))?
                .map_err(|error| Failure::Engine(error.to_string()))?
            }
        };
        let (player, chosen) = tokio::task::spawn_blocking(move || {
            let mut player = player;
            let chosen = player.choose(&game, &budget, arena::player::GRACE);
            (player, chosen)
        })
        .await
        .map_err(|error| Failure::Engine(error.to_string()))?;
        *engine = Some(player);
        let chosen = chosen.map_err(|error| Failure::Engine(error.to_string()))?;
        self.post_move(id, &chosen).await
    }

    async fn post_move(&self, id: &str, chosen: &str) -> Result<(), Failure> {
        let response = self
            .http
            .post(format!("{}/api/gt/games/{id}/moves", self.server))
            .bearer_auth(&self.token)
            .json(&MoveRequest {
                mv: chosen.to_string(),
            })
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .map_err(|error| Failure::Server(error.to_string()))?;
        let status = response.status();
        if status.is_success() {
            return Ok(());
        }
        let reason = reason(response).await;
        if status == reqwest::StatusCode::UNPROCESSABLE_ENTITY {
            // The rules refused the move: the engine's fault.
            Err(Failure::Engine(format!(
                "move '{chosen}' refused: {reason}"
            )))
        } else {
            Err(Failure::Server(format!(
                "move refused ({status}): {reason}"
            )))
        }
    }

    async fn resign(&self, id: &str) {
        let sent = self
            .http
            .post(format!("{}/api/gt/games/{id}/resign", self.server))
            .bearer_auth(&self.token)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await;
        if let Err(error) = sent {
            eprintln!("towers bot: game {id}: cannot resign: {error}");
        }
    }
}

/// Why a turn was not played.
enum Failure {
    /// The engine failed (crashed, timed out, moved illegally).
    Engine(String),
    /// The server could not be read or refused for its own reasons.
    Server(String),
}

/// Whose turn a game's view says it is.
enum Turn {
    /// The bot's, at event `seq`.
    Ours(i64),
    Theirs,
    Over,
}

impl Turn {
    fn of(view: &GameView, color: Color) -> Turn {
        match view.status {
            Status::Finished => Turn::Over,
            Status::Active if view.side_to_move == color => Turn::Ours(view.seq),
            Status::Active | Status::Waiting => Turn::Theirs,
        }
    }
}

/// Why the server refused a request: its error body's words.
async fn reason(response: reqwest::Response) -> String {
    match response.json::<ErrorBody>().await {
        Ok(body) => body.error,
        Err(_) => "no reason given".into(),
    }
}

/// The game a full view shows (start, rules and moves) and the mover's
/// time: the clocks of a clocked game, else `movetime` a move.
/// A message of a game's live socket as a bot reads it: the state it
/// carries, not the event.
type Live = ServerMessage<serde::de::IgnoredAny, GameView>;

fn position_of(view: &GameView, movetime: Duration) -> Result<(Game, Budget), String> {
    let moves = view
        .moves
        .as_ref()
        .ok_or("the game's view has no 'moves'")?;
    let mut game = Game::new(view.start, view.rules.rules());
    for &mv in moves {
        game.play(mv).map_err(|e| format!("move {mv}: {e}"))?;
    }
    let clocks = view
        .clock
        .as_ref()
        .and_then(|clock| clock.red_ms.zip(clock.blue_ms));
    let budget = match clocks {
        Some((red, blue)) => Budget::Clock {
            red: Duration::from_millis(red),
            blue: Duration::from_millis(blue),
            increment: view.time_control.map_or(Duration::ZERO, |control| {
                Duration::from_millis(control.increment_ms())
            }),
        },
        None => Budget::MoveTime(movetime),
    };
    Ok((game, budget))
}
