//! Planet Kubb Game Notation, as Planet Kubb published it (rule book,
//! "Match record notation"): the text form, one turn a line, and the same
//! tokens as a JSON array of turns for programs.
//!
//! A record is one game or, as the product writes a match, one game after
//! another, each opened by a header line with its rules and who played it,
//! `# ruleset=standard opening=2-4-6 a=Vikings b=Danes starter=b game=1`
//! (other readers skip lines that begin with `#`). The first turn of a
//! game is its starting team's: the team the header names, else team A;
//! the starting team alternates from game to game, as in a match. A name
//! with a space (or a quote) is written in double quotes, `a="Red Oaks"`,
//! and so is a player tag, `"ann smith":2b`.
//!
//! The notation names no pieces and no positions: on import, knocked
//! knights are taken foremost first and towers in spot order, inkasted
//! pieces land at unknown spots, the first `R` first attempts of the inkast
//! (in throwing order) are the ones that landed out and were thrown again,
//! rescued knights (`Q`) are the rear-most. Export writes the throws that
//! landed out before those that landed in, so a player's throws keep their
//! results through export and import. `Y` (a failed
//! rescue attempt), `N` (neighbour kubbs) and `a` (a turn thrown from an
//! advantage line) change nothing the rules track; they are read and not
//! kept. Fouls are written as misses (both count for nothing). Calling time
//! has no Planet Kubb token: it is the line `# time called` before the turn
//! it was called in, or, called before the match's first game began (during
//! the starting throw, when a tie-break that removes pieces at the start
//! already applies to it), before that game's header line.

use std::fmt::Write as _;

use crate::event::{Event, PieceId, StickOutcome, TeamInfo};
use crate::field::Team;
use crate::game::{Decision, Line, Match, Phase, RuleError, ToAct};
use crate::name::{Name, NameError};
use crate::ruleset::{
    GamesToWin, InkastOrder, NotGamesToWin, Opening, Ruleset, TieBreak, TimeLimit, UnknownSetting,
};

mod token;

pub use token::{InkastAttempt, InkastCounts, StickToken, Token, TokenError};

/// A record that cannot be read, or that breaks the rules, with where.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotationError {
    #[error("the record is not a JSON array of turns, each a list of token strings: {0}")]
    Shape(String),
    #[error("line {line}: {problem}")]
    Header { line: usize, problem: HeaderProblem },
    #[error("game {game}, turn {turn}, token {token} '{text}': {problem}")]
    Token {
        game: usize,
        turn: usize,
        token: usize,
        text: String,
        problem: Box<TurnProblem>,
    },
    #[error("game {game}, turn {turn}: {problem}")]
    Turn {
        game: usize,
        turn: usize,
        problem: Box<TurnProblem>,
    },
    #[error(transparent)]
    Settings(#[from] SettingsConflict),
}

/// The keys a header line may have.
const HEADER_KEYS: &str =
    "ruleset, opening, double, thrower-rule, time, games-to-win, race-to, five-for-five, a, b, starter, game";

/// What is wrong with a header line.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum HeaderProblem {
    #[error("'{0}' is not KEY=VALUE ({HEADER_KEYS})")]
    NotAPair(String),
    #[error("unknown header key '{0}' ({HEADER_KEYS})")]
    UnknownKey(String),
    #[error("'{0}' opens a quoted name with \" that does not close (or has an escape other than \\\", \\\\ or \\u{{HEX}})")]
    UnclosedQuote(String),
    #[error("{key}: {problem}")]
    BadName {
        key: &'static str,
        problem: NameError,
    },
    #[error("a header names both teams (a= and b=) or neither")]
    OneTeamNamed,
    #[error("starter '{0}' is not a or b")]
    NotATeam(String),
    #[error("game '{0}' is not a game number (1 or more)")]
    NotAGameNumber(String),
    #[error(transparent)]
    GamesToWin(#[from] NotGamesToWin),
    #[error(
        "this game's header names the teams {this}, the first game's {first}: a match has one pair of teams"
    )]
    TeamsDiffer { first: String, this: String },
    #[error(
        "the header says team {given} started this game, but the starting team alternates: team {alternating} started it"
    )]
    StarterOutOfTurn { given: Team, alternating: Team },
    #[error("the header says game {given}, but this is game {expected} of the record's match")]
    GameOutOfOrder { given: usize, expected: usize },
    #[error(transparent)]
    Ruleset(#[from] crate::ruleset::UnknownRuleset),
    #[error(transparent)]
    Setting(#[from] UnknownSetting),
    #[error("'{0}' is not on or off")]
    NotOnOff(String),
    #[error("time '{0}' is not MINUTES/TIE-BREAK with at least 1 minute, e.g. 30/baseline-count")]
    NotATimeLimit(String),
    #[error(
        "this game's header says {this}, the first game's {first}: a match has one set of rules"
    )]
    Differs { first: String, this: String },
}

/// What breaks one turn of a record.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TurnProblem {
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The rules refuse the event the token stands for.
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the turn is incomplete: team {team} has {sticks_left} stick(s) left")]
    Incomplete { team: Team, sticks_left: u8 },
    #[error("the game is already over")]
    GameOver,
    #[error("more sticks than the turn has ({sticks} under the {opening} opening)")]
    TooManySticks { sticks: u8, opening: Opening },
    #[error("team {team} must first inkast the {waiting} piece(s) knocked the turn before")]
    InkastFirst { team: Team, waiting: usize },
    #[error(
        "the inkast count {given} differs from the {waiting} piece(s) to throw in (knocked the turn before, and rescued)"
    )]
    InkastCount { given: u32, waiting: usize },
    #[error("{rethrown} re-throw(s) and {placed} penalty kubb(s) do not fit {pieces} piece(s)")]
    InkastSplit {
        pieces: u32,
        rethrown: u32,
        placed: u32,
    },
    #[error("inkast tokens (I R P Y Q N) come before the turn's first stick")]
    InkastAfterSticks,
    #[error("{wanted} rescue(s), but only {standing} knight(s) stand in team {half}'s half")]
    TooManyRescues {
        wanted: u32,
        standing: usize,
        half: Team,
    },
}

/// A flag that contradicts what a record says it was played under.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the record says {setting} {recorded}, but {given} was asked for: drop the flag or fix the record")]
pub struct SettingsConflict {
    pub setting: &'static str,
    pub recorded: String,
    pub given: String,
}

