//! The community's turn-by-turn notation (rule book, "Match record
//! notation"): a JSON array of turns, each an array of `"player:tokens"`
//! entries, the first turn by the starting team (called A here).
//!
//! Tokens: inkast `Ni` (pieces), `Mr` (thrown again), `Kp` (placed by the
//! defenders); sticks `-` miss, `f`/`Nf` knights, `b`/`Nb` towers, `k` king.
//! The notation names no pieces and no positions: on import, knocked
//! knights are taken foremost first and towers in spot order, inkasted
//! pieces land at unknown spots, and the first `M` pieces are the ones
//! thrown again. Fouls export as misses (both count for nothing).

use crate::event::{Event, PieceId, StickOutcome};
use crate::field::Team;
use crate::game::{Decision, Match, Phase, RuleError, ToAct};
use crate::ruleset::Ruleset;

/// A record that does not stand, with the turn and entry that break it.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum NotationError {
    #[error("the record is not a JSON array of turns of \"player:tokens\" strings: {0}")]
    Shape(String),
    #[error("turn {turn}, entry {entry} '{text}': {problem}")]
    Entry {
        turn: usize,
        entry: usize,
        text: String,
        problem: EntryProblem,
    },
}

/// What breaks one entry of a record.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EntryProblem {
    #[error("an entry is 'player:tokens'")]
    NotAnEntry,
    #[error(transparent)]
    Token(#[from] TokenError),
    /// The rules refuse the event the entry stands for.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The next turn begins while the thrower still has sticks.
    #[error("the turn is incomplete: team {team} has {sticks_left} stick(s) left")]
    Incomplete { team: Team, sticks_left: u8 },
    #[error("the game is already over")]
    GameOver,
    #[error("more sticks than the turn has (6, or the ruleset's opening count)")]
    TooManySticks,
    #[error("team {team} must first inkast the {waiting} piece(s) knocked the turn before")]
    InkastFirst { team: Team, waiting: usize },
    #[error(
        "the inkast count {given} differs from the {waiting} piece(s) the opponent knocked the turn before"
    )]
    InkastCount { given: u8, waiting: usize },
    #[error("{rethrown} re-throw(s) and {placed} placement(s) do not fit {pieces} piece(s)")]
    InkastSplit {
        pieces: u8,
        rethrown: u8,
        placed: u8,
    },
}

/// Tokens that cannot be read, or that fell more than stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("count '{0}' is too large")]
    CountTooLarge(String),
    #[error("'{0}' is not a token (i, r, p, -, f, b, k with an optional count)")]
    NotAToken(String),
    #[error("the count '{0}' has no letter after it")]
    CountWithoutLetter(String),
    #[error("'{0}' is not one stick token (-, f, Nf, b, Nb or k)")]
    NotOneStick(String),
    #[error("{count} knight(s) in team {half}'s half knocked, but only {standing} stand")]
    MoreKnightsThanStand {
        count: u8,
        half: Team,
        standing: usize,
    },
    #[error("{count} tower(s) of team {team} knocked, but only {standing} stand")]
    MoreTowersThanStand {
        count: u8,
        team: Team,
        standing: usize,
    },
    #[error("inkast tokens (i, r, p) belong at the start of the turn's first entry")]
    InkastOutOfPlace,
}

/// Why a match cannot be written as notation.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// An event of the match is refused by the rules.
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the notation holds one game; export each game of a match on its own")]
    SeveralGames,
}

/// One token of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Inkast(u8),
    Rethrown(u8),
    Placed(u8),
    Miss,
    Knights(u8),
    Towers(u8),
    King,
}

