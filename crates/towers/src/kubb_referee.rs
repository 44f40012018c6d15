//! `towers kubb referee`: a terminal scorekeeper for a match on the lawn.
//! Every accepted event is appended to the record file at once, so an
//! interrupted session loses nothing and resumes from the file.
//!
//! Input is read case-insensitively (player names are matched to the
//! team's list and written as listed); an entry that would end a game is
//! confirmed first; each finished turn gets a one-line summary and the end
//! of the match is announced.

use std::fs::OpenOptions;
use std::io::{self, BufRead, Write};
use std::path::Path;

use kubb::game::Outcome;
use kubb::notation::{RulesChoice, TokenError};
use kubb::stats::{match_stats, MatchStats, Row};
use kubb::{
    log, notation, Decision, Event, KingContact, Lag, Match, Phase, PieceId, Point, Ruleset,
    StickOutcome, Team, TeamInfo, ToAct,
};

use crate::kubb_cli::TournamentFlags;
use crate::UsageError;

const HELP: &str = "\
commands (either case):
  start A|B                   the starting team (or: lag DIST_A DIST_B [a-touched|a-felled|b-touched|b-felled])
  [PLAYER:]in [X Y]           an inkast throw that landed in (optionally where, metres); PLAYER threw it
  [PLAYER:]out | in-king      an inkast throw that landed out, or felled the king
  [PLAYER:]rescue PIECE       an inkasted piece knocked out a knight left standing (it is thrown in again)
  place [X Y]                 the defenders place a piece that landed out twice
  [PLAYER:]TOKEN              a stick: - or miss, f / 3f (knights), b / 2b (towers), bf (both), k or king, hit, foul
  [PLAYER:]f|b PIECE …        a stick that felled these knights or towers, e.g. f B1 B3
  next                        start the next game of the match
  time                        the referee calls time (matches with a time limit)
  undo | stats | export | help | quit";

/// What one turn did, for its summary line.
#[derive(Default)]
struct TurnTally {
    inkast_in: u32,
    inkast_out: u32,
    placed: u32,
    knights: usize,
    towers: usize,
    misses: u32,
    fouls: u32,
}

struct Session<'a> {
    ruleset: Ruleset,
    events: Vec<Event>,
    state: Match,
    path: &'a Path,
    /// Per team: the last player who threw a stick, and an inkast.
    last_stick: [Option<String>; 2],
    last_inkast: [Option<String>; 2],
    turn: TurnTally,
    /// A game-ending event waiting for the referee's `y`.
    unconfirmed: Option<Event>,
}

/// The rules the command line asked for: those of a new record, and the
/// flags a resumed record's own rules are checked against.
pub struct Asked {
    pub new_record: Ruleset,
    pub choice: RulesChoice,
    pub tournament: TournamentFlags,
}

pub fn run(asked: Asked, teams: Option<[TeamInfo; 2]>, path: &Path) -> Result<(), UsageError> {
    // Teams the rules refuse (a player listed twice, too few players for
    // the thrower rule) are refused before a record is made.
    if let Some([a, b]) = &teams {
        TeamInfo::check_pair(&asked.new_record, a, b).map_err(|e| UsageError(e.to_string()))?;
    }
    let mut session = Session::open(&asked, path)?;
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
        "Koning & Torens referee ({} rules, {}), recording to {}",
        session.ruleset.name,
        kubb::notation::header_text(&session.ruleset),
        path.display()
    );
    println!("{HELP}");
    let mut lines = io::stdin().lock().lines();
    loop {
        if session.unconfirmed.is_none() {
            println!("\n{}", session.state);
        }
        print!("> ");
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { break };
        if let Some(event) = session.unconfirmed.take() {
            if matches!(line.trim().to_lowercase().as_str(), "y" | "yes") {
                session.record(event);
            } else {
                println!("not recorded");
            }
            continue;
        }
        match line.trim().to_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => break,
            "help" => println!("{HELP}"),
            "stats" => print_stats(&match_stats(session.ruleset, &session.events)),
            "export" => match notation::export(&session.events, session.ruleset) {
                Ok(text) => print!("{text}"),
                Err(error) => println!("not possible: {error}"),
            },
            "undo" => session.undo()?,
            _ => match session.event_for(line.trim()) {
                Ok(event) => session.offer(event),
                Err(why) => println!("not accepted: {why}"),
            },
        }
    }
    print_stats(&match_stats(session.ruleset, &session.events));
    Ok(())
}

