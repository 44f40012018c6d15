//! Backups of a server's database and their check (`towers admin backup`,
//! `towers admin verify`; docs/deploy.md, "Backups").
//!
//! A SQLite file in WAL mode cannot be copied safely while a server writes
//! it: the file alone lacks the commits still in its `-wal`, and a copy
//! taken between a checkpoint's page writes is torn. SQLite's `VACUUM
//! INTO` instead reads the database in one read transaction and writes
//! what it saw to a new file: a consistent copy as of one moment, made
//! beside a running writer without stopping it. The copy is itself a
//! database: restoring is serving it (`--database sqlite:FILE`).
//!
//! PostgreSQL has its own tool for this, `pg_dump` (one snapshot
//! transaction too), and `pg_restore` to put a dump back; the backup
//! command checks that `pg_dump` is there and new enough for the server
//! and runs it, or says why it cannot and what to run.
//!
//! A verify replays every stored game, match and tournament through the
//! same fold the server loads them with (`replay`, then its seats), so a
//! backup that verifies is one a server can serve. It opens the database
//! read-only and never migrates it: checking a backup must not change it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::error::ApiError;
use crate::games::Kind;
use crate::replay;
use crate::status::Status;
pub use crate::store::StoredCounts;
use crate::store::{Quarantined, Store, StoreError};

/// Why a backup or a verify could not be made. Each says what to do.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// A backup never replaces a file: the one there may be the only good
    /// copy.
    #[error("{0} exists: a backup never overwrites a file (move it away or name another)")]
    Exists(PathBuf),
    #[error("{path}: cannot be written: {source}")]
    Output {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A backup's file name must reach SQLite as text.
    #[error("{0}: the file name is not UTF-8; name the backup otherwise")]
    NotUtf8(PathBuf),
    #[error("no database file {0}")]
    NoSuchFile(PathBuf),
    #[error(
        "'{0}' is not a database towers serves: give sqlite:FILE, a file's path, or postgres://…"
    )]
    Unsupported(String),
    /// The database answers but no towers server ever made its tables.
    #[error("{database} is not a towers database ({cause})")]
    NotTowers { database: String, cause: String },
    /// A verify reads the tables as this towers made them, and must not
    /// migrate: a database an older towers wrote is checked by that towers,
    /// or after this one has served it once (a copy of it, for a backup).
    #[error(
        "{database} lacks {} migration(s) of this towers ({}): it was written by an older one; \
         serve a copy of it once with this towers (which migrates it), then verify that copy",
        missing.len(),
        missing.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
    )]
    Unmigrated { database: String, missing: Vec<i64> },
    #[error(
        "cannot reach {database}: {cause}; once it answers, run this again, or run: {command}"
    )]
    Unreachable {
        database: String,
        cause: String,
        command: String,
    },
    #[error(
        "pg_dump cannot be run ({cause}): install PostgreSQL {server_major}'s client tools \
         (Debian and Ubuntu: apt install postgresql-client-{server_major}), then run: {command}"
    )]
    PgDumpMissing {
        cause: String,
        server_major: i64,
        command: String,
    },
    /// `pg_dump` refuses a server newer than itself.
    #[error(
        "pg_dump {pg_dump} cannot dump a PostgreSQL {server} server (it must be at least the \
         server's major version): install PostgreSQL {server}'s client tools \
         (apt install postgresql-client-{server}), then run: {command}"
    )]
    PgDumpTooOld {
        pg_dump: i64,
        server: i64,
        command: String,
    },
    #[error("pg_dump --version answered '{0}', without a version")]
    PgDumpVersion(String),
    #[error("pg_dump failed ({status}): {stderr}; the command was: {command}")]
    PgDumpFailed {
        status: String,
        stderr: String,
        command: String,
    },
    #[error("{0}")]
    Store(#[from] StoreError),
    /// Reading a game failed for a reason of the database, not the game's.
    #[error("{0}")]
    Read(String),
}

