//! A client for the course's game server (rule book, "Course game-server
//! protocol"); the wire format is `guard_towers::course`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use guard_towers::course::{read_greeting, MessageReader, ProtocolError, Reply, Request};
use guard_towers::{Color, Game, Move, Outcome, Position, Rules};
use serde_json::Value;

/// How often to poll while the opponent thinks.
const POLL: Duration = Duration::from_millis(50);

/// The longest a winner stays connected for the loser to see the end
/// (see [`CourseClient::stay_for_the_loser`]).
const LOSER_GRACE: Duration = Duration::from_secs(3);

#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    #[error("the server closed the connection")]
    Closed,
    #[error("unexpected message from the server: {0}")]
    Protocol(#[from] ProtocolError),
    #[error("no move: {0}")]
    NoMove(String),
}

/// One connection to the server.
pub struct CourseClient {
    stream: TcpStream,
    reader: MessageReader,
}

impl CourseClient {
    pub fn connect(address: &str) -> Result<CourseClient, CourseError> {
        let stream = TcpStream::connect(address)?;
        stream.set_nodelay(true)?;
        Ok(CourseClient {
            stream,
            reader: MessageReader::default(),
        })
    }

    fn receive(&mut self) -> Result<Value, CourseError> {
        loop {
            if let Some(message) = self.reader.next_message()? {
                return Ok(message);
            }
            let mut chunk = [0u8; 4096];
            let read = self.stream.read(&mut chunk)?;
            if read == 0 {
                return Err(CourseError::Closed);
            }
            self.reader.feed(&chunk[..read]);
        }
    }

    fn request(&mut self, request: Request) -> Result<Reply, CourseError> {
        self.stream.write_all(request.to_text().as_bytes())?;
        Ok(Reply::read(&self.receive()?)?)
    }

    /// Plays one game: `choose` gets the position and the milliseconds left
    /// and returns the move. The client decides the end itself from the
    /// board under the course rules, whether or not the server says `end`
    /// (one published copy of the course server never does) and whether or
    /// not it closes the connection after the final state.
    pub fn play(
        mut self,
        mut choose: impl FnMut(&Position, u64) -> Result<Move, CourseError>,
    ) -> Result<CourseGame, CourseError> {
        let color = read_greeting(&self.receive()?)?;
        let mut last: Option<Reply> = None;
        loop {
            let state = match self.request(Request::Get) {
                Ok(state) => state,
                Err(CourseError::Closed) => return Ok(CourseGame::closed(color, last)),
                Err(error) => return Err(error),
            };
            if let Some(game) = CourseGame::decided(color, &state) {
                return Ok(game);
            }
            if state.both_connected && state.turn == color && state.board.side_to_move() == color {
                let mv = choose(&state.board, state.time)?;
                let after = match self.request(Request::Move(mv.to_string())) {
                    Ok(after) => after,
                    Err(CourseError::Closed) => {
                        // Closed after our move: if the move decided the
                        // game, that is the end the server meant.
                        let board = state.board.play(mv);
                        let reply = Reply { board, ..state };
                        return Ok(CourseGame::decided(color, &reply)
                            .unwrap_or_else(|| CourseGame::closed(color, Some(reply))));
                    }
                    Err(error) => return Err(error),
                };
                if let Some(game) = CourseGame::decided(color, &after) {
                    if !after.end {
                        self.stay_for_the_loser();
                    }
                    return Ok(game);
                }
                last = Some(after);
            } else {
                last = Some(state);
                std::thread::sleep(POLL);
            }
        }
    }

    /// After our move decided the game on a server that did not say so
    /// (v1, as published, never declares a winner), stays connected until
    /// the server closes the connection or [`LOSER_GRACE`] passes. v1
    /// deletes a game when either player leaves and then closes the other
    /// at its next message without a reply: leaving at once would rob the
    /// opponent of the final board. v1 shows nothing of the opponent's
    /// requests, so the only sign that it has seen the end is that it left
    /// (our client leaves as soon as it reads a decided board, and v1 then
    /// closes us); a client that stays, like the course's client.py at its
    /// prompt, has polled the board long before the grace ends. Whatever
    /// happens meanwhile, the game is already decided.
    fn stay_for_the_loser(&mut self) {
        let started = std::time::Instant::now();
        while started.elapsed() < LOSER_GRACE {
            std::thread::sleep(POLL);
            match self.request(Request::Get) {
                Ok(reply) if !reply.end => {}
                _ => return,
            }
        }
    }
}

/// How a game on a course server ended, as the client sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct CourseGame {
    pub color: Color,
    pub end: CourseEnd,
    /// The last board the server sent (or that our last move made).
    pub board: Option<Position>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CourseEnd {
    /// The board decides the game under the course rules.
    Decided(Outcome),
    /// The server said `end` on a board that decides nothing: a forfeit
    /// (on time when our clock shows 0).
    EndedByServer { our_time_ms: u64 },
    /// The server closed the connection before the board decided the game.
    Closed,
}

impl CourseGame {
    fn decided(color: Color, reply: &Reply) -> Option<CourseGame> {
        let end = match Game::new(reply.board, Rules::COURSE).outcome() {
            Some(outcome) => CourseEnd::Decided(outcome),
            None if reply.end => CourseEnd::EndedByServer {
                our_time_ms: reply.time,
            },
            None => return None,
        };
        Some(CourseGame {
            color,
            end,
            board: Some(reply.board),
        })
    }

    fn closed(color: Color, last: Option<Reply>) -> CourseGame {
        CourseGame {
            color,
            end: CourseEnd::Closed,
            board: last.map(|reply| reply.board),
        }
    }

    /// The result line of `towers gt connect`: `won (guard captured)`,
    /// `lost (time forfeit)`, …; `None` when the game was not decided.
    pub fn result(&self) -> Option<String> {
        match &self.end {
            CourseEnd::Decided(Outcome::Win { winner, reason }) => {
                let verdict = if *winner == self.color { "won" } else { "lost" };
                let reason = guard_towers::record::Termination::of(Outcome::Win {
                    winner: *winner,
                    reason: *reason,
                });
                Some(format!("{verdict} ({reason})"))
            }
            CourseEnd::Decided(outcome @ Outcome::Draw { .. }) => Some(format!(
                "draw ({})",
                guard_towers::record::Termination::of(*outcome)
            )),
            CourseEnd::EndedByServer { our_time_ms: 0 } => Some("lost (time forfeit)".into()),
            CourseEnd::EndedByServer { .. } => {
                Some("ended by the server (a forfeit the board does not show)".into())
            }
            CourseEnd::Closed => None,
        }
    }
}
