//! The game logs of the course's contest server (`server_contest.py`), the
//! only records of the students' tournament games. One file per game:
//!
//! ```text
//! Spieler Rot: alice
//! Spieler Blau: bob
//!
//! Red move: D5-D4-1   ---  time left: 119811
//! r1r11RG1r1r1/2r11r12/7/3r13/3b13/2b11b12/b1b11BG1b1b1 b
//! Game finished win, win: r
//! ```
//!
//! After every move the server writes the mover, the move as the client
//! sent it and the mover's clock in milliseconds (increment included), then
//! the board in course notation, with `r0`/`b0` on the square a whole tower
//! left to take the guard. A move sent out of turn is ignored by the server
//! but logged all the same, with the board unchanged. A finished game ends
//! with the server's verdict: `Game finished REASON, win: r` (or `b`), the
//! reason `win`, `Timeout` or `Invalid Move` (the refused move itself is
//! not logged); a game whose player left, or sent what is no move, has no
//! verdict.
//!
//! Reading replays every move under the course rules and checks each
//! logged board against the replay; see [`ContestLog`].

use std::fmt;
use std::str::FromStr;

use crate::notation::read_course_board;
use crate::record::{GameRecord, GameResult, Termination};
use crate::{
    Color, Game, GameError, Move, MoveError, Outcome, Position, PositionError, Ruleset, TimeControl,
};

/// A contest server's log, read and replayed.
///
/// ```
/// use guard_towers::contest_log::ContestLog;
/// use guard_towers::record::GameResult;
///
/// let log: ContestLog = "Spieler Rot: alice\nSpieler Blau: bob\n\n\
///     Red move: D5-D4-1   ---  time left: 119811\n\
///     r1r11RG1r1r1/2r11r12/7/3r13/3b13/2b11b12/b1b11BG1b1b1 b\n\
///     Game finished Timeout, win: r\n"
///     .parse()
///     .unwrap();
/// assert_eq!((log.red.as_str(), log.blue.as_str()), ("alice", "bob"));
/// assert_eq!(log.moves[0].time_left_ms, 119_811);
/// assert_eq!(log.result().0, GameResult::RedWins);
/// ```
#[derive(Clone, Debug)]
pub struct ContestLog {
    pub red: String,
    pub blue: String,
    /// The moves played, in order.
    pub moves: Vec<LoggedMove>,
    /// Moves sent out of turn: the server ignored them (the logged board is
    /// unchanged), and so does the replay.
    pub out_of_turn: Vec<OutOfTurn>,
    /// The server's closing line, if the log has one.
    pub verdict: Option<Verdict>,
    game: Game,
}

/// A move the server played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedMove {
    /// The log's line of the move (1-based).
    pub line: usize,
    pub mv: Move,
    /// The mover's clock after the move, as the server logged it.
    pub time_left_ms: i64,
}

/// A move line out of turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfTurn {
    pub line: usize,
    /// Who sent it.
    pub color: Color,
    /// What was sent, as logged (control characters escaped).
    pub text: String,
}

/// The server's closing line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub line: usize,
    pub winner: Color,
    pub reason: VerdictReason,
}

/// Why the server ended the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerdictReason {
    /// `win`: the board decides it.
    Win,
    /// `Timeout`: the loser's clock ran out.
    Timeout,
    /// `Invalid Move`: the loser sent a move the server refused.
    InvalidMove,
    /// A reason this reader does not know, kept as written (control
    /// characters escaped).
    Other(String),
}

impl VerdictReason {
    fn read(text: &str) -> VerdictReason {
        match text {
            "win" => VerdictReason::Win,
            "Timeout" => VerdictReason::Timeout,
            "Invalid Move" => VerdictReason::InvalidMove,
            other => VerdictReason::Other(printable(other)),
        }
    }
}