/// The rules a user asked for on the command line or in a request
/// (`None`: whatever the record says, or the default).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RulesChoice {
    pub ruleset: Option<Ruleset>,
    pub opening: Option<Opening>,
    /// `--games-to-win N` (or `--race-to N`).
    pub games_to_win: Option<GamesToWin>,
    /// `--five-for-five`.
    pub five_for_five: Option<bool>,
}

/// The rules a record is read under, and whether the record named them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ResolvedRules {
    pub ruleset: Ruleset,
    /// `false`: the record named no rules and these were assumed.
    pub named_by_record: bool,
}

impl RulesChoice {
    /// The rules of a record that names `recorded` (if it does), with the
    /// choice's flags applied where the record is silent; a flag that
    /// contradicts the record is refused.
    pub fn resolve(&self, recorded: Option<Ruleset>) -> Result<ResolvedRules, SettingsConflict> {
        let Some(recorded) = recorded else {
            let mut ruleset = self.ruleset.unwrap_or_default();
            if let Some(opening) = self.opening {
                ruleset.opening = opening;
            }
            if let Some(games) = self.games_to_win {
                ruleset.games_to_win = games.get();
            }
            if let Some(five_for_five) = self.five_for_five {
                ruleset.five_for_five = five_for_five;
            }
            return Ok(ResolvedRules {
                ruleset,
                named_by_record: false,
            });
        };
        if let Some(given) = self.ruleset {
            if given.name != recorded.name {
                return Err(SettingsConflict {
                    setting: "ruleset",
                    recorded: recorded.name.into(),
                    given: format!("--ruleset {}", given.name),
                });
            }
        }
        if let Some(given) = self.opening {
            if given != recorded.opening {
                return Err(SettingsConflict {
                    setting: "opening",
                    recorded: recorded.opening.to_string(),
                    given: format!("--opening {given}"),
                });
            }
        }
        if let Some(given) = self.games_to_win {
            if given.get() != recorded.games_to_win {
                return Err(SettingsConflict {
                    setting: "games to win",
                    recorded: recorded.games_to_win.to_string(),
                    given: format!("--games-to-win {given}"),
                });
            }
        }
        if let Some(given) = self.five_for_five {
            if given != recorded.five_for_five {
                let on_off = |on| if on { "on" } else { "off" };
                return Err(SettingsConflict {
                    setting: "five-for-five",
                    recorded: on_off(recorded.five_for_five).into(),
                    given: format!("--five-for-five {}", on_off(given)),
                });
            }
        }
        Ok(ResolvedRules {
            ruleset: recorded,
            named_by_record: true,
        })
    }
}

/// One turn as read: its tokens with the player tag of each.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Turn {
    /// Time was called before this turn's first token.
    time_called_before: bool,
    tokens: Vec<(Option<String>, String)>,
}

/// Who played a game, as its header line says; each part optional (a
/// header of the rules alone reads as records did before).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameIdentity {
    /// The names of the match's team A and team B, whichever started.
    pub teams: Option<[Name; 2]>,
    /// The team that threw first in this game.
    pub starter: Option<Team>,
    /// The game's number in its match (1 for the first).
    pub game: Option<usize>,
}

/// A game's header line, read.
#[derive(Clone, Debug, PartialEq)]
struct Header {
    /// Its line in the record (1-based).
    line: usize,
    rules: Ruleset,
    identity: GameIdentity,
}

/// One game of a record: its header, if it had one, and turns.
#[derive(Clone, Debug, Default, PartialEq)]
struct Game {
    /// Time was called before the game began (a `# time called` line
    /// before the first game's header).
    time_called_before_start: bool,
    header: Option<Header>,
    turns: Vec<Turn>,
    /// Time was called after the game's last turn (between games).
    time_called_after: bool,
}

/// A game or match read from notation.
#[derive(Clone, Debug)]
pub struct Imported {
    pub events: Vec<Event>,
    pub state: Match,
    pub rules: ResolvedRules,
}

impl Imported {
    /// The sentence a reader prints when the record named no rules.
    pub fn assumption(&self) -> Option<String> {
        (!self.rules.named_by_record).then(|| {
            format!(
                "the record names no rules; read under the {} ruleset, opening {}",
                self.rules.ruleset.name, self.rules.ruleset.opening
            )
        })
    }
}

/// Reads a record in the text form or, when it starts with `[`, the JSON
/// form, applying every event by the rules.
///
/// ```
/// use kubb::notation::{import, RulesChoice};
/// use kubb::{Ruleset, Team};
///
/// // Team A's second stick fells the king too early: team B wins the game.
/// let record = "# ruleset=standard opening=6-6-6 starter=a game=1\n1. ann:- ann:k\n";
/// let imported = import(record, RulesChoice::default()).unwrap();
/// assert_eq!(imported.rules.ruleset.name, Ruleset::STANDARD.name);
/// assert_eq!(imported.state.games_won(Team::B), 1);
/// assert_eq!(imported.events.len(), 3);
/// ```
pub fn import(text: &str, choice: RulesChoice) -> Result<Imported, NotationError> {
    let games = if text.trim_start().starts_with('[') {
        vec![parse_json(text)?]
    } else {
        parse_text(text)?
    };
    let recorded = recorded_rules(&games)?;
    let rules = choice.resolve(recorded)?;
    let (events, state) = replay(&games, rules.ruleset)?;
    Ok(Imported {
        events,
        state,
        rules,
    })
}

/// The rules the first game's header names; every later header must agree
/// with it, name the same teams and number its game in order.
fn recorded_rules(games: &[Game]) -> Result<Option<Ruleset>, NotationError> {
    let Some(first) = games.first().and_then(|game| game.header.as_ref()) else {
        return Ok(None);
    };
    let first_number = first.identity.game.unwrap_or(1);
    for (g, game) in games.iter().enumerate().skip(1) {
        let Some(this) = &game.header else { continue };
        let problem = if first.rules != this.rules {
            Some(HeaderProblem::Differs {
                first: header_text(&first.rules),
                this: header_text(&this.rules),
            })
        } else if this.identity.teams.is_some() && this.identity.teams != first.identity.teams {
            Some(HeaderProblem::TeamsDiffer {
                first: teams_text(&first.identity.teams),
                this: teams_text(&this.identity.teams),
            })
        } else {
            this.identity
                .game
                .filter(|&given| given != first_number + g)
                .map(|given| HeaderProblem::GameOutOfOrder {
                    given,
                    expected: first_number + g,
                })
        };
        if let Some(problem) = problem {
            return Err(NotationError::Header {
                line: this.line,
                problem,
            });
        }
    }
    Ok(Some(first.rules))
}

