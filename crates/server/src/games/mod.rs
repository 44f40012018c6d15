//! The game seam: what the server needs of a game kind ([`Game`]), one
//! folder per kind (its state as a fold of typed events, its views, its
//! routes), and the dispatch the service uses, made from the registry
//! (`kinds`), the one place that lists the kinds. The rest of the server
//! asks a [`GameState`] or a [`Kind`] and never matches on kinds: adding a
//! kind is its folder and one line in the registry
//! (`tests::no_kind_is_matched_outside_the_seam` keeps it so).

pub mod gt;
pub mod hooks;
pub mod kinds;
pub mod kubb;
pub mod rated;
pub mod tournament;

use std::future::Future;

use ::tournament::{BaselineKubbs, Score};
use serde::de::DeserializeOwned;
use serde::Serialize;

pub use self::kinds::Kind;
use crate::error::{ApiError, Refusal};
use crate::listing::Listing;
use crate::ratings::sources::Source;
use crate::status::Status;
use crate::store::{SourceRow, Store};

/// What the server needs of a game kind, after OpenSpiel's one `State`:
/// settings fixed at creation, events folded into the state (checked as
/// they are applied), where the game stands and what a list shows of it,
/// its views. Its commands are its routes' own (`routes`, beside it); what
/// it does on its own (an engine's move, a clock's flag), and what its end
/// brings about in another game (a tournament's result), are hooks the
/// service runs around its commits (`hooks`).
pub trait Game: Clone + Sized + RegisteredKind + Into<GameState> {
    /// Fixed when the game is created; stored as JSON beside it and read
    /// back through the same checks.
    type Settings: Serialize + DeserializeOwned;
    /// What happens in a game: stored one per row, sent live.
    type Event: Clone + Serialize + DeserializeOwned + Into<GameEvent>;
    /// The game as the API shows it.
    type View: Serialize;
    /// What it refuses (a setting, an event), with its rules library's
    /// typed error inside.
    type Refusal: std::error::Error + Into<Refusal>;

    /// What an id of this kind is, in words: `a Kubb match`.
    const IS_A: &'static str;
    /// Whether a list shows how the game ended (a tournament names its
    /// champion only).
    const HAS_OUTCOME: bool = true;
    /// Whether its active games have something to start again (an engine,
    /// a clock) when a server starts.
    const RESUMES: bool = false;

    /// The state before any event, or the settings refused.
    fn new(settings: Self::Settings, created_ms: i64) -> Result<Self, Self::Refusal>;
    /// The number of the last event applied.
    fn seq(&self) -> i64;
    fn status(&self) -> Status;
    /// What a list shows of the game, stored beside it.
    fn listing(&self) -> Listing;
    /// Applies an event at `at_ms`, or refuses it and changes nothing.
    fn apply(&mut self, event: &Self::Event, at_ms: i64) -> Result<(), Self::Refusal>;
    fn view(&self, id: &str, now_ms: i64) -> Self::View;

    /// The view sent with each live event.
    fn live_view(&self, id: &str, now_ms: i64) -> Self::View {
        self.view(id, now_ms)
    }

    /// A listed game's result in words (the `result` field, as it was
    /// stored before results had columns of their own).
    fn result_text(listing: &Listing) -> Option<String>;

    /// What a stored game of this kind gives the ratings, read from the
    /// store (its settings say whether it is rated before it is loaded).
    fn rated(
        store: &Store,
        row: &SourceRow,
    ) -> impl Future<Output = Result<Source, ApiError>> + Send;

    /// Why an id of kind `other` is not found among this kind's.
    fn not_found(other: Kind) -> String {
        format!("that id is {}", other.is_a())
    }

    /// A finished game's score from its first side, for the tournament it
    /// was played in, with a Kubb match's felled baseline kubbs.
    fn tournament_score(&self) -> Option<(Score, Option<BaselineKubbs>)> {
        None
    }

    /// Whether the last event applied began play (a Kubb match's first
    /// event after its teams, a game's first move): a tournament's
    /// pairing is playing from then.
    fn play_just_began(&self) -> bool {
        false
    }

    /// The event that records that no server was up since `since_ms`, when
    /// the state has a clock to give the time back to.
    fn downtime_event(&self, _since_ms: i64) -> Option<Self::Event> {
        None
    }
}

