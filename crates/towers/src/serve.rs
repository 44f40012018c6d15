//! `towers serve`: starts the game server (crates/server) on the embedded
//! SQLite default or on PostgreSQL.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args;
use guard_towers_tablebase::Tablebase;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, reload, EnvFilter};

use crate::UsageError;

/// Every setting can also come from the environment (the `TOWERS_…` name
/// shown in `--help`) and from a TOML file (`--config`): see
/// `crate::config` and docs/deploy.md.
#[derive(Args)]
pub struct ServeArgs {
    /// Address of the HTTP API and web UI.
    #[arg(long, env = "TOWERS_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// `sqlite:FILE` (created if missing) or `postgres://USER@HOST/DB`.
    #[arg(
        long,
        env = "TOWERS_DATABASE",
        hide_env_values = true,
        default_value = "sqlite:towers.db"
    )]
    database: String,
    /// Also serve the course's TCP game-server protocol on this port
    /// (the course's default is 5555).
    #[arg(long, env = "TOWERS_COURSE_PORT")]
    course_port: Option<u16>,
    /// Requests per second per client address (bursts of twice that);
    /// 0 turns the limit off.
    #[arg(long, env = "TOWERS_RATE_LIMIT", default_value_t = 50)]
    rate_limit: u32,
    /// Engine thinking time per move in games without a clock.
    #[arg(long, env = "TOWERS_ENGINE_MOVETIME_MS", default_value_t = 500)]
    engine_movetime_ms: u64,
    /// Games kept in memory; beyond it, games nobody is using are dropped
    /// and read back from the database when next asked for.
    #[arg(long, env = "TOWERS_CACHED_GAMES", default_value_t = 10_000)]
    cached_games: usize,
    /// Connections open at once over both listeners [default: the
    /// descriptor limit less a reserve].
    #[arg(long, env = "TOWERS_MAX_CONNECTIONS")]
    max_connections: Option<usize>,
    /// Connections open at once from one client (an IPv4 address or an
    /// IPv6 /64).
    #[arg(long, env = "TOWERS_MAX_CONNECTIONS_PER_CLIENT", default_value_t = 256)]
    max_connections_per_client: usize,
    /// Behind a reverse proxy: take each client's address from the
    /// proxy's `X-Forwarded-For` (never trust it otherwise: clients can
    /// send it).
    #[arg(long, env = "TOWERS_TRUST_FORWARDED_FOR")]
    trust_forwarded_for: bool,
    /// Where users reach the server (`https://towers.example.org`): the
    /// origin and relying-party id passkeys are bound to [default:
    /// http://localhost:PORT on a loopback address; elsewhere passkeys are
    /// off until it is given, since WebAuthn refuses IP addresses].
    #[arg(long, env = "TOWERS_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
    /// Endgame tables for analyses and the full-strength engine's games
    /// (`towers gt tablebase build`). Those of at most 2 stones that it
    /// lacks are built into it in the background at start (it is made if
    /// missing), and used once built.
    #[arg(long, env = "TOWERS_TABLEBASE", value_name = "DIR")]
    tablebase: Option<std::path::PathBuf>,
    /// Serve `GET /metrics` (Prometheus) and `PUT /log-level` on this
    /// address, apart from the public one [default: off].
    #[arg(long, env = "TOWERS_METRICS_ADDR", value_name = "ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// Log lines as text or as JSON objects (one a line, for a collector).
    #[arg(long, env = "TOWERS_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// What to log: a level (`info`, `debug`) or tracing's directives
    /// (`info,server=debug`). Changed while running by SIGHUP (read again
    /// from the configuration file) or `PUT /log-level` on the metrics
    /// address.
    #[arg(long, env = "TOWERS_LOG_LEVEL", default_value = "info", value_parser = log_filter)]
    log_level: String,
    /// A TOML file of these settings (`database = "sqlite:/var/lib/towers/towers.db"`);
    /// flags and the environment override it.
    #[arg(long, env = "TOWERS_CONFIG", value_name = "FILE")]
    config: Option<std::path::PathBuf>,
    /// Print the configuration in force, and where each value came from,
    /// then stop.
    #[arg(long)]
    print_config: bool,
    /// Filled in by `main` from `crate::config`.
    #[arg(skip)]
    pub settings: crate::config::Settings,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

