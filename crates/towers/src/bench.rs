//! `towers gt bench`: runs the engine's fixed search workload
//! ([`guard_towers_engine::bench`]) and prints its node signature and speed.

use guard_towers_engine::bench;

use crate::UsageError;

/// Runs the bench with the engine's defaults changed by `options`
/// (`NAME=VALUE` each, as the protocol's `setoption`).
pub fn run(depth: u32, options: &[(String, String)]) -> Result<(), UsageError> {
    let options: Vec<(&str, &str)> = options
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    let result = bench::run(depth, &options, &mut |position, nodes| {
        eprintln!("{position}: {nodes} nodes")
    })
    .map_err(|error| UsageError(format!("--option: {error}")))?;
    println!("nodes {}", result.nodes);
    println!("nps {}", result.nodes_per_second());
    Ok(())
}

/// Reads `NAME=VALUE` for `--option`.
pub fn name_value(text: &str) -> Result<(String, String), String> {
    crate::option_setting(text).ok_or_else(|| format!("'{text}' is not NAME=VALUE"))
}