/// What the registry gives each kind: its name in [`Kind`] and its place
/// in [`GameState`].
pub trait RegisteredKind: Sized {
    const KIND: Kind;

    /// The state if it is of this kind.
    fn of(state: &GameState) -> Option<&Self>;
}

impl GameState {
    /// The state if it is of kind `G`.
    pub fn get<G: Game>(&self) -> Option<&G> {
        G::of(self)
    }

    /// The state as one of kind `G`; any other kind is 404, as an unknown
    /// id.
    pub fn require<G: Game>(&self) -> Result<&G, ApiError> {
        G::of(self).ok_or_else(|| ApiError::NotFound(G::not_found(self.kind())))
    }
}

impl GameEvent {
    /// The event as stored.
    pub fn body(&self) -> String {
        serde_json::to_string(self).expect("events serialise: they have only string keys")
    }
}

/// Makes, from the registry, the enums of a game of any kind and their
/// dispatch to each kind's [`Game`].
macro_rules! dispatch {
    ($($(#[$doc:meta])* $kind:ident($name:literal, $sides:expr) => $module:ident,)+) => {
        /// A game's state, by kind. One lives per loaded game, so the
        /// variants' sizes do not matter.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum GameState {
            $($kind($module::State),)+
        }

        /// An event of any kind: typed everywhere, text only in the store
        /// ([`GameEvent::body`]) and on the wire (its serde form).
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum GameEvent {
            $($kind(<$module::State as Game>::Event),)+
        }

        /// A game as the API shows it.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum View {
            $($kind(Box<<$module::State as Game>::View>),)+
        }

        $(
            impl RegisteredKind for $module::State {
                const KIND: Kind = Kind::$kind;

                fn of(state: &GameState) -> Option<&Self> {
                    match state {
                        GameState::$kind(state) => Some(state),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
            }

            impl From<$module::State> for GameState {
                fn from(state: $module::State) -> GameState {
                    GameState::$kind(state)
                }
            }

            impl From<<$module::State as Game>::Event> for GameEvent {
                fn from(event: <$module::State as Game>::Event) -> GameEvent {
                    GameEvent::$kind(event)
                }
            }

            impl From<<$module::State as Game>::View> for View {
                fn from(view: <$module::State as Game>::View) -> View {
                    View::$kind(Box::new(view))
                }
            }
        )+

        impl Kind {
            /// What an id of this kind is, in words.
            pub fn is_a(self) -> &'static str {
                match self {
                    $(Kind::$kind => <$module::State as Game>::IS_A,)+
                }
            }

            /// A listed game's result in words.
            pub fn result_text(self, listing: &Listing) -> Option<String> {
                match self {
                    $(Kind::$kind => <$module::State as Game>::result_text(listing),)+
                }
            }

            /// What a stored game of this kind gives the ratings.
            pub async fn rated(self, store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
                match self {
                    $(Kind::$kind => <$module::State as Game>::rated(store, row).await,)+
                }
            }

            /// Whether a list shows how a game of this kind ended.
            pub fn has_outcome(self) -> bool {
                match self {
                    $(Kind::$kind => <$module::State as Game>::HAS_OUTCOME,)+
                }
            }

            /// Whether a server starts its active games again.
            pub fn resumes(self) -> bool {
                match self {
                    $(Kind::$kind => <$module::State as Game>::RESUMES,)+
                }
            }
        }

        impl GameState {
            /// A game of `kind` before any event, from its stored settings.
            pub fn new(kind: Kind, settings: &str, created_ms: i64) -> Result<GameState, String> {
                match kind {
                    $(Kind::$kind => {
                        let settings = serde_json::from_str(settings).map_err(|e| e.to_string())?;
                        <$module::State as Game>::new(settings, created_ms)
                            .map(GameState::$kind)
                            .map_err(|refusal| refusal.to_string())
                    })+
                }
            }

            pub fn kind(&self) -> Kind {
                match self {
                    $(GameState::$kind(_) => Kind::$kind,)+
                }
            }

            pub fn seq(&self) -> i64 {
                match self {
                    $(GameState::$kind(state) => state.seq(),)+
                }
            }

            pub fn status(&self) -> Status {
                match self {
                    $(GameState::$kind(state) => Game::status(state),)+
                }
            }

            /// What a list shows of the game, stored beside it.
            pub fn listing(&self) -> Listing {
                match self {
                    $(GameState::$kind(state) => Game::listing(state),)+
                }
            }

            pub fn view(&self, id: &str, now_ms: i64) -> View {
                match self {
                    $(GameState::$kind(state) => Game::view(state, id, now_ms).into(),)+
                }
            }

            /// The view sent with each live event.
            pub fn live_view(&self, id: &str, now_ms: i64) -> View {
                match self {
                    $(GameState::$kind(state) => state.live_view(id, now_ms).into(),)+
                }
            }

            /// Reads a stored event of this game's kind.
            pub fn read_event(&self, body: &str) -> Result<GameEvent, String> {
                let event = match self {
                    $(GameState::$kind(_) => serde_json::from_str(body).map(GameEvent::$kind),)+
                };
                event.map_err(|error| error.to_string())
            }

            /// Applies an event at `at_ms`, or refuses it and changes nothing.
            pub fn apply(&mut self, event: &GameEvent, at_ms: i64) -> Result<(), Refusal> {
                match (self, event) {
                    $((GameState::$kind(state), GameEvent::$kind(event)) => Ok(Game::apply(state, event, at_ms)?),)+
                    #[allow(unreachable_patterns)]
                    (state, _) => Err(Refusal::WrongKind(state.kind())),
                }
            }

            /// Whether the last event applied began play (see
            /// [`Game::play_just_began`]).
            pub fn play_just_began(&self) -> bool {
                match self {
                    $(GameState::$kind(state) => state.play_just_began(),)+
                }
            }

            /// A finished game's score for its tournament (see
            /// [`Game::tournament_score`]).
            pub fn tournament_score(&self) -> Option<(Score, Option<BaselineKubbs>)> {
                match self {
                    $(GameState::$kind(state) => state.tournament_score(),)+
                }
            }

            /// The event that gives back the time no server was up.
            pub fn downtime_event(&self, since_ms: i64) -> Option<GameEvent> {
                match self {
                    $(GameState::$kind(state) => state.downtime_event(since_ms).map(GameEvent::$kind),)+
                }
            }
        }
    };
}

// What the service asks of a game, by kind, made from the registry.
kinds::registry!(dispatch);

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::Kind;

    /// The enums whose variants are the kinds.
    const BY_KIND: [&str; 4] = ["Kind", "GameState", "GameEvent", "View"];

    /// Every Rust file under `dir`.
    fn sources(dir: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(dir).expect("the source folder reads") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                files.extend(sources(&path));
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
        files
    }

    /// The kinds' variants `line` names, as whole words: `Kind::Gt`,
    /// `GameState::Kubb`, never `GameKind::Gt` (the tournament library's).
    fn kinds_named(line: &str) -> Vec<String> {
        let mut named = Vec::new();
        for kind in Kind::ALL {
            for on in BY_KIND {
                let name = format!("{on}::{kind:?}");
                for (at, _) in line.match_indices(&name) {
                    let before = line[..at].chars().next_back();
                    let after = line[at + name.len()..].chars().next();
                    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    if !word(before) && !word(after) {
                        named.push(name.clone());
                    }
                }
            }
        }
        named
    }

    #[test]
    fn a_hand_match_on_kinds_is_seen() {
        assert_eq!(kinds_named("    Kind::Kubb => \"kubb\","), ["Kind::Kubb"]);
        assert_eq!(
            kinds_named("if let GameState::Gt(state) = s"),
            ["GameState::Gt"]
        );
        assert!(kinds_named("GameKind::Gt => 1, Kind::Gtx").is_empty());
    }

    #[test]
    fn no_kind_is_matched_outside_the_seam() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let seam = src.join("games");
        let mut found = Vec::new();
        for file in sources(&src).iter().filter(|file| !file.starts_with(&seam)) {
            let text = std::fs::read_to_string(file).expect("a source file reads");
            for (number, line) in text.lines().enumerate() {
                for name in kinds_named(line) {
                    let path = file.strip_prefix(&src).unwrap_or(file).display();
                    found.push(format!("{path}:{}: {name}", number + 1));
                }
            }
        }
        assert!(
            found.is_empty(),
            "a kind is asked through the seam (src/games/), not matched by hand:\n{}",
            found.join("\n")
        );
    }
}