/// A `--log-level` that tracing can use.
fn log_filter(text: &str) -> Result<String, String> {
    EnvFilter::try_new(text)
        .map(|_| text.to_string())
        .map_err(|error| format!("not a level or tracing directive: {error}"))
}

pub fn run(args: ServeArgs) -> Result<(), UsageError> {
    if args.print_config {
        print!("{}", args.settings);
        return Ok(());
    }
    let log_level = init_logging(args.log_format, &args.log_level);
    let mut config = server::Config::new(args.addr, args.database);
    config.course_addr = args
        .course_port
        .map(|port| SocketAddr::new(args.addr.ip(), port));
    config.rate_limit = Some(args.rate_limit);
    config.tuning.engine_movetime = Duration::from_millis(args.engine_movetime_ms);
    config.tuning.cached_games = args.cached_games;
    config.max_connections = args.max_connections;
    config.max_connections_per_client = args.max_connections_per_client;
    config.trust_forwarded_for = args.trust_forwarded_for;
    config.public_url = args.public_url;
    config.metrics_addr = args.metrics_addr;
    config.log_level = Some(log_level.clone());
    if let Some(dir) = &args.tablebase {
        config.tuning.tablebase = tablebases(dir)?;
    }
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    runtime
        .block_on(async {
            let running = server::start(config).await?;
            println!("towers serve: open http://{}/", running.addr);
            if let Some(course) = running.course_addr {
                println!("towers serve: course protocol on {course}");
            }
            if let Some(metrics) = running.metrics_addr {
                println!("towers serve: metrics on http://{metrics}/metrics");
            }
            tokio::spawn(reload_on_hangup(args.config, log_level));
            stop_signal().await?;
            // Not on stdout: whoever read the address may have gone.
            tracing::info!("stopping: no new connections, finishing requests in flight");
            running.shutdown().await
        })
        .map_err(|error| UsageError(format!("{error:#}")))
}

/// The tables a server builds itself into a `--tablebase` directory that
/// lacks them: every position of at most 2 stones besides the guards, some
/// seconds of one core (docs/tablebase.md). Three stones take 23 minutes
/// and almost 1 GB while built: `towers gt tablebase build`'s, not a
/// server's.
const BUILT_STONES: u32 = 2;

/// The endgame tables in `dir`: loaded if they hold every position of at
/// most `BUILT_STONES` stones (or more), else the missing ones are built
/// on a thread of their own and swapped in when done, while the server
/// serves with the tables at hand. A directory that cannot be made or
/// written is logged and the server serves without the missing tables; a
/// table that cannot be read stops the start, as one given to any other
/// command does.
fn tablebases(dir: &Path) -> Result<server::Tablebases, UsageError> {
    let shown = dir.display();
    if let Err(error) = std::fs::create_dir_all(dir) {
        tracing::error!(
            dir = %shown,
            %error,
            "cannot make the endgame tables' directory: serving without endgame tables"
        );
        return Ok(server::Tablebases::failed());
    }
    let at_hand = crate::tablebase_cli::read_all(dir)?;
    if at_hand.stones() >= BUILT_STONES {
        tracing::info!(dir = %shown, stones = at_hand.stones(), "endgame tables loaded");
        return Ok(server::Tablebases::ready(Arc::new(at_hand)));
    }
    tracing::info!(
        dir = %shown,
        stones = BUILT_STONES,
        "building the missing endgame tables in the background: \
         analyses and engines use them once built"
    );
    let tablebases =
        server::Tablebases::building((!at_hand.is_empty()).then(|| Arc::new(at_hand.clone())));
    let slot = tablebases.clone();
    let into = dir.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("tablebase-build".into())
        .spawn(move || build_in_background(at_hand, &into, &slot));
    if let Err(error) = spawned {
        tracing::error!(%error, "cannot start the endgame tables' build: serving without them");
        tablebases.build_failed();
    }
    Ok(tablebases)
}

