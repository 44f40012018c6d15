//! Arbitrary tournament events on a `Tournament` of any format: a refused
//! event changes nothing, an accepted one leaves a tournament whose file
//! replays to the same tournament and whose standings are drawn.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use tournament::event::{PairingEntry, ResultEntry};
use tournament::{export, Event, Name, Settings, Tournament};

const NAMES: [&str; 7] = ["ann", "bob", "cy", "dee", "ed", "flo", "Ann"];

fn name(u: &mut Unstructured) -> Result<Option<Name>> {
    let text = if u.ratio(1, 32)? {
        u.arbitrary::<String>()?
    } else {
        u.choose(&NAMES)?.to_string()
    };
    Ok(text.parse().ok())
}

fn settings(u: &mut Unstructured) -> Result<Option<Settings>> {
    let option = |u: &mut Unstructured| -> Result<Option<u32>> {
        Ok(if u.arbitrary()? {
            Some(u.int_in_range(0..=9)?)
        } else {
            None
        })
    };
    let json = serde_json::json!({
        "game": *u.choose(&["kubb", "gt"])?,
        "format": *u.choose(&["round-robin", "double-round-robin", "swiss", "knockout", "pools-knockout"])?,
        "rounds": option(u)?,
        "pools": option(u)?,
        "qualifiers": option(u)?,
        "third_place": u.arbitrary::<bool>()?,
    });
    Ok(serde_json::from_value(json).ok())
}

fn score(u: &mut Unstructured) -> Result<Option<tournament::Score>> {
    let points = ["0", "1", "2", "3", "0.5", "1.5"];
    let text = format!("{}-{}", u.choose(&points)?, u.choose(&points)?);
    Ok(text.parse().ok())
}

fn entry(u: &mut Unstructured, rounds: usize) -> Result<Option<ResultEntry>> {
    let (Some(first), Some(second), Some(score)) = (name(u)?, name(u)?, score(u)?) else {
        return Ok(None);
    };
    let kubbs = if u.arbitrary()? {
        format!("{}-{}", u.int_in_range(0..=6)?, u.int_in_range(0..=6)?)
            .parse()
            .ok()
    } else {
        None
    };
    Ok(Some(ResultEntry {
        round: u.int_in_range(0..=rounds as u32 + 1)?,
        first,
        second,
        score,
        kubbs,
    }))
}

fn run(u: &mut Unstructured) -> Result<()> {
    let Some(settings) = settings(u)? else {
        return Ok(());
    };
    let Ok(mut tournament) = Tournament::new(settings) else {
        return Ok(());
    };
    for _ in 0..u.int_in_range(0..=120u8)? {
        let before = tournament.clone();
        let rounds = tournament.rounds().len();
        let result = match u.int_in_range(0..=7u8)? {
            0 | 1 => match name(u)? {
                Some(name) => tournament.apply(Event::EntrantAdded { name }),
                None => continue,
            },
            2 => match name(u)? {
                Some(name) => tournament.apply(Event::Withdrawn { name }),
                None => continue,
            },
            3 => tournament.pair().map(|_| ()),
            4 => {
                let mut pairings = Vec::new();
                for _ in 0..u.int_in_range(0..=4)? {
                    let (Some(first), second) = (name(u)?, name(u)?) else {
                        continue;
                    };
                    pairings.push(PairingEntry { first, second });
                }
                tournament.apply(Event::RoundPaired {
                    round: u.int_in_range(0..=rounds as u32 + 1)?,
                    pairings,
                })
            }
            5 | 6 => {
                // A result for a pairing of the tournament, mostly.
                let pairing = tournament
                    .rounds()
                    .last()
                    .and_then(|round| u.choose(round).ok().copied());
                match (pairing, score(u)?) {
                    (Some(pairing), Some(score)) => match pairing.second {
                        Some(second) => {
                            let (first, second) = (
                                tournament.name(pairing.first).clone(),
                                tournament.name(second).clone(),
                            );
                            tournament.record(&first, &second, score, None, None)
                        }
                        None => continue,
                    },
                    _ => continue,
                }
            }
            _ => match entry(u, rounds)? {
                Some(entry) if u.arbitrary()? => tournament.apply(Event::ResultCorrected(entry)),
                Some(entry) => tournament.apply(Event::ResultRecorded(entry)),
                None => continue,
            },
        };
        match result {
            Err(_) => assert_eq!(tournament, before, "a refused event changed the tournament"),
            Ok(()) => {
                let file = tournament.to_file();
                assert_eq!(Tournament::from_file(file).as_ref(), Ok(&tournament));
                let standings = tournament.standings();
                assert!(standings.len() <= tournament.entrant_count());
                let _ = export::standings_csv(&standings);
                let _ = export::csv(&tournament);
                let _ = export::bracket_svg(&tournament);
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
