//! `guard_towers._core`: the Python face of the rules (`crates/guard-towers`)
//! and the engine (`crates/guard-towers-engine`). A thin adapter: every rule
//! and every error text is the library's; this crate only converts values
//! at the border, and turns every refusal into a Python exception (a
//! `ValueError` with the library's one-line reason) so that nothing a
//! Python caller passes can abort the interpreter.
//!
//! The Python package (`guard_towers/__init__.py`) re-exports these names;
//! `guard_towers/_core.pyi` is their typed description.

use pyo3::prelude::*;

mod engine;
mod game;
mod position;

/// A colour as Python sees it: `"red"` or `"blue"`.
fn color_name(color: guard_towers::Color) -> &'static str {
    match color {
        guard_towers::Color::Red => "red",
        guard_towers::Color::Blue => "blue",
    }
}

/// `message` as a `ValueError`.
fn value_error(message: impl std::fmt::Display) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.to_string())
}

#[pymodule]
fn _core(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<position::Position>()?;
    module.add_class::<position::Piece>()?;
    module.add_class::<position::Outcome>()?;
    module.add_function(wrap_pyfunction!(position::perft, module)?)?;
    module.add_function(wrap_pyfunction!(position::perft_divide, module)?)?;
    module.add_class::<game::Rules>()?;
    module.add_class::<game::Game>()?;
    module.add_function(wrap_pyfunction!(game::read_record, module)?)?;
    module.add_function(wrap_pyfunction!(game::read_records, module)?)?;
    module.add_class::<engine::Engine>()?;
    module.add_class::<engine::SearchResult>()?;
    module.add_class::<engine::Score>()?;
    module.add("START", guard_towers::START)?;
    Ok(())
}
