//! Text columns for the terminal tables: names are padded to the width
//! they take on screen, not to their count of characters, so that a name
//! in Chinese or with an emoji (two columns a character) or with combining
//! accents (none) keeps the columns after it aligned.

use unicode_width::UnicodeWidthStr;

/// The columns `text` takes in a terminal.
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` followed by spaces up to `columns` on screen.
pub fn pad(text: &str, columns: usize) -> String {
    let fill = columns.saturating_sub(width(text));
    format!("{text}{}", " ".repeat(fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Padded names of every kind end in the same screen column: a wide
    /// character counts two, a combining accent none.
    #[test]
    fn padded_names_take_the_same_columns_on_screen() {
        for (name, columns) in [
            ("Ann", 3),
            ("王小明", 6),
            ("Zoë", 3),
            ("Zoe\u{308}", 3),
            ("🐻 Bears", 8),
        ] {
            assert_eq!(width(name), columns, "{name}");
            assert_eq!(width(&pad(name, 10)), 10, "{name}");
        }
        assert_eq!(pad("longer than", 4), "longer than");
    }
}
