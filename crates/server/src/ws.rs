//! The live WebSocket of a game (`/api/games/{id}/ws?after=N`): numbered
//! events, each with the state after it. A client that reconnects with
//! the last number it saw gets exactly what it missed; without a number it
//! gets a snapshot of the current state first; one that missed more than
//! [`MAX_CATCH_UP`] events gets a snapshot instead of them.
//!
//! A socket is bounded like any connection: it counts as open for the
//! listener while it lives, a client may send a few messages a second
//! (more closes it), one that answers no ping is closed, and a server that
//! shuts down closes every socket with the reason.

use std::sync::Arc;
use std::time::Duration;

use api::live::{ClientMessage, LiveQuery};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::response::Response;
use futures_util::SinkExt;
use tokio::sync::broadcast::error::RecvError;

use crate::app::{App, ServerMessage};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::http::{QueryParams, Shared};
use crate::hub::Published;
use crate::listener::{stopped, Admission};
use crate::security::Bucket;

/// The most events a reconnecting client is sent one by one.
pub const MAX_CATCH_UP: i64 = 64;

/// Messages a client may send per second (bursts of twice that).
const MESSAGES_PER_SECOND: f64 = 5.0;

/// How often the server pings; a client silent for three pings is gone.
const PING_EVERY: Duration = Duration::from_secs(25);

/// How long a closing server waits for the client's answering close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

pub async fn upgrade(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
    QueryParams(resume): QueryParams<LiveQuery>,
    admission: Option<Extension<Arc<Admission>>>,
    socket: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // A plain request (no upgrade) is told so in JSON, like every refusal.
    let socket = socket.map_err(|rejection| {
        ApiError::BadRequest(format!(
            "this address is a WebSocket: {}",
            rejection.body_text()
        ))
    })?;
    let app = shared.app.clone();
    let snapshot = {
        let entry = app.lock(&id).await?;
        ServerMessage::Snapshot {
            seq: entry.state.seq(),
            state: entry.state.view(&id, now_ms()),
        }
    };
    // Clients send only small control messages; tungstenite's default
    // 128 KiB read buffer is zeroed on every read and dominated the cost of
    // a thousand sockets.
    Ok(socket
        .read_buffer_size(4 * 1024)
        .max_message_size(4 * 1024)
        .on_upgrade(move |socket| async move {
            // The socket holds its connection's place until it closes.
            let _admission = admission;
            if let Err(error) = serve(app, id, resume.after, snapshot, socket).await {
                tracing::debug!("websocket closed: {error}");
            }
        }))
}

struct Connection {
    app: Arc<App>,
    id: String,
    socket: WebSocket,
    /// The last event number this client has.
    last: i64,
}

