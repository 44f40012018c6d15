//! A bounded load generator for the server (`towers loadtest`): games
//! between two seats played as fast as the server answers, with WebSocket
//! spectators spread over the games. Reports accepted moves per second,
//! move latency percentiles and the live messages the spectators got.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use api::gt::{CreateGame, JoinRequest, MoveRequest, Opponent};
use futures_util::StreamExt;
use guard_towers::{Color, Move};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// `http://HOST:PORT` of the server.
    pub base: String,
    /// Games played at once (each has one move in flight at a time).
    pub games: usize,
    pub spectators: usize,
    pub duration: Duration,
    pub seed: u64,
}

/// What was measured.
#[derive(Clone, Debug, Serialize)]
pub struct LoadReport {
    pub seconds: f64,
    pub games_in_parallel: usize,
    pub games_started: u64,
    pub accepted_moves: u64,
    pub moves_per_second: f64,
    pub refused_or_failed: u64,
    /// Requests and sockets the server refused for its rate limit: a
    /// figure measured against a limited server measures the limit.
    pub rate_limited: u64,
    pub latency_ms_p50: f64,
    pub latency_ms_p95: f64,
    pub latency_ms_p99: f64,
    pub latency_ms_max: f64,
    pub spectators_connected: u64,
    pub spectator_messages: u64,
    pub spectator_messages_per_second: f64,
}

#[derive(Default)]
struct Counters {
    games_started: AtomicU64,
    failed: AtomicU64,
    spectators_connected: AtomicU64,
    spectator_messages: AtomicU64,
    rate_limited: AtomicU64,
}

/// The server answered 429: its rate limit refused the request.
#[derive(Debug, thiserror::Error)]
#[error("refused by the server's rate limit (429)")]
struct RateLimited;

/// Runs the load for `config.duration` and reports.
pub async fn run(config: LoadConfig) -> anyhow::Result<LoadReport> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(config.games * 2)
        .build()?;
    let counters = Arc::new(Counters::default());
    let stop = Arc::new(AtomicBool::new(false));
    let mut current_games = Vec::new();
    for _ in 0..config.games {
        let (id, tokens, state) = new_game(&client, &config.base).await?;
        counters.games_started.fetch_add(1, Ordering::Relaxed);
        current_games.push((watch::channel(id), tokens, state));
    }
    let mut spectators = Vec::new();
    for index in 0..config.spectators {
        let game = current_games[index % config.games].0 .1.clone();
        let (base, counters, stop) = (config.base.clone(), counters.clone(), stop.clone());
        spectators.push(tokio::spawn(spectate(base, game, counters, stop)));
    }
    // Let the sockets connect before the clock starts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let started = Instant::now();
    let deadline = started + config.duration;
    let players: Vec<_> = current_games
        .into_iter()
        .enumerate()
        .map(|(index, ((announce, _), tokens, state))| {
            let player = Player {
                client: client.clone(),
                base: config.base.clone(),
                counters: counters.clone(),
                random: config.seed.wrapping_add(index as u64 * 0x9E37_79B9) | 1,
            };
            tokio::spawn(player.play(announce, tokens, state, deadline))
        })
        .collect();
    let mut latencies = Vec::new();
    for player in players {
        latencies.extend(player.await?);
    }
    let seconds = started.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let spectator_messages = counters.spectator_messages.load(Ordering::Relaxed);
    for spectator in spectators {
        spectator.abort();
    }
    latencies.sort_unstable();
    let percentile = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let index = ((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[index].as_secs_f64() * 1000.0
    };
    let accepted = latencies.len() as u64;
    Ok(LoadReport {
        seconds,
        games_in_parallel: config.games,
        games_started: counters.games_started.load(Ordering::Relaxed),
        accepted_moves: accepted,
        moves_per_second: accepted as f64 / seconds,
        refused_or_failed: counters.failed.load(Ordering::Relaxed),
        rate_limited: counters.rate_limited.load(Ordering::Relaxed),
        latency_ms_p50: percentile(0.50),
        latency_ms_p95: percentile(0.95),
        latency_ms_p99: percentile(0.99),
        latency_ms_max: percentile(1.0),
        spectators_connected: counters.spectators_connected.load(Ordering::Relaxed),
        spectator_messages,
        spectator_messages_per_second: spectator_messages as f64 / seconds,
    })
}

async fn post<T: DeserializeOwned>(
    client: &reqwest::Client,
    url: String,
    token: Option<&str>,
    body: &impl Serialize,
) -> anyhow::Result<T> {
    let mut request = client.post(url).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status();
    if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
        return Err(RateLimited.into());
    }
    anyhow::ensure!(status.is_success(), "{status}: {}", response.text().await?);
    Ok(response.json().await?)
}

