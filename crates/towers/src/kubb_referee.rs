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

use i18n::{Arg, Lang, Messages};
use kubb::notation::{RulesChoice, TokenError};
use kubb::stats::{match_stats, MatchStats, Scope};
use kubb::{
    log, notation, Decision, EndReason, Event, GameEnd, KingContact, KingNotYet, Lag, Line, Match,
    Phase, Piece, PieceId, Point, Ruleset, StickOutcome, Team, TeamInfo, ToAct,
};
use kubb::{Outcome, RuleError};

use crate::kubb_cli::TournamentFlags;
use crate::UsageError;

/// The referee's commands: what is typed (the same in every language)
/// and the message that says what it does.
const COMMANDS: [(&str, &str); 9] = [
    ("start A|B", "terminal-referee-help-start"),
    ("[PLAYER:]in [X Y]", "terminal-referee-help-in"),
    ("[PLAYER:]out | in-king", "terminal-referee-help-out"),
    ("[PLAYER:]rescue PIECE", "terminal-referee-help-rescue"),
    ("place [X Y]", "terminal-referee-help-place"),
    ("[PLAYER:]TOKEN", "terminal-referee-help-stick"),
    ("[PLAYER:]f|b PIECE …", "terminal-referee-help-felled"),
    ("next", "terminal-referee-help-next"),
    ("time", "terminal-referee-help-time"),
];

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
    /// The selector the catalogs' messages choose their words by.
    fn code(self) -> &'static str {
        match self {
            Words::Seed => "seed",
            Words::Club => "club",
        }
    }

    fn for_ruleset(ruleset: &Ruleset) -> Words {
        match ruleset.name {
            "seed" => Words::Seed,
            _ => Words::Club,
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

/// The referee's voice: the messages of the language asked for, in the
/// words asked for. The rules engine's own refusals are English (its
/// `Display`), said in these words.
struct Voice {
    messages: Messages,
    words: Words,
}

impl Voice {
    /// The message `id`; every message may choose its words by `$words`.
    fn say(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let mut args = args.to_vec();
        args.push(("words", self.words.code().into()));
        self.messages.msg_with(id, &args)
    }

    fn lang(&self) -> Lang {
        self.messages.lang()
    }

    /// A team's name as the owner of a stick or a throw: English says
    /// `Danes'` and `Ann's` (the messages put it before the thing), German
    /// and Dutch say the name after `von`/`van`.
    fn owner(&self, name: &str) -> String {
        match self.lang() {
            Lang::En => possessive(name),
            Lang::De | Lang::Nl => name.to_string(),
        }
    }

    /// Metres with two decimals, with the language's decimal sign.
    fn metres(&self, value: f64) -> String {
        let text = format!("{value:.2}");
        match self.lang() {
            Lang::En => text,
            Lang::De | Lang::Nl => text.replace('.', ","),
        }
    }

    /// A point on the lawn, `(2.10 m, 5.30 m)`.
    fn point(&self, at: Point) -> String {
        match self.lang() {
            Lang::En => at.to_string(),
            Lang::De | Lang::Nl => {
                format!("({} m; {} m)", self.metres(at.x), self.metres(at.y))
            }
        }
    }

    /// A refusal of the rules: in English the rules engine's own words;
    /// in German and Dutch its code's message from the refusals' catalog,
    /// as the pages show it (English where the code is newer than the
    /// catalog).
    fn rule(&self, why: &RuleError) -> String {
        let id = format!("refusal-{}", why.code().replace('.', "-"));
        if self.lang() == Lang::En || !self.messages.has(&id) {
            return why.to_string();
        }
        enum Param {
            Text(String),
            Number(f64),
        }
        let params: Vec<(String, Param)> = why
            .params()
            .into_iter()
            .map(|(name, value)| {
                let param = match value {
                    serde_json::Value::Number(number) => {
                        Param::Number(number.as_f64().unwrap_or_default())
                    }
                    serde_json::Value::String(text) => Param::Text(text),
                    serde_json::Value::Array(items) => Param::Text(
                        items
                            .iter()
                            .map(|item| item.as_str().map_or(item.to_string(), String::from))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                    other => Param::Text(other.to_string()),
                };
                (name, param)
            })
            .collect();
        let args: Vec<(&str, Arg<'_>)> = params
            .iter()
            .map(|(name, param)| {
                let arg = match param {
                    Param::Text(text) => Arg::Text(text),
                    Param::Number(number) => Arg::Number(*number),
                };
                (name.as_str(), arg)
            })
            .collect();
        self.messages.msg_with(&id, &args)
    }

    /// The commands, one a line.
    fn help(&self) -> String {
        let mut lines = vec![self.say("terminal-referee-help-title", &[])];
        for (syntax, id) in COMMANDS {
            lines.push(format!("  {syntax:<28}{}", self.say(id, &[])));
        }
        lines.push("  undo | stats | export | help | quit".to_string());
        lines.join("\n")
    }

    /// Why a game ended.
    fn end_reason(&self, reason: &EndReason) -> String {
        match *reason {
            EndReason::KingFelledByInkast { thrower } => self.say(
                "terminal-referee-end-king-by-inkast",
                &[("team", team_letter(thrower).into())],
            ),
            EndReason::KingFelled { thrower } => self.say(
                "terminal-referee-end-king",
                &[("team", team_letter(thrower).into())],
            ),
            EndReason::KingFelledTooEarly { thrower, why } => self.say(
                "terminal-referee-end-king-too-early",
                &[
                    ("team", team_letter(thrower).into()),
                    ("why", self.king_not_yet(&why).as_str().into()),
                ],
            ),
            EndReason::MoreTowersKnocked { team, more, fewer } => self.say(
                "terminal-referee-end-more-towers",
                &[
                    ("team", team_letter(team).into()),
                    ("more", more.into()),
                    ("fewer", fewer.into()),
                ],
            ),
            EndReason::EqualTowersKnocked { towers } => self.say(
                "terminal-referee-end-equal-towers",
                &[("count", towers.into())],
            ),
            EndReason::TimeCalled => self.say("terminal-referee-end-time", &[]),
        }
    }

    /// Why the king may not be attacked yet.
    fn king_not_yet(&self, why: &KingNotYet) -> String {
        match *why {
            KingNotYet::PiecesStanding {
                opponent,
                towers,
                knights,
            } => self.say(
                "terminal-referee-king-pieces-standing",
                &[
                    ("team", team_letter(opponent).into()),
                    ("towers", towers.into()),
                    ("knights", knights.into()),
                ],
            ),
            KingNotYet::TooFewSticks {
                ruleset,
                needed,
                thrower,
                left,
            } => self.say(
                "terminal-referee-king-too-few-sticks",
                &[
                    ("ruleset", ruleset.into()),
                    ("needed", u32::from(needed).into()),
                    ("team", team_letter(thrower).into()),
                    ("left", u32::from(left).into()),
                ],
            ),
        }
    }

    /// Where a piece is: `tower B1 on team B's baseline, spot 1`.
    fn whereabouts(&self, state: &Match, piece: PieceId) -> String {
        let name = piece.to_string();
        let name = name.as_str();
        match state.piece(piece) {
            Piece::Tower { team } => self.say(
                "terminal-referee-piece-tower",
                &[
                    ("piece", name.into()),
                    ("team", team_letter(team).into()),
                    ("spot", (piece.spot() + 1).into()),
                ],
            ),
            Piece::Knight { half, at: Some(at) } => self.say(
                "terminal-referee-piece-knight-at",
                &[
                    ("piece", name.into()),
                    ("team", team_letter(half).into()),
                    ("at", self.point(at).as_str().into()),
                ],
            ),
            Piece::Knight { half, at: None } => self.say(
                "terminal-referee-piece-knight",
                &[("piece", name.into()), ("team", team_letter(half).into())],
            ),
            Piece::Down { half } => self.say(
                "terminal-referee-piece-down",
                &[("piece", name.into()), ("team", team_letter(half).into())],
            ),
            Piece::Removed => self.say("terminal-referee-piece-removed", &[("piece", name.into())]),
        }
    }
}

/// `A` or `B`, a team's letter (data, the same in every language).
fn team_letter(team: Team) -> &'static str {
    match team {
        Team::A => "A",
        Team::B => "B",
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
    voice: Voice,
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
    lang: Lang,
    path: &Path,
) -> Result<(), UsageError> {
    // Teams the rules refuse (a player listed twice, too few players for
    // the thrower rule) are refused before a record is made.
    if let Some([a, b]) = &teams {
        TeamInfo::check_pair(&asked.new_record, a, b).map_err(|e| UsageError(e.to_string()))?;
    }
    let mut session = Session::open(&asked, path, lang)?;
    session.voice.words = words.unwrap_or_else(|| Words::for_ruleset(&session.ruleset));
    if let Some([a, b]) = teams {
        if session.events.is_empty() {
            session.accept(Event::Teams { a, b }).map_err(UsageError)?;
        } else {
            println!("{}", session.voice.say("terminal-referee-teams-named", &[]));
        }
    }
    let settings = kubb::notation::header_text(&session.ruleset);
    let record = path.display().to_string();
    println!(
        "{}",
        session.voice.say(
            "terminal-referee-title",
            &[
                ("ruleset", session.ruleset.name.into()),
                ("settings", settings.as_str().into()),
                ("file", record.as_str().into()),
            ],
        )
    );
    println!("{}", session.voice.help());
    let mut lines = io::stdin().lock().lines();
    loop {
        if session.unconfirmed.is_none() {
            println!("\n{}", session.field());
        }
        print!("> ");
        let _ = io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { break };
        if let Some(event) = session.unconfirmed.take() {
            // `y` in every language; `j`/`ja` as German and Dutch say yes.
            if matches!(
                line.trim().to_lowercase().as_str(),
                "y" | "yes" | "j" | "ja"
            ) {
                session.record(event);
            } else {
                println!(
                    "{}",
                    session.voice.say("terminal-referee-not-recorded", &[])
                );
            }
            continue;
        }
        match line.trim().to_lowercase().as_str() {
            "" => {}
            "quit" | "exit" => break,
            "help" => println!("{}", session.voice.help()),
            "stats" => print_stats(
                &match_stats(session.ruleset, &session.events),
                session.voice.lang(),
            ),
            "export" => match notation::export(&session.events, session.ruleset) {
                Ok(text) => print!("{text}"),
                Err(error) => {
                    let why = error.to_string();
                    let said = session.voice.say(
                        "terminal-referee-export-refused",
                        &[("why", why.as_str().into())],
                    );
                    println!("{said}");
                }
            },
            "undo" => session.undo()?,
            _ => match session.event_for(line.trim()) {
                Ok(event) => session.offer(event),
                Err(why) => println!("{}", session.refused(&why)),
            },
        }
    }
    print_stats(
        &match_stats(session.ruleset, &session.events),
        session.voice.lang(),
    );
    Ok(())
}

impl<'a> Session<'a> {
    /// A new record, or the one in the file resumed.
    /// A flag that contradicts a resumed record's rules is refused, as
    /// `replay` refuses it.
    fn open(asked: &Asked, path: &'a Path, lang: Lang) -> Result<Session<'a>, UsageError> {
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
        Ok(Session::of(ruleset, events, state, path, lang))
    }

    /// A session on a record's events and the state they lead to, its
    /// tallies counted again.
    fn of(
        ruleset: Ruleset,
        events: Vec<Event>,
        state: Match,
        path: &'a Path,
        lang: Lang,
    ) -> Session<'a> {
        let mut session = Session {
            ruleset,
            events,
            state,
            path,
            last_stick: Default::default(),
            last_inkast: Default::default(),
            turn: TurnTally::default(),
            unconfirmed: None,
            voice: Voice {
                messages: Messages::new(lang),
                words: Words::for_ruleset(&ruleset),
            },
        };
        session.recount();
        session
    }

    /// `not accepted: …`, the refusal said in the referee's words.
    fn refused(&self, why: &str) -> String {
        let why = self.voice.words.say(why);
        self.voice
            .say("terminal-referee-refused", &[("why", why.as_str().into())])
    }

    /// Records `event`, or first asks when it would end a game.
    fn offer(&mut self, event: Event) {
        match self.state.apply(&event) {
            Err(why) => println!("{}", self.refused(&self.voice.rule(&why))),
            Ok(next) => match next.phase() {
                Phase::GameOver(end) if !matches!(self.state.phase(), Phase::GameOver(_)) => {
                    let reason = self.voice.end_reason(&end.reason);
                    let reason = reason.as_str().into();
                    let question = match end.winner {
                        Some(team) => self.voice.say(
                            "terminal-referee-confirm-win",
                            &[
                                ("team", team_letter(team).into()),
                                ("name", next.team_info(team).name.as_str().into()),
                                ("reason", reason),
                            ],
                        ),
                        None => self
                            .voice
                            .say("terminal-referee-confirm-draw", &[("reason", reason)]),
                    };
                    println!("{question}");
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
            Err(why) => println!("{}", self.refused(&why)),
        }
    }

    fn accept(&mut self, event: Event) -> Result<(), String> {
        let next = self.state.apply(&event).map_err(|e| self.voice.rule(&e))?;
        let line = log::event_line(&event);
        OpenOptions::new()
            .append(true)
            .open(self.path)
            .and_then(|mut file| writeln!(file, "{line}").and_then(|()| file.sync_data()))
            .map_err(|e| {
                let error = e.to_string();
                self.voice.say(
                    "terminal-referee-not-saved",
                    &[("error", error.as_str().into())],
                )
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
                println!("{}", self.match_result(outcome));
            } else if matches!(self.state.phase(), Phase::GameOver(_))
                && !matches!(before.phase(), Phase::GameOver(_))
            {
                let game = self.game_number();
                let said = self.voice.say(
                    "terminal-referee-game-over",
                    &[("game", game.into()), ("next", (game + 1).into())],
                );
                println!("{said}");
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
        let wins = u32::from(self.ruleset.games_to_win.max(1));
        let over =
            self.state.outcome().is_none() && matches!(self.state.phase(), Phase::GameOver(_));
        let id = match over {
            true => "terminal-referee-game-line-over",
            false => "terminal-referee-game-line",
        };
        self.voice.say(
            id,
            &[
                ("game", game.into()),
                ("wins", wins.into()),
                ("bestOf", (2 * wins - 1).into()),
                ("next", (game + 1).into()),
            ],
        )
    }

    /// The field after the game's number (and what to type when a game
    /// is over).
    fn field(&self) -> String {
        format!("{}\n{}", self.game_line(), self.state_shown())
    }

    /// The field as the rules engine keeps it: the match, the turn, each
    /// team's side, what counts and the king (the king line says from
    /// where the king is thrown).
    fn state_shown(&self) -> String {
        let v = &self.voice;
        let state = &self.state;
        let mut lines = Vec::new();
        lines.push(v.say(
            "terminal-referee-field-match",
            &[
                ("ruleset", self.ruleset.name.into()),
                ("opening", self.ruleset.opening.to_string().as_str().into()),
                ("a", u32::from(state.games_won(Team::A)).into()),
                ("b", u32::from(state.games_won(Team::B)).into()),
                ("timeCalled", yes_no(state.time_called()).into()),
            ],
        ));
        let turn = state.turns_completed() + 1;
        let team = team_letter(state.thrower());
        let sticks = u32::from(state.sticks_left());
        let on_turn = |id: &str, count: usize| {
            v.say(
                id,
                &[
                    ("turn", turn.into()),
                    ("team", team.into()),
                    ("count", count.into()),
                    ("sticks", sticks.into()),
                ],
            )
        };
        lines.push(match state.phase() {
            Phase::GameOver(end) => self.game_result(end),
            Phase::StartingThrow => v.say("terminal-referee-field-lag-due", &[]),
            Phase::Inkast { queue, .. } => on_turn("terminal-referee-field-inkast", queue.len()),
            Phase::Placement { to_place } => {
                on_turn("terminal-referee-field-placement", to_place.len())
            }
            Phase::Throwing => on_turn("terminal-referee-field-throwing", 0),
        });
        for team in Team::BOTH {
            let info = state.team_info(team);
            if info.name.as_str() != team_letter(team) || !info.players.is_empty() {
                let players: Vec<&str> = info.players.iter().map(|p| p.as_str()).collect();
                lines.push(v.say(
                    "terminal-referee-field-team",
                    &[
                        ("team", team_letter(team).into()),
                        ("name", info.name.as_str().into()),
                        ("players", players.join(", ").as_str().into()),
                    ],
                ));
            }
            let line = match state.line(team) {
                Line::Baseline => v.say("terminal-referee-line-baseline", &[]),
                Line::AtKnight { piece, y: Some(y) } => v.say(
                    "terminal-referee-line-knight-at",
                    &[
                        ("piece", piece.to_string().as_str().into()),
                        ("y", v.metres(y).as_str().into()),
                    ],
                ),
                Line::AtKnight { piece, y: None } => v.say(
                    "terminal-referee-line-knight",
                    &[("piece", piece.to_string().as_str().into())],
                ),
            };
            lines.push(v.say(
                "terminal-referee-field-side",
                &[
                    ("team", team_letter(team).into()),
                    ("towers", state.standing_towers(team).len().into()),
                    ("knights", state.standing_knights(team).len().into()),
                    ("down", state.down_in(team).len().into()),
                    ("line", line.as_str().into()),
                ],
            ));
        }
        if matches!(state.phase(), Phase::Throwing) {
            let targets: Vec<String> = state
                .counting_targets()
                .iter()
                .map(|piece| v.whereabouts(state, piece))
                .collect();
            lines.push(match targets.is_empty() {
                true => v.say("terminal-referee-field-no-targets", &[]),
                false => v.say(
                    "terminal-referee-field-targets",
                    &[("targets", targets.join("; ").as_str().into())],
                ),
            });
            let advanced = state.line(state.thrower()) != Line::Baseline;
            lines.push(match (state.king_attack(), advanced) {
                (Ok(()), true) => v.say("terminal-referee-field-king-open-advanced", &[]),
                (Ok(()), false) => v.say("terminal-referee-field-king-open", &[]),
                (Err(why), _) => v.say(
                    "terminal-referee-field-king-not-yet",
                    &[("why", v.king_not_yet(&why).as_str().into())],
                ),
            });
        } else {
            lines.push(match state.king_standing() {
                true => v.say("terminal-referee-field-king-standing", &[]),
                false => v.say("terminal-referee-field-king-down", &[]),
            });
        }
        lines.join("\n")
    }

    /// `game over: team A won (why)`.
    fn game_result(&self, end: &GameEnd) -> String {
        let reason = self.voice.end_reason(&end.reason);
        match end.winner {
            Some(team) => self.voice.say(
                "terminal-referee-field-won",
                &[
                    ("team", team_letter(team).into()),
                    ("reason", reason.as_str().into()),
                ],
            ),
            None => self.voice.say(
                "terminal-referee-field-drawn",
                &[("reason", reason.as_str().into())],
            ),
        }
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
        let v = &self.voice;
        let (winner, loser) = (name(starter), name(starter.other()));
        if won.distance < lost.distance {
            v.say(
                "terminal-referee-lag-nearer",
                &[
                    ("owner", v.owner(&winner).as_str().into()),
                    ("winner", winner.as_str().into()),
                    ("won", v.metres(won.distance).as_str().into()),
                    ("lost", v.metres(lost.distance).as_str().into()),
                ],
            )
        } else {
            let id = match lost.king {
                KingContact::Felled => "terminal-referee-lag-felled-king",
                _ => "terminal-referee-lag-touched-king",
            };
            v.say(
                id,
                &[
                    ("owner", v.owner(&loser).as_str().into()),
                    ("winner", winner.as_str().into()),
                ],
            )
        }
    }

    /// An event in words, as it was played on `before`: `Vikings' stick
    /// by al: felled 3 tower(s)`.
    fn describe(&self, before: &Match, event: &Event) -> String {
        let v = &self.voice;
        let owner = v.owner(before.team_info(before.thrower()).name.as_str());
        let owner = owner.as_str();
        match event {
            Event::Stick { player, outcome } => {
                let player = player.as_str().into();
                match outcome {
                    StickOutcome::Miss => v.say(
                        "terminal-referee-took-back-miss",
                        &[("owner", owner.into()), ("player", player)],
                    ),
                    StickOutcome::Foul => v.say(
                        "terminal-referee-took-back-foul",
                        &[("owner", owner.into()), ("player", player)],
                    ),
                    StickOutcome::Hit { king: true, .. } => v.say(
                        "terminal-referee-took-back-king",
                        &[("owner", owner.into()), ("player", player)],
                    ),
                    StickOutcome::Hit {
                        knights, towers, ..
                    } => v.say(
                        "terminal-referee-took-back-felled",
                        &[
                            ("owner", owner.into()),
                            ("player", player),
                            ("knights", knights.len().into()),
                            ("towers", towers.len().into()),
                        ],
                    ),
                }
            }
            Event::Inkast {
                player,
                landed_in,
                at,
                king_felled,
            } => {
                let args = [("owner", owner.into()), ("player", player.as_str().into())];
                match (landed_in, at, king_felled) {
                    (_, _, true) => v.say("terminal-referee-took-back-inkast-king", &args),
                    (true, Some(at), _) => {
                        let at = v.point(*at);
                        let mut args = args.to_vec();
                        args.push(("at", at.as_str().into()));
                        v.say("terminal-referee-took-back-inkast-in-at", &args)
                    }
                    (true, None, _) => v.say("terminal-referee-took-back-inkast-in", &args),
                    (false, ..) => v.say("terminal-referee-took-back-inkast-out", &args),
                }
            }
            Event::Placement { .. } => v.say(
                "terminal-referee-took-back-placement",
                &[(
                    "name",
                    before
                        .team_info(before.thrower().other())
                        .name
                        .as_str()
                        .into(),
                )],
            ),
            Event::Rescue { player, piece } => v.say(
                "terminal-referee-took-back-rescue",
                &[
                    ("owner", owner.into()),
                    ("player", player.as_str().into()),
                    ("piece", piece.to_string().as_str().into()),
                ],
            ),
            Event::StartingThrow { a, b } => v.say(
                "terminal-referee-took-back-lag",
                &[
                    ("a", v.metres(a.distance).as_str().into()),
                    ("b", v.metres(b.distance).as_str().into()),
                ],
            ),
            Event::Start { team } => v.say(
                "terminal-referee-took-back-start",
                &[("team", team_letter(*team).into())],
            ),
            Event::NextGame {} => v.say(
                "terminal-referee-took-back-next-game",
                &[("game", (self.game_number() + 1).into())],
            ),
            Event::TimeCalled {} => v.say("terminal-referee-took-back-time", &[]),
            Event::Teams { .. } => v.say("terminal-referee-took-back-teams", &[]),
        }
    }

    /// The accelerated and sudden tie-breaks take pieces out of the game
    /// as the rules say; the referee says which, for the lawn to match.
    fn announce_removals(&self, before: &Match) {
        for piece in PieceId::ALL {
            let removed = |state: &Match| state.piece(piece) == kubb::Piece::Removed;
            if removed(&self.state) && !removed(before) {
                let piece = self.voice.whereabouts(before, piece);
                let said = self.voice.say(
                    "terminal-referee-tie-break-removal",
                    &[("piece", piece.as_str().into())],
                );
                println!("{said}");
            }
        }
    }

    fn turn_summary(&self, before: &Match, t: &TurnTally) -> String {
        let team = before.thrower();
        let v = &self.voice;
        let mut parts = Vec::new();
        if t.inkast_in + t.inkast_out > 0 {
            parts.push(v.say(
                "terminal-referee-turn-inkast",
                &[
                    ("in", t.inkast_in.into()),
                    ("out", t.inkast_out.into()),
                    ("placed", t.placed.into()),
                ],
            ));
        }
        parts.push(v.say(
            "terminal-referee-turn-sticks",
            &[
                ("knights", t.knights.into()),
                ("towers", t.towers.into()),
                ("misses", t.misses.into()),
                ("fouls", t.fouls.into()),
            ],
        ));
        let standing = |team: Team| self.state.standing_towers(team).len();
        v.say(
            "terminal-referee-turn-summary",
            &[
                ("turn", (before.turns_completed() + 1).into()),
                ("team", team_letter(team).into()),
                ("name", before.team_info(team).name.as_str().into()),
                ("tally", parts.join("; ").as_str().into()),
                ("a", standing(Team::A).into()),
                ("b", standing(Team::B).into()),
            ],
        )
    }

    /// The announcement at the end of a match, the score from the
    /// winner's side: 2-1, not 1-2.
    fn match_result(&self, outcome: Outcome) -> String {
        let state = &self.state;
        let games = |first: Team| {
            [
                ("won", u32::from(state.games_won(first)).into()),
                ("lost", u32::from(state.games_won(first.other())).into()),
            ]
        };
        match outcome {
            Outcome::Won(team) => {
                let [won, lost] = games(team);
                self.voice.say(
                    "terminal-referee-match-won",
                    &[
                        ("name", state.team_info(team).name.as_str().into()),
                        ("team", team_letter(team).into()),
                        won,
                        lost,
                    ],
                )
            }
            Outcome::Drawn => {
                let [won, lost] = games(Team::A);
                self.voice.say("terminal-referee-match-drawn", &[won, lost])
            }
        }
    }

    /// Undo is a replay without the last event; the file is rewritten.
    /// It says what it took back; the throwers and the turn in progress
    /// are counted again from the events left.
    fn undo(&mut self) -> Result<(), UsageError> {
        let Some(event) = self.events.pop() else {
            println!(
                "{}",
                self.voice.say("terminal-referee-nothing-to-undo", &[])
            );
            return Ok(());
        };
        let text = log::write(&self.ruleset, &self.events);
        let read =
            log::read(&text, RulesChoice::default()).expect("a prefix of a valid record is valid");
        self.state = read.state;
        self.recount();
        std::fs::write(self.path, text)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", self.path.display())))?;
        let event = self.describe(&self.state, &event);
        let said = self.voice.say(
            "terminal-referee-took-back",
            &[("event", event.as_str().into())],
        );
        println!("{said}");
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
                team: parse_team(&self.voice, team)?,
            }),
            ["lag", a, b, flags @ ..] => lag_event(&self.voice, a, b, flags),
            ["in", rest @ ..] => inkast(true, point(&self.voice, rest)?, false),
            ["out"] => inkast(false, None, false),
            ["in-king"] => inkast(true, None, true),
            ["rescue", piece] => Ok(Event::Rescue {
                player: self.player(player, true)?,
                piece: piece.parse().map_err(|e: kubb::NotAPiece| e.to_string())?,
            }),
            ["place", rest @ ..] => Ok(Event::Placement {
                at: point(&self.voice, rest)?,
            }),
            ["next"] => Ok(Event::NextGame {}),
            ["time"] => Ok(Event::TimeCalled {}),
            [token, pieces @ ..] => Ok(Event::Stick {
                player: self.player(player, false)?,
                outcome: self.stick_outcome(token, pieces, input)?,
            }),
            [] => Err(self.voice.say("terminal-referee-empty", &[])),
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
        let n = letters.iter().filter(|&&c| c == repeated).count();
        let letter = repeated.to_string();
        Some(match repeated {
            'k' => self.voice.say(
                "terminal-referee-not-one-stick-king",
                &[("token", token.into())],
            ),
            _ => self.voice.say(
                "terminal-referee-not-one-stick",
                &[
                    ("token", token.into()),
                    ("count", n.into()),
                    ("letter", letter.as_str().into()),
                ],
            ),
        })
    }

    /// What to type instead of an entry the referee cannot read, for the
    /// throw that is due.
    /// A stick typed with spaces (`2 b`) is answered with its typed form.
    fn not_an_entry(&self, input: &str) -> String {
        let v = &self.voice;
        let due = match self.state.to_act() {
            Some(ToAct::StartingThrow) => v.say("terminal-referee-due-lag", &[]),
            Some(ToAct::Team(_, Decision::Inkast { .. })) => {
                v.say("terminal-referee-due-inkast", &[])
            }
            Some(ToAct::Team(_, Decision::Placement { .. })) => {
                v.say("terminal-referee-due-placement", &[])
            }
            Some(ToAct::Team(_, Decision::Stick)) => v.say("terminal-referee-due-stick", &[]),
            Some(ToAct::NextGame) => v.say(
                "terminal-referee-due-next-game",
                &[("next", (self.game_number() + 1).into())],
            ),
            None => v.say("terminal-referee-due-match-over", &[]),
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
            true => v.say(
                "terminal-referee-not-an-entry-spaces",
                &[
                    ("input", input.into()),
                    ("typed", format!("{tag}{joined}").as_str().into()),
                    ("due", due.as_str().into()),
                ],
            ),
            false => v.say(
                "terminal-referee-not-an-entry",
                &[("input", input.into()), ("due", due.as_str().into())],
            ),
        }
    }
}

/// A point typed as `X Y` (metres across and along), or none.
fn point(voice: &Voice, rest: &[&str]) -> Result<Option<Point>, String> {
    let refused = |text: &str, id: &str| voice.say(id, &[("text", text.into())]);
    match rest {
        [] => Ok(None),
        [x, y] => Ok(Some(Point {
            x: metres(x).ok_or_else(|| refused(x, "terminal-referee-not-metres"))?,
            y: metres(y).ok_or_else(|| refused(y, "terminal-referee-not-metres"))?,
        })),
        _ => Err(refused(&rest.join(" "), "terminal-referee-not-a-point")),
    }
}

/// A finite number of metres (`nan` and `inf` parse as numbers, but are
/// no place on a lawn); a decimal comma is read as a point (`2,1` is
/// 2.1 m).
fn metres(text: &str) -> Option<f64> {
    let decimal = match text.matches(',').count() == 1 && !text.contains('.') {
        true => text.replace(',', "."),
        false => text.to_string(),
    };
    decimal
        .parse::<f64>()
        .ok()
        .filter(|value| value.is_finite())
}

/// `yes` or `no`, for a message's selector.
fn yes_no(flag: bool) -> &'static str {
    match flag {
        true => "yes",
        false => "no",
    }
}

fn parse_team(voice: &Voice, text: &str) -> Result<Team, String> {
    match text.to_ascii_uppercase().as_str() {
        "A" => Ok(Team::A),
        "B" => Ok(Team::B),
        _ => Err(voice.say("terminal-referee-not-a-team", &[("text", text.into())])),
    }
}

fn lag_event(voice: &Voice, a: &str, b: &str, flags: &[&str]) -> Result<Event, String> {
    let distance = |text: &str| {
        metres(text)
            .ok_or_else(|| voice.say("terminal-referee-not-a-distance", &[("text", text.into())]))
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

/// A record's final state in `lang`, as the referee shows the field (in
/// the words of its ruleset), without what the referee would have typed
/// next.
pub fn final_state(path: &Path, events: Vec<Event>, state: Match, lang: Lang) -> String {
    let ruleset = *state.ruleset();
    Session::of(ruleset, events, state, path, lang).state_shown()
}

/// The statistics as a table: players, then both teams. A heading wider
/// than its column (German, Dutch) widens the column.
pub fn print_stats(stats: &MatchStats, lang: Lang) {
    let messages = Messages::new(lang);
    let percent =
        |rate: Option<f64>| rate.map_or("-".to_string(), |r| format!("{:.0}%", r * 100.0));
    let scope = |scope: Scope| match scope {
        Scope::Player => messages.msg("terminal-stats-scope-player"),
        Scope::Team => messages.msg("terminal-stats-scope-team"),
    };
    let scopes = [scope(Scope::Player), scope(Scope::Team)];
    let headings = [
        String::new(),
        messages.msg("terminal-stats-heading-team"),
        messages.msg("terminal-stats-heading-name"),
        messages.msg("terminal-stats-heading-sticks"),
        messages.msg("terminal-stats-heading-hit"),
        messages.msg("terminal-stats-heading-baseline"),
        messages.msg("terminal-stats-heading-advanced"),
        messages.msg("terminal-stats-heading-first-stick"),
        messages.msg("terminal-stats-heading-king"),
        messages.msg("terminal-stats-heading-inkast"),
        messages.msg("terminal-stats-heading-efficiency"),
    ];
    let mut widths = [6, 4, 14, 6, 5, 9, 9, 5, 5, 9, 5];
    for (width, heading) in widths.iter_mut().zip(&headings) {
        *width = (*width).max(heading.chars().count());
    }
    widths[0] = scopes
        .iter()
        .map(|s| s.chars().count())
        .fold(widths[0], usize::max);
    // The scope, the team and the name read from the left, the numbers
    // from the right.
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(column, (cell, width))| match column < 3 {
                true => format!("{cell:<width$}"),
                false => format!("{cell:>width$}"),
            })
            .collect();
        println!("{}", padded.join(" "));
    };
    line(&headings);
    for r in stats.players.iter().chain(&stats.teams) {
        line(&[
            scope(r.scope),
            r.team.to_string(),
            r.name.clone(),
            r.sticks.to_string(),
            percent(r.hit_rate),
            percent(r.baseline_hit_rate),
            percent(r.advantage_hit_rate),
            percent(r.first_baton_efficiency),
            percent(r.king_rate),
            percent(r.inkast_rate),
            percent(r.efficiency),
        ]);
    }
}