fn tokens(text: &str) -> Result<Vec<Token>, TokenError> {
    let mut tokens = Vec::new();
    let mut count = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let n: u8 = if count.is_empty() {
            1
        } else {
            count
                .parse()
                .map_err(|_| TokenError::CountTooLarge(count.clone()))?
        };
        let token = match c {
            'i' => Token::Inkast(n),
            'r' => Token::Rethrown(n),
            'p' => Token::Placed(n),
            '-' if count.is_empty() => Token::Miss,
            'f' => Token::Knights(n),
            'b' => Token::Towers(n),
            'k' if count.is_empty() => Token::King,
            other => return Err(TokenError::NotAToken(format!("{count}{other}"))),
        };
        tokens.push(token);
        count.clear();
    }
    if !count.is_empty() {
        return Err(TokenError::CountWithoutLetter(count));
    }
    Ok(tokens)
}

/// Parses the notation into turns of (player, text after the colon).
fn parse_turns(text: &str) -> Result<Vec<Vec<(String, String)>>, NotationError> {
    let turns: Vec<Vec<String>> =
        serde_json::from_str(text).map_err(|e| NotationError::Shape(e.to_string()))?;
    turns
        .into_iter()
        .enumerate()
        .map(|(t, entries)| {
            entries
                .into_iter()
                .enumerate()
                .map(|(e, entry)| {
                    entry
                        .split_once(':')
                        .map(|(player, tokens)| {
                            (player.trim().to_string(), tokens.trim().to_string())
                        })
                        .ok_or_else(|| NotationError::Entry {
                            turn: t + 1,
                            entry: e + 1,
                            text: entry.clone(),
                            problem: EntryProblem::NotAnEntry,
                        })
                })
                .collect()
        })
        .collect()
}

/// A game read from notation.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub events: Vec<Event>,
    pub state: Match,
    /// The team that won the game, if it ended.
    pub winner: Option<Team>,
}

