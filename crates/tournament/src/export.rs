//! Exports as text: every pairing as CSV for spreadsheets, and the
//! knockout bracket as an SVG drawing.

use std::fmt::Write;

use crate::format::Format;
use crate::pools::pool_name;
use crate::table::Standing;
use crate::tournament::{Pairing, Stage, Tournament};

/// Quotes a CSV field when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Every pairing, one a line: `round,stage,pool,first,second,score,baseline_kubbs`
/// (second `bye` for a bye, score empty while it is being played).
pub fn csv(tournament: &Tournament) -> String {
    let mut pool_of = vec![String::new(); tournament.entrant_count()];
    for (index, pool) in tournament.pools().iter().enumerate() {
        for &entrant in pool {
            pool_of[entrant] = pool_name(index);
        }
    }
    let mut out = String::from("round,stage,pool,first,second,score,baseline_kubbs\n");
    for (round, pairings) in tournament.rounds().iter().enumerate() {
        let stage = tournament.stage(round);
        for pairing in pairings {
            let (stage_name, pool) = match stage {
                Stage::Main => ("main", ""),
                Stage::Pool => ("pool", pool_of[pairing.first].as_str()),
                Stage::Knockout { .. } => ("knockout", ""),
            };
            let second = pairing
                .second
                .map_or("bye".to_string(), |s| tournament.name(s).to_string());
            let _ = writeln!(
                out,
                "{},{stage_name},{pool},{},{},{},{}",
                round + 1,
                csv_field(tournament.name(pairing.first).as_str()),
                csv_field(&second),
                pairing.score.map(|s| s.to_string()).unwrap_or_default(),
                pairing.kubbs.map(|k| k.to_string()).unwrap_or_default(),
            );
        }
    }
    out
}

/// The standings, one entrant a line:
/// `rank,name,points,<each tie-break>,played,won,drawn,lost,pool,pool_rank`.
pub fn standings_csv(standings: &[Standing]) -> String {
    let tiebreaks: Vec<&str> = standings.first().map_or(Vec::new(), |s| {
        s.tiebreaks.0.iter().map(|(t, _)| t.key()).collect()
    });
    let mut out = format!(
        "rank,name,points,{},played,won,drawn,lost,pool,pool_rank\n",
        tiebreaks.join(",")
    );
    for s in standings {
        let values: Vec<String> = s.tiebreaks.0.iter().map(|(_, v)| v.to_string()).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{}",
            s.rank,
            csv_field(s.name.as_str()),
            s.points,
            values.join(","),
            s.played,
            s.wins,
            s.draws,
            s.losses,
            s.pool.as_deref().unwrap_or_default(),
            s.pool_rank.map(|r| r.to_string()).unwrap_or_default(),
        );
    }
    out
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const BOX_WIDTH: u32 = 200;
const LINE: u32 = 22;
const COLUMN: u32 = 250;
const ROW: u32 = 64;
const MARGIN: u32 = 20;

/// The knockout bracket, rounds from left to right, each match a box of
/// two lines with the winner in bold and the score at the right; rounds
/// not yet paired are empty boxes. `None` for a format without knockout.
pub fn bracket_svg(tournament: &Tournament) -> Option<String> {
    if !tournament.settings().format.has_knockout() {
        return None;
    }
    let knockout: Vec<(usize, &Vec<Pairing>)> = tournament
        .rounds()
        .iter()
        .enumerate()
        .filter(|(round, _)| matches!(tournament.stage(*round), Stage::Knockout { .. }))
        .map(|(_, pairings)| pairings)
        .enumerate()
        .collect();
    let Stage::Knockout { of: rounds, .. } =
        tournament.stage(tournament.rounds().len().max(bracket_start(tournament)))
    else {
        return None;
    };
    let first_round = 1usize << rounds.saturating_sub(1);
    let height = first_round as u32 * ROW + 2 * MARGIN + ROW;
    let width = rounds as u32 * COLUMN + MARGIN;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for k in 0..rounds {
        let matches = first_round >> k;
        let pairings = knockout
            .iter()
            .find(|(index, _)| *index == k)
            .map(|(_, p)| p.as_slice());
        for slot in 0..matches {
            let x = MARGIN + k as u32 * COLUMN;
            let centre = MARGIN + (((2 * slot + 1) as u32 * ROW) << k) / 2;
            let pairing = pairings.and_then(|p| p.get(slot));
            draw_match(&mut svg, tournament, pairing, x, centre);
            if k + 1 < rounds {
                let next_centre = MARGIN + (((2 * (slot / 2) + 1) as u32 * ROW) << (k + 1)) / 2;
                let (x1, x2) = (x + BOX_WIDTH, x + COLUMN);
                let _ = writeln!(
                    svg,
                    "<polyline points=\"{x1},{centre} {m},{centre} {m},{next_centre} {x2},{next_centre}\" fill=\"none\" stroke=\"#888\"/>",
                    m = x1 + (COLUMN - BOX_WIDTH) / 2
                );
            }
        }
        if k + 1 == rounds {
            if let Some(third) = pairings.and_then(|p| p.get(1)) {
                let x = MARGIN + k as u32 * COLUMN;
                let centre = height - MARGIN - LINE;
                let _ = writeln!(
                    svg,
                    "<text x=\"{x}\" y=\"{}\" fill=\"#555\">third place</text>",
                    centre - LINE - 6
                );
                draw_match(&mut svg, tournament, Some(third), x, centre);
            }
        }
    }
    svg.push_str("</svg>\n");
    Some(svg)
}

/// The round (from 0) where the knockout begins.
/// The first knockout round, played or to come (after the pools, which
/// may not be over yet: the bracket is then drawn empty).
fn bracket_start(tournament: &Tournament) -> usize {
    match tournament.settings().format {
        Format::PoolsKnockout => tournament.pool_rounds(),
        _ => 0,
    }
}

fn draw_match(
    svg: &mut String,
    tournament: &Tournament,
    pairing: Option<&Pairing>,
    x: u32,
    centre: u32,
) {
    let top = centre - LINE;
    let _ = writeln!(
        svg,
        "<rect x=\"{x}\" y=\"{top}\" width=\"{BOX_WIDTH}\" height=\"{}\" fill=\"#f6f6f6\" stroke=\"#444\"/>\n<line x1=\"{x}\" y1=\"{centre}\" x2=\"{}\" y2=\"{centre}\" stroke=\"#bbb\"/>",
        2 * LINE,
        x + BOX_WIDTH
    );
    let Some(pairing) = pairing else {
        return;
    };
    let winner = pairing.winner();
    let sides = [
        (
            Some(pairing.first),
            pairing.score.map(|s| s.first.to_string()),
        ),
        (pairing.second, pairing.score.map(|s| s.second.to_string())),
    ];
    for (line, (entrant, score)) in sides.into_iter().enumerate() {
        let y = top + line as u32 * LINE + 16;
        let name = entrant.map_or("bye".to_string(), |e| {
            xml_escape(tournament.name(e).as_str())
        });
        let weight = if entrant.is_some() && entrant == winner {
            "bold"
        } else {
            "normal"
        };
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{y}\" font-weight=\"{weight}\">{name}</text>",
            x + 6
        );
        if let Some(score) = score {
            let _ = writeln!(
                svg,
                "<text x=\"{}\" y=\"{y}\" text-anchor=\"end\">{score}</text>",
                x + BOX_WIDTH - 6
            );
        }
    }
}
