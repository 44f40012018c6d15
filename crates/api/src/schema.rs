//! The schemas of the fields whose type is the rules library's
//! (`guard_towers`): they cross the wire as their text or their fields,
//! and the document says which values they take.

use guard_towers::Ruleset;
use serde_json::Value;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

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