async fn serve(
    app: Arc<App>,
    id: String,
    after: Option<i64>,
    snapshot: ServerMessage,
    socket: WebSocket,
) -> Result<(), axum::Error> {
    let _open = crate::metrics::socket_opened("game");
    // The subscription borrows the hub for as long as the socket lives.
    let watching = Arc::clone(&app);
    let mut updates = watching.hub.subscribe(&id);
    let mut connection = Connection {
        app,
        id,
        socket,
        last: 0,
    };
    match after {
        Some(after) => connection.catch_up(after).await?,
        None => {
            if let ServerMessage::Snapshot { seq, .. } = &snapshot {
                connection.last = *seq;
            }
            connection.send(&snapshot).await?;
            connection.catch_up(connection.last).await?;
        }
    }
    let mut stopping = connection.app.stopping.clone();
    let mut messages = Bucket::new(MESSAGES_PER_SECOND);
    let mut pings = tokio::time::interval(PING_EVERY);
    pings.tick().await;
    let mut unanswered = 0;
    loop {
        tokio::select! {
            _ = stopped(&mut stopping) => {
                return connection.close(close_code::RESTART, "the server is restarting: reconnect").await;
            }
            _ = pings.tick() => {
                if unanswered == 3 {
                    return connection.close(close_code::AWAY, "no answer to three pings").await;
                }
                unanswered += 1;
                connection.socket.send(Message::Ping(Default::default())).await?;
            }
            update = updates.recv() => match update {
                Ok(Published::Event { seq, text }) if seq == connection.last + 1 => {
                    connection.socket.feed(Message::Text(text)).await?;
                    connection.last = seq;
                    let mut sent = 1;
                    // Whatever else is already queued goes out in the same write.
                    while let Ok(Published::Event { seq, text }) = updates.try_recv() {
                        if seq == connection.last + 1 {
                            connection.socket.feed(Message::Text(text)).await?;
                            connection.last = seq;
                            sent += 1;
                        }
                    }
                    connection.socket.flush().await?;
                    crate::metrics::socket_messages_sent("game", sent);
                }
                Ok(Published::Event { seq, .. }) if seq <= connection.last => {}
                Ok(_) | Err(RecvError::Lagged(_)) => connection.catch_up(connection.last).await?,
                Err(RecvError::Closed) => return Ok(()),
            },
            incoming = connection.socket.recv() => {
                unanswered = 0;
                match incoming {
                    Some(Ok(Message::Close(_))) | None => return Ok(()),
                    Some(Err(error)) => return Err(error),
                    Some(Ok(_)) if !messages.take() => {
                        return connection.close(close_code::POLICY, "too many messages: slow down").await;
                    }
                    Some(Ok(Message::Text(text))) => connection.answer(&text).await?,
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}

impl Connection {
    async fn send(&mut self, message: &ServerMessage) -> Result<(), axum::Error> {
        let text = serde_json::to_string(message).expect("messages serialise");
        self.socket.send(Message::Text(text.into())).await?;
        crate::metrics::socket_messages_sent("game", 1);
        Ok(())
    }

    async fn close(&mut self, code: u16, reason: &'static str) -> Result<(), axum::Error> {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        self.socket.send(Message::Close(Some(frame))).await?;
        // Dropping the socket with the client's messages still unread makes
        // the kernel answer with a reset, which can reach the client before
        // the close frame does and hide its reason. So the closing handshake
        // is finished: what the client still sends is read and ignored until
        // its close frame comes back, for a bounded time.
        let _ = tokio::time::timeout(CLOSE_WAIT, async {
            while let Some(Ok(_)) = self.socket.recv().await {}
        })
        .await;
        Ok(())
    }

    /// Sends every event after `after` from the database, or the current
    /// state when that is more than [`MAX_CATCH_UP`] events.
    async fn catch_up(&mut self, after: i64) -> Result<(), axum::Error> {
        let current = match self.app.lock(&self.id).await {
            Ok(entry) => Some(ServerMessage::Snapshot {
                seq: entry.state.seq(),
                state: entry.state.view(&self.id, now_ms()),
            }),
            Err(_) => None,
        };
        if let Some(snapshot @ ServerMessage::Snapshot { seq, .. }) = &current {
            // Nothing missed (a socket that just had its snapshot): no
            // need to read the game's events back from the database.
            if *seq == after {
                return Ok(());
            }
            if seq - after > MAX_CATCH_UP {
                self.last = *seq;
                return self.send(snapshot).await;
            }
            // Missed while this instance published them: from memory.
            if let Some(texts) = self.app.hub.recent(&self.id, after, *seq) {
                let sent = texts.len() as u64;
                for text in texts {
                    self.socket.feed(Message::Text(text)).await?;
                }
                self.socket.flush().await?;
                crate::metrics::socket_messages_sent("game", sent);
                self.last = *seq;
                return Ok(());
            }
        }
        match self.app.messages_after(&self.id, after).await {
            Ok(messages) => {
                for message in messages {
                    if let ServerMessage::Event { seq, .. } = &message {
                        self.last = *seq;
                    }
                    self.send(&message).await?;
                }
                Ok(())
            }
            Err(error) => {
                let message = ServerMessage::Error {
                    message: error.to_string(),
                };
                self.send(&message).await
            }
        }
    }

    async fn answer(&mut self, text: &str) -> Result<(), axum::Error> {
        match serde_json::from_str::<ClientMessage>(text) {
            Ok(ClientMessage::Ping) => self.send(&ServerMessage::Pong).await,
            Ok(ClientMessage::Resume { after }) => self.catch_up(after).await,
            Err(error) => {
                let message = ServerMessage::Error {
                    message: format!(
                        "not a client message ({error}): send {{\"type\":\"ping\"}} or {{\"type\":\"resume\",\"after\":N}}"
                    ),
                };
                self.send(&message).await
            }
        }
    }
}
