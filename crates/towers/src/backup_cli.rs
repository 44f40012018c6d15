//! `towers admin backup` and `towers admin verify`: the server's backups
//! (crates/server, `backup`), wired to the command line.

use std::path::PathBuf;

use clap::Args;

use crate::UsageError;

#[derive(Args)]
pub struct BackupArgs {
    /// The server's database, as given to `towers serve`.
    #[arg(long, default_value = "sqlite:towers.db")]
    database: String,
    /// Where the backup goes; an existing file is never overwritten.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// `towers admin backup`: a consistent copy of a running server's
/// database (SQLite: `VACUUM INTO`; PostgreSQL: `pg_dump`), and what to
/// do with it.
pub fn backup(args: BackupArgs) -> Result<(), UsageError> {
    let backup = runtime()?
        .block_on(server::backup(&args.database, &args.out))
        .map_err(|error| UsageError(error.to_string()))?;
    let file = backup.path.display();
    match backup.method {
        server::Method::VacuumInto => {
            println!(
                "{file}: {} bytes, the database as of one moment (SQLite VACUUM INTO)",
                backup.bytes
            );
            println!("check it:   towers admin verify {file}");
            println!("restore it: towers serve --database sqlite:{file}");
        }
        server::Method::PgDump {
            pg_dump_major,
            server_major,
        } => {
            println!(
                "{file}: {} bytes, pg_dump {pg_dump_major} of a PostgreSQL {server_major} server",
                backup.bytes
            );
            println!(
                "restore it: pg_restore --clean --if-exists --no-owner --dbname URL {file}, \
                 then check it: towers admin verify URL"
            );
        }
    }
    Ok(())
}

#[derive(Args)]
pub struct VerifyArgs {
    /// A SQLite file (a backup, or a server's `FILE` or `sqlite:FILE`) or
    /// a PostgreSQL URL; read only, never migrated.
    #[arg(value_name = "FILE_OR_URL")]
    database: String,
}

/// `towers admin verify`: what the database holds, by kind, and each
/// stored game that no longer replays; exit status 2 when one does not.
pub fn verify(args: VerifyArgs) -> Result<(), UsageError> {
    let inventory = runtime()?
        .block_on(server::verify(&args.database))
        .map_err(|error| UsageError(error.to_string()))?;
    print!("{}", inventory.report());
    match inventory.failures.len() {
        0 => Ok(()),
        failed => Err(UsageError(format!(
            "{failed} of {} stored games do not replay",
            inventory.games()
        ))),
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, UsageError> {
    tokio::runtime::Runtime::new()
        .map_err(|error| UsageError(format!("cannot start the runtime: {error}")))
}