/// Builds what `tables` lack of `BUILT_STONES` stones into `dir`, at a low
/// priority, and hands them to `slot`.
fn build_in_background(mut tables: Tablebase, dir: &Path, slot: &server::Tablebases) {
    lower_priority();
    let started = Instant::now();
    let saved = crate::tablebase_cli::build_into(&mut tables, BUILT_STONES, dir, &mut |stats| {
        tracing::info!(
            table = %stats.material,
            positions = stats.positions,
            "endgame table built"
        );
    });
    match saved {
        Ok(()) => {
            tracing::info!(
                dir = %dir.display(),
                stones = tables.stones(),
                seconds = %format!("{:.1}", started.elapsed().as_secs_f64()),
                "endgame tables built and saved: in use from now on"
            );
            slot.built(Arc::new(tables));
        }
        Err(error) => {
            tracing::error!(%error, "cannot save the endgame tables: serving without them");
            slot.build_failed();
        }
    }
}

/// Lowers the calling thread's priority to nice 10, so that the server's
/// own threads (requests, engine searches) come first: against one busy
/// thread of nice 0 it gets about a tenth of a core. Not the lowest (19,
/// a seventieth): a server whose engines keep every core busy still gets
/// its tables within minutes. On Linux the nice value is a thread's, so
/// only this one is lowered; elsewhere it would be the whole process's,
/// so the build runs at the server's own priority there.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority only reads its arguments; `who` 0 is the
        // calling thread on Linux.
        if unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 10) } != 0 {
            let error = std::io::Error::last_os_error();
            tracing::warn!(%error, "cannot lower the endgame tables' build's priority");
        }
    }
}

/// Starts logging to stderr as text or JSON, with a level that can be
/// changed later through the returned control.
fn init_logging(format: LogFormat, level: &str) -> server::LogLevel {
    let (filter, handle) = reload::Layer::new(EnvFilter::new(level));
    let registry = tracing_subscriber::registry().with(filter);
    let stderr = std::io::stderr;
    match format {
        LogFormat::Text => registry.with(fmt::layer().with_writer(stderr)).init(),
        LogFormat::Json => registry
            .with(
                fmt::layer()
                    .json()
                    .flatten_event(true)
                    .with_span_list(false)
                    .with_writer(stderr),
            )
            .init(),
    }
    server::LogLevel(std::sync::Arc::new(move |level: &str| {
        let filter = EnvFilter::try_new(level).map_err(|error| error.to_string())?;
        handle.reload(filter).map_err(|error| error.to_string())?;
        tracing::warn!(level, "log level changed");
        Ok(())
    }))
}

/// On SIGHUP, the configuration file's `log_level` is read again and put
/// in force (systemd's `ExecReload=kill -HUP $MAINPID`).
async fn reload_on_hangup(config: Option<std::path::PathBuf>, log_level: server::LogLevel) {
    use tokio::signal::unix::{signal, SignalKind};
    let Ok(mut hangups) = signal(SignalKind::hangup()) else {
        return;
    };
    while hangups.recv().await.is_some() {
        let Some(path) = &config else {
            tracing::warn!("SIGHUP: no configuration file (--config) to read the log level from");
            continue;
        };
        let level = std::fs::read_to_string(path)
            .map_err(|error| error.to_string())
            .and_then(|text| {
                text.parse::<toml::Table>()
                    .map_err(|error| error.to_string())
            })
            .map(|table| {
                table
                    .get("log_level")
                    .and_then(|level| level.as_str())
                    .unwrap_or("info")
                    .to_string()
            });
        if let Err(error) = level.and_then(|level| (log_level.0)(&level)) {
            tracing::warn!(%error, "SIGHUP: the log level stays as it was");
        }
    }
}

