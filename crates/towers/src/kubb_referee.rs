//! `towers kubb referee`: a terminal scorekeeper for a match on the lawn.
//! Every accepted event is appended to the record file at once, so an
//! interrupted session loses nothing and resumes from the file.

use std::fs::OpenOptions;
use std::io::{self, BufRead, Write};
use std::path::Path;

use kubb::stats::{player_stats, PlayerStats};
use kubb::{
    log, notation, Event, KingContact, Lag, Match, PieceId, Point, Ruleset, StickOutcome, Team,
    TeamInfo,
};

use crate::UsageError;

const HELP: &str = "\
commands:
  start A|B                 the starting team (or: lag DIST_A DIST_B [a-touched|a-felled|b-touched|b-felled])
  in [X Y] | out | in-king  an inkast throw: landed in (optionally where, metres), out, or it felled the king
  place [X Y]               the defenders place a piece that landed out twice
  [PLAYER:]TOKEN            a stick: - (miss), f / Nf (knights), b / Nb (towers), k (king), foul
  [PLAYER:]f|b PIECE …      a stick that felled these knights or towers, e.g. f B1 B3
  next                      start the next game of the match
  undo | stats | export | help | quit";

struct Session<'a> {
    ruleset: Ruleset,
    events: Vec<Event>,
    state: Match,
    path: &'a Path,
    last_player: [String; 2],
}

pub fn run(ruleset: Ruleset, teams: Option<[TeamInfo; 2]>, path: &Path) -> Result<(), UsageError> {
    let mut session = Session::open(ruleset, path)?;
    if let Some([a, b]) = teams {
        if session.events.is_empty() {
            session.accept(Event::Teams { a, b }).map_err(UsageError)?;
        } else {
            println!(
                "(the record names its teams already; --team-a/--team-b apply to new records)"
            );
        }
    }
    println!(
        "Koning & Torens referee ({} rules), recording to {}",
        session.ruleset.name,
        path.display()
    );
    println!("{HELP}");
    let mut lines = io::stdin().lock().lines();
    loop {
        println!("\n{}", session.state);
        print!("> ");
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { break };
        match line.trim() {
            "" => {}
            "quit" | "exit" => break,
            "help" => println!("{HELP}"),
            "stats" => print_stats(&player_stats(session.ruleset, &session.events)),
            "export" => match notation::export(&session.events, session.ruleset) {
                Ok(text) => println!("{text}"),
                Err(error) => println!("not possible: {error}"),
            },
            "undo" => session.undo()?,
            input => match session
                .event_for(input)
                .and_then(|event| session.accept(event))
            {
                Ok(()) => {}
                Err(why) => println!("not accepted: {why}"),
            },
        }
    }
    print_stats(&player_stats(session.ruleset, &session.events));
    Ok(())
}