/// `a=Vikings b=Danes`, or `none`.
fn teams_text(teams: &Option<[Name; 2]>) -> String {
    match teams {
        Some([a, b]) => format!("a={} b={}", quoted(a.as_str()), quoted(b.as_str())),
        None => "none".into(),
    }
}

fn parse_json(text: &str) -> Result<Game, NotationError> {
    let turns: Vec<Vec<String>> =
        serde_json::from_str(text).map_err(|e| NotationError::Shape(e.to_string()))?;
    Ok(Game {
        time_called_before_start: false,
        header: None,
        turns: turns
            .into_iter()
            .map(|tokens| Turn {
                time_called_before: false,
                tokens: tokens.iter().map(|t| split_player(t)).collect(),
            })
            .collect(),
        time_called_after: false,
    })
}

/// The text form: header lines (`#`), then one turn a line. A header line
/// after turns begins the next game of a match.
fn parse_text(text: &str) -> Result<Vec<Game>, NotationError> {
    let mut games = vec![Game::default()];
    let mut time_called = false;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if comment.eq_ignore_ascii_case("time called") {
                time_called = true;
                continue;
            }
            let header =
                parse_header(comment, index + 1).map_err(|problem| NotationError::Header {
                    line: index + 1,
                    problem,
                })?;
            let Some(header) = header else { continue };
            let game = games.last_mut().expect("there is a game");
            if !game.turns.is_empty() || game.header.is_some() {
                game.time_called_after = std::mem::take(&mut time_called);
                games.push(Game::default());
            } else {
                game.time_called_before_start = std::mem::take(&mut time_called);
            }
            games.last_mut().expect("pushed").header = Some(header);
            continue;
        }
        let tokens = turn_tokens(line);
        if tokens.is_empty() {
            continue;
        }
        games.last_mut().expect("there is a game").turns.push(Turn {
            time_called_before: std::mem::take(&mut time_called),
            tokens,
        });
    }
    games.last_mut().expect("there is a game").time_called_after = time_called;
    Ok(games)
}

/// `KEY=VALUE …`, keys and values in either letter case, as the tokens
/// are (team names as written); a header line without `ruleset=` is a
/// comment.
fn parse_header(text: &str, line: usize) -> Result<Option<Header>, HeaderProblem> {
    let names_rules = text
        .split_whitespace()
        .any(|word| word.to_lowercase().starts_with("ruleset="));
    if !names_rules {
        return Ok(None);
    }
    let pairs = header_pairs(text)?;
    let mut ruleset = Ruleset::SEED;
    for (key, value) in &pairs {
        if key == "ruleset" {
            ruleset = value
                .to_lowercase()
                .parse::<Ruleset>()?
                .with(&ruleset.settings());
        }
    }
    let mut identity = GameIdentity::default();
    let (mut a, mut b) = (None, None);
    for (key, value) in pairs {
        let lower = value.to_lowercase();
        // A record's name, read as it was written (`Name::stored`): a
        // record made before the rule for new names still reads.
        let name = |key: &'static str| {
            Name::stored(&value).map_err(|problem| HeaderProblem::BadName { key, problem })
        };
        match key.as_str() {
            "ruleset" => {}
            "opening" => ruleset.opening = lower.parse()?,
            "double" => ruleset.base_kubb_double = on_off(&lower)?,
            "thrower-rule" => ruleset.opening_thrower_rule = on_off(&lower)?,
            "time" => ruleset.time_limit = Some(time_limit(&lower)?),
            "games-to-win" | "race-to" => ruleset.games_to_win = lower.parse::<GamesToWin>()?.get(),
            "five-for-five" => ruleset.five_for_five = on_off(&lower)?,
            "a" => a = Some(name("a")?),
            "b" => b = Some(name("b")?),
            "starter" => {
                identity.starter = Some(match lower.as_str() {
                    "a" => Team::A,
                    "b" => Team::B,
                    _ => return Err(HeaderProblem::NotATeam(value)),
                })
            }
            "game" => {
                identity.game = Some(
                    lower
                        .parse()
                        .ok()
                        .filter(|&game| game > 0)
                        .ok_or(HeaderProblem::NotAGameNumber(value))?,
                )
            }
            _ => return Err(HeaderProblem::UnknownKey(key)),
        }
    }
    identity.teams = match (a, b) {
        (Some(a), Some(b)) => Some([a, b]),
        (None, None) => None,
        _ => return Err(HeaderProblem::OneTeamNamed),
    };
    Ok(Some(Header {
        line,
        rules: ruleset,
        identity,
    }))
}

/// The `KEY=VALUE` pairs of a header line, keys in lower case; a value is
/// a word, or a name in double quotes (`\"` and `\\` inside).
fn header_pairs(text: &str) -> Result<Vec<(String, String)>, HeaderProblem> {
    let mut pairs = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let Some(equals) = rest[..word_end].find('=') else {
            return Err(HeaderProblem::NotAPair(rest[..word_end].to_string()));
        };
        let key = rest[..equals].to_lowercase();
        let after = &rest[equals + 1..];
        let (value, left) = match after.strip_prefix('"') {
            Some(_) => unquote(after).ok_or_else(|| HeaderProblem::UnclosedQuote(after.into()))?,
            None => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (after[..end].to_string(), &after[end..])
            }
        };
        pairs.push((key, value));
        rest = left.trim_start();
    }
    Ok(pairs)
}

/// The name in the double quotes `text` opens, and what follows them:
/// `\"` and `\\` stand for themselves, `\u{HEX}` for a control character
/// (which a line cannot hold).
fn unquote(text: &str) -> Option<(String, &str)> {
    let mut name = String::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Some((name, &text[at + 1..])),
            '\\' => match chars.next()?.1 {
                'u' => {
                    if chars.next()?.1 != '{' {
                        return None;
                    }
                    // After `\u{`, three one-byte characters.
                    let rest = &text[at + 3..];
                    let close = rest.find('}')?;
                    let code = u32::from_str_radix(&rest[..close], 16).ok()?;
                    name.push(char::from_u32(code)?);
                    for _ in 0..=close {
                        chars.next();
                    }
                }
                c => name.push(c),
            },
            c => name.push(c),
        }
    }
    None
}

