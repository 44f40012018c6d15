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

use kubb::notation::{RulesChoice, TokenError};
use kubb::stats::{match_stats, MatchStats, Row};
use kubb::Outcome;
use kubb::{
    log, notation, Decision, Event, KingContact, Lag, Line, Match, Phase, PieceId, Point, Ruleset,
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

/// The words the referee speaks of the pieces and the throwing sticks:
/// the seed's (tower, knight, stick) or a club's (baseline kubb, field
/// kubb, baton). By default the seed ruleset speaks the seed's, the
/// standard (and U.S.) settings a club's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Words {
    Seed,
    Club,
}

impl Words {
    fn for_ruleset(ruleset: &Ruleset) -> Words {
        match ruleset.name {
            "seed" => Words::Seed,
            _ => Words::Club,
        }
    }

    fn tower(self) -> &'static str {
        match self {
            Words::Seed => "tower",
            Words::Club => "baseline kubb",
        }
    }

    fn knight(self) -> &'static str {
        match self {
            Words::Seed => "knight",
            Words::Club => "field kubb",
        }
    }

    fn stick(self) -> &'static str {
        match self {
            Words::Seed => "stick",
            Words::Club => "baton",
        }
    }

    /// `text` (the rules engine's words: tower, knight, stick) in these
    /// words; whole lower-case words only, so names are left alone.
    fn say(self, text: &str) -> String {
        if self == Words::Seed {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            out.push_str(match word.as_str() {
                "tower" => "baseline kubb",
                "towers" => "baseline kubbs",
                "knight" => "field kubb",
                "knights" => "field kubbs",
                "stick" => "baton",
                "sticks" => "batons",
                other => other,
            });
            word.clear();
        };
        for c in text.chars() {
            if c.is_alphabetic() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// `Danes'`, `Vikings'`, `Ann's`.
fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

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
    words: Words,
}

/// The rules the command line asked for: those of a new record, and the
/// flags a resumed record's own rules are checked against.
pub struct Asked {
    pub new_record: Ruleset,
    pub choice: RulesChoice,
    pub tournament: TournamentFlags,
}

pub fn run(
    asked: Asked,
    teams: Option<[TeamInfo; 2]>,
    words: Option<Words>,
    path: &Path,
) -> Result<(), UsageError> {
    // Teams the rules refuse (a player listed twice, too few players for
    // the thrower rule) are refused before a record is made.
    if let Some([a, b]) = &teams {
        TeamInfo::check_pair(&asked.new_record, a, b).map_err(|e| UsageError(e.to_string()))?;
    }
    let mut session = Session::open(&asked, path)?;
    session.words = words.unwrap_or_else(|| Words::for_ruleset(&session.ruleset));
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
    println!("{}", session.words.say(HELP));
    let mut lines = io::stdin().lock().lines();
    loop {
        if session.unconfirmed.is_none() {
            println!("\n{}", session.field());
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
            "help" => println!("{}", session.words.say(HELP)),
            "stats" => print_stats(&match_stats(session.ruleset, &session.events)),
            "export" => match notation::export(&session.events, session.ruleset) {
                Ok(text) => print!("{text}"),
                Err(error) => println!("not possible: {error}"),
            },
            "undo" => session.undo()?,
            _ => match session.event_for(line.trim()) {
                Ok(event) => session.offer(event),
                Err(why) => println!("not accepted: {}", session.words.say(&why)),
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
        let mut session = Session {
            ruleset,
            events,
            state,
            path,
            last_stick: Default::default(),
            last_inkast: Default::default(),
            turn: TurnTally::default(),
            unconfirmed: None,
            words: Words::for_ruleset(&ruleset),
        };
        session.recount();
        Ok(session)
    }

    /// Records `event`, or first asks when it would end a game.
    fn offer(&mut self, event: Event) {
        match self.state.apply(&event) {
            Err(why) => println!("not accepted: {}", self.words.say(&why.to_string())),
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
                        self.words.say(&end.reason.to_string())
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
            Err(why) => println!("not accepted: {}", self.words.say(&why)),
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

    /// Remembers who threw and tallies the turn of `event`, played on
    /// `before` to give `after`; the tally of the turn it finished, if
    /// it finished one.
    fn count(&mut self, before: &Match, after: &Match, event: &Event) -> Option<TurnTally> {
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
        let turn_over = after.turns_completed() != before.turns_completed()
            || (matches!(after.phase(), Phase::GameOver(_))
                && !matches!(before.phase(), Phase::GameOver(_)));
        // Starting a game (the starting throw, or `next`) ends no turn.
        let game_began = matches!(before.phase(), Phase::StartingThrow | Phase::GameOver(_));
        let finished = std::mem::take(&mut self.turn);
        match turn_over && !game_began {
            true => Some(finished),
            false => {
                self.turn = finished;
                None
            }
        }
    }

    /// The throwers and the turn in progress counted again from the events
    /// in force (a resumed record, or one an undo shortened).
    fn recount(&mut self) {
        self.last_stick = Default::default();
        self.last_inkast = Default::default();
        self.turn = TurnTally::default();
        let events = std::mem::take(&mut self.events);
        let mut state = Match::new(self.ruleset);
        for event in &events {
            let next = state.apply(event).expect("a record read is valid");
            self.count(&state, &next, event);
            state = next;
        }
        self.events = events;
    }

    /// Tallies the turn, and prints the turn's summary when it is over,
    /// the lag's result, the game's end and the match result.
    fn after(&mut self, before: &Match, event: &Event) {
        let state = self.state.clone();
        if let Some(turn) = self.count(before, &state, event) {
            println!("{}", self.turn_summary(before, &turn));
        }
        if let Event::StartingThrow { a, b } = event {
            println!("{}", self.lag_result(a, b));
        }
        self.announce_removals(before);
        if before.outcome().is_none() {
            if let Some(outcome) = self.state.outcome() {
                println!("{}", match_result(&self.state, outcome));
            } else if matches!(self.state.phase(), Phase::GameOver(_))
                && !matches!(before.phase(), Phase::GameOver(_))
            {
                let game = self.game_number();
                println!("game {game} is over; type next to start game {}", game + 1);
            }
        }
    }

    /// The game being played (or just over): 1 and one more for each
    /// `next`.
    fn game_number(&self) -> usize {
        1 + self
            .events
            .iter()
            .filter(|event| matches!(event, Event::NextGame {}))
            .count()
    }

    /// `game 2 of a best of 3`, and what to type when a game is over.
    fn game_line(&self) -> String {
        let game = self.game_number();
        let mut line = format!("game {game} of {}", self.ruleset.match_format());
        if self.state.outcome().is_none() && matches!(self.state.phase(), Phase::GameOver(_)) {
            line.push_str(&format!("; type next to start game {}", game + 1));
        }
        line
    }

    /// The field as the rules engine summarises it, in the referee's
    /// words, after the game's number; the king line says from where the
    /// king is thrown.
    fn field(&self) -> String {
        let mut lines = vec![self.game_line()];
        for line in self.state.to_string().lines() {
            let names = Team::BOTH
                .iter()
                .any(|team| line.starts_with(&format!("team {team} is ")));
            let mut line = match names {
                true => line.to_string(),
                false => self.words.say(line),
            };
            if line.starts_with("king: standing, may be attacked now") {
                let advanced = self.state.line(self.state.thrower()) != Line::Baseline;
                line.push_str(match advanced {
                    true => " (thrown from the baseline, not from the advanced line)",
                    false => " (thrown from the baseline)",
                });
            }
            lines.push(line);
        }
        lines.join("\n")
    }

    /// Who won the lag and why: `Danes' baton lay nearer the king (0.25 m
    /// to 0.40 m): Danes start`.
    fn lag_result(&self, a: &Lag, b: &Lag) -> String {
        let Some(starter) = self.state.starting_team() else {
            return String::new();
        };
        let name = |team: Team| self.state.team_info(team).name.to_string();
        let (won, lost) = match starter {
            Team::A => (a, b),
            Team::B => (b, a),
        };
        let stick = self.words.stick();
        let (winner, loser) = (name(starter), name(starter.other()));
        if won.distance < lost.distance {
            format!(
                "{} {stick} lay nearer the king ({:.2} m to {:.2} m): {winner} start",
                possessive(&winner),
                won.distance,
                lost.distance
            )
        } else {
            let contact = match lost.king {
                KingContact::Felled => "knocked the king over",
                _ => "touched the king",
            };
            format!(
                "{} {stick} {contact}, which loses the lag: {winner} start",
                possessive(&loser)
            )
        }
    }

    /// An event in words, as it was played on `before`: `Vikings' stick
    /// by al: felled 3 tower(s)`.
    fn describe(&self, before: &Match, event: &Event) -> String {
        let w = self.words;
        let team = possessive(before.team_info(before.thrower()).name.as_str());
        match event {
            Event::Stick { player, outcome } => {
                let what = match outcome {
                    StickOutcome::Miss => "a miss".to_string(),
                    StickOutcome::Foul => "a foul".to_string(),
                    StickOutcome::Hit { king: true, .. } => "felled the king".to_string(),
                    StickOutcome::Hit {
                        knights, towers, ..
                    } => {
                        let mut felled = Vec::new();
                        if !knights.is_empty() {
                            felled.push(format!("{} {}(s)", knights.len(), w.knight()));
                        }
                        if !towers.is_empty() {
                            felled.push(format!("{} {}(s)", towers.len(), w.tower()));
                        }
                        format!("felled {}", felled.join(" and "))
                    }
                };
                format!("{team} {} by {player}: {what}", w.stick())
            }
            Event::Inkast {
                player,
                landed_in,
                at,
                king_felled,
            } => {
                let what = match (landed_in, at, king_felled) {
                    (_, _, true) => "felled the king".to_string(),
                    (true, Some(at), _) => format!("landed in at {at}"),
                    (true, None, _) => "landed in".to_string(),
                    (false, ..) => "landed out".to_string(),
                };
                format!("{team} inkast by {player}: {what}")
            }
            Event::Placement { .. } => format!(
                "the placement of a piece by {}",
                before.team_info(before.thrower().other()).name
            ),
            Event::Rescue { player, piece } => {
                format!("{team} rescue of {piece} by {player}")
            }
            Event::StartingThrow { a, b } => {
                format!("the lag (A {:.2} m, B {:.2} m)", a.distance, b.distance)
            }
            Event::Start { team } => format!("the start: team {team} to start"),
            Event::NextGame {} => format!("the start of game {}", self.game_number() + 1),
            Event::TimeCalled {} => "the call of time".to_string(),
            Event::Teams { .. } => "the teams".to_string(),
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

    fn turn_summary(&self, before: &Match, t: &TurnTally) -> String {
        let team = before.thrower();
        let w = self.words;
        let mut parts = Vec::new();
        if t.inkast_in + t.inkast_out > 0 {
            parts.push(format!(
                "inkast {} in, {} out, {} placed",
                t.inkast_in, t.inkast_out, t.placed
            ));
        }
        parts.push(format!(
            "{} {}(s) and {} {}(s) felled, {} miss(es){}",
            t.knights,
            w.knight(),
            t.towers,
            w.tower(),
            t.misses,
            if t.fouls > 0 {
                format!(", {} foul(s)", t.fouls)
            } else {
                String::new()
            }
        ));
        let standing = |team: Team| self.state.standing_towers(team).len();
        format!(
            "turn {} of team {team} ({}): {}; {}s standing A {} B {}",
            before.turns_completed() + 1,
            before.team_info(team).name,
            parts.join("; "),
            w.tower(),
            standing(Team::A),
            standing(Team::B)
        )
    }

    /// Undo is a replay without the last event; the file is rewritten.
    /// It says what it took back; the throwers and the turn in progress
    /// are counted again from the events left.
    fn undo(&mut self) -> Result<(), UsageError> {
        let Some(event) = self.events.pop() else {
            println!("nothing to undo");
            return Ok(());
        };
        let text = log::write(&self.ruleset, &self.events);
        let read =
            log::read(&text, RulesChoice::default()).expect("a prefix of a valid record is valid");
        self.state = read.state;
        self.recount();
        std::fs::write(self.path, text)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", self.path.display())))?;
        println!("took back: {}", self.describe(&self.state, &event));
        Ok(())
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
        if let Some(why) = self.not_one_stick(token) {
            return Err(why);
        }
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
            _ => Err(self.not_an_entry(input)),
        }
    }

    /// A stick token that repeats a letter (`bb`, `ff`) is refused: the
    /// referee takes one stick per entry, and one stick that felled two
    /// baseline kubbs is `2b` (Planet Kubb's records add repeated letters
    /// up, so `bb` there is `2b`; a referee typing it may mean two sticks).
    fn not_one_stick(&self, token: &str) -> Option<String> {
        let letters: Vec<char> = token.chars().filter(|c| !c.is_ascii_digit()).collect();
        if letters.is_empty() || !letters.iter().all(|c| "fbk".contains(*c)) {
            return None;
        }
        let repeated = *letters
            .iter()
            .enumerate()
            .find(|(i, c)| letters[..*i].contains(c))?
            .1;
        let w = self.words;
        let n = letters.iter().filter(|&&c| c == repeated).count();
        let stick = w.stick();
        let why = match repeated {
            'k' => "the king falls once".to_string(),
            letter => {
                let piece = if letter == 'b' { w.tower() } else { w.knight() };
                format!(
                    "one {stick} that felled {n} {piece}s is {n}{letter}; {n} {stick}s are {n} entries, one {stick} each ({letter}, then {letter})"
                )
            }
        };
        Some(format!("'{token}' is not one {stick}: {why}"))
    }

    /// What to type instead of an entry the referee cannot read, for the
    /// throw that is due.
    /// A stick typed with spaces (`2 b`) is answered with its typed form.
    fn not_an_entry(&self, input: &str) -> String {
        let due = match self.state.to_act() {
            Some(ToAct::StartingThrow) => {
                "the lag is due: lag DIST_A DIST_B (each team's metres from the king), or start A|B"
                    .to_string()
            }
            Some(ToAct::Team(_, Decision::Inkast { .. })) => {
                "an inkast throw is due: in [X Y], out or in-king (with PLAYER: before it)"
                    .to_string()
            }
            Some(ToAct::Team(_, Decision::Placement { .. })) => {
                "the defenders place a piece: place [X Y]".to_string()
            }
            Some(ToAct::Team(_, Decision::Stick)) => self.words.say(
                "a stick is -, miss, f, 2f, b, 3b, bf, k, king, hit or foul (with PLAYER: before it)",
            ),
            Some(ToAct::NextGame) => format!(
                "the game is over: type next to start game {}",
                self.game_number() + 1
            ),
            None => "the match is over: stats, export or quit".to_string(),
        };
        let (tag, rest) = match input.split_once(':') {
            Some((player, rest)) if !player.contains(char::is_whitespace) => {
                (format!("{}:", player.trim()), rest)
            }
            _ => (String::new(), input),
        };
        let joined: String = rest.split_whitespace().collect::<String>().to_lowercase();
        let meant = rest.trim().contains(char::is_whitespace)
            && matches!(self.state.to_act(), Some(ToAct::Team(_, Decision::Stick)))
            && notation::stick_from_token(&self.state, &joined).is_ok();
        match meant {
            true => format!(
                "'{input}' is not an entry here; one {} is typed without spaces: {tag}{joined}; {due}",
                self.words.stick()
            ),
            false => format!("'{input}' is not an entry here; {due}; type help"),
        }
    }
}

/// How to type a point, for a refusal.
const POINT_HINT: &str =
    "a point is X (across) and Y (along) in metres with a space between, e.g. in 2.1 5.3";

fn point(rest: &[&str]) -> Result<Option<Point>, String> {
    let refused = |why: String| format!("{why}; {POINT_HINT}");
    match rest {
        [] => Ok(None),
        [x, y] => Ok(Some(Point {
            x: metres(x).map_err(refused)?,
            y: metres(y).map_err(refused)?,
        })),
        _ => Err(refused(format!("'{}' is not a point", rest.join(" ")))),
    }
}

/// A finite number of metres (`nan` and `inf` parse as numbers, but are
/// no place on a lawn); a decimal comma is read as a point (`2,1` is
/// 2.1 m).
fn metres(text: &str) -> Result<f64, String> {
    let decimal = match text.matches(',').count() == 1 && !text.contains('.') {
        true => text.replace(',', "."),
        false => text.to_string(),
    };
    decimal
        .parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
        .ok_or_else(|| format!("'{text}' is not metres"))
}

/// The announcement at the end of a match.
fn match_result(state: &Match, outcome: Outcome) -> String {
    // The score from the winner's side: 2-1, not 1-2.
    let games = |first: Team| {
        format!(
            "{}-{} in games",
            state.games_won(first),
            state.games_won(first.other())
        )
    };
    match outcome {
        Outcome::Won(team) => format!(
            "match over: {} (team {team}) win the match, {}",
            state.team_info(team).name,
            games(team)
        ),
        Outcome::Drawn => format!("match over: a draw on time, {}", games(Team::A)),
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
