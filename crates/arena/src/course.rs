//! A client for the course's game server (rule book, "Course game-server
//! protocol"): plain TCP; the server greets with `0` (Red) or `1` (Blue);
//! the client sends JSON strings (`"get"` or a move) and every reply is a
//! JSON object `{board, turn, bothConnected, time, end}`. Messages are not
//! framed, so the reader cuts them out of the byte stream itself.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

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
    Protocol(String),
    #[error("no move: {0}")]
    NoMove(String),
}

/// Cuts JSON values out of an unframed byte stream: a message may arrive
/// split over several reads, or several in one read.
#[derive(Default)]
pub struct MessageReader {
    buffer: Vec<u8>,
}

impl MessageReader {
    /// Adds received bytes.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// The next complete message, if one has arrived.
    pub fn next_message(&mut self) -> Result<Option<Value>, CourseError> {
        let mut values = serde_json::Deserializer::from_slice(&self.buffer).into_iter::<Value>();
        match values.next() {
            None => {
                self.buffer.clear();
                Ok(None)
            }
            Some(Ok(value)) => {
                let used = values.byte_offset();
                self.buffer.drain(..used);
                Ok(Some(value))
            }
            Some(Err(error)) if error.is_eof() => Ok(None),
            Some(Err(error)) => Err(CourseError::Protocol(format!(
                "{error} in {:?}",
                String::from_utf8_lossy(&self.buffer)
            ))),
        }
    }
}

/// The server's view of the game, as sent in every reply.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerState {
    pub board: Position,
    pub turn: Color,
    pub both_connected: bool,
    /// Milliseconds left on this player's clock.
    pub time: u64,
    pub end: bool,
}

impl ServerState {
    fn from_json(value: &Value) -> Result<ServerState, CourseError> {
        let bad = || CourseError::Protocol(value.to_string());
        let board = value["board"].as_str().ok_or_else(bad)?;
        let board: Position = board
            .parse()
            .map_err(|e| CourseError::Protocol(format!("board '{board}': {e}")))?;
        let turn = match value["turn"].as_str() {
            Some("r") => Color::Red,
            Some("b") => Color::Blue,
            _ => return Err(bad()),
        };
        Ok(ServerState {
            board,
            turn,
            both_connected: value["bothConnected"].as_bool().ok_or_else(bad)?,
            time: value["time"].as_f64().ok_or_else(bad)?.max(0.0) as u64,
            end: value["end"].as_bool().ok_or_else(bad)?,
        })
    }
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

    fn request(&mut self, text: &str) -> Result<ServerState, CourseError> {
        let message = Value::String(text.to_string()).to_string();
        self.stream.write_all(message.as_bytes())?;
        ServerState::from_json(&self.receive()?)
    }

    /// Plays one game: `choose` gets the position and the milliseconds left
    /// and returns the move text. Returns our colour and the final state.
    pub fn play(
        mut self,
        mut choose: impl FnMut(&Position, u64) -> Result<String, CourseError>,
    ) -> Result<(Color, ServerState), CourseError> {
        let color = match self.receive()? {
            Value::Number(n) if n.as_u64() == Some(0) => Color::Red,
            Value::Number(n) if n.as_u64() == Some(1) => Color::Blue,
            other => return Err(CourseError::Protocol(format!("greeting {other}"))),
        };
        loop {
            let state = self.request("get")?;
            if state.end {
                return Ok((color, state));
            }
            if state.both_connected && state.turn == color && state.board.side_to_move() == color {
                let mv = choose(&state.board, state.time)?;
                let after = self.request(&mv)?;
                if after.end {
                    return Ok((color, after));
                }
            } else {
                std::thread::sleep(POLL);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_split_over_reads_or_merged_in_one_are_cut_apart() {
        let mut reader = MessageReader::default();
        reader.feed(b"0{\"board\": \"7/7/7/7/7/7/7 r\", ");
        assert_eq!(reader.next_message().unwrap(), Some(Value::from(0)));
        assert_eq!(
            reader.next_message().unwrap(),
            None,
            "the object is incomplete"
        );
        reader.feed(b"\"end\": true}{\"a\":");
        let object = reader.next_message().unwrap().expect("complete now");
        assert_eq!(object["end"], Value::Bool(true));
        reader.feed(b" 1}");
        assert_eq!(reader.next_message().unwrap().unwrap()["a"], Value::from(1));
        assert_eq!(reader.next_message().unwrap(), None);
    }

    #[test]
    fn garbage_is_a_protocol_error() {
        let mut reader = MessageReader::default();
        reader.feed(b"}{");
        assert!(matches!(
            reader.next_message(),
            Err(CourseError::Protocol(_))
        ));
    }
}