/// A name as a header value or player tag: as it is when it has no space,
/// quote, backslash or separator (`|`, `/`, `:`), else in double quotes.
fn quoted(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '\\' | '|' | '/' | ':')
        });
    if plain {
        return name.to_string();
    }
    let mut text = String::from('"');
    for c in name.chars() {
        if c.is_control() {
            let _ = write!(text, "\\u{{{:x}}}", u32::from(c));
            continue;
        }
        if matches!(c, '"' | '\\') {
            text.push('\\');
        }
        text.push(c);
    }
    text.push('"');
    text
}

fn on_off(value: &str) -> Result<bool, HeaderProblem> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        other => Err(HeaderProblem::NotOnOff(other.into())),
    }
}

fn time_limit(value: &str) -> Result<TimeLimit, HeaderProblem> {
    let bad = || HeaderProblem::NotATimeLimit(value.into());
    let (minutes, mode) = value.split_once('/').ok_or_else(bad)?;
    Ok(TimeLimit {
        minutes: minutes
            .parse()
            .ok()
            .filter(|&minutes| minutes > 0)
            .ok_or_else(bad)?,
        tie_break: mode.parse::<TieBreak>()?,
    })
}

/// The rules part of a game's header line under `ruleset`: ruleset and
/// opening always, other settings where they differ from their defaults.
pub fn header_text(ruleset: &Ruleset) -> String {
    let mut text = format!("ruleset={} opening={}", ruleset.name, ruleset.opening);
    if !ruleset.base_kubb_double {
        text.push_str(" double=off");
    }
    if ruleset.opening_thrower_rule {
        text.push_str(" thrower-rule=on");
    }
    if let Some(limit) = ruleset.time_limit {
        let _ = write!(text, " time={}/{}", limit.minutes, limit.tie_break);
    }
    if ruleset.games_to_win != ruleset.own_games_to_win() {
        let _ = write!(text, " games-to-win={}", ruleset.games_to_win);
    }
    if ruleset.five_for_five {
        text.push_str(" five-for-five=on");
    }
    text
}

/// A game's whole header line (without the `# `): its rules, then the
/// teams when the match names them, the starting team and the game number.
pub fn game_header_text(ruleset: &Ruleset, identity: &GameIdentity) -> String {
    let mut text = header_text(ruleset);
    if identity.teams.is_some() {
        text.push(' ');
        text.push_str(&teams_text(&identity.teams));
    }
    if let Some(starter) = identity.starter {
        let _ = write!(text, " starter={}", starter.to_string().to_lowercase());
    }
    if let Some(game) = identity.game {
        let _ = write!(text, " game={game}");
    }
    text
}

/// A turn line's tokens: an optional turn number `n.` first, then tokens
/// separated by spaces, `|` or `/` (not inside a quoted player tag).
fn turn_tokens(line: &str) -> Vec<(Option<String>, String)> {
    let mut words = turn_words(line).into_iter().peekable();
    if let Some(first) = words.peek() {
        if let Some(number) = first.strip_suffix('.') {
            if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
                words.next();
            }
        }
    }
    words.map(|word| split_player(&word)).collect()
}

/// The words of a turn line, split at spaces, `|` and `/` outside double
/// quotes.
fn turn_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = line.chars();
    let mut in_quotes = false;
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                in_quotes = !in_quotes;
                word.push(c);
            }
            '\\' if in_quotes => {
                word.push(c);
                word.extend(chars.next());
            }
            c if !in_quotes && (c.is_whitespace() || c == '|' || c == '/') => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `j:2F` → (`j`, `2F`). Without a colon (as on scoresheets), leading
/// letters that are not notation letters are the player: `j2F`.
fn split_player(word: &str) -> (Option<String>, String) {
    if word.starts_with('"') {
        if let Some((player, token)) = unquote(word) {
            if let Some(token) = token.strip_prefix(':') {
                return (Some(player), token.trim().to_string());
            }
        }
        // Left whole, so that reading it names the problem.
        return (None, word.to_string());
    }
    if let Some((player, token)) = word.split_once(':') {
        let player = player.trim();
        return (
            (!player.is_empty()).then(|| player.to_string()),
            token.trim().to_string(),
        );
    }
    let tag_len = word
        .char_indices()
        .find(|&(_, c)| !c.is_alphabetic() || token::is_notation_letter(c))
        .map_or(word.len(), |(at, _)| at);
    let (player, token) = word.split_at(tag_len);
    if token.is_empty() {
        // Letters only, none of them the notation's: not a token at all;
        // left whole so that reading it names the problem.
        return (None, word.to_string());
    }
    (
        (!player.is_empty()).then(|| player.to_string()),
        token.to_string(),
    )
}

/// The inkast of one turn, summed over its tokens in order.
#[derive(Default)]
struct InkastTokens {
    /// (player, pieces thrown in) per `I` token.
    thrown: Vec<(String, u32)>,
    /// (player, re-throws) per `R` token.
    rethrown: Vec<(String, u32)>,
    penalties: u32,
    /// (player, rescued knights) per `Q` token.
    rescued: Vec<(String, u32)>,
    /// `K`: the last attempt felled the king.
    king_felled: Option<InkastAttempt>,
    any: bool,
}

impl InkastTokens {
    fn add(&mut self, player: &str, counts: &token::InkastCounts) {
        let push = |list: &mut Vec<(String, u32)>, n: u32| {
            if n > 0 {
                list.push((player.to_string(), n));
            }
        };
        push(&mut self.thrown, counts.thrown);
        push(&mut self.rethrown, counts.rethrown);
        push(&mut self.rescued, counts.rescued);
        self.penalties += counts.penalties;
        self.king_felled = self.king_felled.or(counts.king_felled);
        self.any = true;
    }

    fn total(list: &[(String, u32)]) -> u32 {
        list.iter().map(|(_, n)| n).sum()
    }

    /// One player per attempt, in order.
    fn players(list: &[(String, u32)]) -> Vec<String> {
        list.iter()
            .flat_map(|(player, n)| std::iter::repeat_n(player.clone(), *n as usize))
            .collect()
    }
}

