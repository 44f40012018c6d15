//! A tournament file is input: whatever events it holds, reading it gives
//! a tournament or a typed error, and nothing done with a tournament that
//! was read (standings, the next pairing, a result, exports, ratings)
//! panics. Events are drawn at random from a small vocabulary so that many
//! of them are valid and the tournaments get somewhere.

use proptest::prelude::*;
use tournament::event::{Event, PairingEntry, ResultEntry};
use tournament::export::{bracket_svg, csv};
use tournament::glicko2::Glicko2;
use tournament::ratings::rate_tournament;
use tournament::{Format, GameKind, Name, Score, Settings, Tournament, TournamentFile};

const NAMES: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
const SCORES: [&str; 6] = ["2-0", "1-1", "0-2", "1-0", "0.5-0.5", "1.5-0.5"];

fn name() -> impl Strategy<Value = Name> {
    (0..NAMES.len()).prop_map(|i| NAMES[i].parse().unwrap())
}

fn score() -> impl Strategy<Value = Score> {
    (0..SCORES.len()).prop_map(|i| SCORES[i].parse().unwrap())
}

/// Settings, mostly valid: each option only with the format it belongs to.
fn settings() -> impl Strategy<Value = Settings> {
    let format = prop_oneof![
        Just(Format::RoundRobin),
        Just(Format::DoubleRoundRobin),
        Just(Format::Swiss),
        Just(Format::Knockout),
        Just(Format::PoolsKnockout),
    ];
    let game = prop_oneof![Just(GameKind::Kubb), Just(GameKind::Gt)];
    let option = proptest::option::of(0u32..4);
    (
        game,
        format,
        option.clone(),
        option.clone(),
        option,
        any::<bool>(),
        0..10,
    )
        .prop_map(
            |(game, format, rounds, pools, qualifiers, third_place, stray)| Settings {
                game,
                format,
                rounds: rounds.filter(|_| format == Format::Swiss || stray == 0),
                pools: pools.filter(|_| format == Format::PoolsKnockout || stray == 1),
                qualifiers: qualifiers.filter(|_| format == Format::PoolsKnockout || stray == 2),
                third_place: third_place && (format.has_knockout() || stray == 3),
            },
        )
}

fn entry() -> impl Strategy<Value = ResultEntry> {
    (
        0u32..6,
        name(),
        name(),
        score(),
        proptest::option::of("[0-9]-[0-9]"),
    )
        .prop_map(|(round, first, second, score, kubbs)| ResultEntry {
            round,
            first,
            second,
            score,
            kubbs: kubbs.map(|k| k.parse().unwrap()),
        })
}

fn event() -> impl Strategy<Value = Event> {
    let pairing = (name(), proptest::option::of(name()))
        .prop_map(|(first, second)| PairingEntry { first, second });
    prop_oneof![
        3 => name().prop_map(|name| Event::EntrantAdded { name }),
        1 => name().prop_map(|name| Event::Withdrawn { name }),
        2 => (0u32..6, proptest::collection::vec(pairing, 0..4))
            .prop_map(|(round, pairings)| Event::RoundPaired { round, pairings }),
        3 => entry().prop_map(Event::ResultRecorded),
        1 => entry().prop_map(Event::ResultCorrected),
        1 => settings().prop_map(|settings| Event::Created { settings }),
    ]
}

/// What an organiser (or a hostile file) does, one step at a time.
#[derive(Clone, Debug)]
enum Step {
    Add(Name),
    Withdraw(Name),
    Pair,
    Record(Name, Name, Score, Option<u32>),
    /// A result for a pairing of the current round, by its index.
    RecordPaired(prop::sample::Index, Score),
    Raw(Event),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        2 => name().prop_map(Step::Add),
        1 => name().prop_map(Step::Withdraw),
        3 => Just(Step::Pair),
        6 => (name(), name(), score(), proptest::option::of(0u32..6)).prop_map(|(a, b, s, r)| Step::Record(a, b, s, r)),
        12 => (any::<prop::sample::Index>(), score()).prop_map(|(i, s)| Step::RecordPaired(i, s)),
        1 => event().prop_map(Step::Raw),
    ]
}

fn take(tournament: &mut Tournament, step: Step) {
    let _ = match step {
        Step::Add(name) => tournament.add(name),
        Step::Withdraw(name) => tournament.withdraw(name),
        Step::Pair => tournament.pair().map(|_| ()),
        Step::Record(a, b, score, round) => tournament.record(&a, &b, score, None, round),
        Step::RecordPaired(index, score) => {
            let games: Vec<(Name, Name)> = tournament
                .rounds()
                .last()
                .into_iter()
                .flatten()
                .filter_map(|p| {
                    Some((
                        tournament.name(p.first).clone(),
                        tournament.name(p.second?).clone(),
                    ))
                })
                .collect();
            if games.is_empty() {
                return;
            }
            let (a, b) = &games[index.index(games.len())];
            tournament.record(a, b, score, None, None)
        }
        Step::Raw(event) => tournament.apply(event),
    };
}

/// Everything a command can do with a tournament, none of which may panic.
fn exercise(tournament: &Tournament) {
    let _ = tournament.standings();
    let _ = csv(tournament);
    let _ = bracket_svg(tournament);
    let _ = rate_tournament(tournament, Glicko2::default());
    let _ = tournament.clone().pair();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Steps taken through the commands always leave a file that reads
    /// back to the same tournament; the same file with an event dropped,
    /// moved or from another version reads or fails typed, never panics.
    #[test]
    fn any_file_reads_or_fails_typed_and_never_panics(
        settings in settings(),
        steps in proptest::collection::vec(step(), 0..80),
        damage in (any::<prop::sample::Index>(), any::<prop::sample::Index>(), 0..4),
    ) {
        let Ok(mut tournament) = Tournament::new(settings) else {
            return Ok(());
        };
        for step in steps {
            take(&mut tournament, step);
            exercise(&tournament);
        }
        let file = tournament.to_file();
        let read = Tournament::from_file(serde_json::from_str(&serde_json::to_string(&file).unwrap()).unwrap());
        prop_assert_eq!(read.as_ref().map(Tournament::standings), Ok(tournament.standings()));

        let (one, other, kind) = damage;
        let mut events = file.events.clone();
        let (i, j) = (one.index(events.len()), other.index(events.len()));
        let version = match kind {
            0 => {
                events.remove(i);
                1
            }
            1 => {
                let event = events.remove(i);
                events.insert(j.min(events.len()), event);
                1
            }
            2 => {
                events.swap(i, j);
                1
            }
            _ => 2,
        };
        if let Ok(damaged) = Tournament::from_file(TournamentFile { version, events }) {
            exercise(&damaged);
        }
    }
}
