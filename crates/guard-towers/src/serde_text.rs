//! serde for the notation types (feature `serde`): each crosses a wire or
//! a store as the text its `Display` writes and its `FromStr` reads, as
//! shakmaty does for its notation types; a time control as
//! `{"initial_ms": …, "increment_ms": …}`.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::record::{GameResult, Termination};
use crate::{Color, Move, Position, Ruleset, TimeControl};

struct TextVisitor<T>(PhantomData<T>, &'static str);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($type:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData, $expecting))
            }
        }
    )*};
}

as_text! {
    Color => "a colour: red or blue",
    Move => "a move such as A7-B7-1",
    Position => "a position in course notation",
    Ruleset => "rules: standard or course",
    GameResult => "a result: 1-0, 0-1, 1/2-1/2 or *",
    Termination => "a termination text",
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Millis {
    initial_ms: u64,
    increment_ms: u64,
}

impl Serialize for TimeControl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Millis {
            initial_ms: self.initial_ms(),
            increment_ms: self.increment_ms(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TimeControl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let millis = Millis::deserialize(deserializer)?;
        TimeControl::new(millis.initial_ms, millis.increment_ms).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_types_cross_json_as_their_text() {
        let mv: Move = "A7-B7-1".parse().unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"A7-B7-1\"");
        assert_eq!(serde_json::from_str::<Move>("\"A7-B7-1\"").unwrap(), mv);
        assert_eq!(serde_json::to_string(&Color::Blue).unwrap(), "\"blue\"");
        assert_eq!(
            serde_json::from_str::<Ruleset>("\"course\"").unwrap(),
            Ruleset::Course
        );
        let error = serde_json::from_str::<Ruleset>("\"fast\"").unwrap_err();
        assert!(
            error.to_string().contains("not 'standard' or 'course'"),
            "{error}"
        );
        let start = Position::start();
        let text = serde_json::to_string(&start).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), start);
    }

    #[test]
    fn a_time_control_crosses_json_in_milliseconds_and_is_checked() {
        let text = serde_json::to_string(&TimeControl::COURSE).unwrap();
        assert_eq!(text, r#"{"initial_ms":120000,"increment_ms":10}"#);
        assert_eq!(
            serde_json::from_str::<TimeControl>(&text).unwrap(),
            TimeControl::COURSE
        );
        assert!(
            serde_json::from_str::<TimeControl>(r#"{"initial_ms":0,"increment_ms":0}"#).is_err()
        );
    }
}
