//! The course game-server protocol (rule book, "Course game-server
//! protocol") on its own TCP port: connections pair up in arrival order,
//! the first of a pair plays Red (greeted with `0`), the second Blue (`1`).
//! A client sends JSON strings, `"get"` or a move, and every message gets
//! the JSON state `{board, turn, bothConnected, time, end}`
//! (`guard_towers::course` writes and reads them, in the course server's
//! exact text). A pair plays one game under course rules and clock
//! (`TimeControl::COURSE`); an illegal or unparsable move or a move out of
//! turn loses.
//!
//! A game ends for both players: each gets the final state with `end: true`
//! as the answer to the message that ended it or to its next one, then is
//! closed (the course servers tell only the player whose message ended it,
//! or nobody; `docs/api.md`, "Course protocol"). Nothing is ever sent
//! unasked: client.py reads one `recv` per answer, and a state sent unasked
//! could share that read. A player who leaves or sends what is no message
//! mid-game loses at once. A game is stored only when its pair is formed:
//! a player who leaves while waiting leaves nothing behind, and the next
//! connection is seated as Red. Stored games are visible like any other.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use guard_towers::course::{greeting, MessageReader, ProtocolError, Reply, Request};
use guard_towers::record::Termination;
use guard_towers::{Color, Position, TimeControl};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, Mutex};

use crate::app::App;
use crate::clock::now_ms;
use crate::games::{gt, GameState};
use crate::listener::{accept, stopped, Connections};
use crate::security::Bucket;
use crate::status::Status;

/// Messages a client may send per second; a faster one is answered at this
/// pace (the course's clients poll with `"get"`, so they are slowed, not
/// refused).
const MESSAGES_PER_SECOND: f64 = 1000.0;

/// How long a closing connection waits for the client to close its side.
const CLOSE_LINGER: Duration = Duration::from_secs(2);

/// How long a player whose game the other side ended is waited for: its
/// next message is answered with the final state, then it is closed.
const LAST_ANSWER_WAIT: Duration = Duration::from_secs(30);

/// The most a closing connection reads and drops meanwhile: a client still
/// sending a flood is cut off.
const MAX_DRAIN: usize = 64 * 1024;

/// The most characters a stored reason holds, ellipsis included.
const MAX_REASON_CHARS: usize = 200;

/// The termination `make` gives `detail`, its text held to
/// [`MAX_REASON_CHARS`]: what a client sent is quoted in part, never whole.
fn bounded(make: fn(String) -> Termination, detail: &str) -> Termination {
    let room = MAX_REASON_CHARS.saturating_sub(make(String::new()).to_string().chars().count());
    if detail.chars().count() <= room {
        return make(detail.to_string());
    }
    let mut cut: String = detail.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    make(cut)
}

/// The player waiting for an opponent: no game exists for it yet.
struct Waiting {
    connection: u64,
    /// Gets the id of the game once an opponent arrives.
    paired: oneshot::Sender<String>,
}

#[derive(Default)]
struct Lobby {
    waiting: Mutex<Option<Waiting>>,
    connections: AtomicU64,
}

/// Binds the listener and serves it in the background.
pub async fn spawn(
    app: Arc<App>,
    addr: SocketAddr,
    connections: Arc<Connections>,
) -> std::io::Result<SocketAddr> {
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let lobby = Arc::new(Lobby::default());
    let mut stopping = app.stopping.clone();
    tokio::spawn(async move {
        while let Some((stream, _, admission)) =
            accept(&listener, &connections, &mut stopping, "course port").await
        {
            let (app, lobby) = (app.clone(), lobby.clone());
            tokio::spawn(async move {
                let mut stopping = app.stopping.clone();
                tokio::select! {
                    served = connection(app, lobby, stream) => {
                        if let Err(error) = served {
                            tracing::debug!("course connection: {error}");
                        }
                    }
                    // The server is going away: the connection closes, the
                    // game stays as it stood.
                    _ = stopped(&mut stopping) => {}
                }
                drop(admission);
            });
        }
    });
    Ok(bound)
}

/// Where a new connection sits: Blue in a game made with the waiting
/// player, or Red waiting for its game.
enum Seating {
    Blue(String),
    Red(oneshot::Receiver<String>),
}