/// Applies `event` to the state and keeps it.
fn push(state: &mut Match, events: &mut Vec<Event>, event: Event) -> Result<(), RuleError> {
    *state = state.apply(&event)?;
    events.push(event);
    Ok(())
}

/// The events of every game, checked by the rules.
fn replay(games: &[Game], ruleset: Ruleset) -> Result<(Vec<Event>, Match), NotationError> {
    let mut state = Match::new(ruleset);
    let mut events = Vec::new();
    for (g, game) in games.iter().enumerate() {
        let number = g + 1;
        let at_start = |e: RuleError| NotationError::Turn {
            game: number,
            turn: 0,
            problem: Box::new(e.into()),
        };
        let identity = game
            .header
            .as_ref()
            .map(|header| &header.identity)
            .cloned()
            .unwrap_or_default();
        if let (0, Some([a, b])) = (g, &identity.teams) {
            let team = |name: &Name| TeamInfo {
                name: name.clone(),
                players: Vec::new(),
            };
            let teams = Event::Teams {
                a: team(a),
                b: team(b),
            };
            push(&mut state, &mut events, teams).map_err(at_start)?;
        }
        if game.time_called_before_start {
            push(&mut state, &mut events, Event::TimeCalled {}).map_err(at_start)?;
        }
        // A tie-break that decides when time is called ends a game not
        // yet begun at once: its record has no turns and no start.
        let first = match state.phase() {
            Phase::StartingThrow => Some(Event::Start {
                team: identity.starter.unwrap_or(Team::A),
            }),
            Phase::GameOver(_) if g > 0 => Some(Event::NextGame {}),
            _ => None,
        };
        if let Some(first) = first {
            push(&mut state, &mut events, first).map_err(at_start)?;
        }
        // After the first game the starting team alternates: a header
        // that says otherwise is wrong.
        if let (Some(given), Some(alternating)) = (identity.starter, state.starting_team()) {
            if given != alternating {
                return Err(NotationError::Header {
                    line: game.header.as_ref().map_or(0, |header| header.line),
                    problem: HeaderProblem::StarterOutOfTurn { given, alternating },
                });
            }
        }
        for (t, turn) in game.turns.iter().enumerate() {
            replay_turn(&mut state, &mut events, turn, t).map_err(|(token, text, problem)| {
                match token {
                    Some(token) => NotationError::Token {
                        game: number,
                        turn: t + 1,
                        token,
                        text,
                        problem,
                    },
                    // Found as the next turn begins: the short turn is
                    // the one before it.
                    None if matches!(*problem, TurnProblem::Incomplete { .. }) => {
                        NotationError::Turn {
                            game: number,
                            turn: t,
                            problem,
                        }
                    }
                    None => NotationError::Turn {
                        game: number,
                        turn: t + 1,
                        problem,
                    },
                }
            })?;
        }
        // Written again before each later game's header, so that a game's
        // record read alone knows: once is enough for the whole match.
        if game.time_called_after && !state.time_called() {
            push(&mut state, &mut events, Event::TimeCalled {}).map_err(|e| {
                NotationError::Turn {
                    game: number,
                    turn: game.turns.len(),
                    problem: Box::new(e.into()),
                }
            })?;
        }
    }
    Ok((events, state))
}

/// Where a turn broke: the token (1-based, `None` for the turn as a whole),
/// its text and the problem.
type TurnFailure = (Option<usize>, String, Box<TurnProblem>);

fn replay_turn(
    state: &mut Match,
    events: &mut Vec<Event>,
    turn: &Turn,
    index: usize,
) -> Result<(), TurnFailure> {
    let whole = |problem: TurnProblem| (None, String::new(), Box::new(problem));
    if matches!(state.phase(), Phase::GameOver(_)) || state.outcome().is_some() {
        return Err(whole(TurnProblem::GameOver));
    }
    let expected = if index.is_multiple_of(2) {
        state.starting_team().unwrap_or(Team::A)
    } else {
        state.starting_team().unwrap_or(Team::A).other()
    };
    if state.thrower() != expected {
        return Err(whole(TurnProblem::Incomplete {
            team: state.thrower(),
            sticks_left: state.sticks_left(),
        }));
    }
    if turn.time_called_before {
        push(state, events, Event::TimeCalled {}).map_err(|e| whole(e.into()))?;
    }
    let mut inkast = InkastTokens::default();
    let mut inkast_done = false;
    for (k, (player, text)) in turn.tokens.iter().enumerate() {
        let fail = |problem: TurnProblem| {
            let shown = match player {
                Some(player) => format!("{player}:{text}"),
                None => text.clone(),
            };
            (Some(k + 1), shown, Box::new(problem))
        };
        let player = player.clone().unwrap_or_default();
        match Token::parse(text).map_err(|e| fail(e.into()))? {
            Token::Advantage => {}
            Token::Inkast(counts) if !inkast_done => inkast.add(&player, &counts),
            Token::Inkast(_) => return Err(fail(TurnProblem::InkastAfterSticks)),
            Token::Stick(stick) => {
                if !inkast_done && inkast.any {
                    play_inkast(state, events, &inkast).map_err(fail)?;
                }
                inkast_done = true;
                play_stick(state, events, player, stick, expected).map_err(fail)?;
            }
        }
    }
    if !inkast_done && inkast.any {
        let last = turn.tokens.len();
        play_inkast(state, events, &inkast)
            .map_err(|p| (Some(last), String::new(), Box::new(p)))?;
    }
    Ok(())
}

fn play_stick(
    state: &mut Match,
    events: &mut Vec<Event>,
    player: String,
    stick: StickToken,
    expected: Team,
) -> Result<(), TurnProblem> {
    if matches!(state.phase(), Phase::GameOver(_)) {
        return Err(TurnProblem::GameOver);
    }
    if state.thrower() != expected {
        return Err(TurnProblem::TooManySticks {
            sticks: state.ruleset().sticks_in_turn(state.turns_completed() - 1),
            opening: state.ruleset().opening,
        });
    }
    if inkast_pending(state) {
        return Err(TurnProblem::InkastFirst {
            team: state.thrower(),
            waiting: state.down_in(state.thrower()).len(),
        });
    }
    let outcome = stick_outcome(state, stick)?;
    push(state, events, Event::Stick { player, outcome })?;
    Ok(())
}

