//! The course game-server protocol (rule book, "Course game-server
//! protocol") on its own TCP port: connections pair up in arrival order,
//! the first of a pair plays Red (greeted with `0`), the second Blue (`1`).
//! A client sends JSON strings, `"get"` or a move, and every message gets
//! the JSON state `{board, turn, bothConnected, time, end}`
//! (`guard_towers::course` writes and reads them). A pair plays one game
//! under course rules and clock (`TimeControl::COURSE`); an illegal or
//! unparsable move or a move out of turn loses. The games are stored and
//! visible like any other.

use std::net::SocketAddr;
use std::sync::Arc;

use guard_towers::course::{greeting, MessageReader, Reply, Request};
use guard_towers::record::Termination;
use guard_towers::Color;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;

use crate::app::{now_ms, App, GameEvent, GameState};
use crate::gt;
use crate::status::Status;

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
async fn seat(app: &Arc<App>, waiting: &Mutex<Option<String>>) -> anyhow::Result<(String, Color)> {
    let mut waiting = waiting.lock().await;
    if let Some(id) = waiting.take() {
        let mut game = app.lock(&id).await?;
        let joined = gt::Event::Joined {
            seat: Color::Blue,
            name: "course player 1".into(),
        };
        app.commit_event(&mut game, GameEvent::Gt(joined), None)
            .await?;
        return Ok((id, Color::Blue));
    }
    let settings = gt::Settings::course();
    let state = GameState::Gt(gt::State::new(settings.clone(), now_ms()));
    let joined = gt::Event::Joined {
        seat: Color::Red,
        name: "course player 0".into(),
    };
    let entry = app
        .create(
            state,
            serde_json::to_string(&settings)?,
            vec![GameEvent::Gt(joined)],
            Vec::new(),
        )
        .await?;
    *waiting = Some(entry.id.clone());
    Ok((entry.id, Color::Red))
}

async fn connection(
    app: Arc<App>,
    waiting: Arc<Mutex<Option<String>>>,
    mut stream: TcpStream,
) -> anyhow::Result<()> {
    let (id, seat) = seat(&app, &waiting).await?;
    stream.write_all(greeting(seat).as_bytes()).await?;
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
            stream.write_all(reply.to_text().as_bytes()).await?;
        }
    }
}

/// Handles one client message and returns the reply.
async fn answer(app: &Arc<App>, id: &str, seat: Color, message: &Value) -> anyhow::Result<Reply> {
    let mut game = app.lock(id).await?;
    let GameState::Gt(state) = &game.state else {
        anyhow::bail!("course game {id} is not Guard & Towers");
    };
    let active = state.status() == Status::Active;
    let event = match Request::read(message) {
        Ok(Request::Get) => None,
        Ok(Request::Move(text)) if active => Some(
            gt::parse_move(&text)
                .and_then(|mv| state.move_event(seat, mv, now_ms()))
                .unwrap_or_else(|refusal| gt::Event::Forfeited {
                    seat,
                    reason: Termination::IllegalMove(refusal.0),
                }),
        ),
        // A move before the opponent arrived or after the end changes nothing.
        Ok(Request::Move(_)) => None,
        Err(error) if active => Some(gt::Event::Forfeited {
            seat,
            reason: Termination::Disconnect(error.to_string()),
        }),
        Err(_) => None,
    };
    if let Some(event) = event {
        app.commit_event(&mut game, GameEvent::Gt(event), None)
            .await?;
    }
    let GameState::Gt(state) = &game.state else {
        anyhow::bail!("course game {id} is not Guard & Towers");
    };
    Ok(Reply {
        board: *state.game.position(),
        turn: state.side_to_move(),
        both_connected: state.status() != Status::Waiting,
        time: state.remaining_ms(seat, now_ms()).unwrap_or(0),
        end: state.status() == Status::Finished,
    })
}
