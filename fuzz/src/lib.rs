//! What the fuzz targets share: rules, events and moves built from the
//! fuzzer's bytes, and the invariants the libraries promise.
//!
//! Every target asserts a promise, not only "no panic": a refused input
//! changes nothing, an accepted one keeps the state's invariants, and
//! printing what was parsed parses back to the same thing.

use arbitrary::{Result, Unstructured};
use kubb::{
    Event, KingContact, Lag, Match, Name, Piece, PieceId, Point, Ruleset, StickOutcome, Team,
    TeamInfo, TournamentSettings,
};

/// The text of the fuzzer's bytes, when they are UTF-8.
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A named ruleset with arbitrary tournament settings. The settings are
/// built as the JSON the records carry (every boolean setting flipped at
/// will, the opening, a time limit and its tie-break, games to win), so
/// that a setting added to `TournamentSettings` is fuzzed without a
/// change here; settings the library refuses leave the named ruleset's.
pub fn kubb_ruleset(u: &mut Unstructured) -> Result<Ruleset> {
    let named = *u.choose(&Ruleset::NAMED)?;
    let mut settings = serde_json::to_value(named.settings()).expect("settings serialise");
    let object = settings.as_object_mut().expect("settings are an object");
    for value in object.values_mut() {
        if value.is_boolean() {
            *value = serde_json::Value::Bool(u.arbitrary()?);
        }
    }
    let openings: Vec<_> = kubb::Opening::ALL
        .iter()
        .map(|o| serde_json::to_value(o).expect("openings serialise"))
        .collect();
    object.insert("opening".into(), u.choose(&openings)?.clone());
    let time_limit = if u.arbitrary()? {
        let tie_breaks: Vec<_> = kubb::TieBreak::ALL
            .iter()
            .map(|t| serde_json::to_value(t).expect("tie-breaks serialise"))
            .collect();
        serde_json::json!({
            "minutes": u.int_in_range(0..=90u16)?,
            "tie_break": u.choose(&tie_breaks)?.clone(),
        })
    } else {
        serde_json::Value::Null
    };
    object.insert("time_limit".into(), time_limit);
    if object.contains_key("games_to_win") {
        let games = match u.int_in_range(0..=10u8)? {
            0 => serde_json::Value::Null,
            n => n.into(),
        };
        object.insert("games_to_win".into(), games);
    }
    Ok(
        match serde_json::from_value::<TournamentSettings>(settings) {
            Ok(settings) => named.with(&settings),
            Err(_) => named,
        },
    )
}

const PLAYERS: [&str; 6] = ["ann", "bob", "cy", "dee", "ed", "flo"];

fn name(u: &mut Unstructured, pool: &[&str]) -> Result<String> {
    Ok(if u.ratio(1, 16)? {
        u.arbitrary::<String>()?
    } else {
        u.choose(pool)?.to_string()
    })
}

fn team_info(u: &mut Unstructured, names: &[&str]) -> Result<Option<TeamInfo>> {
    let Ok(team) = Name::new(&name(u, names)?) else {
        return Ok(None);
    };
    let mut players = Vec::new();
    for _ in 0..u.int_in_range(0..=4)? {
        match Name::new(&name(u, &PLAYERS)?) {
            Ok(player) => players.push(player),
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(TeamInfo {
        name: team,
        players,
    }))
}

/// Any finite float: what JSON and the referee's command line can carry
/// (a NaN or an infinity reaches the rules only from code, which refuse
/// it: `kubb_match_events` makes such points itself).
fn finite(u: &mut Unstructured) -> Result<f64> {
    let value: f64 = u.arbitrary()?;
    Ok(if value.is_finite() { value } else { 0.0 })
}

/// A coordinate: mostly on a grid a little beyond the field (in and out
/// of both halves), now and then any finite float.
fn coordinate(u: &mut Unstructured, size: f64) -> Result<f64> {
    Ok(if u.ratio(1, 32)? {
        finite(u)?
    } else {
        f64::from(u.int_in_range(-4..=44i32)?) / 40.0 * size
    })
}

fn point(u: &mut Unstructured, ruleset: &Ruleset) -> Result<Option<Point>> {
    Ok(if u.ratio(1, 4)? {
        None
    } else {
        Some(Point {
            x: coordinate(u, ruleset.field_width)?,
            y: coordinate(u, ruleset.field_length)?,
        })
    })
}

fn pieces(u: &mut Unstructured) -> Result<Vec<PieceId>> {
    let mut pieces = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        pieces.push(piece(u)?);
    }
    Ok(pieces)
}

