//! `towers kubb …`: Koning & Torens commands.

use std::path::{Path, PathBuf};

use clap::builder::TypedValueParser as _;
use clap::{Args, Subcommand};
use kubb::notation::{RulesChoice, SettingsConflict};
use kubb::Outcome;
use kubb::{GamesToWin, Match, Name, Opening, Ruleset, TieBreak, TimeLimit, TournamentSettings};
use kubb_sim::throw::SkillPreset;

use crate::UsageError;

/// The rules of a match to make; a record's own rules win over these
/// defaults (and a flag that contradicts them is an error).
#[derive(Args, Clone, Copy)]
pub struct RulesFlags {
    /// seed (the source's rules) or standard; default: the record's, or seed.
    #[arg(long, conflicts_with = "preset")]
    ruleset: Option<Ruleset>,
    /// 6-6-6 or 2-4-6 (sticks of the first turns); default: the record's, or 6-6-6.
    #[arg(long, conflicts_with = "preset")]
    opening: Option<Opening>,
    /// Games a team must win: a best of 2N-1 games (default: the record's,
    /// or the ruleset's own, 1 seed, 2 standard).
    #[arg(long, value_name = "N", conflicts_with = "race_to")]
    games_to_win: Option<GamesToWin>,
    /// Play games until a team has won N: the same match as
    /// --games-to-win N (a drawn game ends the match, so no match needs
    /// more than 2N-1 games).
    #[arg(long, value_name = "N")]
    race_to: Option<GamesToWin>,
    /// The five-for-five forfeit: a team that fells all five baseline
    /// kubbs in a game's opening turn gives up the batons it has left.
    #[arg(long)]
    five_for_five: bool,
    /// A tournament's rules at once: us-2013, the U.S. National Kubb
    /// Championship before 2-4-6 (standard, 6-6-6, five-for-five).
    #[arg(long)]
    preset: Option<Preset>,
}

/// Named sets of rules (`--preset`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Preset {
    /// The U.S. National Kubb Championship's rules before the 2-4-6
    /// opening (2015): standard, 6-6-6, the five-for-five forfeit.
    #[value(name = "us-2013")]
    Us2013,
}

impl RulesFlags {
    fn choice(self) -> RulesChoice {
        let preset = self
            .preset
            .map(|Preset::Us2013| (Ruleset::STANDARD, Opening::SixSixSix));
        RulesChoice {
            ruleset: self.ruleset.or(preset.map(|(ruleset, _)| ruleset)),
            opening: self.opening.or(preset.map(|(_, opening)| opening)),
            games_to_win: self.games_to_win.or(self.race_to),
            five_for_five: (self.five_for_five || preset.is_some()).then_some(true),
        }
    }

    /// The rules of a match made from scratch.
    fn ruleset(self) -> Ruleset {
        self.choice()
            .resolve(None)
            .expect("nothing to contradict")
            .ruleset
    }
}

/// The tournament settings a new refereed record can choose beyond the
/// opening (rule book, "Tournament settings").
#[derive(Args, Clone, Copy)]
pub struct TournamentFlags {
    /// Under 2-4-6: the 2 sticks by two players, the 4 by at least three.
    #[arg(long)]
    thrower_rule: bool,
    /// A stick that fells the last knights and then a tower does not count
    /// the tower (events that rule against the double).
    #[arg(long)]
    no_double: bool,
    /// The match's time limit in minutes (the referee calls time with `time`).
    #[arg(long, value_name = "MINUTES", value_parser = clap::value_parser!(u16).range(1..))]
    time_limit: Option<u16>,
    /// What decides when time is called: none, baseline-count, accelerated
    /// or sudden (the German tie-break).
    #[arg(long, default_value = "baseline-count", requires = "time_limit")]
    tie_break: TieBreak,
}