/// As the server writes it.
impl fmt::Display for VerdictReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VerdictReason::Win => "win",
            VerdictReason::Timeout => "Timeout",
            VerdictReason::InvalidMove => "Invalid Move",
            VerdictReason::Other(reason) => reason,
        })
    }
}

/// A log that cannot be read: the line (1-based) and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestLogError {
    pub line: usize,
    pub kind: ContestLogErrorKind,
}

/// Why a contest log cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum ContestLogErrorKind {
    /// The log does not start with `Spieler Rot: NAME`, `Spieler Blau: NAME`.
    Header {
        expected: &'static str,
    },
    /// A line that is no move, board or verdict.
    Unknown(String),
    /// A move line without `   ---  time left: N`, or with no number there.
    MoveLine(String),
    /// A move line with no board after it.
    NoBoard,
    Board(PositionError),
    /// The text of a move in turn is no move.
    Move {
        text: String,
        error: MoveError,
    },
    /// A move in turn the course rules refuse.
    Illegal {
        mv: Move,
        error: GameError,
    },
    /// The logged board is not the replay's (boxed: errors stay small).
    BoardDiffers {
        logged: Box<Position>,
        replayed: Box<Position>,
    },
    /// A move line out of turn whose board is not the one before it.
    OutOfTurnChangedBoard {
        logged: Box<Position>,
    },
    /// A verdict line that is not `Game finished REASON, win: r|b`.
    VerdictLine(String),
    /// The verdict's winner is not the board's.
    VerdictContradicts {
        declared: Color,
        board: Option<Outcome>,
    },
    /// Anything after the verdict.
    AfterVerdict,
}

impl fmt::Display for ContestLogErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ContestLogErrorKind as Kind;
        match self {
            Kind::Header { expected } => write!(f, "expected '{expected}'"),
            Kind::Unknown(text) => write!(f, "'{text}' is no move, board or verdict line"),
            Kind::MoveLine(text) => write!(
                f,
                "'{text}' is no move line ('Red move: MOVE   ---  time left: MS')"
            ),
            Kind::NoBoard => f.write_str("a move line without the board after it"),
            Kind::Board(error) => write!(f, "the board: {error}"),
            // The format error quotes the whole text again: said once.
            Kind::Move {
                text,
                error: MoveError::Format { .. },
            } => write!(
                f,
                "'{text}' is no move: expected FROM-TO-STONES like A7-B7-1"
            ),
            Kind::Move { text, error } => write!(f, "'{text}' is no move: {error}"),
            Kind::Illegal { mv, error } => {
                write!(f, "{mv} breaks the course rules: {error}")
            }
            Kind::BoardDiffers { logged, replayed } => write!(
                f,
                "the logged board {logged} is not the replay's {replayed}"
            ),
            Kind::OutOfTurnChangedBoard { logged } => {
                write!(f, "a move out of turn, yet the board changed (to {logged})")
            }
            Kind::VerdictLine(text) => write!(
                f,
                "'{text}' is no verdict ('Game finished REASON, win: r|b')"
            ),
            Kind::VerdictContradicts { declared, board } => match board {
                Some(outcome) => write!(
                    f,
                    "the server declares {declared} the winner, but {outcome}"
                ),
                None => write!(
                    f,
                    "the server declares a win for {declared}, but the board decides nothing"
                ),
            },
            Kind::AfterVerdict => f.write_str("a line after the server's verdict"),
        }
    }
}

impl fmt::Display for ContestLogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.kind)
    }
}

impl std::error::Error for ContestLogError {}

/// Whether `text` looks like a contest log (it starts with its header),
/// for readers that take several formats.
pub fn is_contest_log(text: &str) -> bool {
    text.trim_start().starts_with(RED_HEADER)
}

const RED_HEADER: &str = "Spieler Rot:";
const BLUE_HEADER: &str = "Spieler Blau:";
const TIME_LEFT: &str = "   ---  time left: ";
const FINISHED: &str = "Game finished ";

/// The log's lines that say something, numbered from 1.
type Lines<'a> = std::iter::Peekable<std::vec::IntoIter<(usize, &'a str)>>;