/// A database as an administrator names it: a SQLite file (`sqlite:FILE`
/// or the file's path) or a PostgreSQL URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Database {
    /// Reads `sqlite:FILE`, `sqlite://FILE`, `postgres://…`,
    /// `postgresql://…`, or a file's path.
    pub fn parse(text: &str) -> Result<Database, BackupError> {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Database::Postgres(text.to_string()));
        }
        if text.starts_with("sqlite:") {
            use std::str::FromStr;
            let options = sqlx::sqlite::SqliteConnectOptions::from_str(text)
                .map_err(|_| BackupError::Unsupported(text.to_string()))?;
            return Ok(Database::Sqlite(options.get_filename().to_path_buf()));
        }
        if text.is_empty() || text.contains("://") {
            return Err(BackupError::Unsupported(text.to_string()));
        }
        Ok(Database::Sqlite(PathBuf::from(text)))
    }

    /// The database's name for messages, without a password.
    pub fn shown(&self) -> String {
        match self {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => redacted(url),
        }
    }

    /// Opens it to read only (see [`Store::open_read_only`]), and checks
    /// that a towers server made its tables.
    async fn open(&self) -> Result<(Store, Vec<i64>), BackupError> {
        let url = match self {
            Database::Sqlite(path) => {
                if !path.is_file() {
                    return Err(BackupError::NoSuchFile(path.clone()));
                }
                use sqlx::ConnectOptions;
                sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(path)
                    .to_url_lossy()
                    .to_string()
            }
            Database::Postgres(url) => url.clone(),
        };
        let store = Store::open_read_only(&url).await?;
        match store.applied_migrations().await {
            Ok(applied) if !applied.is_empty() => Ok((store, applied)),
            Ok(_) => Err(BackupError::NotTowers {
                database: self.shown(),
                cause: "no migration was ever applied to it".into(),
            }),
            Err(error) => Err(BackupError::NotTowers {
                database: self.shown(),
                cause: error.to_string(),
            }),
        }
    }
}

/// A backup written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    pub path: PathBuf,
    pub bytes: u64,
    pub method: Method,
}

/// How a backup was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// SQLite's `VACUUM INTO`: the file is a SQLite database.
    VacuumInto,
    /// `pg_dump --format=custom`: the file is for `pg_restore`.
    PgDump {
        pg_dump_major: i64,
        server_major: i64,
    },
}

/// Writes a consistent copy of the database `database` (as given to
/// `towers serve`) to `out`, which must not exist; safe while servers use
/// the database. A failed backup leaves no file behind.
pub async fn backup(database: &str, out: &Path) -> Result<Backup, BackupError> {
    let database = Database::parse(database)?;
    let method = match &database {
        Database::Sqlite(_) => {
            let text = out
                .to_str()
                .ok_or_else(|| BackupError::NotUtf8(out.to_path_buf()))?;
            let (store, _) = database.open().await?;
            let claimed = Claimed::new(out)?;
            let copied = store.vacuum_into(text).await;
            store.close_read_only().await;
            copied?;
            claimed.keep()?;
            Method::VacuumInto
        }
        Database::Postgres(url) => pg_dump(&database, url, out).await?,
    };
    let bytes = std::fs::metadata(out)
        .map_err(|source| BackupError::Output {
            path: out.to_path_buf(),
            source,
        })?
        .len();
    Ok(Backup {
        path: out.to_path_buf(),
        bytes,
        method,
    })
}

/// The output file, made empty and new (so that nothing else's is
/// overwritten, even by a race) and removed again unless the backup
/// succeeds.
struct Claimed {
    path: PathBuf,
    kept: bool,
}