/// A piece, now and then a number that is none (only code can make one:
/// JSON refuses it).
fn piece(u: &mut Unstructured) -> Result<PieceId> {
    Ok(if u.ratio(1, 64)? {
        PieceId(u.arbitrary()?)
    } else {
        PieceId(u.int_in_range(0..=9)?)
    })
}

fn lag(u: &mut Unstructured) -> Result<Lag> {
    Ok(Lag {
        distance: if u.ratio(1, 16)? {
            finite(u)?
        } else {
            f64::from(u.int_in_range(0..=20u8)?) / 10.0
        },
        king: *u.choose(&[KingContact::None, KingContact::Touched, KingContact::Felled])?,
    })
}

/// An arbitrary referee event, `None` when the bytes named a team the
/// library cannot name.
pub fn kubb_event(u: &mut Unstructured, ruleset: &Ruleset) -> Result<Option<Event>> {
    let player = name(u, &PLAYERS)?;
    Ok(Some(match u.int_in_range(0..=12u8)? {
        0 => {
            let (Some(a), Some(b)) = (
                team_info(u, &["Vikings", "Danes", "vikings"])?,
                team_info(u, &["Vikings", "Danes", "Geats"])?,
            ) else {
                return Ok(None);
            };
            Event::Teams { a, b }
        }
        1 => Event::StartingThrow {
            a: lag(u)?,
            b: lag(u)?,
        },
        2 => Event::Start {
            team: *u.choose(&Team::BOTH)?,
        },
        3 | 4 => Event::Inkast {
            player,
            landed_in: u.arbitrary()?,
            at: point(u, ruleset)?,
            king_felled: u.ratio(1, 16)?,
        },
        5 => Event::Placement {
            at: point(u, ruleset)?,
        },
        6..=9 => Event::Stick {
            player,
            outcome: match u.int_in_range(0..=5u8)? {
                0 => StickOutcome::Miss,
                1 => StickOutcome::Foul,
                _ => StickOutcome::Hit {
                    knights: pieces(u)?,
                    towers: pieces(u)?,
                    king: u.ratio(1, 8)?,
                },
            },
        },
        10 => Event::NextGame {},
        11 => Event::Rescue {
            player,
            piece: piece(u)?,
        },
        _ => Event::TimeCalled {},
    }))
}

/// The state a `Debug` string shows: compared rather than the state
/// itself, which may hold a NaN that equals nothing.
pub fn shown<T: std::fmt::Debug>(value: &T) -> String {
    format!("{value:?}")
}

/// The promises of a match state: every piece is in exactly one place
/// (the sets the state keeps beside its pieces agree with them), sticks
/// stay within the turn's, games won within the match's.
pub fn check_match(state: &Match) {
    let ruleset = state.ruleset();
    for id in PieceId::ALL {
        let piece = state.piece(id);
        let mut places = Vec::new();
        for team in Team::BOTH {
            if state.standing_towers(team).contains(id) {
                places.push(Piece::Tower { team });
            }
            if state.standing_knights(team).contains(id) {
                places.push(Piece::Knight {
                    half: team,
                    at: None,
                });
            }
            if state.down_in(team).contains(id) {
                places.push(Piece::Down { half: team });
            }
        }
        let expected = match piece {
            Piece::Knight { half, .. } => vec![Piece::Knight { half, at: None }],
            Piece::Removed => vec![],
            other => vec![other],
        };
        assert_eq!(places, expected, "{id} is {piece:?} but kept as {places:?}");
        let standing = matches!(piece, Piece::Tower { .. } | Piece::Knight { .. });
        assert_eq!(state.position(id).is_some(), standing, "{id}");
    }
    let in_turn = ruleset.sticks_in_turn(state.turns_completed());
    assert!(
        state.sticks_thrown() <= in_turn,
        "{} sticks thrown of {in_turn}",
        state.sticks_thrown()
    );
    assert_eq!(state.sticks_left(), in_turn - state.sticks_thrown());
    for team in Team::BOTH {
        assert!(state.games_won(team) <= ruleset.games_to_win.max(1));
    }
    let _ = state.to_act();
    let _ = state.outcome();
    let _ = state.counting_targets();
}