impl TournamentFlags {
    /// The first of these flags that contradicts the rules a resumed
    /// record was made under (a flag not given contradicts nothing).
    pub fn conflict(&self, recorded: &Ruleset) -> Option<SettingsConflict> {
        let conflict = |setting, recorded: &str, given: String| SettingsConflict {
            setting,
            recorded: recorded.into(),
            given,
        };
        if self.thrower_rule && !recorded.opening_thrower_rule {
            return Some(conflict("thrower rule", "off", "--thrower-rule".into()));
        }
        if self.no_double && recorded.base_kubb_double {
            return Some(conflict("base-kubb double", "on", "--no-double".into()));
        }
        let given = self.time_limit.map(|minutes| TimeLimit {
            minutes,
            tie_break: self.tie_break,
        });
        match (given, recorded.time_limit) {
            (Some(given), recorded) if recorded != Some(given) => Some(conflict(
                "time limit",
                &recorded.map_or("none".into(), |limit| {
                    format!("{} minutes, tie-break {}", limit.minutes, limit.tie_break)
                }),
                format!(
                    "--time-limit {} --tie-break {}",
                    given.minutes, given.tie_break
                ),
            )),
            _ => None,
        }
    }

    fn apply(self, ruleset: Ruleset) -> Ruleset {
        ruleset.with(&TournamentSettings {
            opening: ruleset.opening,
            opening_thrower_rule: self.thrower_rule,
            base_kubb_double: !self.no_double,
            time_limit: self.time_limit.map(|minutes| TimeLimit {
                minutes,
                tie_break: self.tie_break,
            }),
            ..ruleset.settings()
        })
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Check a match record (event log or notation) and print the final
    /// state; the last line is `result: A wins`, `result: B wins` or
    /// `result: unfinished`.
    Replay {
        #[command(flatten)]
        rules: RulesFlags,
        file: PathBuf,
    },
    /// Statistics per player and team of a record (event log or notation):
    /// hit rates, the baseline (8 m) rate apart from advantage-line throws,
    /// first-baton efficiency, king-shot rate, efficiency.
    Stats {
        #[command(flatten)]
        rules: RulesFlags,
        /// CSV instead of a table.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// JSON instead of a table.
        #[arg(long)]
        json: bool,
        file: PathBuf,
    },
    /// Simulate matches between two teams of given skill (team A starts)
    /// and print win probabilities with 95 % intervals and game lengths.
    Simulate {
        #[arg(long, default_value_t = 10_000)]
        games: usize,
        #[command(flatten)]
        rules: RulesFlags,
        /// Skill of team A: beginner, experienced or advanced.
        #[arg(long, default_value = "experienced")]
        a: SkillPreset,
        /// Skill of team B.
        #[arg(long, default_value = "experienced")]
        b: SkillPreset,
        /// Seed of the xoshiro256++ generator; the same seed gives the same result.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (the result does not depend on them).
        #[arg(long)]
        threads: Option<usize>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Also write an SVG chart of the starting team's win probability
        /// for every pairing of the skill presets.
        #[arg(long, value_name = "FILE.svg")]
        plot: Option<PathBuf>,
    },
    /// Advice from the last state of a record: each team's chance to win
    /// and the best next decision of the team to act, with its gain over
    /// the heuristic's choice.
    Advise {
        #[command(flatten)]
        rules: RulesFlags,
        #[arg(long, default_value = "experienced")]
        a: SkillPreset,
        #[arg(long, default_value = "experienced")]
        b: SkillPreset,
        /// Play-outs per candidate decision (at least 1).
        #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..).map(|n| n as usize))]
        playouts: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        file: PathBuf,
    },
    /// Measure the Monte Carlo search strategy against the heuristic:
    /// matches between equal teams, the search playing A and B in turn.
    Duel {
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[command(flatten)]
        rules: RulesFlags,
        #[arg(long, default_value = "experienced")]
        skill: SkillPreset,
        /// Play-outs per candidate at each of the search's decisions (at
        /// least 1).
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..).map(|n| n as usize))]
        playouts: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The simulator's findings: the starting team's advantage under both
    /// rulesets, the effect of the seed's 10 m field and king rule, the
    /// value of an advanced line. Prints markdown tables and writes SVG
    /// charts to OUT.
    Findings {
        /// Matches per measurement.
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        /// Matches searched for advanced lines to value, per cell.
        #[arg(long, default_value_t = 2_000)]
        line_matches: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "docs/findings")]
        out: PathBuf,
    },
    /// Keep score of a match on the lawn, recording every event to FILE
    /// (an event log; an existing one is resumed).
    Referee {
        /// The rules of a new record (a resumed one keeps its own).
        #[command(flatten)]
        rules: RulesFlags,
        #[command(flatten)]
        tournament: TournamentFlags,
        /// Team A of a new record as NAME or NAME:PLAYER,PLAYER,…
        #[arg(long, value_name = "NAME[:PLAYERS]")]
        team_a: Option<String>,
        /// Team B of a new record, likewise.
        #[arg(long, value_name = "NAME[:PLAYERS]")]
        team_b: Option<String>,
        /// The referee's words: seed (tower, knight, stick) or club
        /// (baseline kubb, field kubb, baton); default: seed under the
        /// seed ruleset, club otherwise.
        #[arg(long)]
        words: Option<crate::kubb_referee::Words>,
        file: PathBuf,
    },
}

