//! The course game-server protocol (rule book, "Course game-server
//! protocol") on its own TCP port: connections pair up in arrival order,
//! the first of a pair plays Red (greeted with `0`), the second Blue (`1`).
//! A client sends JSON strings, `"get"` or a move, and every message gets
//! the JSON state `{board, turn, bothConnected, time, end}`. A pair plays
//! one game under course rules and clock (120 s plus 10 ms a move); an
//! illegal or unparsable move or a move out of turn loses. The games are
//! stored and visible like any other.

use std::net::SocketAddr;
use std::sync::Arc;

use arena::course::MessageReader;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;

use crate::app::{now_ms, App, GameState};
use crate::gt::{self, Player, Seat, TimeControl};
use crate::store::GameRow;

pub const COURSE_CLOCK: TimeControl = TimeControl {
    initial_ms: 120_000,
    increment_ms: 10,
};

/// Binds the listener and serves it in the background.
pub async fn spawn(app: Arc<App>, addr: SocketAddr) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let waiting: Arc<Mutex<Option<String>>> = Arc::default();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let (app, waiting) = (app.clone(), waiting.clone());
            tokio::spawn(async move {
                if let Err(error) = connection(app, waiting, stream).await {
                    tracing::debug!("course connection: {error}");
                }
            });
        }
    });
    Ok(bound)
}

/// Seats a new connection: Blue in the waiting game, or Red in a new one.
async fn seat(app: &Arc<App>, waiting: &Mutex<Option<String>>) -> anyhow::Result<(String, Seat)> {
    let mut waiting = waiting.lock().await;
    if let Some(id) = waiting.take() {
        let mut slot = app.lock(&id).await?;
        let joined = gt::Event::Joined {
            seat: Seat::Blue,
            name: "course player 1".into(),
        };
        app.commit_event(&mut slot, joined.to_json(), None).await?;
        return Ok((id, Seat::Blue));
    }
    let settings = gt::Settings {
        rules: "course".into(),
        start: guard_towers::START.into(),
        players: [Player::Course, Player::Course],
        time_control: Some(COURSE_CLOCK),
    };
    let now = now_ms();
    let id = crate::security::new_token()[..12].to_string();
    let row = GameRow {
        id: id.clone(),
        kind: "gt".into(),
        settings: serde_json::to_string(&settings)?,
        status: "waiting".into(),
        result: None,
        created_ms: now,
        updated_ms: now,
    };
    let state = GameState::Gt(gt::State::new(settings, now)?);
    let joined = gt::Event::Joined {
        seat: Seat::Red,
        name: "course player 0".into(),
    };
    app.create(row, state, vec![joined.to_json()], Vec::new())
        .await?;
    *waiting = Some(id.clone());
    Ok((id, Seat::Red))
}

async fn connection(
    app: Arc<App>,
    waiting: Arc<Mutex<Option<String>>>,
    mut stream: TcpStream,
) -> anyhow::Result<()> {
    let (id, seat) = seat(&app, &waiting).await?;
    let greeting = match seat {
        Seat::Red => "0",
        Seat::Blue => "1",
    };
    stream.write_all(greeting.as_bytes()).await?;
    let mut reader = MessageReader::default();
    let mut buffer = [0u8; 4096];
    loop {
        let read = stream.read(&mut buffer).await?;
        if read == 0 {
            return Ok(());
        }
        reader.feed(&buffer[..read]);
        while let Some(message) = reader.next_message()? {
            let reply = answer(&app, &id, seat, &message).await?;
            stream.write_all(reply.to_string().as_bytes()).await?;
        }
    }
}

/// Handles one client message and returns the reply.
async fn answer(app: &Arc<App>, id: &str, seat: Seat, message: &Value) -> anyhow::Result<Value> {
    let mut slot = app.lock(id).await?;
    let GameState::Gt(state) = &slot.as_ref().expect("loaded").state else {
        anyhow::bail!("course game {id} is not Guard & Towers");
    };
    let event = match message.as_str() {
        Some("get") => None,
        Some(text) if state.status() == "active" => Some(
            state
                .move_event(seat, text, now_ms())
                .unwrap_or_else(|refusal| gt::Event::Forfeited {
                    seat,
                    reason: format!("illegal move: {refusal}"),
                }),
        ),
        // A move before the opponent arrived or after the end changes nothing.
        Some(_) => None,
        None if state.status() == "active" => Some(gt::Event::Forfeited {
            seat,
            reason: format!("unreadable message {message}"),
        }),
        None => None,
    };
    if let Some(event) = event {
        app.commit_event(&mut slot, event.to_json(), None).await?;
    }
    let GameState::Gt(state) = &slot.as_ref().expect("loaded").state else {
        unreachable!("the kind of a game never changes");
    };
    let turn = state.side_to_move().color().letter().to_string();
    Ok(json!({
        "board": state.game.position().to_string(),
        "turn": turn,
        "bothConnected": state.status() != "waiting",
        "time": state.remaining_ms(seat, now_ms()).unwrap_or(0),
        "end": state.status() == "finished",
    }))
}
