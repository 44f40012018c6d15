//! Properties of the rule for names, over arbitrary text and text made of
//! the characters that the rule is about.

use names::{skeleton_of, Name};
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

/// Characters the rule is about: look-alikes, marks, spaces, invisible,
/// unassigned and private-use ones, beside plain letters.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => prop::char::range('a', 'z'),
        2 => prop::char::range('A', 'Z'),
        2 => prop::sample::select(vec![
            ' ', '\t', '\n', '\u{0}', '\u{85}', '\u{A0}', '\u{AD}', '\u{E9}', '\u{C9}',
            '\u{301}', '\u{308}', '\u{345}', '\u{378}', '\u{3A3}', '\u{3C2}', '\u{3BF}',
            '\u{430}', '\u{410}', '\u{456}', '\u{1E9E}', '\u{DF}', '\u{130}', '\u{131}',
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{202E}', '\u{2028}', '\u{2066}',
            '\u{3000}', '\u{3164}', '\u{2800}', '\u{E000}', '\u{FE0F}', '\u{FEFF}',
            '\u{FF41}', '\u{FF21}', '\u{FFFE}', '\u{1D41A}', '\u{1F409}', '\u{6771}',
            '\u{AC00}', '\u{1100}', '\u{1161}', '\u{212A}', '\u{2126}', '\u{FB01}',
        ]),
        1 => any::<char>(),
    ]
}

fn tricky_text() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..48).prop_map(|chars| chars.into_iter().collect())
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![tricky_text(), any::<String>()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// `new` takes any text without panicking, and what it takes the
    /// stored rule takes too, as it is: a new name is a name a record may
    /// hold.
    #[test]
    fn a_new_name_is_a_stored_name(text in text()) {
        let _ = skeleton_of(&text);
        let _ = Name::stored(&text);
        if let Ok(name) = Name::new(&text) {
            prop_assert_eq!(Name::stored(name.as_str()), Ok(name.clone()));
            prop_assert_eq!(Name::new(name.as_str()), Ok(name.clone()));
            prop_assert_eq!(name.skeleton(), skeleton_of(&text));
            prop_assert!(!name.skeleton().as_str().trim().is_empty());
        }
    }

    /// One text composed or decomposed is one name, or one refusal.
    #[test]
    fn composed_and_decomposed_text_is_one_name(text in text()) {
        let composed: String = text.nfc().collect();
        let decomposed: String = text.nfd().collect();
        prop_assert_eq!(Name::new(&composed), Name::new(&decomposed));
        prop_assert_eq!(Name::new(&text), Name::new(&decomposed));
        prop_assert_eq!(skeleton_of(&composed), skeleton_of(&decomposed));
    }

    /// The skeleton does not see the case of ASCII letters.
    #[test]
    fn the_skeleton_ignores_ascii_case(text in text()) {
        let skeleton = skeleton_of(&text);
        prop_assert_eq!(&skeleton_of(&text.to_ascii_uppercase()), &skeleton);
        prop_assert_eq!(&skeleton_of(&text.to_ascii_lowercase()), &skeleton);
        if let (Ok(name), Ok(upper)) = (Name::new(&text), Name::new(&text.to_ascii_uppercase())) {
            prop_assert!(name.looks_like(&upper));
        }
    }
}
