//! The course server's wire protocol (rule book, "Course game-server
//! protocol"), both directions, for our client and our server alike.
//!
//! Plain TCP without framing: the server greets with `0` (Red) or `1`
//! (Blue); the client sends JSON strings, `"get"` or a move; every message
//! gets the reply `{"board": …, "turn": …, "bothConnected": …, "time": …,
//! "end": …}`, written exactly as the course server's Python `json.dumps`
//! writes it. [`MessageReader`] cuts JSON values out of the byte stream.

use std::fmt;

use serde_json::Value;

use crate::{Color, Position, PositionError};

/// The longest message either side accepts: a move or a reply is under
/// 200 bytes, so anything longer is a broken or hostile peer.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// What went wrong on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Bytes that are no JSON value.
    NotJson(String),
    /// More than [`MAX_MESSAGE_BYTES`] without a complete message.
    TooLong,
    /// A JSON value that is not the message expected here.
    Unexpected { expected: &'static str, got: String },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::NotJson(detail) => write!(f, "not JSON: {detail}"),
            ProtocolError::TooLong => {
                write!(f, "a message over {MAX_MESSAGE_BYTES} bytes")
            }
            ProtocolError::Unexpected { expected, got } => {
                write!(f, "expected {expected}, got {got}")
            }
        }
    }
}

impl std::error::Error for ProtocolError {}

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
    pub fn next_message(&mut self) -> Result<Option<Value>, ProtocolError> {
        let mut values = serde_json::Deserializer::from_slice(&self.buffer).into_iter::<Value>();
        match values.next() {
            None => {
                self.buffer.clear();
                Ok(None)
            }
            Some(Ok(value)) => {
                let used = values.byte_offset();
                // A whole message that arrived at once is held to the
                // limit as much as one still arriving.
                if used > MAX_MESSAGE_BYTES {
                    return Err(ProtocolError::TooLong);
                }
                self.buffer.drain(..used);
                Ok(Some(value))
            }
            Some(Err(error)) if error.is_eof() => {
                if self.buffer.len() > MAX_MESSAGE_BYTES {
                    return Err(ProtocolError::TooLong);
                }
                Ok(None)
            }
            Some(Err(error)) => {
                let shown = &self.buffer[..self.buffer.len().min(80)];
                Err(ProtocolError::NotJson(format!(
                    "{error} in {:?}",
                    String::from_utf8_lossy(shown)
                )))
            }
        }
    }
}

/// The greeting that tells a client its colour: `0` Red, `1` Blue.
pub fn greeting(color: Color) -> &'static str {
    match color {
        Color::Red => "0",
        Color::Blue => "1",
    }
}

/// The colour a greeting gives.
pub fn read_greeting(message: &Value) -> Result<Color, ProtocolError> {
    match message.as_u64() {
        Some(0) => Ok(Color::Red),
        Some(1) => Ok(Color::Blue),
        _ => Err(unexpected("the greeting 0 or 1", message)),
    }
}

fn unexpected(expected: &'static str, got: &Value) -> ProtocolError {
    let mut got = got.to_string();
    if got.len() > 80 {
        let cut = (0..=80)
            .rev()
            .find(|&i| got.is_char_boundary(i))
            .unwrap_or(0);
        got.truncate(cut);
        got.push('…');
    }
    ProtocolError::Unexpected { expected, got }
}

/// Reads a board as the course server writes it: the position notation,
/// except that after a whole tower captures the guard the square it left is
/// `r0` or `b0` (a "tower of height 0"), which is an empty square. Only
/// the course protocol and the contest server's logs read this dialect;
/// everywhere else those tokens stay an error, and the product never
/// writes them.
pub fn read_board(text: &str) -> Result<Position, PositionError> {
    crate::notation::read_course_board(text)
}

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `"get"`: the state, changing nothing.
    Get,
    /// Any other string: a move, as the client wrote it (the referee
    /// decides whether it is one).
    Move(String),
}

impl Request {
    /// The request a message is; a client message that is not a JSON
    /// string is an error.
    pub fn read(message: &Value) -> Result<Request, ProtocolError> {
        match message.as_str() {
            Some("get") => Ok(Request::Get),
            Some(text) => Ok(Request::Move(text.to_string())),
            None => Err(unexpected("a JSON string", message)),
        }
    }

    /// The request as sent on the wire.
    pub fn to_text(&self) -> String {
        let text = match self {
            Request::Get => "get",
            Request::Move(text) => text,
        };
        Value::String(text.to_string()).to_string()
    }
}

