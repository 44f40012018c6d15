//! The schemas of the fields whose type is a rules library's
//! (`guard_towers`, `kubb`): they cross the wire as their text or their fields,
//! and the document says which values they take.

use guard_towers::Ruleset;
use guard_towers_engine::puzzle::{Goal, Theme};
use kubb::{GamesToWin, Opening, TieBreak};
use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::schema::{Array, ArrayBuilder, Object, ObjectBuilder, SchemaType, Type};

/// Declares a named schema (a component of the document) for a rules
/// library's type that crosses the wire as one of its names: the values
/// are the library's own, as it serialises them, so the document cannot
/// drift from the type. (utoipa's derive would need a copy of the enum
/// here; the orphan rule keeps it from deriving on the library's type.)
macro_rules! names_schema {
    ($(#[doc = $doc:literal])+ $name:ident = $values:expr;) => {
        $(#[doc = $doc])+
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                crate::schema::names(concat!($($doc, "\n"),+), $values).into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}
pub(crate) use names_schema;

/// A string schema of `values`' names, described by the doc comment
/// `description`.
pub(crate) fn names<T: Serialize>(
    description: &str,
    values: impl IntoIterator<Item = T>,
) -> Object {
    let values: Vec<Value> = values
        .into_iter()
        .map(|value| serde_json::to_value(value).expect("a library's value is its name"))
        .collect();
    let description: Vec<&str> = description.lines().map(str::trim).collect();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description.join("\n").trim().to_string()))
        .enum_values(Some(values))
        .build()
}

/// A side: `red` or `blue`.
pub(crate) fn color() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["red", "blue"]))
        .build()
}

/// A side, or null (no side: no clock running, no offer, a draw).
pub(crate) fn color_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some([Value::from("red"), Value::from("blue"), Value::Null]))
        .build()
}

/// A ruleset by its name.
pub(crate) fn rules() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([Ruleset::Standard, Ruleset::Course].map(|rules| {
            serde_json::to_value(rules).expect("a ruleset is its name")
        })))
        .build()
}

/// A clock's setting: the time each side starts with and the time added
/// after each of its moves.
pub(crate) fn time_control() -> Object {
    time_control_of(Type::Object.into())
}

/// A clock's setting, or null for a game without a clock.
pub(crate) fn time_control_or_null() -> Object {
    time_control_of(SchemaType::from_iter([Type::Object, Type::Null]))
}

fn time_control_of(schema_type: SchemaType) -> Object {
    let milliseconds = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(0))
    };
    ObjectBuilder::new()
        .schema_type(schema_type)
        .property("initial_ms", milliseconds())
        .property("increment_ms", milliseconds())
        .required("initial_ms")
        .required("increment_ms")
        .build()
}

/// A point on the Kubb lawn in metres.
pub(crate) fn point() -> Object {
    point_of(Type::Object.into())
}

/// A point on the Kubb lawn, or null where the referee gave none.
pub(crate) fn point_or_null() -> Object {
    point_of(SchemaType::from_iter([Type::Object, Type::Null]))
}

fn point_of(schema_type: SchemaType) -> Object {
    ObjectBuilder::new()
        .schema_type(schema_type)
        .property("x", ObjectBuilder::new().schema_type(Type::Number))
        .property("y", ObjectBuilder::new().schema_type(Type::Number))
        .required("x")
        .required("y")
        .build()
}

/// A Kubb match's tournament settings, every one given: the opening and
/// tie-break by their names, games to win null for the ruleset's own.
pub(crate) fn kubb_settings() -> Object {
    kubb_settings_of(Type::Object.into())
}

/// A Kubb match's tournament settings, or null (a Guard & Towers
/// tournament's).
pub(crate) fn kubb_settings_or_null() -> Object {
    kubb_settings_of(SchemaType::from_iter([Type::Object, Type::Null]))
}

fn kubb_settings_of(schema_type: SchemaType) -> Object {
    let names = |names: Vec<&'static str>| {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(names))
    };
    let boolean = || ObjectBuilder::new().schema_type(Type::Boolean);
    let time_limit = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
        .property(
            "minutes",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1)),
        )
        .property(
            "tie_break",
            names(
                TieBreak::ALL
                    .iter()
                    .map(|tie_break| tie_break.name())
                    .collect(),
            ),
        )
        .required("minutes")
        .required("tie_break");
    let games_to_win = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(1))
        .maximum(Some(GamesToWin::MAX));
    ObjectBuilder::new()
        .schema_type(schema_type)
        .property(
            "opening",
            names(Opening::ALL.iter().map(|opening| opening.name()).collect()),
        )
        .property("opening_thrower_rule", boolean())
        .property("base_kubb_double", boolean())
        .property("time_limit", time_limit)
        .property("games_to_win", games_to_win)
        .property("five_for_five", boolean())
        .required("opening")
        .required("opening_thrower_rule")
        .required("base_kubb_double")
        .required("time_limit")
        .required("games_to_win")
        .required("five_for_five")
        .build()
}

/// What a puzzle asks, by its name.
pub(crate) fn puzzle_goal() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([Goal::Win, Goal::Save].map(Goal::name)))
        .build()
}

/// A puzzle's theme, by its name.
pub(crate) fn puzzle_theme() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(Theme::ALL.map(Theme::name)))
        .build()
}

/// A puzzle's themes, by their names.
pub(crate) fn puzzle_themes() -> Array {
    ArrayBuilder::new().items(puzzle_theme()).build()
}