/// What a player needs of a game's state (parsed without the rest).
#[derive(Default, Deserialize)]
struct Turn {
    #[serde(default)]
    legal_moves: Vec<Move>,
    #[serde(default)]
    side_to_move: Option<Color>,
}

#[derive(Deserialize)]
struct Seated {
    id: String,
    token: String,
    /// A friend game's invitation secret (the creator's answer only).
    #[serde(default)]
    invite: Option<String>,
    state: Turn,
}

/// A friend game with both seats taken: id, tokens and state.
async fn new_game(
    client: &reqwest::Client,
    base: &str,
) -> anyhow::Result<(String, [String; 2], Turn)> {
    let games = format!("{base}/api/gt/games");
    let friend_game = CreateGame {
        opponent: Opponent::Friend,
        name: Some("load red".into()),
        color: None,
        level: None,
        levels: None,
        rules: None,
        start: None,
        time_control: None,
        bot: None,
        rated: false,
    };
    let red: Seated = post(client, games.clone(), None, &friend_game).await?;
    let join = format!("{games}/{}/join", red.id);
    let invitation = JoinRequest {
        name: Some("load blue".into()),
        invite: red.invite,
    };
    let blue: Seated = post(client, join, None, &invitation).await?;
    Ok((red.id, [red.token, blue.token], blue.state))
}

struct Player {
    client: reqwest::Client,
    base: String,
    counters: Arc<Counters>,
    random: u64,
}

impl Player {
    /// Plays random legal moves until the deadline, starting a new game
    /// (and telling the spectators) whenever one ends; returns each
    /// accepted move's latency.
    async fn play(
        mut self,
        announce: watch::Sender<String>,
        mut tokens: [String; 2],
        mut state: Turn,
        deadline: Instant,
    ) -> Vec<Duration> {
        let mut latencies = Vec::new();
        while Instant::now() < deadline {
            if state.legal_moves.is_empty() {
                match new_game(&self.client, &self.base).await {
                    Ok((id, new_tokens, new_state)) => {
                        self.counters.games_started.fetch_add(1, Ordering::Relaxed);
                        announce.send_replace(id);
                        (tokens, state) = (new_tokens, new_state);
                    }
                    Err(error) => {
                        self.count_failure(&error);
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
                continue;
            }
            let choice = (self.next_random() % state.legal_moves.len() as u64) as usize;
            let mv = &state.legal_moves[choice];
            let seat = state.side_to_move.map_or(0, Color::index);
            let url = format!(
                "{}/api/gt/games/{}/moves",
                self.base,
                announce.borrow().as_str()
            );
            let sent = Instant::now();
            match post(
                &self.client,
                url,
                Some(&tokens[seat]),
                &MoveRequest { mv: mv.to_string() },
            )
            .await
            {
                Ok(next) => {
                    latencies.push(sent.elapsed());
                    state = next;
                }
                Err(error) => {
                    self.count_failure(&error);
                    state = Turn::default();
                }
            }
        }
        latencies
    }

    fn count_failure(&self, error: &anyhow::Error) {
        self.counters.failed.fetch_add(1, Ordering::Relaxed);
        if error.is::<RateLimited>() {
            self.counters.rate_limited.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn next_random(&mut self) -> u64 {
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        self.random
    }
}

/// Watches whichever game its player is on, counting live messages.
async fn spectate(
    base: String,
    mut game: watch::Receiver<String>,
    counters: Arc<Counters>,
    stop: Arc<AtomicBool>,
) {
    let ws_base = base.replacen("http", "ws", 1);
    let mut connected = false;
    while !stop.load(Ordering::Relaxed) {
        let id = game.borrow_and_update().clone();
        let url = format!("{ws_base}/api/games/{id}/ws");
        let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
        let connected_socket =
            tokio_tungstenite::connect_async_with_config(url, Some(config), false).await;
        let (mut socket, _) = match connected_socket {
            Ok(connected) => connected,
            Err(error) => {
                if let tokio_tungstenite::tungstenite::Error::Http(response) = &error {
                    if response.status() == 429 {
                        counters.rate_limited.fetch_add(1, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        if !connected {
            connected = true;
            counters
                .spectators_connected
                .fetch_add(1, Ordering::Relaxed);
        }
        loop {
            tokio::select! {
                message = socket.next() => match message {
                    Some(Ok(_)) => {
                        counters.spectator_messages.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => break,
                },
                changed = game.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    break;
                }
            }
        }
    }
}
