//! A name as a person types it (an account's, a player's, a team's, a
//! bot's): the identity rule either refuses it, in words, or accepts a
//! name that is trimmed, composed (NFC), 1 to 40 characters, free of
//! control, formatting and unassigned characters, that the rule of stored
//! names reads back the same, and whose skeleton is the skeleton of the
//! text it came from, unchanged by case.
#![no_main]

use libfuzzer_sys::fuzz_target;
use names::{skeleton_of, Name, MAX_CHARS};
use towers_fuzz::text;
use unicode_normalization::UnicodeNormalization;

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return;
    };
    let name = match Name::new(text) {
        Ok(name) => name,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    let kept = name.as_str();
    assert_eq!(kept, kept.trim(), "{kept:?}");
    assert!((1..=MAX_CHARS).contains(&kept.chars().count()), "{kept:?}");
    assert_eq!(kept.nfc().collect::<String>(), kept, "composed: {kept:?}");
    assert!(!kept.chars().any(char::is_control), "{kept:?}");
    assert_eq!(Name::new(kept).as_ref(), Ok(&name), "a name is a fixed point");
    assert_eq!(Name::stored(kept).as_ref(), Ok(&name), "stored reads it back");
    assert_eq!(name.skeleton(), skeleton_of(text), "{text:?}");
    if kept.is_ascii() {
        let shouting = Name::new(&kept.to_ascii_uppercase()).expect("an ASCII name in capitals");
        assert!(shouting.looks_like(&name), "{kept:?}: case is no difference");
    }
});