/// Whether the turn's inkast (with any placements) is still to come.
fn inkast_pending(state: &Match) -> bool {
    matches!(
        state.to_act(),
        Some(ToAct::Team(
            _,
            Decision::Inkast { .. } | Decision::Placement { .. }
        ))
    )
}

/// The turn's inkast: rescues first, then every attempt in the rules' own
/// order, the first `R` first attempts out and the first `P` re-throws out
/// again; then the defenders' placements.
fn play_inkast(
    state: &mut Match,
    events: &mut Vec<Event>,
    inkast: &InkastTokens,
) -> Result<(), TurnProblem> {
    let target = state.thrower().other();
    let rescuers = InkastTokens::players(&inkast.rescued);
    let standing = state.standing_knights(target).len();
    if rescuers.len() > standing {
        return Err(TurnProblem::TooManyRescues {
            wanted: rescuers.len() as u32,
            standing,
            half: target,
        });
    }
    for player in rescuers {
        let piece = *state
            .knights_foremost_first(target)
            .last()
            .expect("counted above");
        push(state, events, Event::Rescue { player, piece })?;
    }
    let waiting: Vec<PieceId> = state.down_in(state.thrower()).iter().collect();
    let pieces = InkastTokens::total(&inkast.thrown);
    let rethrown = InkastTokens::total(&inkast.rethrown);
    // A king felled by an inkasted piece ends the game at that attempt:
    // the pieces after it were never thrown.
    let counted = if inkast.king_felled.is_some() {
        pieces as usize <= waiting.len() && pieces > 0
    } else {
        pieces as usize == waiting.len()
    };
    if !counted {
        return Err(TurnProblem::InkastCount {
            given: pieces,
            waiting: waiting.len(),
        });
    }
    let split = || TurnProblem::InkastSplit {
        pieces,
        rethrown,
        placed: inkast.penalties,
    };
    if rethrown > pieces || inkast.penalties > rethrown {
        return Err(split());
    }
    // The first `R` first attempts in throwing order landed out, and the
    // first `P` re-throws landed out again (the export writes the throws
    // that landed out first, so each player keeps their own).
    let mut first_players = InkastTokens::players(&inkast.thrown).into_iter();
    let mut again_players = InkastTokens::players(&inkast.rethrown).into_iter();
    let (mut first_attempts, mut rethrows) = (0, 0);
    let attempts = pieces + rethrown;
    // Thrown piece by piece, a king felled by a re-throw was felled by the
    // last piece's: that piece's first attempt landed out.
    let last_piece_again = inkast.king_felled == Some(InkastAttempt::Again)
        && state.ruleset().inkast_order == InkastOrder::PieceByPiece;
    let outs_first = if last_piece_again {
        rethrown.saturating_sub(1)
    } else {
        rethrown
    };
    while let Some(ToAct::Team(_, Decision::Inkast { attempt, .. })) = state.to_act() {
        let (landed_in, player) = match attempt {
            1 => {
                first_attempts += 1;
                let out =
                    first_attempts <= outs_first || (last_piece_again && first_attempts == pieces);
                (!out, first_players.next())
            }
            _ => {
                rethrows += 1;
                (rethrows > inkast.penalties, again_players.next())
            }
        };
        if first_attempts > pieces || rethrows > rethrown {
            // Only a `K` turn can get here: its counts end past its king.
            return Err(split());
        }
        let this_attempt = if attempt == 1 {
            InkastAttempt::First
        } else {
            InkastAttempt::Again
        };
        let king_felled = first_attempts + rethrows == attempts && inkast.king_felled.is_some();
        if king_felled && inkast.king_felled != Some(this_attempt) {
            // The counts put the last attempt elsewhere than the `K`.
            return Err(split());
        }
        let event = Event::Inkast {
            player: player.unwrap_or_default(),
            landed_in: landed_in || king_felled,
            at: None,
            king_felled,
        };
        push(state, events, event)?;
        if king_felled {
            return Ok(());
        }
    }
    while let Some(ToAct::Team(_, Decision::Placement { .. })) = state.to_act() {
        push(state, events, Event::Placement { at: None })?;
    }
    Ok(())
}

/// The outcome of one stick written as one token (`-`, `f`, `3f`, `b`,
/// `2b`, `bf`, `k`, in either case), with the pieces chosen as on import.
pub fn stick_from_token(state: &Match, text: &str) -> Result<StickOutcome, TokenError> {
    match Token::parse(text)? {
        Token::Stick(stick) => stick_outcome(state, stick),
        _ => Err(TokenError::NotOneStick(text.into())),
    }
}

fn stick_outcome(state: &Match, stick: StickToken) -> Result<StickOutcome, TokenError> {
    let opponent = state.thrower().other();
    let knights = state.knights_foremost_first(opponent);
    let towers: Vec<PieceId> = state.standing_towers(opponent).into_iter().collect();
    if stick.knights as usize > knights.len() {
        return Err(TokenError::MoreKnightsThanStand {
            count: stick.knights,
            half: opponent,
            standing: knights.len(),
        });
    }
    if stick.towers as usize > towers.len() {
        return Err(TokenError::MoreTowersThanStand {
            count: stick.towers,
            team: opponent,
            standing: towers.len(),
        });
    }
    if stick == StickToken::MISS {
        return Ok(StickOutcome::Miss);
    }
    Ok(StickOutcome::Hit {
        knights: knights[..stick.knights as usize].to_vec(),
        towers: towers[..stick.towers as usize].to_vec(),
        king: stick.king,
    })
}

/// Why a match cannot be written as notation.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// An event of the match is refused by the rules.
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the JSON form holds one game; export a match in the text form (one record per game)")]
    SeveralGames,
    #[error("the JSON form has no way to say that time was called; export the text form")]
    TimeCalled,
    /// The notation writes a turn's rescues before its inkast, and a
    /// rescued piece is thrown after the re-throws already waiting: when
    /// the king falls to an inkast after a rescue made between inkast
    /// throws, no order of tokens replays the turn.
    #[error("game {game}, turn {turn}: the king fell to an inkast after a rescue made between inkast throws, which the notation cannot write (the event log keeps it)")]
    KingAfterRescueMidInkast { game: usize, turn: usize },
}