impl<'a> Session<'a> {
    /// A new record, or the one in the file resumed.
    fn open(ruleset: Ruleset, path: &'a Path) -> Result<Session<'a>, UsageError> {
        let (ruleset, events, state) = match std::fs::read_to_string(path) {
            Ok(text) if !text.trim().is_empty() => {
                let (events, state) = log::read(&text, None)
                    .map_err(|e| UsageError(format!("cannot resume {}: {e}", path.display())))?;
                (*state.ruleset(), events, state)
            }
            _ => {
                std::fs::write(path, log::write(&ruleset, &[]))
                    .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
                (ruleset, Vec::new(), Match::new(ruleset))
            }
        };
        Ok(Session {
            ruleset,
            events,
            state,
            path,
            last_player: ["A".into(), "B".into()],
        })
    }

    fn accept(&mut self, event: Event) -> Result<(), String> {
        let next = self.state.apply(&event).map_err(|e| e.to_string())?;
        let line = log::event_line(&event);
        OpenOptions::new()
            .append(true)
            .open(self.path)
            .and_then(|mut file| writeln!(file, "{line}").and_then(|()| file.sync_data()))
            .map_err(|e| {
                format!("the record could not be saved, so the event is not taken: {e}")
            })?;
        self.events.push(event);
        self.state = next;
        Ok(())
    }

    /// Undo is a replay without the last event; the file is rewritten.
    fn undo(&mut self) -> Result<(), UsageError> {
        if self.events.pop().is_none() {
            println!("nothing to undo");
            return Ok(());
        }
        let text = log::write(&self.ruleset, &self.events);
        let (_, state) =
            log::read(&text, Some(self.ruleset)).expect("a prefix of a valid record is valid");
        self.state = state;
        std::fs::write(self.path, text)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", self.path.display())))
    }

    fn event_for(&mut self, input: &str) -> Result<Event, String> {
        let words: Vec<&str> = input.split_whitespace().collect();
        let point = |rest: &[&str]| -> Result<Option<Point>, String> {
            match rest {
                [] => Ok(None),
                [x, y] => Ok(Some(Point {
                    x: x.parse().map_err(|_| format!("'{x}' is not metres"))?,
                    y: y.parse().map_err(|_| format!("'{y}' is not metres"))?,
                })),
                _ => Err("a position is two numbers: X Y in metres".into()),
            }
        };
        let thrower = self.state.thrower();
        match words.as_slice() {
            ["start", team] => Ok(Event::Start {
                team: parse_team(team)?,
            }),
            ["lag", a, b, flags @ ..] => lag_event(a, b, flags),
            ["in", rest @ ..] => Ok(self.inkast(true, point(rest)?, false)),
            ["out"] => Ok(self.inkast(false, None, false)),
            ["in-king"] => Ok(self.inkast(true, None, true)),
            ["place", rest @ ..] => Ok(Event::Placement { at: point(rest)? }),
            ["next"] => Ok(Event::NextGame),
            [stick, pieces @ ..] => {
                let (player, token) = match stick.split_once(':') {
                    Some((player, token)) => (player.to_string(), token),
                    None => (self.last_player[thrower.index()].clone(), *stick),
                };
                let outcome = match (token, pieces) {
                    ("foul", []) => StickOutcome::Foul,
                    (_, []) => {
                        notation::stick_from_token(&self.state, token).map_err(|e| e.to_string())?
                    }
                    ("f" | "b", named) => {
                        let named = named
                            .iter()
                            .map(|p| p.parse())
                            .collect::<Result<Vec<PieceId>, _>>()
                            .map_err(|e| e.to_string())?;
                        let (knights, towers) = if token == "f" {
                            (named, vec![])
                        } else {
                            (vec![], named)
                        };
                        StickOutcome::Hit {
                            knights,
                            towers,
                            king: false,
                        }
                    }
                    _ => return Err(format!("'{input}' is not a command; type help")),
                };
                self.last_player[thrower.index()] = player.clone();
                Ok(Event::Stick { player, outcome })
            }
            [] => Err("empty input".into()),
        }
    }

    fn inkast(&self, landed_in: bool, at: Option<Point>, king_felled: bool) -> Event {
        let player = self.last_player[self.state.thrower().index()].clone();
        Event::Inkast {
            player,
            landed_in,
            at,
            king_felled,
        }
    }
}

fn parse_team(text: &str) -> Result<Team, String> {
    match text.to_ascii_uppercase().as_str() {
        "A" => Ok(Team::A),
        "B" => Ok(Team::B),
        _ => Err(format!("'{text}' is not a team: A or B")),
    }
}

fn lag_event(a: &str, b: &str, flags: &[&str]) -> Result<Event, String> {
    let distance = |text: &str| {
        text.parse::<f64>()
            .map_err(|_| format!("'{text}' is not a distance in metres"))
    };
    let contact = |team: &str| {
        if flags.contains(&format!("{team}-felled").as_str()) {
            KingContact::Felled
        } else if flags.contains(&format!("{team}-touched").as_str()) {
            KingContact::Touched
        } else {
            KingContact::None
        }
    };
    Ok(Event::StartingThrow {
        a: Lag {
            distance: distance(a)?,
            king: contact("a"),
        },
        b: Lag {
            distance: distance(b)?,
            king: contact("b"),
        },
    })
}

fn print_stats(stats: &std::collections::BTreeMap<String, PlayerStats>) {
    let percent = |hits, tries| {
        PlayerStats::rate(hits, tries).map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0))
    };
    println!("player        sticks  hits  towers  knights  inkast-in  penalties  king-attempts");
    for (name, s) in stats {
        println!(
            "{name:<12} {:>7} {:>5} {:>7} {:>8} {:>10} {:>10} {:>14}",
            s.sticks,
            s.hits,
            percent(s.tower_hits, s.sticks_at_towers),
            percent(s.knight_hits, s.sticks_at_knights),
            percent(s.inkast_in, s.inkast_throws),
            s.penalties_conceded,
            s.king_attempts
        );
    }
}