/// Reads a notation record into the events of one game, checking every
/// rule on the way.
pub fn import(text: &str, ruleset: Ruleset) -> Result<ImportedGame, NotationError> {
    let turns = parse_turns(text)?;
    let mut state = Match::new(ruleset);
    let mut events = vec![Event::Start { team: Team::A }];
    state = state
        .apply(&events[0])
        .expect("a new match takes its starting team");
    let mut winner = None;
    for (t, entries) in turns.iter().enumerate() {
        let expected_thrower = if t % 2 == 0 { Team::A } else { Team::B };
        if winner.is_none() && state.thrower() != expected_thrower {
            // Only a turn after the first can find the previous one unfinished.
            let previous = &turns[t - 1];
            let (player, tokens) = previous.last().cloned().unwrap_or_default();
            return Err(NotationError::Entry {
                turn: t,
                entry: previous.len(),
                text: format!("{player}:{tokens}"),
                problem: EntryProblem::Incomplete {
                    team: state.thrower(),
                    sticks_left: state.sticks_left(),
                },
            });
        }
        let mut inkast_done = false;
        for (e, (player, text)) in entries.iter().enumerate() {
            let fail = |problem: EntryProblem| NotationError::Entry {
                turn: t + 1,
                entry: e + 1,
                text: format!("{player}:{text}"),
                problem,
            };
            if winner.is_some() {
                return Err(fail(EntryProblem::GameOver));
            }
            let tokens = tokens(text).map_err(|e| fail(e.into()))?;
            let mut index = 0;
            if let Some(&Token::Inkast(pieces)) = tokens.first() {
                let mut rethrown = 0;
                let mut placed = 0;
                index = 1;
                while let Some(token) = tokens.get(index) {
                    match token {
                        Token::Rethrown(n) => rethrown = *n,
                        Token::Placed(n) => placed = *n,
                        _ => break,
                    }
                    index += 1;
                }
                for event in
                    inkast_events(&state, player, pieces, rethrown, placed).map_err(fail)?
                {
                    state = state.apply(&event).map_err(|e| fail(e.into()))?;
                    events.push(event);
                }
                inkast_done = true;
            }
            for token in &tokens[index..] {
                if winner.is_some() {
                    return Err(fail(EntryProblem::GameOver));
                }
                if state.thrower() != expected_thrower {
                    return Err(fail(EntryProblem::TooManySticks));
                }
                if inkast_pending(&state) && !inkast_done {
                    let waiting = state.down_in(state.thrower()).len();
                    return Err(fail(EntryProblem::InkastFirst {
                        team: state.thrower(),
                        waiting,
                    }));
                }
                let outcome = stick_outcome(&state, *token).map_err(|e| fail(e.into()))?;
                let event = Event::Stick {
                    player: player.clone(),
                    outcome,
                };
                let wins = Team::BOTH.map(|team| state.games_won(team));
                state = state.apply(&event).map_err(|e| fail(e.into()))?;
                winner = Team::BOTH
                    .into_iter()
                    .find(|&team| state.games_won(team) > wins[team.index()]);
                events.push(event);
            }
        }
    }
    Ok(ImportedGame {
        events,
        state,
        winner,
    })
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

fn inkast_events(
    state: &Match,
    player: &str,
    pieces: u8,
    rethrown: u8,
    placed: u8,
) -> Result<Vec<Event>, EntryProblem> {
    let waiting = state.down_in(state.thrower());
    if usize::from(pieces) != waiting.len() {
        return Err(EntryProblem::InkastCount {
            given: pieces,
            waiting: waiting.len(),
        });
    }
    if rethrown > pieces || placed > rethrown {
        return Err(EntryProblem::InkastSplit {
            pieces,
            rethrown,
            placed,
        });
    }
    // Walk the state's own inkast order, deciding each attempt from the counts.
    let out_first: Vec<PieceId> = waiting.iter().take(usize::from(rethrown)).collect();
    let out_twice: Vec<PieceId> = out_first
        .iter()
        .copied()
        .take(usize::from(placed))
        .collect();
    let mut events = Vec::new();
    let mut probe = state.clone();
    while let Some(ToAct::Team(_, Decision::Inkast { piece, attempt })) = probe.to_act() {
        let landed_in = match attempt {
            1 => !out_first.contains(&piece),
            _ => !out_twice.contains(&piece),
        };
        let event = Event::Inkast {
            player: player.to_string(),
            landed_in,
            at: None,
            king_felled: false,
        };
        probe = probe.apply(&event)?;
        events.push(event);
    }
    while let Some(ToAct::Team(_, Decision::Placement { .. })) = probe.to_act() {
        let event = Event::Placement { at: None };
        probe = probe.apply(&event)?;
        events.push(event);
    }
    Ok(events)
}

/// The outcome of one stick written as a notation token (`-`, `f`, `3f`,
/// `b`, `2b`, `k`), with the pieces chosen as on import.
pub fn stick_from_token(state: &Match, text: &str) -> Result<StickOutcome, TokenError> {
    match tokens(text)?.as_slice() {
        [token] => stick_outcome(state, *token),
        _ => Err(TokenError::NotOneStick(text.into())),
    }
}

fn stick_outcome(state: &Match, token: Token) -> Result<StickOutcome, TokenError> {
    let opponent = state.thrower().other();
    // The first `n` of `available`, if that many stand.
    let take = |available: Vec<PieceId>, n: u8| {
        (usize::from(n) <= available.len())
            .then(|| available.into_iter().take(usize::from(n)).collect())
    };
    Ok(match token {
        Token::Miss => StickOutcome::Miss,
        Token::Knights(n) => {
            let standing = state.knights_foremost_first(opponent);
            let count = standing.len();
            StickOutcome::Hit {
                knights: take(standing, n).ok_or(TokenError::MoreKnightsThanStand {
                    count: n,
                    half: opponent,
                    standing: count,
                })?,
                towers: Vec::new(),
                king: false,
            }
        }
        Token::Towers(n) => {
            let standing: Vec<PieceId> = state.standing_towers(opponent).into_iter().collect();
            let count = standing.len();
            StickOutcome::Hit {
                knights: Vec::new(),
                towers: take(standing, n).ok_or(TokenError::MoreTowersThanStand {
                    count: n,
                    team: opponent,
                    standing: count,
                })?,
                king: false,
            }
        }
        Token::King => StickOutcome::Hit {
            knights: Vec::new(),
            towers: Vec::new(),
            king: true,
        },
        Token::Inkast(_) | Token::Rethrown(_) | Token::Placed(_) => {
            return Err(TokenError::InkastOutOfPlace)
        }
    })
}

fn count_token(n: usize, letter: char) -> String {
    match n {
        0 => String::new(),
        1 => letter.to_string(),
        n => format!("{n}{letter}"),
    }
}

/// The inkast of one turn, counted for its notation entry.
#[derive(Default)]
struct InkastTally {
    player: String,
    pieces: usize,
    rethrown: usize,
    placed: usize,
}

impl InkastTally {
    /// The entry `player:NiMrKp`, once, if there was an inkast.
    fn take_entry(&mut self) -> Option<String> {
        let tally = std::mem::take(self);
        (tally.pieces > 0).then(|| {
            format!(
                "{}:{}{}{}",
                tally.player,
                count_token(tally.pieces, 'i'),
                count_token(tally.rethrown, 'r'),
                count_token(tally.placed, 'p')
            )
        })
    }
}

fn stick_token(outcome: &StickOutcome) -> String {
    match outcome {
        StickOutcome::Hit { king: true, .. } => "k".into(),
        StickOutcome::Hit { knights, .. } if !knights.is_empty() => count_token(knights.len(), 'f'),
        StickOutcome::Hit { towers, .. } if !towers.is_empty() => count_token(towers.len(), 'b'),
        StickOutcome::Miss | StickOutcome::Foul | StickOutcome::Hit { .. } => "-".into(),
    }
}

/// Writes the events of one game as notation (the starting throw has none).
pub fn export(events: &[Event], ruleset: Ruleset) -> Result<String, ExportError> {
    let mut state = Match::new(ruleset);
    let mut turns: Vec<Vec<String>> = Vec::new();
    let mut turn_of_last_entry = None;
    let mut inkast = InkastTally::default();
    for event in events {
        let before = state.clone();
        state = state.apply(event)?;
        if matches!(
            event,
            Event::Teams { .. } | Event::StartingThrow { .. } | Event::Start { .. }
        ) {
            continue;
        }
        if matches!(event, Event::NextGame) {
            return Err(ExportError::SeveralGames);
        }
        if turn_of_last_entry != Some(before.turns_completed()) {
            turn_of_last_entry = Some(before.turns_completed());
            turns.push(Vec::new());
        }
        let entries = turns.last_mut().expect("a turn was opened");
        match event {
            Event::Inkast {
                player, landed_in, ..
            } => {
                let attempt = match before.to_act() {
                    Some(ToAct::Team(_, Decision::Inkast { attempt, .. })) => attempt,
                    _ => unreachable!("an inkast event was accepted"),
                };
                if inkast.pieces == 0 {
                    inkast.player = player.clone();
                }
                match (attempt, landed_in) {
                    (1, true) => inkast.pieces += 1,
                    (1, false) => {
                        inkast.pieces += 1;
                        inkast.rethrown += 1;
                    }
                    (_, true) => {}
                    (_, false) => inkast.placed += 1,
                }
                // An inkast that ends the game has no stick to follow it.
                if matches!(state.phase(), Phase::GameOver(_)) {
                    entries.extend(inkast.take_entry());
                }
            }
            Event::Placement { .. } => {}
            Event::Stick { player, outcome } => {
                entries.extend(inkast.take_entry());
                entries.push(format!("{player}:{}", stick_token(outcome)));
            }
            Event::Teams { .. }
            | Event::StartingThrow { .. }
            | Event::Start { .. }
            | Event::NextGame => {
                unreachable!("handled above")
            }
        }
    }
    // A finished inkast with no stick after it yet still has its entry; an
    // unfinished one cannot be written in the notation and is left out.
    if !inkast_pending(&state) {
        if let Some(entry) = inkast.take_entry() {
            turns
                .last_mut()
                .expect("an inkast opened a turn")
                .push(entry);
        }
    }
    if turns.last().is_some_and(Vec::is_empty) {
        turns.pop();
    }
    Ok(serde_json::to_string(&turns).expect("lists of strings serialise"))
}