impl<'a> Session<'a> {
    /// A new record, or the one in the file resumed.
    /// A flag that contradicts a resumed record's rules is refused, as
    /// `replay` refuses it.
    fn open(asked: &Asked, path: &'a Path) -> Result<Session<'a>, UsageError> {
        let ruleset = asked.new_record;
        let cannot_resume = |e: &dyn std::fmt::Display| {
            UsageError(format!("cannot resume {}: {e}", path.display()))
        };
        let (ruleset, events, state) = match std::fs::read_to_string(path) {
            Ok(text) if !text.trim().is_empty() => {
                let log = log::read(&text, asked.choice).map_err(|e| cannot_resume(&e))?;
                if let Some(conflict) = asked.tournament.conflict(log.state.ruleset()) {
                    return Err(cannot_resume(&conflict));
                }
                (*log.state.ruleset(), log.events, log.state)
            }
            _ => {
                std::fs::write(path, log::write(&ruleset, &[]))
                    .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
                (ruleset, Vec::new(), Match::new(ruleset))
            }
        };
        let (last_stick, last_inkast) = last_throwers(ruleset, &events);
        Ok(Session {
            ruleset,
            events,
            state,
            path,
            last_stick,
            last_inkast,
            turn: TurnTally::default(),
            unconfirmed: None,
        })
    }

    /// Records `event`, or first asks when it would end a game.
    fn offer(&mut self, event: Event) {
        match self.state.apply(&event) {
            Err(why) => println!("not accepted: {why}"),
            Ok(next) => match next.phase() {
                Phase::GameOver(end) if !matches!(self.state.phase(), Phase::GameOver(_)) => {
                    let result = match end.winner {
                        Some(team) => {
                            format!("team {team} ({}) wins it", next.team_info(team).name)
                        }
                        None => "it is drawn".into(),
                    };
                    println!(
                        "this ends the game: {result} ({}). Record it? [y/N]",
                        end.reason
                    );
                    self.unconfirmed = Some(event);
                }
                _ => self.record(event),
            },
        }
    }

    fn record(&mut self, event: Event) {
        let before = self.state.clone();
        match self.accept(event.clone()) {
            Ok(()) => self.after(&before, &event),
            Err(why) => println!("not accepted: {why}"),
        }
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

    /// Remembers who threw, tallies the turn, and prints the turn's
    /// summary when it is over and the match result when that is.
    fn after(&mut self, before: &Match, event: &Event) {
        let team = before.thrower().index();
        match event {
            Event::Stick { player, outcome } => {
                self.last_stick[team] = Some(player.clone());
                match outcome {
                    StickOutcome::Miss => self.turn.misses += 1,
                    StickOutcome::Foul => self.turn.fouls += 1,
                    StickOutcome::Hit {
                        knights, towers, ..
                    } => {
                        self.turn.knights += knights.len();
                        self.turn.towers += towers.len();
                    }
                }
            }
            Event::Inkast {
                player, landed_in, ..
            } => {
                self.last_inkast[team] = Some(player.clone());
                match landed_in {
                    true => self.turn.inkast_in += 1,
                    false => self.turn.inkast_out += 1,
                }
            }
            Event::Placement { .. } => self.turn.placed += 1,
            _ => {}
        }
        let turn_over = self.state.turns_completed() != before.turns_completed()
            || (matches!(self.state.phase(), Phase::GameOver(_))
                && !matches!(before.phase(), Phase::GameOver(_)));
        // Starting a game (the starting throw, or `next`) ends no turn.
        let game_began = matches!(before.phase(), Phase::StartingThrow | Phase::GameOver(_));
        if turn_over && !game_began {
            println!("{}", self.turn_summary(before));
            self.turn = TurnTally::default();
        }
        self.announce_removals(before);
        if before.outcome().is_none() {
            if let Some(outcome) = self.state.outcome() {
                println!("{}", match_result(&self.state, outcome));
            }
        }
    }

    /// The accelerated and sudden tie-breaks take pieces out of the game
    /// as the rules say; the referee says which, for the lawn to match.
    fn announce_removals(&self, before: &Match) {
        for piece in PieceId::ALL {
            let removed = |state: &Match| state.piece(piece) == kubb::Piece::Removed;
            if removed(&self.state) && !removed(before) {
                println!(
                    "tie-break: take {} out of the game",
                    before.whereabouts(piece)
                );
            }
        }
    }

    fn turn_summary(&self, before: &Match) -> String {
        let team = before.thrower();
        let t = &self.turn;
        let mut parts = Vec::new();
        if t.inkast_in + t.inkast_out > 0 {
            parts.push(format!(
                "inkast {} in, {} out, {} placed",
                t.inkast_in, t.inkast_out, t.placed
            ));
        }
        parts.push(format!(
            "{} knight(s) and {} tower(s) felled, {} miss(es){}",
            t.knights,
            t.towers,
            t.misses,
            if t.fouls > 0 {
                format!(", {} foul(s)", t.fouls)
            } else {
                String::new()
            }
        ));
        let standing = |team: Team| self.state.standing_towers(team).len();
        format!(
            "turn {} of team {team} ({}): {}; towers standing A {} B {}",
            before.turns_completed() + 1,
            before.team_info(team).name,
            parts.join("; "),
            standing(Team::A),
            standing(Team::B)
        )
    }

    /// Undo is a replay without the last event; the file is rewritten.
    fn undo(&mut self) -> Result<(), UsageError> {
        if self.events.pop().is_none() {
            println!("nothing to undo");
            return Ok(());
        }
        let text = log::write(&self.ruleset, &self.events);
        let read =
            log::read(&text, RulesChoice::default()).expect("a prefix of a valid record is valid");
        self.state = read.state;
        self.turn = TurnTally::default();
        std::fs::write(self.path, text)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", self.path.display())))
    }

    /// The thrower's player named in the entry, written as the team lists
    /// it; without one, the team's last player for that kind of throw,
    /// else its first listed player, else the team's name.
    fn player(&self, given: Option<&str>, inkast: bool) -> Result<String, String> {
        let team = self.state.thrower();
        let info = self.state.team_info(team);
        if let Some(given) = given {
            return Ok(info
                .players
                .iter()
                .find(|p| p.as_str().eq_ignore_ascii_case(given))
                .map_or_else(|| given.to_string(), ToString::to_string));
        }
        let remembered = match inkast {
            true => &self.last_inkast[team.index()],
            false => &self.last_stick[team.index()],
        };
        Ok(remembered
            .clone()
            .or_else(|| info.players.first().map(ToString::to_string))
            .unwrap_or_else(|| info.name.to_string()))
    }

    fn event_for(&self, input: &str) -> Result<Event, String> {
        let (player, rest) = match input.split_once(':') {
            Some((player, rest)) if !player.contains(char::is_whitespace) => {
                (Some(player.trim()), rest.trim())
            }
            _ => (None, input),
        };
        let rest = rest.to_lowercase();
        let words: Vec<&str> = rest.split_whitespace().collect();
        let inkast = |landed_in, at, king_felled| -> Result<Event, String> {
            Ok(Event::Inkast {
                player: self.player(player, true)?,
                landed_in,
                at,
                king_felled,
            })
        };
        match words.as_slice() {
            ["start", team] => Ok(Event::Start {
                team: parse_team(team)?,
            }),
            ["lag", a, b, flags @ ..] => lag_event(a, b, flags),
            ["in", rest @ ..] => inkast(true, point(rest)?, false),
            ["out"] => inkast(false, None, false),
            ["in-king"] => inkast(true, None, true),
            ["rescue", piece] => Ok(Event::Rescue {
                player: self.player(player, true)?,
                piece: piece.parse().map_err(|e: kubb::NotAPiece| e.to_string())?,
            }),
            ["place", rest @ ..] => Ok(Event::Placement { at: point(rest)? }),
            ["next"] => Ok(Event::NextGame {}),
            ["time"] => Ok(Event::TimeCalled {}),
            [token, pieces @ ..] => Ok(Event::Stick {
                player: self.player(player, false)?,
                outcome: self.stick_outcome(token, pieces, input)?,
            }),
            [] => Err("empty input".into()),
        }
    }

    fn stick_outcome(
        &self,
        token: &str,
        pieces: &[&str],
        input: &str,
    ) -> Result<StickOutcome, String> {
        let token = match token {
            "miss" => "-",
            "king" => "k",
            // One stick that felled one piece that counts.
            "hit" if self.state.counting_targets().is_empty() => "k",
            "hit"
                if self
                    .state
                    .standing_knights(self.state.thrower().other())
                    .is_empty() =>
            {
                "b"
            }
            "hit" => "f",
            other => other,
        };
        match (token, pieces) {
            ("foul", []) => Ok(StickOutcome::Foul),
            (_, []) => notation::stick_from_token(&self.state, token).map_err(|e| match e {
                // The notation's own wording names tokens the referee
                // takes in words (an inkast is `in`/`out`, not `I`/`R`).
                TokenError::NotAToken(_) | TokenError::NotOneStick(_) | TokenError::Mixed(_) => {
                    self.not_an_entry(input)
                }
                rule => rule.to_string(),
            }),
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
                Ok(StickOutcome::Hit {
                    knights,
                    towers,
                    king: false,
                })
            }
            _ => Err(format!("'{input}' is not a command; type help")),
        }
    }

    /// What to type instead of an entry the referee cannot read, for the
    /// throw that is due.
    fn not_an_entry(&self, input: &str) -> String {
        let due = match self.state.to_act() {
            Some(ToAct::Team(_, Decision::Inkast { .. })) => {
                "an inkast throw is due: in [X Y], out or in-king (with PLAYER: before it)"
            }
            Some(ToAct::Team(_, Decision::Placement { .. })) => {
                "the defenders place a piece: place [X Y]"
            }
            _ => "a stick is -, miss, f, 2f, b, 3b, bf, k, king, hit or foul (with PLAYER: before it)",
        };
        format!("'{input}' is not an entry here; {due}; type help")
    }
}

type Throwers = [Option<String>; 2];

/// Per team, the last stick thrower and the last inkast thrower of a
/// record, so that a resumed session credits untagged entries as before.
fn last_throwers(ruleset: Ruleset, events: &[Event]) -> (Throwers, Throwers) {
    let (mut sticks, mut inkasts): (Throwers, Throwers) = Default::default();
    let mut state = Match::new(ruleset);
    for event in events {
        let team = state.thrower().index();
        match event {
            Event::Stick { player, .. } => sticks[team] = Some(player.clone()),
            Event::Inkast { player, .. } => inkasts[team] = Some(player.clone()),
            _ => {}
        }
        state = state.apply(event).expect("a record read is valid");
    }
    (sticks, inkasts)
}

fn point(rest: &[&str]) -> Result<Option<Point>, String> {
    match rest {
        [] => Ok(None),
        [x, y] => Ok(Some(Point {
            x: metres(x)?,
            y: metres(y)?,
        })),
        _ => Err("a position is two numbers: X Y in metres".into()),
    }
}

/// A finite number of metres (`nan` and `inf` parse as numbers, but are
/// no place on a lawn).
fn metres(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
        .ok_or_else(|| format!("'{text}' is not metres"))
}

/// The announcement at the end of a match.
fn match_result(state: &Match, outcome: Outcome) -> String {
    let games = format!(
        "{}-{} in games",
        state.games_won(Team::A),
        state.games_won(Team::B)
    );
    match outcome {
        Outcome::Won(team) => format!(
            "match over: {} (team {team}) win the match, {games}",
            state.team_info(team).name
        ),
        Outcome::Drawn => format!("match over: a draw on time, {games}"),
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
    let distance =
        |text: &str| metres(text).map_err(|_| format!("'{text}' is not a distance in metres"));
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

/// The statistics as a table: players, then both teams.
pub fn print_stats(stats: &MatchStats) {
    let percent =
        |rate: Option<f64>| rate.map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0));
    println!(
        "{:<6} {:<4} {:<14} {:>6} {:>5} {:>9} {:>9} {:>5} {:>5} {:>9} {:>5}",
        "",
        "team",
        "name",
        "sticks",
        "hit%",
        "baseline%",
        "advance%",
        "1BE",
        "king%",
        "inkast-in",
        "eff%"
    );
    let row = |r: &Row| {
        println!(
            "{:<6} {:<4} {:<14} {:>6} {:>5} {:>9} {:>9} {:>5} {:>5} {:>9} {:>5}",
            r.scope,
            r.team.to_string(),
            r.name,
            r.sticks,
            percent(r.hit_rate),
            percent(r.baseline_hit_rate),
            percent(r.advantage_hit_rate),
            percent(r.first_baton_efficiency),
            percent(r.king_rate),
            percent(r.inkast_rate),
            percent(r.efficiency)
        );
    };
    stats.players.iter().chain(&stats.teams).for_each(row);
}
