//! The endgame tables the server's analyses and full-strength engines
//! probe (`towers serve --tablebase DIR`), in one slot shared by all of
//! them: tables built in the background after the server started are put
//! in it, and every engine or analysis made from then on probes them,
//! without a restart. Where they stand is `GET /api/health`'s `tablebase`.

use std::sync::{Arc, RwLock};

use api::health::{TablebaseHealth, TablebaseState};
use guard_towers_tablebase::Tablebase;

/// A handle on the shared slot; its clones see the same tables.
#[derive(Clone, Debug, Default)]
pub struct Tablebases(Arc<RwLock<Slot>>);

#[derive(Debug, Default)]
struct Slot {
    state: TablebaseState,
    tables: Option<Arc<Tablebase>>,
}

impl Tablebases {
    fn with(state: TablebaseState, tables: Option<Arc<Tablebase>>) -> Tablebases {
        Tablebases(Arc::new(RwLock::new(Slot { state, tables })))
    }

    /// Tables loaded, none to come.
    pub fn ready(tables: Arc<Tablebase>) -> Tablebases {
        Tablebases::with(TablebaseState::Ready, Some(tables))
    }

    /// The missing tables are being built (then [`Tablebases::built`] or
    /// [`Tablebases::build_failed`]); `at_hand`, if any, are probed
    /// meanwhile.
    pub fn building(at_hand: Option<Arc<Tablebase>>) -> Tablebases {
        Tablebases::with(TablebaseState::Building, at_hand)
    }

    /// The tables cannot be had (their directory cannot be made): none.
    pub fn failed() -> Tablebases {
        Tablebases::with(TablebaseState::Failed, None)
    }

    /// The build is done: `tables` are probed by every engine and analysis
    /// made from now on.
    pub fn built(&self, tables: Arc<Tablebase>) {
        *self.slot() = Slot {
            state: TablebaseState::Ready,
            tables: Some(tables),
        };
    }

    /// The build could not be finished: the tables at hand stay.
    pub fn build_failed(&self) {
        self.slot().state = TablebaseState::Failed;
    }

    /// The tables to hand a new engine.
    pub fn current(&self) -> Option<Arc<Tablebase>> {
        self.read().tables.clone()
    }

    pub fn health(&self) -> TablebaseHealth {
        let slot = self.read();
        TablebaseHealth {
            state: slot.state,
            stones: slot.tables.as_ref().map_or(0, |tables| tables.stones()),
        }
    }

    // The slot is only ever replaced whole or has one field set, so a
    // panic elsewhere cannot leave it half written: a poisoned lock's
    // value is still good.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Slot> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn slot(&self) -> std::sync::RwLockWriteGuard<'_, Slot> {
        self.0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables(stones: u32) -> Arc<Tablebase> {
        let mut tablebase = Tablebase::new();
        tablebase.build(stones, &mut |_, _| {});
        Arc::new(tablebase)
    }

    #[test]
    fn health_follows_a_build_and_a_failed_one_keeps_the_tables_at_hand() {
        let health = |tablebases: &Tablebases| {
            let TablebaseHealth { state, stones } = tablebases.health();
            (state, stones)
        };
        assert_eq!(health(&Tablebases::default()), (TablebaseState::Off, 0));
        assert_eq!(health(&Tablebases::failed()), (TablebaseState::Failed, 0));
        let building = Tablebases::building(Some(tables(0)));
        let seen = building.clone();
        assert_eq!(health(&seen), (TablebaseState::Building, 0));
        building.built(tables(1));
        assert_eq!(health(&seen), (TablebaseState::Ready, 1));
        assert!(seen.current().is_some());
        let building = Tablebases::building(Some(tables(1)));
        building.build_failed();
        assert_eq!(health(&building), (TablebaseState::Failed, 1));
        assert!(building.current().is_some());
    }
}