impl FromStr for ContestLog {
    type Err = ContestLogError;

    fn from_str(text: &str) -> Result<ContestLog, ContestLogError> {
        let numbered: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim_end()))
            .filter(|(_, line)| !line.is_empty())
            .collect();
        let mut lines: Lines = numbered.into_iter().peekable();
        // A header missing at the end is missing on the line after it.
        let end = text.lines().count() + 1;
        let red = header(&mut lines, RED_HEADER, end)?;
        let blue = header(&mut lines, BLUE_HEADER, end)?;
        let mut log = ContestLog {
            red,
            blue,
            moves: Vec::new(),
            out_of_turn: Vec::new(),
            verdict: None,
            game: Game::new(Position::start(), Ruleset::Course.rules()),
        };
        while let Some((line, content)) = lines.next() {
            if log.verdict.is_some() {
                return Err(at(line, ContestLogErrorKind::AfterVerdict));
            }
            if let Some(reason) = content.strip_prefix(FINISHED) {
                log.verdict = Some(log.verdict_of(line, reason)?);
            } else {
                let (color, sent, time_left_ms) = move_line(line, content)?;
                let board = board_after(line, &mut lines)?;
                log.take(line, color, sent, time_left_ms, board)?;
            }
        }
        Ok(log)
    }
}

fn at(line: usize, kind: ContestLogErrorKind) -> ContestLogError {
    ContestLogError { line, kind }
}

fn header(
    lines: &mut Lines,
    expected: &'static str,
    end: usize,
) -> Result<String, ContestLogError> {
    let wrong = |line| at(line, ContestLogErrorKind::Header { expected });
    let (line, content) = lines.next().ok_or_else(|| wrong(end))?;
    let name = content.strip_prefix(expected).ok_or_else(|| wrong(line))?;
    Ok(printable(name.trim()))
}

/// `text` with each control character escaped (`\u{0}`): what a log
/// names goes into records, stored results and one-line messages, where a
/// NUL or a carriage return would break them.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_unicode().to_string(),
            false => c.to_string(),
        })
        .collect()
}

/// A line as an error quotes it: printable, and at most 80 characters (a
/// log may hold a line of any length).
fn quoted(text: &str) -> String {
    let mut shown = printable(&text.chars().take(80).collect::<String>());
    if text.chars().nth(80).is_some() {
        shown.push('…');
    }
    shown
}

/// A move line's colour, what was sent and the time left.
fn move_line(line: usize, content: &str) -> Result<(Color, &str, i64), ContestLogError> {
    let (color, rest) = if let Some(rest) = content.strip_prefix("Red move: ") {
        (Color::Red, rest)
    } else if let Some(rest) = content.strip_prefix("Blue move: ") {
        (Color::Blue, rest)
    } else {
        return Err(at(line, ContestLogErrorKind::Unknown(quoted(content))));
    };
    let bad = || at(line, ContestLogErrorKind::MoveLine(quoted(content)));
    // What was sent comes first and may hold anything, so the time is cut
    // off from the end.
    let (sent, time) = rest.rsplit_once(TIME_LEFT).ok_or_else(bad)?;
    let time = time.trim().parse().map_err(|_| bad())?;
    Ok((color, sent, time))
}

fn board_after(line: usize, lines: &mut Lines) -> Result<(usize, Position), ContestLogError> {
    let is_board = |content: &str| !(content.starts_with(FINISHED) || content.contains(" move: "));
    match lines.next_if(|(_, content)| is_board(content)) {
        Some((line, content)) => read_course_board(content)
            .map(|board| (line, board))
            .map_err(|error| at(line, ContestLogErrorKind::Board(error))),
        None => Err(at(line, ContestLogErrorKind::NoBoard)),
    }
}

