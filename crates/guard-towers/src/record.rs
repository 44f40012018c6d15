//! Game records: a PGN-like text format for Guard & Towers
//! (`docs/game-record.md`), and how a game ended as a typed result and
//! termination. Written by the arena and the server, read by
//! `towers gt replay`. Reading validates every move with the rules.

use std::fmt::{self, Write};
use std::str::FromStr;

use crate::{Color, DrawReason, Game, Move, Outcome, Position, Ruleset, WinReason};

/// How a game ended, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    RedWins,
    BlueWins,
    Draw,
    Unfinished,
}

impl GameResult {
    const ALL: [GameResult; 4] = [
        GameResult::RedWins,
        GameResult::BlueWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The record's result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlueWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    fn from_token(token: &str) -> Option<GameResult> {
        GameResult::ALL
            .into_iter()
            .find(|result| result.token() == token)
    }

    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Blue => GameResult::BlueWins,
        }
    }

    /// The side that won, if one did.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlueWins => Some(Color::Blue),
            GameResult::Draw | GameResult::Unfinished => None,
        }
    }

    /// The result the rules give for a decided position.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, .. } => GameResult::win_for(winner),
            Outcome::Draw { .. } => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Text that is no result token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResultError(pub String);

impl fmt::Display for GameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a result: 1-0, 0-1, 1/2-1/2 or *", self.0)
    }
}

impl std::error::Error for GameResultError {}

impl FromStr for GameResult {
    type Err = GameResultError;

    fn from_str(text: &str) -> Result<GameResult, GameResultError> {
        GameResult::from_token(text).ok_or_else(|| GameResultError(text.to_string()))
    }
}

/// Why a game ended (the record's Termination tag), in the manner of
/// fastchess's `MatchTermination`: the rules' reasons, the players' own
/// (resignation, agreed draw) and the referee's (forfeits, adjudication),
/// the last with the detail that says what happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    GuardCaptured,
    CastleReached,
    /// The side to move had no legal move (a loss or, by the rules
    /// configuration, a draw: the result says which).
    NoLegalMove,
    ThreefoldRepetition,
    NoProgress,
    Resignation,
    DrawAgreed,
    /// The clock ran out; the detail, when there is one, says by how much.
    TimeForfeit(Option<String>),
    /// A move that could not be read or was not legal.
    IllegalMove(String),
    /// A player process died or answered nonsense.
    EngineCrash(String),
    /// A connection ended or sent what is no message, mid-game.
    Disconnect(String),
    Adjudication(String),
    Unterminated,
    /// A termination this format does not name, as another tool wrote it.
    Other(String),
}

impl Termination {
    /// Why the rules ended a game.
    pub fn of(outcome: Outcome) -> Termination {
        match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::GuardCaptured => Termination::GuardCaptured,
                WinReason::CastleReached => Termination::CastleReached,
                WinReason::NoLegalMove => Termination::NoLegalMove,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Repetition => Termination::ThreefoldRepetition,
                DrawReason::NoProgress => Termination::NoProgress,
                DrawReason::NoLegalMove => Termination::NoLegalMove,
            },
        }
    }

    /// The texts of the terminations without detail.
    const PLAIN: [(Termination, &'static str); 8] = [
        (Termination::GuardCaptured, "guard captured"),
        (Termination::CastleReached, "castle reached"),
        (Termination::NoLegalMove, "no legal move"),
        (Termination::ThreefoldRepetition, "threefold repetition"),
        (Termination::NoProgress, "no progress"),
        (Termination::Resignation, "resignation"),
        (Termination::DrawAgreed, "draw agreed"),
        (Termination::Unterminated, "unterminated"),
    ];
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, detail) = match self {
            Termination::TimeForfeit(None) => return f.write_str("time forfeit"),
            Termination::TimeForfeit(Some(detail)) => ("time forfeit", detail),
            Termination::IllegalMove(detail) => ("illegal move", detail),
            Termination::EngineCrash(detail) => ("engine crash", detail),
            Termination::Disconnect(detail) => ("disconnect", detail),
            Termination::Adjudication(detail) => ("adjudication", detail),
            Termination::Other(text) => return f.write_str(text),
            plain => {
                let (_, text) = Termination::PLAIN
                    .iter()
                    .find(|(known, _)| known == plain)
                    .expect("every termination without detail has a text");
                return f.write_str(text);
            }
        };
        write!(f, "{name}: {detail}")
    }
}