async fn seat(app: &Arc<App>, lobby: &Lobby, connection: u64) -> anyhow::Result<Seating> {
    let mut waiting = lobby.waiting.lock().await;
    if let Some(red) = waiting.take().filter(|red| !red.paired.is_closed()) {
        let id = create_game(app).await?;
        if red.paired.send(id.clone()).is_err() {
            // Red left this very moment: its task will not forfeit, so the
            // game is decided here.
            forfeit(app, &id, Color::Red, "the connection closed").await?;
        }
        return Ok(Seating::Blue(id));
    }
    let (paired, seated) = oneshot::channel();
    *waiting = Some(Waiting { connection, paired });
    Ok(Seating::Red(seated))
}

/// Stores the game of a new pair, both seats taken.
async fn create_game(app: &Arc<App>) -> anyhow::Result<String> {
    let joined = |seat: Color| gt::Event::Joined {
        seat,
        name: format!("course player {}", seat.index()),
    };
    let events = vec![joined(Color::Red), joined(Color::Blue)];
    let entry = app
        .create::<gt::State>(gt::Settings::course(), events, Vec::new())
        .await?;
    Ok(entry.id)
}

/// A course connection: its socket and the bytes read but not yet used.
struct Client {
    stream: TcpStream,
    reader: MessageReader,
    pace: Bucket,
}

/// What a client did next.
enum Incoming {
    Message(Value),
    Unreadable(ProtocolError),
    Closed,
}

impl Client {
    async fn next(&mut self) -> Incoming {
        let mut buffer = [0u8; 4096];
        loop {
            match self.reader.next_message() {
                Ok(Some(message)) => {
                    while !self.pace.take() {
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    return Incoming::Message(message);
                }
                Ok(None) => {}
                Err(error) => return Incoming::Unreadable(error),
            }
            match self.stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return Incoming::Closed,
                Ok(read) => self.reader.feed(&buffer[..read]),
            }
        }
    }

    async fn send(&mut self, reply: &Reply) -> std::io::Result<()> {
        self.stream.write_all(reply.to_text().as_bytes()).await
    }

