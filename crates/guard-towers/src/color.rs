//! The two sides.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// A side of the game. Red starts in the standard position (course convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Red = 0,
    Blue = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// Index for per-colour arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position notation: `r` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Blue => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// Parses the side letter of the position notation.
    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'r' => Some(Color::Red),
            'b' => Some(Color::Blue),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColorError(pub String);

impl fmt::Display for ColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a colour: red or blue (r or b)", self.0)
    }
}

impl std::error::Error for ColorError {}

impl FromStr for Color {
    type Err = ColorError;

    /// `red` or `blue`, or the notation letters `r` and `b`, in any case.
    fn from_str(text: &str) -> Result<Color, ColorError> {
        match text.to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Color::Red),
            "blue" | "b" => Ok(Color::Blue),
            _ => Err(ColorError(text.to_string())),
        }
    }
}