/// SIGTERM or SIGINT (Ctrl-C).
async fn stop_signal() -> std::io::Result<()> {
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        interrupted = tokio::signal::ctrl_c() => interrupted,
        _ = terminate.recv() => Ok(()),
    }
}

#[derive(Args)]
pub struct QuarantinedArgs {
    /// The server's database, as given to `towers serve`.
    #[arg(long, default_value = "sqlite:towers.db")]
    database: String,
}

/// `towers admin quarantined`: the games set apart because their stored
/// events no longer replay, one a line: id, when (ms since the epoch) and
/// why.
pub fn quarantined(args: QuarantinedArgs) -> Result<(), UsageError> {
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    let games = runtime
        .block_on(server::quarantined_in(&args.database))
        .map_err(|error| UsageError(error.to_string()))?;
    for game in games {
        println!("{}\t{}\t{}", game.id, game.at_ms, game.reason);
    }
    Ok(())
}

#[derive(Args)]
pub struct AccountsArgs {
    #[command(subcommand)]
    command: AccountsSubcommand,
    /// The server's database, as given to `towers serve`.
    #[arg(long, default_value = "sqlite:towers.db", global = true)]
    database: String,
}

#[derive(clap::Subcommand)]
enum AccountsSubcommand {
    /// Every account and every unclaimed name (rated results, no account).
    List,
    /// Disables an account and ends its sessions.
    Disable {
        name: String,
    },
    Enable {
        name: String,
    },
    /// Removes an account's passwords, passkeys and sessions and prints a
    /// one-time link (valid 7 days) that adds a new passkey.
    Reset {
        name: String,
        /// The server's public URL, as given to `towers serve`.
        #[arg(long, default_value = "http://localhost:8080")]
        public_url: String,
    },
    /// Hands the rated history of an unclaimed NAME to ACCOUNT: its
    /// results count as the account's from now on.
    Link {
        name: String,
        account: String,
    },
}