/// Runs `command`; the referee speaks `lang`.
pub fn run(command: Command, lang: i18n::Lang) -> Result<(), UsageError> {
    match command {
        Command::Replay { rules, file } => replay(rules.choice(), &file, lang),
        Command::Stats {
            rules,
            csv,
            json,
            file,
        } => stats(rules.choice(), csv, json, &file, lang),
        Command::Simulate {
            games,
            rules,
            a,
            b,
            seed,
            threads,
            json,
            plot,
        } => crate::kubb_simulate::run(
            games,
            rules.ruleset(),
            [a.skill(), b.skill()],
            seed,
            threads,
            crate::kubb_simulate::Report {
                json,
                plot: plot.as_deref(),
                lang,
            },
        ),
        Command::Advise {
            rules,
            a,
            b,
            playouts,
            seed,
            file,
        } => crate::kubb_advise::advise(
            rules.choice(),
            [a.skill(), b.skill()],
            playouts,
            seed,
            &file,
            lang,
        ),
        Command::Duel {
            games,
            rules,
            skill,
            playouts,
            seed,
        } => crate::kubb_advise::duel(games, rules.ruleset(), skill.skill(), playouts, seed, lang),
        Command::Findings {
            games,
            line_matches,
            seed,
            out,
        } => crate::kubb_findings::run(games, line_matches, seed, &out),
        Command::Referee {
            rules,
            tournament,
            team_a,
            team_b,
            words,
            file,
        } => {
            let teams = match (team_a, team_b) {
                (None, None) => None,
                (a, b) => Some([team_info(a, "A")?, team_info(b, "B")?]),
            };
            let asked = crate::kubb_referee::Asked {
                new_record: tournament.apply(rules.ruleset()),
                choice: rules.choice(),
                tournament,
            };
            crate::kubb_referee::run(asked, teams, words, lang, &file)
        }
    }
}

/// `NAME` or `NAME:PLAYER,PLAYER`; a team not given keeps its letter. A
/// player's name has no `:`, which separates a player from a throw when
/// the referee's entries and the notation tag one.
fn team_info(text: Option<String>, letter: &str) -> Result<kubb::TeamInfo, UsageError> {
    let text = text.unwrap_or_else(|| letter.to_string());
    let (name, players) = text.split_once(':').unwrap_or((&text, ""));
    let name_of = |text: &str| {
        Name::new(text).map_err(|e| UsageError(format!("team {letter}: '{text}': {e}")))
    };
    let player_of = |text: &str| {
        if text.contains(':') {
            return Err(UsageError(format!(
                "team {letter}: player '{text}': a player's name has no ':' (NAME:PLAYER,PLAYER)"
            )));
        }
        name_of(text)
    };
    Ok(kubb::TeamInfo {
        name: name_of(name)?,
        players: players
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(player_of)
            .collect::<Result<_, _>>()?,
    })
}

/// The final state and the result. English keeps the rules engine's own
/// summary, which scripts read; German and Dutch show the field as the
/// referee does.
fn replay(choice: RulesChoice, file: &Path, lang: i18n::Lang) -> Result<(), UsageError> {
    let record = read_record(choice, file, lang)?;
    let messages = i18n::Messages::new(lang);
    let result = record.result(&messages);
    match lang {
        i18n::Lang::En => println!("{}", record.state),
        i18n::Lang::De | i18n::Lang::Nl => println!(
            "{}",
            crate::kubb_referee::final_state(file, record.events, record.state, lang)
        ),
    }
    println!("{result}");
    Ok(())
}