impl ContestLog {
    /// Takes one move line and its board: a move in turn is played and its
    /// board checked; one out of turn must have left the board as it was.
    fn take(
        &mut self,
        line: usize,
        color: Color,
        sent: &str,
        time_left_ms: i64,
        (board_line, board): (usize, Position),
    ) -> Result<(), ContestLogError> {
        let before = *self.game.position();
        if color != before.side_to_move() {
            if board != before {
                let kind = ContestLogErrorKind::OutOfTurnChangedBoard {
                    logged: Box::new(board),
                };
                return Err(at(board_line, kind));
            }
            self.out_of_turn.push(OutOfTurn {
                line,
                color,
                text: printable(sent),
            });
            return Ok(());
        }
        let mv: Move = sent.trim().parse().map_err(|error| {
            let text = quoted(sent);
            at(line, ContestLogErrorKind::Move { text, error })
        })?;
        self.game
            .play(mv)
            .map_err(|error| at(line, ContestLogErrorKind::Illegal { mv, error }))?;
        let replayed = *self.game.position();
        if board != replayed {
            let kind = ContestLogErrorKind::BoardDiffers {
                logged: Box::new(board),
                replayed: Box::new(replayed),
            };
            return Err(at(board_line, kind));
        }
        self.moves.push(LoggedMove {
            line,
            mv,
            time_left_ms,
        });
        Ok(())
    }

    /// Reads `REASON, win: r|b` and checks it against the board: a `win`
    /// must be the board's, and no verdict may name the board's loser.
    fn verdict_of(&self, line: usize, rest: &str) -> Result<Verdict, ContestLogError> {
        let bad = || {
            let text = quoted(&format!("{FINISHED}{rest}"));
            at(line, ContestLogErrorKind::VerdictLine(text))
        };
        let (reason, winner) = rest.rsplit_once(", win: ").ok_or_else(bad)?;
        let winner = match winner.trim() {
            "r" => Color::Red,
            "b" => Color::Blue,
            _ => return Err(bad()),
        };
        let reason = VerdictReason::read(reason);
        let board = self.game.outcome();
        let agrees = match board {
            Some(Outcome::Win {
                winner: by_board, ..
            }) => by_board == winner,
            Some(Outcome::Draw { .. }) => false,
            None => reason != VerdictReason::Win,
        };
        if !agrees {
            let kind = ContestLogErrorKind::VerdictContradicts {
                declared: winner,
                board,
            };
            return Err(at(line, kind));
        }
        Ok(Verdict {
            line,
            winner,
            reason,
        })
    }

    /// The game replayed under the course rules.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The result and why: the board's when it decides the game, else the
    /// server's verdict (a forfeit the board does not show), else
    /// unfinished.
    pub fn result(&self) -> (GameResult, Termination) {
        if let Some(outcome) = self.game.outcome() {
            return (GameResult::of(outcome), Termination::of(outcome));
        }
        let Some(verdict) = &self.verdict else {
            return (GameResult::Unfinished, Termination::Unterminated);
        };
        let termination = match &verdict.reason {
            VerdictReason::Timeout => Termination::TimeForfeit(None),
            VerdictReason::InvalidMove => Termination::IllegalMove(
                "refused by the course server (its log does not show the move)".into(),
            ),
            // Reading refuses a `win` the board does not show; one set
            // by hand is kept as the server's word.
            VerdictReason::Win => Termination::Other("course server: win".into()),
            VerdictReason::Other(reason) => Termination::Other(format!("course server: {reason}")),
        };
        (GameResult::win_for(verdict.winner), termination)
    }

    /// The game as a record (`docs/game-record.md`); the log has no date.
    pub fn record(&self) -> GameRecord {
        let (result, termination) = self.result();
        GameRecord {
            event: "course contest".into(),
            date: "????.??.??".into(),
            red: self.red.clone(),
            blue: self.blue.clone(),
            time_control: TimeControl::COURSE.to_string(),
            rules: Ruleset::Course,
            start: *self.game.start(),
            moves: self.game.moves().to_vec(),
            result,
            termination,
        }
    }
}
