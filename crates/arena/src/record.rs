//! Game records: a PGN-like text format for Guard & Towers
//! (`docs/game-record.md`). Written by the arena and the server, read by
//! `towers gt replay`. Reading validates every move with the rules library.

use std::fmt::{self, Write};

use guard_towers::{Color, DrawReason, Game, Move, Outcome, Position, Rules, WinReason};

/// How a game ended, as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    RedWins,
    BlueWins,
    Draw,
    Unfinished,
}

impl GameResult {
    pub fn token(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlueWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    fn from_token(token: &str) -> Option<GameResult> {
        [
            GameResult::RedWins,
            GameResult::BlueWins,
            GameResult::Draw,
            GameResult::Unfinished,
        ]
        .into_iter()
        .find(|result| result.token() == token)
    }

    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Blue => GameResult::BlueWins,
        }
    }
}

/// The result and termination text the rules give for a finished game.
pub fn rules_result(outcome: Outcome) -> (GameResult, &'static str) {
    match outcome {
        Outcome::Win { winner, reason } => (
            GameResult::win_for(winner),
            match reason {
                WinReason::GuardCaptured => "guard captured",
                WinReason::CastleReached => "castle reached",
                WinReason::NoLegalMove => "no legal move",
            },
        ),
        Outcome::Draw { reason } => (
            GameResult::Draw,
            match reason {
                DrawReason::Repetition => "threefold repetition",
                DrawReason::NoProgress => "no progress",
                DrawReason::NoLegalMove => "no legal move",
            },
        ),
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
    pub rules: Rules,
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: GameResult,
    pub termination: String,
}

fn rules_name(rules: Rules) -> &'static str {
    if rules == Rules::COURSE {
        "course"
    } else {
        "standard"
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tags = [
            ("Event", self.event.as_str()),
            ("Date", self.date.as_str()),
            ("Red", self.red.as_str()),
            ("Blue", self.blue.as_str()),
            ("TimeControl", self.time_control.as_str()),
            ("Rules", rules_name(self.rules)),
            ("Start", &self.start.to_string()),
            ("Result", self.result.token()),
            ("Termination", self.termination.as_str()),
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

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
        None => Rules::STANDARD,
        Some((name, _)) if name == "standard" => Rules::STANDARD,
        Some((name, _)) if name == "course" => Rules::COURSE,
        Some((name, line)) => {
            return Err(error(
                line,
                format!("Rules '{name}' is not 'standard' or 'course'"),
            ))
        }
    };
    let mut game = Game::new(start, rules);
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
        let (by_rules, _) = rules_result(outcome);
        if by_rules != result {
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
        termination: tag("Termination").map(|t| t.0).unwrap_or_default(),
    })
}

fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl GameRecord {
    /// The game replayed: the final position and its outcome.
    pub fn replay(&self) -> Game {
        let mut game = Game::new(self.start, self.rules);
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