fn stats(
    choice: RulesChoice,
    csv: bool,
    json: bool,
    file: &Path,
    lang: i18n::Lang,
) -> Result<(), UsageError> {
    let record = read_record(choice, file, lang)?;
    let stats = kubb::stats::match_stats(*record.state.ruleset(), &record.events);
    if csv {
        print!("{}", stats.to_csv());
    } else if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&stats).expect("statistics serialise")
        );
    } else {
        crate::kubb_referee::print_stats(&stats, lang);
    }
    Ok(())
}

/// A record read: its events and final state, and whether it was one game
/// of notation (whose result is that game's).
pub struct Record {
    pub events: Vec<kubb::Event>,
    pub state: Match,
    one_game_of_notation: bool,
}

impl Record {
    /// `result: A wins`, `result: B wins` (a named team by name and
    /// letter: `result: Vikings (A) wins`), `result: draw` (time called,
    /// games level) or `result: unfinished`. A notation record of one game
    /// of a longer match gives that game's result.
    pub fn result(&self, messages: &i18n::Messages) -> String {
        let game_winner = match self.state.phase() {
            kubb::Phase::GameOver(end) if self.one_game_of_notation => end.winner,
            _ => None,
        };
        match (self.state.outcome(), game_winner) {
            (Some(Outcome::Won(team)), _) | (None, Some(team)) => {
                let name = self.state.team_info(team).name.as_str();
                let letter = team.to_string();
                match name == letter {
                    true => messages.msg_with(
                        "terminal-replay-result-won",
                        &[("team", letter.as_str().into())],
                    ),
                    false => messages.msg_with(
                        "terminal-replay-result-won-named",
                        &[("name", name.into()), ("team", letter.as_str().into())],
                    ),
                }
            }
            (Some(Outcome::Drawn), _) => messages.msg("terminal-replay-result-drawn"),
            (None, None) => messages.msg("terminal-replay-result-unfinished"),
        }
    }
}

/// Reads a record, telling the formats apart by content: an event log
/// (`{` first), the notation's JSON array (`[`), or its text form. A
/// record that names no rules is read under the flags' (or the default),
/// and stderr says which.
/// The frame of a refusal is in `lang`; what the record's reader says
/// inside it is the kubb crate's English.
pub fn read_record(
    choice: RulesChoice,
    file: &Path,
    lang: i18n::Lang,
) -> Result<Record, UsageError> {
    let messages = i18n::Messages::new(lang);
    let shown = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| {
        UsageError(messages.msg_with(
            "terminal-file-cannot-read",
            &[
                ("file", shown.as_str().into()),
                ("error", e.to_string().as_str().into()),
            ],
        ))
    })?;
    let invalid = |e: String| {
        UsageError(messages.msg_with(
            "terminal-file-invalid-record",
            &[
                ("file", shown.as_str().into()),
                ("error", e.as_str().into()),
            ],
        ))
    };
    if text.trim().is_empty() {
        return Err(UsageError(messages.msg_with(
            "terminal-kubb-empty-record",
            &[("file", shown.as_str().into())],
        )));
    }
    if text.trim_start().starts_with('{') {
        let log = kubb::log::read(&text, choice).map_err(|e| invalid(e.to_string()))?;
        return Ok(Record {
            events: log.events,
            state: log.state,
            one_game_of_notation: false,
        });
    }
    let imported = kubb::notation::import(&text, choice).map_err(|e| invalid(e.to_string()))?;
    if let Some(assumption) = imported.assumption() {
        eprintln!("{}: {assumption}", file.display());
    }
    let games = 1 + imported
        .events
        .iter()
        .filter(|e| matches!(e, kubb::Event::NextGame {}))
        .count();
    Ok(Record {
        events: imported.events,
        state: imported.state,
        one_game_of_notation: games == 1,
    })
}
