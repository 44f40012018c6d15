//! The registry of game kinds: one line per kind, with its name as stored
//! and sent, its two sides' names and its folder under `games/`. What
//! differs by kind is made from this list: [`Kind`] here, the dispatch in
//! `games`, each kind's refusals in `error`, the routes in `http`. This
//! file is a leaf, so the store and the errors name kinds without
//! reaching up into the service.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::listing::Side;
use crate::status::UnknownName;

/// Calls the macro `$then` with the list of kinds. Adding a kind is its
/// folder (its `State`, `Event`, `View`, `Settings`, `Refusal`, its
/// `Game`, its `routes`) and one line here.
macro_rules! registry {
    ($then:ident) => {
        $then! {
            /// Guard & Towers.
            Gt("gt", ["red", "blue"]) => gt,
            /// Koning & Torens.
            Kubb("kubb", ["a", "b"]) => kubb,
            /// A tournament of either game, stored like a game.
            Tournament("tournament", ["red", "blue"]) => tournament,
        }
    };
}
pub(crate) use registry;

/// Makes [`Kind`] from the registry.
macro_rules! kind {
    ($($(#[$doc:meta])* $kind:ident($name:literal, $sides:expr) => $module:ident,)+) => {
        /// The game a stored game is; stored and sent as its name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum Kind {
            $($(#[$doc])* #[serde(rename = $name)] $kind,)+
        }

        impl Kind {
            pub const ALL: &'static [Kind] = &[$(Kind::$kind),+];

            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$kind => $name,)+
                }
            }

            /// The side's name in a game of this kind, as stored and sent:
            /// `red` and `blue`, or Kubb's teams `a` and `b`.
            pub fn side_name(self, side: Side) -> &'static str {
                let sides: [&'static str; 2] = match self {
                    $(Kind::$kind => $sides,)+
                };
                sides[side.index()]
            }
        }

        impl FromStr for Kind {
            type Err = UnknownName;

            fn from_str(text: &str) -> Result<Kind, UnknownName> {
                Kind::ALL
                    .iter()
                    .copied()
                    .find(|kind| kind.name() == text)
                    .ok_or_else(|| UnknownName(text.into(), concat!("game kind:", $(" ", $name,)+)))
            }
        }
    };
}

registry!(kind);

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
