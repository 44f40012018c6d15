//! The server's door for a name — a Guard & Towers player's, a Kubb
//! team's or player's, a tournament entrant's, a bot's, an account's: one
//! rule for every one of them, since every one keys the same ratings.
//!
//! 1. The `names` crate's rule for a new name: trimmed, composed (NFC),
//!    1 to 40 characters, no control, formatting (zero-width, bidi) or
//!    unassigned characters.
//! 2. No look-alike of a name that stands for someone (an account, a bot,
//!    a name with rated results: the `identities` table): names are
//!    compared case-insensitively by their confusable skeleton (Unicode
//!    TR39), so once "ann" stands for someone, "Ann" and "аnn" (a Cyrillic
//!    а) are refused, in the words "taken, or too like 'ann'".
//! 3. A name that is an account's (or a bot's) is taken only by that
//!    account (or that bot): [`acting`].
//!
//! A refused name is a 422 that says which rule it breaks.

use api::Code;
use names::{Name, NameError};
use serde_json::{json, Map, Value};

use crate::error::{with, ApiError};
use crate::store::{AccountWrite, Holder, Store, Write};

/// Names that stand for no one in particular: a guest's seat, a round
/// without an opponent.
const RESERVED: [&str; 2] = ["anonymous", "bye"];

/// A new name by the rule (1), or the rule it breaks (422).
pub fn checked(text: &str) -> Result<Name, ApiError> {
    Name::new(text).map_err(|error| {
        let (code, params) = code_of(&error);
        ApiError::refused(error.to_string()).precisely(code, params)
    })
}

/// The code of the rule a name breaks, with what the English names: the
/// length allowed and given, or the character found (as `U+200B`).
fn code_of(error: &NameError) -> (Code, Map<String, Value>) {
    let found = |code, found: &char| (code, with("found", format!("U+{:04X}", u32::from(*found))));
    match error {
        NameError::Empty => (Code::NameEmpty, Map::new()),
        NameError::TooLong { given, chars } => {
            let params = json!({ "max": names::MAX_CHARS, "given": given, "chars": chars });
            let Value::Object(params) = params else {
                unreachable!("the particulars are an object")
            };
            (Code::NameTooLong, params)
        }
        NameError::ControlCharacter { found: c } => found(Code::NameControlCharacter, c),
        NameError::FormatCharacter { found: c } => found(Code::NameFormatCharacter, c),
        NameError::UnassignedCharacter { found: c } => found(Code::NameUnassignedCharacter, c),
        NameError::LineSeparator { found: c } => found(Code::NameLineSeparator, c),
        NameError::Blank => (Code::NameBlank, Map::new()),
    }
}

/// A new name by the rules (1) and (2): one that a request mentions (a
/// Kubb team or player, a tournament entrant) without acting under it.
pub async fn mentioned(store: &Store, text: &str) -> Result<Name, ApiError> {
    let name = checked(text)?;
    if let Some(identity) = store.identity(name.skeleton().as_str()).await? {
        if identity.name != name.as_str() {
            return Err(too_like(&name, &identity.name));
        }
    }
    Ok(name)
}

/// A name someone acts under (a seat in a game), who is signed in as
/// `signed_in_as` if anyone: the rules (1) to (3). An account's or a
/// bot's name is only its own.
pub async fn acting(
    store: &Store,
    text: &str,
    signed_in_as: Option<&str>,
) -> Result<Name, ApiError> {
    let name = checked(text)?;
    let Some(identity) = store.identity(name.skeleton().as_str()).await? else {
        return Ok(name);
    };
    if identity.name != name.as_str() {
        return Err(too_like(&name, &identity.name));
    }
    let own = signed_in_as == Some(identity.name.as_str());
    match identity.holder {
        Holder::Account if !own => Err(ApiError::refused(format!(
            "'{name}' is an account's name: sign in as '{name}' to play under it"
        ))
        .precisely(Code::NameAccountOnly, with("name", name.as_str()))),
        Holder::Bot => Err(ApiError::refused(format!(
            "'{name}' is a bot's name: only the bot plays under it"
        ))
        .precisely(Code::NameBotOnly, with("name", name.as_str()))),
        _ => Ok(name),
    }
}

/// A name a new account or bot takes for its own: by the rule (1), and
/// not held by anyone, nor too like a name that is.
pub async fn free(store: &Store, text: &str) -> Result<Name, ApiError> {
    let name = checked(text)?;
    if let Some(reserved) = RESERVED.iter().find(|reserved| {
        name.looks_like(&Name::stored(reserved).expect("a reserved name is a name"))
    }) {
        return Err(too_like(&name, reserved));
    }
    match store.identity(name.skeleton().as_str()).await? {
        Some(identity) => Err(too_like(&name, &identity.name)),
        None => Ok(name),
    }
}

/// The refusal of a name whose skeleton is another's.
pub fn too_like(name: &Name, held: &str) -> ApiError {
    ApiError::refused(format!("'{name}' is taken, or too like '{held}'")).precisely(
        Code::NameTooLike,
        Map::from_iter([
            ("name".to_string(), name.as_str().into()),
            ("held".to_string(), held.into()),
        ]),
    )
}

/// Keeps `names` as names that stand for someone (they now have or may
/// have rated results): each is registered unless its skeleton already is.
pub async fn register_unclaimed(
    store: &Store,
    names: impl IntoIterator<Item = String>,
) -> Result<(), ApiError> {
    let writes: Vec<Write> = names
        .into_iter()
        .map(|name| {
            let skeleton = names::skeleton_of(&name).as_str().to_string();
            Write::Account(AccountWrite::Identity {
                skeleton,
                name,
                holder: Holder::Unclaimed,
            })
        })
        .collect();
    if !writes.is_empty() {
        store.commit(writes, Vec::new()).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_held_to_forty_printable_characters() {
        assert_eq!(checked("  ann ").unwrap().as_str(), "ann");
        assert!(checked(&"x".repeat(40)).is_ok());
        for bad in ["", "   ", "a\u{0}b", &"x".repeat(41), "an\u{200b}n"] {
            let refusal = checked(bad).expect_err(bad);
            assert!(
                matches!(&refusal, ApiError::Precise { error, .. } if matches!(**error, ApiError::Refused(_))),
                "{bad:?}"
            );
            assert!(refusal.code().starts_with("name."), "{bad:?}");
        }
    }
}