/// The tokens of one turn being written.
#[derive(Default)]
struct TurnOut {
    tokens: Vec<String>,
    time_called_before: bool,
    /// First attempts and second attempts, in order: who threw each and
    /// whether it landed in.
    first: Vec<(String, bool)>,
    again: Vec<(String, bool)>,
    penalties: usize,
    rescues: Vec<String>,
    /// A rescue came after an inkast throw of the turn.
    rescue_mid_inkast: bool,
    /// The last attempt felled the king (written `K` on its token): on a
    /// first attempt or a re-throw.
    king_felled: Option<InkastAttempt>,
    inkast_written: bool,
    /// Whether a stick of the turn has been written.
    sticks_written: bool,
}

impl TurnOut {
    /// The inkast's tokens, once: runs of one player's first attempts,
    /// re-throws joined to the last token when that player threw them.
    /// The attempts that landed out are written first: a reader takes the
    /// first `R` first attempts (and the first `P` re-throws) as the ones
    /// that landed out, so each player keeps the throws they landed.
    fn write_inkast(&mut self, order: InkastOrder) {
        if self.inkast_written || self.first.is_empty() {
            return;
        }
        self.inkast_written = true;
        let outs_first = |attempts: &[(String, bool)]| {
            let mut attempts = attempts.to_vec();
            attempts.sort_by_key(|&(_, landed_in)| landed_in);
            attempts
                .into_iter()
                .map(|(player, _)| player)
                .collect::<Vec<_>>()
        };
        let mut tokens: Vec<(String, String)> = Vec::new();
        for (player, n) in runs(&self.rescues) {
            tokens.push((player, count_token(n, 'q')));
        }
        // `K` right after the `I` or `R` of the attempt that felled the
        // king, which is the last of its list.
        // Thrown piece by piece, a king felled by a re-throw fell to the
        // last piece's, whose first attempt is written last (the reader
        // takes it as out).
        let mut first = self.first.clone();
        let last_piece = match (self.king_felled, order) {
            (Some(InkastAttempt::Again), InkastOrder::PieceByPiece) => first.pop(),
            _ => None,
        };
        let mut first = outs_first(&first);
        first.extend(last_piece.map(|(player, _)| player));
        for (player, n) in runs(&first) {
            tokens.push((player, count_token(n, 'i')));
        }
        if let (Some(InkastAttempt::First), Some((_, text))) = (self.king_felled, tokens.last_mut())
        {
            text.push('k');
        }
        for (player, n) in runs(&outs_first(&self.again)) {
            match tokens.last_mut() {
                Some((last, text)) if *last == player => text.push_str(&count_token(n, 'r')),
                _ => tokens.push((player, count_token(n, 'r'))),
            }
        }
        if let (Some(InkastAttempt::Again), Some((_, text))) = (self.king_felled, tokens.last_mut())
        {
            text.push('k');
        }
        if self.penalties > 0 {
            let last = tokens.last_mut().expect("an inkast has a first attempt");
            last.1.push_str(&count_token(self.penalties, 'p'));
        }
        self.tokens.extend(
            tokens
                .into_iter()
                .map(|(player, text)| tagged(&player, &text)),
        );
    }
}

/// Consecutive equal players with their counts.
fn runs(players: &[String]) -> Vec<(String, usize)> {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for player in players {
        match runs.last_mut() {
            Some((last, n)) if last == player => *n += 1,
            _ => runs.push((player.clone(), 1)),
        }
    }
    runs
}

fn tagged(player: &str, token: &str) -> String {
    if player.is_empty() {
        token.to_string()
    } else {
        format!("{}:{token}", quoted(player))
    }
}

fn count_token(n: usize, letter: char) -> String {
    match n {
        1 => letter.to_string(),
        n => format!("{n}{letter}"),
    }
}

fn stick_text(outcome: &StickOutcome) -> String {
    match outcome {
        StickOutcome::Hit { king: true, .. } => "k".into(),
        StickOutcome::Hit {
            knights, towers, ..
        } if !(knights.is_empty() && towers.is_empty()) => {
            let mut text = String::new();
            if !towers.is_empty() {
                text.push_str(&count_token(towers.len(), 'b'));
            }
            if !knights.is_empty() {
                text.push_str(&count_token(knights.len(), 'f'));
            }
            text
        }
        StickOutcome::Miss | StickOutcome::Foul | StickOutcome::Hit { .. } => "-".into(),
    }
}

/// The turns of each game of a match's events, as token lists.
struct Written {
    games: Vec<Vec<TurnOut>>,
    /// Per game: the teams, its starting team and its number.
    identities: Vec<GameIdentity>,
    /// Time was called before the first game began.
    time_before_start: bool,
    /// Per game: time was called after its last turn.
    time_after: Vec<bool>,
    /// Per game: time had been called when it began.
    time_at_start: Vec<bool>,
}

