//! Tournaments behind the game seam: a tournament is stored and served
//! like a game.

use super::{Event, Refusal, Settings, State, TournamentState};
use crate::error::ApiError;
use crate::games::{Game, Kind};
use crate::listing::Listing;
use crate::ratings::sources::Source;
use crate::status::Status;
use crate::store::{SourceRow, Store};

impl Game for State {
    type Settings = Settings;
    type Event = Event;
    type View = TournamentState;
    type Refusal = Refusal;

    const IS_A: &'static str = "a tournament";
    const HAS_OUTCOME: bool = false;

    fn new(settings: Settings, _created_ms: i64) -> Result<State, Refusal> {
        State::new(settings)
    }

    fn seq(&self) -> i64 {
        self.seq
    }

    fn status(&self) -> Status {
        State::status(self)
    }

    fn listing(&self) -> Listing {
        State::listing(self)
    }

    fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        State::apply(self, event, at_ms)
    }

    fn view(&self, id: &str, now_ms: i64) -> TournamentState {
        State::view(self, id, now_ms)
    }

    /// Its champion, once it has one.
    fn result_text(listing: &Listing) -> Option<String> {
        listing.champion.clone()
    }

    async fn rated(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
        super::rated::source(store, row).await
    }

    /// Its 404 has always said what the id is not.
    fn not_found(_other: Kind) -> String {
        "that id is not a tournament".into()
    }
}