/// `towers admin accounts …`.
pub fn accounts(args: AccountsArgs) -> Result<(), UsageError> {
    use server::AccountsCommand;
    let command = match args.command {
        AccountsSubcommand::List => AccountsCommand::List,
        AccountsSubcommand::Disable { name } => AccountsCommand::Disable(name),
        AccountsSubcommand::Enable { name } => AccountsCommand::Enable(name),
        AccountsSubcommand::Reset { name, public_url } => {
            AccountsCommand::Reset { name, public_url }
        }
        AccountsSubcommand::Link { name, account } => AccountsCommand::Link { name, account },
    };
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    let lines = runtime
        .block_on(server::admin_accounts(&args.database, command))
        .map_err(|error| UsageError(format!("{error:#}")))?;
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

#[derive(Args)]
pub struct ImportCourseLogArgs {
    /// Logs of the course's contest server, one game each.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<std::path::PathBuf>,
    /// The server's database, as given to `towers serve`.
    #[arg(long, default_value = "sqlite:towers.db")]
    database: String,
}

/// `towers admin import-course-log`: each log becomes a game in the
/// archive, one line each (`FILE: game ID: …`), with the lines out of turn
/// it skipped; a log that cannot be read is named with its line and why,
/// the others are imported all the same, and the exit status is 2.
pub fn import_course_logs(args: ImportCourseLogArgs) -> Result<(), UsageError> {
    let mut logs = Vec::new();
    for file in &args.files {
        let text = std::fs::read_to_string(file)
            .map_err(|e| UsageError(format!("cannot read {}: {e}", file.display())))?;
        logs.push((file.display().to_string(), text));
    }
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    let outcomes = runtime
        .block_on(server::import_course_logs(&args.database, &logs))
        .map_err(|error| UsageError(format!("{error:#}")))?;
    let mut failed = 0;
    for (name, outcome) in outcomes {
        match outcome {
            Ok(game) => {
                println!(
                    "{name}: game {}: {} (red) vs {} (blue), {} moves, {}",
                    game.id, game.red, game.blue, game.moves, game.result
                );
                for skipped in game.out_of_turn {
                    println!(
                        "{name}: line {}: {} sent '{}' out of turn: skipped",
                        skipped.line, skipped.color, skipped.text
                    );
                }
            }
            Err(error) => {
                failed += 1;
                eprintln!("towers: {name}: {error}");
            }
        }
    }
    match failed {
        0 => Ok(()),
        _ => Err(UsageError(format!(
            "{failed} of {} logs not imported",
            logs.len()
        ))),
    }
}

#[derive(Args)]
pub struct LoadtestArgs {
    /// A running server (`http://HOST:PORT`); without it, one is started
    /// in this process on `--database`.
    #[arg(long, conflicts_with = "database")]
    url: Option<String>,
    /// The database of the server started in this process: a fresh SQLite
    /// file by default, or `postgres://…` (its games are added to what is
    /// there).
    #[arg(long)]
    database: Option<String>,
    /// Games played at once (each keeps one move in flight).
    #[arg(long, default_value_t = 40)]
    games: usize,
    /// WebSocket spectators, spread over the games.
    #[arg(long, default_value_t = 1000)]
    spectators: usize,
    /// Seconds to run.
    #[arg(long, default_value_t = 10)]
    duration: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn loadtest(args: LoadtestArgs) -> Result<(), UsageError> {
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))?;
    let report = runtime
        .block_on(async {
            let (base, _dir) = match args.url {
                Some(url) => (url.trim_end_matches('/').to_string(), None),
                None => {
                    let dir =
                        std::env::temp_dir().join(format!("towers-load-{}", std::process::id()));
                    std::fs::create_dir_all(&dir)?;
                    let database = args
                        .database
                        .clone()
                        .unwrap_or_else(|| format!("sqlite:{}", dir.join("towers.db").display()));
                    let mut config = server::Config::new("127.0.0.1:0".parse()?, database);
                    config.rate_limit = None;
                    // Every client of the load comes from this one address.
                    config.max_connections_per_client = usize::MAX;
                    let running = server::start(config).await?;
                    let base = format!("http://{}", running.addr);
                    tokio::spawn(running.wait());
                    (base, Some(TempDir(dir)))
                }
            };
            crate::loadtest::run(crate::loadtest::LoadConfig {
                base,
                games: args.games.max(1),
                spectators: args.spectators,
                duration: Duration::from_secs(args.duration.max(1)),
                seed: args.seed,
            })
            .await
        })
        .map_err(|error| UsageError(format!("{error:#}")))?;
    if report.spectators_connected < args.spectators as u64 {
        eprintln!(
            "towers loadtest: warning: {} of {} spectators connected; a server bounds the \
             connections of one client (--max-connections-per-client) and in all",
            report.spectators_connected, args.spectators
        );
    }
    if report.rate_limited > 0 {
        eprintln!(
            "towers loadtest: warning: the server's rate limit refused {} requests or sockets; \
             these figures measure the limit (start the server with --rate-limit 0 to measure it)",
            report.rate_limited
        );
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&report).expect("reports serialise")
        );
    } else {
        println!(
            "{} accepted moves in {:.1} s: {:.0} moves/s over {} games at once ({} games started, {} refused or failed)",
            report.accepted_moves,
            report.seconds,
            report.moves_per_second,
            report.games_in_parallel,
            report.games_started,
            report.refused_or_failed
        );
        println!(
            "move latency ms: p50 {:.2}  p95 {:.2}  p99 {:.2}  max {:.2}",
            report.latency_ms_p50,
            report.latency_ms_p95,
            report.latency_ms_p99,
            report.latency_ms_max
        );
        println!(
            "{} spectators connected, {} live messages ({:.0}/s)",
            report.spectators_connected,
            report.spectator_messages,
            report.spectator_messages_per_second
        );
    }
    Ok(())
}

/// A scratch directory removed when the load test ends.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