fn written(events: &[Event], ruleset: Ruleset) -> Result<Written, ExportError> {
    let mut state = Match::new(ruleset);
    let mut out = Written {
        games: vec![Vec::new()],
        identities: vec![GameIdentity {
            game: Some(1),
            ..GameIdentity::default()
        }],
        time_before_start: false,
        time_after: vec![false],
        time_at_start: vec![false],
    };
    let mut turn_of_last = None;
    let mut time_pending = false;
    for event in events {
        let before = state.clone();
        state = state.apply(event)?;
        let identity = out.identities.last_mut().expect("there is a game");
        if !matches!(event, Event::NextGame {}) {
            identity.starter = state.starting_team();
        }
        let turns = out.games.last_mut().expect("there is a game");
        match event {
            Event::Teams { a, b } => {
                identity.teams = Some([a.name.clone(), b.name.clone()]);
                continue;
            }
            Event::StartingThrow { .. } | Event::Start { .. } => continue,
            Event::NextGame {} => {
                let teams = identity.teams.clone();
                // A call for a turn the game never played belongs after
                // its last turn.
                if std::mem::take(&mut time_pending) {
                    *out.time_after.last_mut().expect("a game") = true;
                }
                out.games.push(Vec::new());
                out.identities.push(GameIdentity {
                    teams,
                    starter: state.starting_team(),
                    game: Some(out.games.len()),
                });
                out.time_after.push(false);
                out.time_at_start.push(state.time_called());
                turn_of_last = None;
                continue;
            }
            Event::TimeCalled {} => {
                // Before the turn it was called in; the accelerated
                // tie-break's removal follows inkasts after the call, so a
                // call during the throwing belongs to the next turn.
                if matches!(before.phase(), Phase::StartingThrow) {
                    out.time_before_start = true;
                    continue;
                }
                let game_over = matches!(before.phase(), Phase::GameOver(_));
                let next_turn = matches!(before.phase(), Phase::Throwing)
                    && ruleset
                        .time_limit
                        .is_some_and(|limit| limit.tie_break == TieBreak::Accelerated);
                let current = turn_of_last == Some(before.turns_completed()) && !next_turn;
                match turns.last_mut() {
                    _ if game_over => *out.time_after.last_mut().expect("a game") = true,
                    Some(turn) if current => turn.time_called_before = true,
                    _ => time_pending = true,
                }
                continue;
            }
            _ => {}
        }
        if turn_of_last != Some(before.turns_completed()) {
            turn_of_last = Some(before.turns_completed());
            turns.push(TurnOut {
                time_called_before: std::mem::take(&mut time_pending),
                ..TurnOut::default()
            });
        }
        let turn = turns.last_mut().expect("a turn was opened");
        match event {
            Event::Rescue { player, .. } => {
                turn.rescue_mid_inkast |= !turn.first.is_empty();
                turn.rescues.push(player.clone());
            }
            Event::Inkast {
                player,
                landed_in,
                king_felled,
                ..
            } => {
                let attempt = match before.to_act() {
                    Some(ToAct::Team(_, Decision::Inkast { attempt, .. })) => attempt,
                    _ => unreachable!("an inkast event was accepted"),
                };
                // The king's attempt ends the game: it is last, and none
                // of the outs that a reader takes first.
                if *king_felled && turn.rescue_mid_inkast {
                    return Err(ExportError::KingAfterRescueMidInkast {
                        game: out.identities.len(),
                        turn: turns.len(),
                    });
                }
                let landed_in = *landed_in || *king_felled;
                let (list, which) = match attempt {
                    1 => (&mut turn.first, InkastAttempt::First),
                    _ => (&mut turn.again, InkastAttempt::Again),
                };
                list.push((player.clone(), landed_in));
                if *king_felled {
                    turn.king_felled = Some(which);
                }
            }
            Event::Placement { .. } => turn.penalties += 1,
            Event::Stick { player, outcome } => {
                turn.write_inkast(ruleset.inkast_order);
                // Planet Kubb's mark of a turn thrown from an advanced
                // line, before its first stick.
                let advanced = matches!(before.line(before.thrower()), Line::AtKnight { .. });
                if !turn.sticks_written && advanced {
                    turn.tokens.push("a".into());
                }
                turn.sticks_written = true;
                turn.tokens.push(tagged(player, &stick_text(outcome)));
            }
            _ => unreachable!("handled above"),
        }
    }
    // A call that belongs before a turn not yet played is written after
    // the game's last turn, where a reader applies it at the same point;
    // once the match is over such a call changed nothing and is left out.
    if time_pending && state.outcome().is_none() {
        *out.time_after.last_mut().expect("a game") = true;
    }
    // A finished inkast with no stick after it yet is written; an
    // unfinished one cannot be and is left out.
    // Every game before the last is over (a king felled by an inkast ends
    // one with its inkast).
    let finished = !inkast_pending(&state);
    let games = out.games.len();
    for (index, game) in out.games.iter_mut().enumerate() {
        if let Some(turn) = game.last_mut() {
            if finished || index + 1 < games {
                turn.write_inkast(ruleset.inkast_order);
            }
        }
    }
    Ok(out)
}

/// Writes a game or a match in the text form: per game a header line with
/// its rules, then one numbered turn a line.
///
/// ```
/// use kubb::notation::export;
/// use kubb::{Event, Ruleset, StickOutcome, Team};
///
/// let stick = |outcome| Event::Stick { player: "ann".into(), outcome };
/// let events = [
///     Event::Start { team: Team::A },
///     stick(StickOutcome::Miss),
///     stick(StickOutcome::Hit { knights: vec![], towers: vec![], king: true }),
/// ];
/// assert_eq!(
///     export(&events, Ruleset::STANDARD).unwrap(),
///     "# ruleset=standard opening=6-6-6 starter=a game=1\n1. ann:- ann:k\n"
/// );
/// ```
pub fn export(events: &[Event], ruleset: Ruleset) -> Result<String, ExportError> {
    let written = written(events, ruleset)?;
    let mut text = String::new();
    if written.time_before_start {
        text.push_str("# time called\n");
    }
    for (g, game) in written.games.iter().enumerate() {
        // A game not begun yet (the match's first) is written as a reader
        // takes a game without a starter: team A's.
        let mut identity = written.identities[g].clone();
        identity.starter.get_or_insert(Team::A);
        let header = game_header_text(&ruleset, &identity);
        // A tie-break running since an earlier game applies to this one:
        // said before its header, so that its record read alone knows.
        if g > 0 && written.time_at_start[g] && !written.time_after[g - 1] {
            text.push_str("# time called\n");
        }
        let _ = writeln!(text, "# {header}");
        let mut number = 0;
        for turn in game {
            if turn.time_called_before {
                text.push_str("# time called\n");
            }
            if turn.tokens.is_empty() {
                continue;
            }
            number += 1;
            let _ = writeln!(text, "{number}. {}", turn.tokens.join(" "));
        }
        if written.time_after[g] {
            text.push_str("# time called\n");
        }
    }
    Ok(text)
}

/// Writes one game as the JSON form: an array of turns, each an array of
/// token strings (no header: the reader says which rules it assumed).
pub fn export_json(events: &[Event], ruleset: Ruleset) -> Result<String, ExportError> {
    let written = written(events, ruleset)?;
    if written.games.len() > 1 {
        return Err(ExportError::SeveralGames);
    }
    if events.iter().any(|e| matches!(e, Event::TimeCalled {})) {
        return Err(ExportError::TimeCalled);
    }
    let turns: Vec<&Vec<String>> = written.games[0]
        .iter()
        .map(|turn| &turn.tokens)
        .filter(|tokens| !tokens.is_empty())
        .collect();
    Ok(serde_json::to_string(&turns).expect("lists of strings serialise"))
}