/// The server's view of the game, sent in reply to every request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub board: Position,
    pub turn: Color,
    pub both_connected: bool,
    /// Milliseconds left on the asking player's clock.
    pub time: u64,
    pub end: bool,
}

impl Reply {
    /// The reply as the course server writes it: Python's `json.dumps`
    /// of a dict in this key order, with `", "` and `": "` separators.
    pub fn to_text(&self) -> String {
        format!(
            r#"{{"board": {}, "turn": "{}", "bothConnected": {}, "time": {}, "end": {}}}"#,
            Value::String(self.board.to_string()),
            self.turn.letter(),
            self.both_connected,
            self.time,
            self.end,
        )
    }

    /// Reads a reply.
    pub fn read(message: &Value) -> Result<Reply, ProtocolError> {
        let bad = || unexpected("a state {board, turn, bothConnected, time, end}", message);
        let board = message["board"].as_str().ok_or_else(bad)?;
        let board = read_board(board).map_err(|error| ProtocolError::Unexpected {
            expected: "a board in course notation",
            got: format!("'{board}': {error}"),
        })?;
        let turn = match message["turn"].as_str() {
            Some("r") => Color::Red,
            Some("b") => Color::Blue,
            _ => return Err(bad()),
        };
        Ok(Reply {
            board,
            turn,
            both_connected: message["bothConnected"].as_bool().ok_or_else(bad)?,
            time: message["time"].as_f64().ok_or_else(bad)?.max(0.0) as u64,
            end: message["end"].as_bool().ok_or_else(bad)?,
        })
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
            Err(ProtocolError::NotJson(_))
        ));
    }

    #[test]
    fn an_endless_message_is_refused_once_it_passes_the_limit() {
        let mut reader = MessageReader::default();
        reader.feed(b"\"");
        reader.feed(&[b'a'; MAX_MESSAGE_BYTES]);
        assert_eq!(reader.next_message(), Err(ProtocolError::TooLong));
    }

    #[test]
    fn a_whole_message_over_the_limit_is_refused_though_it_came_at_once() {
        // 5,002 bytes: a JSON string of 5,000 letters.
        let message = format!("\"{}\"", "a".repeat(5000));
        assert_eq!(message.len(), 5002);
        let mut reader = MessageReader::default();
        reader.feed(message.as_bytes());
        assert_eq!(reader.next_message(), Err(ProtocolError::TooLong));
        let mut split = MessageReader::default();
        split.feed(&message.as_bytes()[..4096]);
        assert_eq!(split.next_message(), Ok(None));
        split.feed(&message.as_bytes()[4096..]);
        assert_eq!(split.next_message(), Err(ProtocolError::TooLong));
        let mut fits = MessageReader::default();
        let at_limit = format!("\"{}\"", "a".repeat(MAX_MESSAGE_BYTES - 2));
        fits.feed(at_limit.as_bytes());
        assert!(matches!(fits.next_message(), Ok(Some(_))));
    }

    #[test]
    fn the_reply_is_the_course_servers_exact_text_and_reads_back() {
        let reply = Reply {
            board: Position::start(),
            turn: Color::Red,
            both_connected: true,
            time: 120_000,
            end: false,
        };
        let text = reply.to_text();
        assert_eq!(
            text,
            "{\"board\": \"r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r\", \
             \"turn\": \"r\", \"bothConnected\": true, \"time\": 120000, \"end\": false}"
        );
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(Reply::read(&value).unwrap(), reply);
    }

    #[test]
    fn a_square_left_by_a_whole_tower_reads_as_empty_in_the_course_dialect_only() {
        // Red's whole tower of two went from D5 to D7 and took Blue's guard.
        let dialect = "3r2RG2/7/3r03/7/7/7/7 b";
        let board = read_board(dialect).unwrap();
        assert_eq!(board, "3r2RG2/7/7/7/7/7/7 b".parse().unwrap());
        assert!(board.is_decided());
        assert!(
            dialect.parse::<Position>().is_err(),
            "strict notation refuses r0"
        );
        assert_eq!(
            read_board("b0RG5/7/7/7/7/7/3BG3 r").unwrap().to_string(),
            "1RG5/7/7/7/7/7/3BG3 r"
        );
    }

    #[test]
    fn requests_are_json_strings() {
        assert_eq!(Request::Get.to_text(), "\"get\"");
        let mv = Request::Move("A7-B7-1".into());
        let value: Value = serde_json::from_str(&mv.to_text()).unwrap();
        assert_eq!(Request::read(&value).unwrap(), mv);
        assert!(Request::read(&Value::from(3)).is_err());
        assert_eq!(read_greeting(&Value::from(1)), Ok(Color::Blue));
    }
}