/// Makes a termination from its detail.
type Detailed = fn(String) -> Termination;

impl FromStr for Termination {
    type Err = std::convert::Infallible;

    /// Reads what [`Display`](fmt::Display) writes; any other text is
    /// [`Termination::Other`], so records of other tools still read.
    fn from_str(text: &str) -> Result<Termination, Self::Err> {
        if let Some((known, _)) = Termination::PLAIN.iter().find(|(_, t)| *t == text) {
            return Ok(known.clone());
        }
        if text == "time forfeit" {
            return Ok(Termination::TimeForfeit(None));
        }
        let detailed: [(&str, Detailed); 5] = [
            ("time forfeit", |d| Termination::TimeForfeit(Some(d))),
            ("illegal move", Termination::IllegalMove),
            ("engine crash", Termination::EngineCrash),
            ("disconnect", Termination::Disconnect),
            ("adjudication", Termination::Adjudication),
        ];
        let termination = text
            .split_once(": ")
            .and_then(|(name, detail)| {
                detailed
                    .iter()
                    .find(|(known, _)| *known == name)
                    .map(|(_, make)| make(detail.to_string()))
            })
            .unwrap_or_else(|| Termination::Other(text.to_string()));
        Ok(termination)
    }
}

/// One recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub event: String,
    pub date: String,
    pub red: String,
    pub blue: String,
    pub time_control: String,
    pub rules: Ruleset,
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: GameResult,
    pub termination: Termination,
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let termination = self.termination.to_string();
        let tags = [
            ("Event", self.event.as_str()),
            ("Date", self.date.as_str()),
            ("Red", self.red.as_str()),
            ("Blue", self.blue.as_str()),
            ("TimeControl", self.time_control.as_str()),
            ("Rules", self.rules.name()),
            ("Start", &self.start.to_string()),
            ("Result", self.result.token()),
            ("Termination", termination.as_str()),
        ];
        for (name, value) in tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        writeln!(f)?;
        let mut line = String::new();
        let mut tokens = Vec::new();
        let mut number = 1;
        let mut side = self.start.side_to_move();
        for (index, mv) in self.moves.iter().enumerate() {
            match (side, index) {
                (Color::Red, _) => tokens.push(format!("{number}.")),
                (Color::Blue, 0) => tokens.push(format!("{number}...")),
                _ => {}
            }
            tokens.push(mv.to_string());
            if side == Color::Blue {
                number += 1;
            }
            side = !side;
        }
        tokens.push(self.result.token().to_string());
        for token in tokens {
            if !line.is_empty() && line.len() + token.len() >= 80 {
                writeln!(f, "{line}")?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        writeln!(f, "{line}")
    }
}

/// A record that cannot be read, with the line where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}

fn error(line: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        message: message.into(),
    }
}

/// Reads every game of a record file.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String, usize)> = Vec::new();
    let mut movetext: Vec<(String, usize)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.starts_with('[') {
            if !movetext.is_empty() {
                return Err(error(
                    number,
                    "a tag after the moves of a game without a result token",
                ));
            }
            tags.push(parse_tag(line, number)?);
        } else if !line.is_empty() {
            if tags.is_empty() {
                return Err(error(number, "moves before the tags of a game"));
            }
            movetext.extend(
                line.split_whitespace()
                    .map(|token| (token.to_string(), number)),
            );
            if movetext
                .last()
                .is_some_and(|(token, _)| GameResult::from_token(token).is_some())
            {
                games.push(build_record(&tags, &movetext)?);
                tags.clear();
                movetext.clear();
            }
        }
    }
    if let Some((_, _, line)) = tags.first() {
        return Err(error(
            *line,
            "the game starting here has no result token at the end of its moves",
        ));
    }
    Ok(games)
}

