//! `towers serve`: starts the game server (crates/server) on the embedded
//! SQLite default or on PostgreSQL.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use crate::UsageError;

#[derive(Args)]
pub struct ServeArgs {
    /// Address of the HTTP API and web UI.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// `sqlite:FILE` (created if missing) or `postgres://USER@HOST/DB`.
    #[arg(long, default_value = "sqlite:towers.db")]
    database: String,
    /// Also serve the course's TCP game-server protocol on this port
    /// (the course's default is 5555).
    #[arg(long)]
    course_port: Option<u16>,
    /// Requests per second per client address (bursts of twice that);
    /// 0 turns the limit off.
    #[arg(long, default_value_t = 50)]
    rate_limit: u32,
    /// Engine thinking time per move in games without a clock.
    #[arg(long, default_value_t = 500)]
    engine_movetime_ms: u64,
}

pub fn run(args: ServeArgs) -> Result<(), UsageError> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .init();
    let mut config = server::Config::new(args.addr, args.database);
    config.course_addr = args
        .course_port
        .map(|port| SocketAddr::new(args.addr.ip(), port));
    config.rate_limit = Some(args.rate_limit);
    config.tuning.engine_movetime = Duration::from_millis(args.engine_movetime_ms);
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    runtime
        .block_on(async {
            let running = server::start(config).await?;
            println!("towers serve: open http://{}/", running.addr);
            if let Some(course) = running.course_addr {
                println!("towers serve: course protocol on {course}");
            }
            running.wait().await
        })
        .map_err(|error| UsageError(format!("{error:#}")))
}