impl Claimed {
    fn new(path: &Path) -> Result<Claimed, BackupError> {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(_) => Ok(Claimed {
                path: path.to_path_buf(),
                kept: false,
            }),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {
                Err(BackupError::Exists(path.to_path_buf()))
            }
            Err(source) => Err(BackupError::Output {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Makes the written file durable (`VACUUM INTO` does not sync it),
    /// with its directory entry, and keeps it.
    fn keep(mut self) -> Result<(), BackupError> {
        let output = |source| BackupError::Output {
            path: self.path.clone(),
            source,
        };
        std::fs::File::open(&self.path)
            .and_then(|file| file.sync_all())
            .map_err(output)?;
        let directory = match self.path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        if let Ok(directory) = std::fs::File::open(directory) {
            // Not every system syncs a directory; the file itself is.
            let _ = directory.sync_all();
        }
        self.kept = true;
        Ok(())
    }
}

impl Drop for Claimed {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Checks that `pg_dump` can dump the server (reachable, a towers
/// database, `pg_dump` at least the server's major version) and runs it.
async fn pg_dump(database: &Database, url: &str, out: &Path) -> Result<Method, BackupError> {
    let command = pg_dump_command(url, out);
    if out.exists() {
        return Err(BackupError::Exists(out.to_path_buf()));
    }
    let (store, _) = match database.open().await {
        Ok(opened) => opened,
        Err(BackupError::Store(StoreError::Open { cause, .. })) => {
            return Err(BackupError::Unreachable {
                database: database.shown(),
                cause,
                command,
            })
        }
        Err(error) => return Err(error),
    };
    let version = store.server_version_num().await;
    store.close_read_only().await;
    let server_major = version? / 10_000;
    // pg_dump not run at all: what the operator can do by hand instead.
    let missing = |cause: String| BackupError::PgDumpMissing {
        cause,
        server_major,
        command: command.clone(),
    };
    let answer = tokio::process::Command::new("pg_dump")
        .arg("--version")
        .output()
        .await
        .map_err(|error| missing(error.to_string()))?;
    let text = String::from_utf8_lossy(&answer.stdout).trim().to_string();
    if !answer.status.success() {
        return Err(missing(format!("pg_dump --version: {}", answer.status)));
    }
    let pg_dump_major = major_version(&text).ok_or(BackupError::PgDumpVersion(text))?;
    if pg_dump_major < server_major {
        return Err(BackupError::PgDumpTooOld {
            pg_dump: pg_dump_major,
            server: server_major,
            command: command.clone(),
        });
    }
    let claimed = Claimed::new(out)?;
    // The password goes by the environment, not the command line, which
    // every user of the machine can read.
    let (url, password) = without_password(url);
    let mut dump = tokio::process::Command::new("pg_dump");
    dump.arg("--format=custom")
        .arg("--file")
        .arg(out)
        .arg("--dbname")
        .arg(&url)
        .stdin(Stdio::null());
    if let Some(password) = password {
        dump.env("PGPASSWORD", password);
    }
    let done = dump
        .output()
        .await
        .map_err(|error| missing(error.to_string()))?;
    if !done.status.success() {
        return Err(BackupError::PgDumpFailed {
            status: done.status.to_string(),
            stderr: String::from_utf8_lossy(&done.stderr).trim().to_string(),
            command,
        });
    }
    claimed.keep()?;
    Ok(Method::PgDump {
        pg_dump_major,
        server_major,
    })
}

/// The command an administrator would run, the password left out.
fn pg_dump_command(url: &str, out: &Path) -> String {
    format!(
        "pg_dump --format=custom --file {} {}",
        quoted(&out.display().to_string()),
        quoted(&redacted(url))
    )
}

/// Quoted for a POSIX shell.
fn quoted(text: &str) -> String {
    if !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-:@=+,".contains(c))
    {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The major version in `pg_dump --version`'s answer:
/// `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` is 15.
fn major_version(answer: &str) -> Option<i64> {
    answer
        .split_whitespace()
        .find(|word| word.starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|version| {
            version
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
}

/// Where the credentials of a URL are: the byte after `://`, the `:`
/// before the password if there is one, and the `@` after them.
fn credentials(url: &str) -> Option<(usize, Option<usize>, usize)> {
    let start = url.find("://")? + 3;
    let end = start + url[start..].find(['/', '?']).unwrap_or(url.len() - start);
    let at = start + url[start..end].rfind('@')?;
    let colon = url[start..at].find(':').map(|colon| start + colon);
    Some((start, colon, at))
}

/// The URL without its password, for messages (`user:***@host`).
fn redacted(url: &str) -> String {
    match credentials(url) {
        Some((_, Some(colon), at)) => format!("{}***{}", &url[..=colon], &url[at..]),
        _ => url.to_string(),
    }
}

/// The URL without its password, and the password (percent-decoded, as
/// libpq would read it from the URL).
fn without_password(url: &str) -> (String, Option<String>) {
    match credentials(url) {
        Some((_, Some(colon), at)) => (
            format!("{}{}", &url[..colon], &url[at..]),
            Some(percent_decoded(&url[colon + 1..at])),
        ),
        _ => (url.to_string(), None),
    }
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (bytes[at], hex) {
            (b'%', Some(byte)) => {
                decoded.push(byte);
                at += 3;
            }
            (byte, _) => {
                decoded.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// What a database holds, and what of it no longer replays.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Inventory {
    /// Every kind of the registry, in its order, with how many of its
    /// games replay, by status (kinds with none included).
    pub kinds: Vec<KindCount>,
    pub counts: StoredCounts,
    /// The games a server had set apart before (each is replayed again
    /// all the same: a fixed rule may replay it now).
    pub quarantined: Vec<Quarantined>,
    /// Every game whose stored row, events or seats no longer load.
    pub failures: Vec<Unreplayable>,
    /// Migrations applied to the database that this towers does not know
    /// (a newer one wrote it).
    pub newer_migrations: Vec<i64>,
}

impl Inventory {
    /// How many games are stored: those that replay (counted by kind)
    /// and those that do not.
    pub fn games(&self) -> usize {
        self.kinds.iter().map(KindCount::total).sum::<usize>() + self.failures.len()
    }

    /// The lines `towers admin verify` prints: the counts, then each game
    /// that does not replay.
    pub fn report(&self) -> String {
        let mut text = String::new();
        for kind in &self.kinds {
            let _ = writeln!(
                text,
                "{}: {} (waiting {}, active {}, finished {})",
                kind.kind,
                kind.total(),
                kind.waiting,
                kind.active,
                kind.finished
            );
        }
        let StoredCounts {
            accounts,
            bots,
            puzzles,
        } = self.counts;
        let _ = writeln!(
            text,
            "accounts: {accounts}, bots: {bots}, puzzles: {puzzles}"
        );
        if !self.newer_migrations.is_empty() {
            let _ = writeln!(
                text,
                "note: {} migration(s) newer than this towers are applied",
                self.newer_migrations.len()
            );
        }
        for game in &self.quarantined {
            let _ = writeln!(text, "set apart earlier: {} ({})", game.id, game.reason);
        }
        for failure in &self.failures {
            let _ = writeln!(
                text,
                "does not replay: {} ({}): {}",
                failure.id, failure.kind, failure.reason
            );
        }
        match self.failures.len() {
            0 => {
                let _ = writeln!(text, "all {} stored games replay", self.games());
            }
            failed => {
                let _ = writeln!(
                    text,
                    "{failed} of {} stored games do not replay",
                    self.games()
                );
            }
        }
        text
    }
}

/// How many games of one kind are stored, by status.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct KindCount {
    /// The kind's stored name (`gt`, `kubb`, `tournament`).
    pub kind: &'static str,
    pub waiting: usize,
    pub active: usize,
    pub finished: usize,
}

impl KindCount {
    pub fn total(&self) -> usize {
        self.waiting + self.active + self.finished
    }
}

/// A stored game that no longer loads, and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Unreplayable {
    pub id: String,
    /// Its kind as stored.
    pub kind: String,
    pub reason: String,
}

/// Replays every game stored in `database` (a SQLite file's path,
/// `sqlite:FILE` or a PostgreSQL URL) as a server loads it, reading only,
/// and reports what is there.
pub async fn verify(database: &str) -> Result<Inventory, BackupError> {
    let database = Database::parse(database)?;
    let (store, applied) = database.open().await?;
    let verified = inventory(&store, &database, &applied).await;
    store.close_read_only().await;
    verified
}

async fn inventory(
    store: &Store,
    database: &Database,
    applied: &[i64],
) -> Result<Inventory, BackupError> {
    let known: Vec<i64> = sqlx::migrate!("./migrations")
        .iter()
        .filter(|migration| migration.migration_type.is_up_migration())
        .map(|migration| migration.version)
        .collect();
    let missing: Vec<i64> = known
        .iter()
        .copied()
        .filter(|version| !applied.contains(version))
        .collect();
    if !missing.is_empty() {
        return Err(BackupError::Unmigrated {
            database: database.shown(),
            missing,
        });
    }
    let mut inventory = Inventory {
        kinds: Kind::ALL
            .iter()
            .map(|kind| KindCount {
                kind: kind.name(),
                ..KindCount::default()
            })
            .collect(),
        counts: store.stored_counts().await?,
        quarantined: store.quarantined().await?,
        failures: Vec::new(),
        newer_migrations: applied
            .iter()
            .copied()
            .filter(|version| !known.contains(version))
            .collect(),
    };
    for (id, kind, _) in store.every_game().await? {
        match load(store, &id).await? {
            Ok((kind, status)) => {
                let count = inventory
                    .kinds
                    .iter_mut()
                    .find(|count| count.kind == kind.name())
                    .expect("every kind is counted");
                match status {
                    Status::Waiting => count.waiting += 1,
                    Status::Active => count.active += 1,
                    Status::Finished => count.finished += 1,
                }
            }
            Err(reason) => inventory.failures.push(Unreplayable { id, kind, reason }),
        }
    }
    Ok(inventory)
}

/// Loads game `id` as the server does (its row, the fold of its events,
/// its seats): its kind and status, or why it does not load. An error of
/// the database itself (not of this game) ends the verify.
async fn load(store: &Store, id: &str) -> Result<Result<(Kind, Status), String>, BackupError> {
    let row = match store.game(id).await {
        Ok(Some(row)) => row,
        Ok(None) => return Ok(Err("its row went away while it was read".into())),
        Err(error @ StoreError::Corrupt { .. }) => return Ok(Err(error.to_string())),
        Err(error) => return Err(error.into()),
    };
    let state = match replay::replayed_from(store, &row).await {
        Ok(state) => state,
        Err(ApiError::Quarantined { detail, .. }) => return Ok(Err(detail)),
        Err(error) => return Err(BackupError::Read(format!("game {id}: {error:?}"))),
    };
    match store.seats(id).await {
        Ok(_) => {}
        Err(error @ StoreError::Corrupt { .. }) => return Ok(Err(error.to_string())),
        Err(error) => return Err(error.into()),
    }
    // The status the stored row gives lists use; the replayed state's is
    // the truth, and a row that disagrees is damaged.
    if state.status() != row.status {
        return Ok(Err(format!(
            "stored as {} but its events make it {}",
            row.status.name(),
            state.status().name()
        )));
    }
    Ok(Ok((row.kind, row.status)))
}