fn parse_tag(line: &str, number: usize) -> Result<(String, String, usize), RecordError> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or_else(|| error(number, "a tag must look like [Name \"value\"]"))?;
    let (name, quoted) = inner
        .split_once(' ')
        .ok_or_else(|| error(number, "a tag must look like [Name \"value\"]"))?;
    let value = quoted
        .trim()
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .ok_or_else(|| {
            error(
                number,
                format!("the value of tag {name} must be in double quotes"),
            )
        })?;
    Ok((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
        number,
    ))
}

fn build_record(
    tags: &[(String, String, usize)],
    movetext: &[(String, usize)],
) -> Result<GameRecord, RecordError> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, l)| (v.clone(), *l))
    };
    let start = match tag("Start") {
        None => Position::start(),
        Some((text, line)) => text
            .parse()
            .map_err(|e| error(line, format!("Start: {e}")))?,
    };
    let rules = match tag("Rules") {
        None => Ruleset::Standard,
        Some((name, line)) => name.parse().map_err(|e| error(line, format!("{e}")))?,
    };
    let mut game = Game::new(start, rules.rules());
    let (result_token, result_line) = movetext.last().expect("ends with a result");
    let result = GameResult::from_token(result_token).expect("checked by the caller");
    for (token, line) in &movetext[..movetext.len() - 1] {
        if is_move_number(token) {
            continue;
        }
        let mv: Move = token
            .parse()
            .map_err(|e| error(*line, format!("move {}: {e}", game.moves().len() + 1)))?;
        game.play(mv).map_err(|e| {
            error(
                *line,
                format!("move {} ({token}): {e}", game.moves().len() + 1),
            )
        })?;
    }
    if let Some((declared, line)) = tag("Result") {
        if declared != *result_token {
            return Err(error(
                line,
                format!("the Result tag says {declared} but the moves end with {result_token}"),
            ));
        }
    }
    if let Some(outcome) = game.outcome() {
        if GameResult::of(outcome) != result {
            return Err(error(
                *result_line,
                format!("the result {result_token} contradicts the position: {outcome}"),
            ));
        }
    }
    Ok(GameRecord {
        event: tag("Event").map(|t| t.0).unwrap_or_default(),
        date: tag("Date").map(|t| t.0).unwrap_or_default(),
        red: tag("Red").map(|t| t.0).unwrap_or_default(),
        blue: tag("Blue").map(|t| t.0).unwrap_or_default(),
        time_control: tag("TimeControl").map(|t| t.0).unwrap_or_default(),
        rules,
        start,
        moves: game.moves().to_vec(),
        result,
        termination: match tag("Termination") {
            Some((text, _)) => text.parse().unwrap_or_else(|never| match never {}),
            None => Termination::Unterminated,
        },
    })
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl GameRecord {
    /// The game replayed: the final position and its outcome.
    pub fn replay(&self) -> Game {
        let mut game = Game::new(self.start, self.rules.rules());
        for &mv in &self.moves {
            game.play(mv)
                .expect("records are validated when read or built");
        }
        game
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), for the Date tag.
pub fn today() -> String {
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis()) as i64;
    date_of(now_ms)
}

/// The date of a Unix time in milliseconds as `YYYY.MM.DD` (UTC).
pub fn date_of(unix_ms: i64) -> String {
    let days = unix_ms.div_euclid(86_400_000);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let mut text = String::new();
    let _ = write!(text, "{year:04}.{month:02}.{day:02}");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_termination_reads_back_from_its_text() {
        let all = [
            Termination::GuardCaptured,
            Termination::CastleReached,
            Termination::NoLegalMove,
            Termination::ThreefoldRepetition,
            Termination::NoProgress,
            Termination::Resignation,
            Termination::DrawAgreed,
            Termination::TimeForfeit(None),
            Termination::TimeForfeit(Some("1203 ms".into())),
            Termination::IllegalMove("A1-A3-1".into()),
            Termination::EngineCrash("exit status 1".into()),
            Termination::Disconnect("the connection closed".into()),
            Termination::Adjudication("maximum length".into()),
            Termination::Unterminated,
            Termination::Other("the dog ate the board".into()),
        ];
        for termination in all {
            let text = termination.to_string();
            assert_eq!(text.parse::<Termination>(), Ok(termination), "{text}");
        }
        assert_eq!(
            Termination::IllegalMove("x".into()).to_string(),
            "illegal move: x"
        );
    }
}
