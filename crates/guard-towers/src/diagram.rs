//! A text drawing of a position for terminals.
//!
//! Each cell shows the owner's letter and the stack height (`r3` is a red
//! tower of three stones, `BG` the blue guard), so colours stay apart without
//! colour; with `ansi` red and blue pieces are also coloured. Empty castles
//! are marked `<>`.

use std::fmt::Write;

use crate::color::Color;
use crate::position::{castle, Piece, Position};
use crate::square::{Square, SIDE};

const RULE: &str = "   +----+----+----+----+----+----+----+\n";
const FILES: &str = "     A    B    C    D    E    F    G\n";

/// Draws `position`; `ansi` adds terminal colours.
pub fn diagram(position: &Position, ansi: bool) -> String {
    let mut out = String::new();
    out.push_str(FILES);
    out.push_str(RULE);
    for rank in (0..SIDE).rev() {
        let _ = write!(out, " {} |", rank + 1);
        for file in 0..SIDE {
            let square = Square::from_coords(file, rank).expect("on the board");
            let _ = write!(out, " {} |", cell(position, square, ansi));
        }
        let _ = writeln!(out, " {}", rank + 1);
        out.push_str(RULE);
    }
    out.push_str(FILES);
    let side = position.side_to_move();
    let _ = writeln!(out, "{} to move", capitalised(side.name()));
    out
}

fn cell(position: &Position, square: Square, ansi: bool) -> String {
    let (text, color) = match position.piece_at(square) {
        None if Color::ALL.iter().any(|&c| castle(c) == square) => return "<>".into(),
        None => return "  ".into(),
        Some(Piece::Guard(color)) => (format!("{}G", color.letter().to_ascii_uppercase()), color),
        Some(Piece::Tower(color, height)) => (format!("{}{height}", color.letter()), color),
    };
    if !ansi {
        return text;
    }
    let code = match color {
        Color::Red => "1;31",
        Color::Blue => "1;34",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