    /// Closes as a peer expects: our side first, then whatever the client
    /// still sends is read and dropped until it closes too (or a moment
    /// passes). Closing a socket with unread bytes would send a reset, and
    /// the client could lose the final state it has not read yet.
    async fn close(mut self) {
        if self.stream.shutdown().await.is_err() {
            return;
        }
        let mut buffer = [0u8; 4096];
        let drain = async {
            let mut drained = 0;
            while let Ok(read) = self.stream.read(&mut buffer).await {
                drained += read;
                if read == 0 || drained > MAX_DRAIN {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_LINGER, drain).await;
    }
}

async fn connection(app: Arc<App>, lobby: Arc<Lobby>, stream: TcpStream) -> anyhow::Result<()> {
    let number = lobby.connections.fetch_add(1, Ordering::Relaxed);
    let seating = seat(&app, &lobby, number).await?;
    let mut client = Client {
        stream,
        reader: MessageReader::default(),
        pace: Bucket::new(MESSAGES_PER_SECOND),
    };
    let seat = match seating {
        Seating::Blue(_) => Color::Blue,
        Seating::Red(_) => Color::Red,
    };
    client.stream.write_all(greeting(seat).as_bytes()).await?;
    let id = match seating {
        Seating::Blue(id) => id,
        Seating::Red(seated) => {
            match wait_for_opponent(&app, &mut client, &lobby, number, seated).await? {
                Some(id) => id,
                None => return Ok(()),
            }
        }
    };
    let played = play(&app, &mut client, &id, seat).await;
    client.close().await;
    played
}

/// Answers Red while nobody has come to play it: the start, not yet
/// connected. Returns the game once an opponent arrives, or `None` when
/// Red left first (and nothing was stored).
async fn wait_for_opponent(
    app: &Arc<App>,
    client: &mut Client,
    lobby: &Lobby,
    number: u64,
    mut seated: oneshot::Receiver<String>,
) -> anyhow::Result<Option<String>> {
    let alone = Reply {
        board: Position::start(),
        turn: Color::Red,
        both_connected: false,
        time: TimeControl::COURSE.initial_ms(),
        end: false,
    };
    let left = loop {
        tokio::select! {
            // An opponent who has come decides first: what Red sent since
            // belongs to the game (a bomb loses it as one).
            biased;
            paired = &mut seated => return Ok(paired.ok()),
            incoming = client.next() => match incoming {
                Incoming::Message(_) => client.send(&alone).await?,
                Incoming::Unreadable(error) => break error.to_string(),
                Incoming::Closed => break "the connection closed".to_string(),
            },
        }
    };
    let mut waiting = lobby.waiting.lock().await;
    if waiting.as_ref().is_some_and(|red| red.connection == number) {
        *waiting = None;
        return Ok(None);
    }
    drop(waiting);
    // An opponent took the seat meanwhile (pairing holds the lobby, so the
    // game exists by now) and this player has left it.
    if let Ok(id) = seated.await {
        forfeit(app, &id, Color::Red, &left).await?;
    }
    Ok(None)
}

/// Plays the game for one seat until it ends: the final state is the
/// answer to the message that ended it or, when something else ended it,
/// to the next one.
async fn play(app: &Arc<App>, client: &mut Client, id: &str, seat: Color) -> anyhow::Result<()> {
    let mut updates = app.hub.subscribe(id);
    loop {
        tokio::select! {
            incoming = client.next() => {
                if answer_incoming(app, client, id, seat, incoming).await? {
                    return Ok(());
                }
            }
            // Something happened in the game: if it ended (the opponent's
            // move, a flag, the opponent leaving), the next message is
            // answered with the final state.
            _ = updates.recv() => {
                if state_for(app, id, seat).await?.end {
                    if let Ok(incoming) = tokio::time::timeout(LAST_ANSWER_WAIT, client.next()).await {
                        answer_incoming(app, client, id, seat, incoming).await?;
                    }
                    return Ok(());
                }
            }
        }
    }
}

/// Answers what the client did; true when the game is over for it.
async fn answer_incoming(
    app: &Arc<App>,
    client: &mut Client,
    id: &str,
    seat: Color,
    incoming: Incoming,
) -> anyhow::Result<bool> {
    let message = match incoming {
        Incoming::Message(message) => message,
        Incoming::Unreadable(error) => {
            forfeit(app, id, seat, &error.to_string()).await?;
            return Ok(true);
        }
        Incoming::Closed => {
            forfeit(app, id, seat, "the connection closed").await?;
            return Ok(true);
        }
    };
    let reply = answer(app, id, seat, &message).await?;
    client.send(&reply).await?;
    Ok(reply.end)
}

/// Ends the game against `seat`, for leaving or for what it sent, if the
/// game is still on.
async fn forfeit(app: &Arc<App>, id: &str, seat: Color, why: &str) -> anyhow::Result<()> {
    let mut game = app.lock(id).await?;
    let Some(state) = game.state.get::<gt::State>() else {
        anyhow::bail!("course game {id} is not Guard & Towers");
    };
    if state.status() != Status::Active {
        return Ok(());
    }
    let event = gt::Event::Forfeited {
        seat,
        reason: bounded(Termination::Disconnect, why),
    };
    app.commit_event(&mut game, event, None).await?;
    Ok(())
}

/// Handles one client message and returns the reply.
async fn answer(app: &Arc<App>, id: &str, seat: Color, message: &Value) -> anyhow::Result<Reply> {
    let mut game = app.lock(id).await?;
    let Some(state) = game.state.get::<gt::State>() else {
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
                    reason: bounded(Termination::IllegalMove, &refusal.to_string()),
                }),
        ),
        // A move after the end changes nothing.
        Ok(Request::Move(_)) => None,
        Err(error) if active => Some(gt::Event::Forfeited {
            seat,
            reason: bounded(Termination::Disconnect, &error.to_string()),
        }),
        Err(_) => None,
    };
    if let Some(event) = event {
        app.commit_event(&mut game, event, None).await?;
    }
    reply_of(&game.state, seat)
}

async fn state_for(app: &Arc<App>, id: &str, seat: Color) -> anyhow::Result<Reply> {
    let game = app.lock(id).await?;
    reply_of(&game.state, seat)
}

fn reply_of(state: &GameState, seat: Color) -> anyhow::Result<Reply> {
    let Some(state) = state.get::<gt::State>() else {
        anyhow::bail!("a course game is Guard & Towers");
    };
    Ok(Reply {
        board: *state.game.position(),
        turn: state.side_to_move(),
        both_connected: state.status() != Status::Waiting,
        time: state.remaining_ms(seat, now_ms()).unwrap_or(0),
        end: state.status() == Status::Finished,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reason_is_cut_on_a_char_boundary_with_an_ellipsis() {
        let detail = "é".repeat(500);
        let reason = bounded(Termination::IllegalMove, &detail).to_string();
        assert_eq!(reason.chars().count(), MAX_REASON_CHARS, "{reason}");
        assert!(reason.starts_with("illegal move: éé"), "{reason}");
        assert!(reason.ends_with("é…"), "{reason}");
        let short = bounded(Termination::Disconnect, "the connection closed");
        assert_eq!(short.to_string(), "disconnect: the connection closed");
    }
}
