//! The course wire protocol's reader copes with any bytes in any split.
#![cfg(feature = "course")]

use guard_towers::course::MessageReader;
use proptest::prelude::*;

proptest! {
    /// The course reader copes with any bytes in any split.
    #[test]
    fn the_course_reader_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200), cut in 0usize..200) {
        let mut reader = MessageReader::default();
        let cut = cut.min(bytes.len());
        reader.feed(&bytes[..cut]);
        let _ = reader.next_message();
        reader.feed(&bytes[cut..]);
        while let Ok(Some(_)) = reader.next_message() {}
    }
}
