//! A client for the course's game server (rule book, "Course game-server
//! protocol"); the wire format is `guard_towers::course`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use guard_towers::course::{read_greeting, MessageReader, ProtocolError, Reply, Request};
use guard_towers::{Color, Position};
use serde_json::Value;

/// How often to poll while the opponent thinks.
const POLL: Duration = Duration::from_millis(50);

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
    /// and returns the move text. Returns our colour and the final state.
    pub fn play(
        mut self,
        mut choose: impl FnMut(&Position, u64) -> Result<String, CourseError>,
    ) -> Result<(Color, Reply), CourseError> {
        let color = read_greeting(&self.receive()?)?;
        loop {
            let state = self.request(Request::Get)?;
            if state.end {
                return Ok((color, state));
            }
            if state.both_connected && state.turn == color && state.board.side_to_move() == color {
                let mv = choose(&state.board, state.time)?;
                let after = self.request(Request::Move(mv))?;
                if after.end {
                    return Ok((color, after));
                }
            } else {
                std::thread::sleep(POLL);
            }
        }
    }
}
