//! The full event log: JSON lines, a header line with the format version,
//! the ruleset and its tournament settings, then one event per line.
//!
//! ```
//! use kubb::notation::RulesChoice;
//! use kubb::{log, Event, Ruleset, Team};
//!
//! let events = [Event::Start { team: Team::A }];
//! let text = log::write(&Ruleset::STANDARD, &events);
//! assert_eq!(text.lines().nth(1), Some(r#"{"event":"start","team":"A"}"#));
//! let read = log::read(&text, RulesChoice::default()).unwrap();
//! assert_eq!(read.events, events);
//! assert_eq!(read.state.starting_team(), Some(Team::A));
//! ```

use serde::{Deserialize, Serialize};

use crate::event::Event;
use crate::game::Match;
use crate::notation::{ResolvedRules, RulesChoice};
use crate::ruleset::{Ruleset, TournamentSettings, UnknownRuleset};

pub const FORMAT: &str = "towers-kubb-events";
pub const VERSION: u32 = 1;

/// The first line. Logs written before the tournament settings existed
/// have none and were played under the defaults.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    format: String,
    version: u32,
    ruleset: String,
    #[serde(default)]
    settings: TournamentSettings,
}

/// A log that cannot be read, with its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct LogError {
    pub line: usize,
    pub message: String,
}

/// The log of a match.
pub fn write(ruleset: &Ruleset, events: &[Event]) -> String {
    let header = Header {
        format: FORMAT.into(),
        version: VERSION,
        ruleset: ruleset.name.into(),
        settings: ruleset.settings(),
    };
    let mut text = serde_json::to_string(&header).expect("a header serialises");
    for event in events {
        text.push('\n');
        text.push_str(&event_line(event));
    }
    text.push('\n');
    text
}

/// One event as its log line (without the newline), for appending.
pub fn event_line(event: &Event) -> String {
    serde_json::to_string(event).expect("events serialise")
}

/// A log read: its events, the state after them and the rules.
#[derive(Clone, Debug)]
pub struct ReadLog {
    pub events: Vec<Event>,
    pub state: Match,
    pub rules: ResolvedRules,
}

/// Reads a log under the rules its header names, applying every event; a
/// choice that contradicts the header is refused (on its first line).
pub fn read(text: &str, choice: RulesChoice) -> Result<ReadLog, LogError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let error = |line: usize, message: String| LogError {
        line: line + 1,
        message,
    };
    let (first, header) = lines
        .next()
        .ok_or_else(|| error(0, "the log is empty".into()))?;
    let header: Header =
        serde_json::from_str(header).map_err(|e| error(first, format!("not a log header: {e}")))?;
    if header.format != FORMAT || header.version != VERSION {
        return Err(error(
            first,
            format!(
                "format {} version {} is not {FORMAT} version {VERSION}",
                header.format, header.version
            ),
        ));
    }
    let named: Ruleset = header
        .ruleset
        .parse()
        .map_err(|e: UnknownRuleset| error(first, e.to_string()))?;
    let rules = choice
        .resolve(Some(named.with(&header.settings)))
        .map_err(|e| error(first, e.to_string()))?;
    let mut state = Match::new(rules.ruleset);
    let mut events = Vec::new();
    for (index, line) in lines {
        let event: Event =
            serde_json::from_str(line).map_err(|e| error(index, format!("not an event: {e}")))?;
        state = state
            .apply(&event)
            .map_err(|e| error(index, e.to_string()))?;
        events.push(event);
    }
    Ok(ReadLog {
        events,
        state,
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::read;
    use crate::notation::RulesChoice;

    /// Found by fuzzing (`fuzz/`, target `kubb_match_events`): a header's
    /// time limit of 0 minutes was read, and the match's Planet Kubb
    /// export (`time=0/none`) could then not be imported. A time limit is
    /// checked where it is read.
    #[test]
    fn a_time_limit_of_0_minutes_is_refused_where_it_is_read() {
        let log = |minutes: u16| {
            format!(
                "{{\"format\":\"towers-kubb-events\",\"version\":1,\"ruleset\":\"standard\",\"settings\":{{\"time_limit\":{{\"minutes\":{minutes},\"tie_break\":\"none\"}}}}}}\n"
            )
        };
        let error = read(&log(0), RulesChoice::default()).unwrap_err();
        assert_eq!(error.line, 1);
        assert!(
            error.message.contains("a time limit is at least 1 minute"),
            "{error}"
        );
        let read = read(&log(1), RulesChoice::default()).unwrap();
        assert_eq!(read.state.ruleset().time_limit.map(|t| t.minutes), Some(1));
        let unknown = r#"{"minutes":5,"tie_break":"none","extra":1}"#;
        assert!(serde_json::from_str::<crate::TimeLimit>(unknown).is_err());
    }

    /// Found by fuzzing (`kubb_match_events`): serde_json's default float
    /// reading is not exact, so a lag distance written to a log read back
    /// as its neighbour (5.148533139461873e-57 as ...872e-57) and a
    /// replay could differ from the match recorded. The crate reads
    /// floats exactly (serde_json's `float_roundtrip`).
    #[test]
    fn a_log_reads_back_every_float_it_wrote() {
        use crate::event::{Event, KingContact, Lag};
        use crate::ruleset::Ruleset;
        for distance in [
            5.148533139461873e-57,
            0.1 + 0.2,
            1e300,
            f64::MIN_POSITIVE,
            7.0,
        ] {
            let lag = |distance| Lag {
                distance,
                king: KingContact::None,
            };
            let events = [Event::StartingThrow {
                a: lag(distance),
                b: lag(distance * 2.0 + 1.0),
            }];
            let written = super::write(&Ruleset::STANDARD, &events);
            let read = read(&written, RulesChoice::default()).unwrap();
            assert_eq!(read.events, events, "{written}");
        }
    }
}
