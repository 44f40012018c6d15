//! What the database keeps of accounts (`crate::accounts`): the accounts,
//! the identities every name stands for, passkeys, sessions (by their
//! hash), passkey ceremonies between their two requests, reset links and
//! bots' owners: the rows and the writes, which go through the one writer
//! (`Write::Account`), so they are committed with the same group commit as
//! the games. The reads are `Store`'s (`store.rs`).

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// Who an identity (a name, by its skeleton) stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Account,
    Bot,
    /// A name with rated results and no account.
    Unclaimed,
}

impl Holder {
    pub fn name(self) -> &'static str {
        match self {
            Holder::Account => "account",
            Holder::Bot => "bot",
            Holder::Unclaimed => "unclaimed",
        }
    }

    pub(super) fn parse(text: &str) -> Holder {
        match text {
            "account" => Holder::Account,
            "bot" => Holder::Bot,
            _ => Holder::Unclaimed,
        }
    }
}

/// A stored identity.
#[derive(Clone, Debug, PartialEq)]
pub struct IdentityRow {
    pub skeleton: String,
    pub name: String,
    pub holder: Holder,
    /// The account an unclaimed name was handed to, or the account's own.
    pub account_id: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
    pub password: Option<String>,
    pub disabled: bool,
    pub created_ms: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PasskeyRow {
    pub id: String,
    pub account_id: String,
    pub label: String,
    pub credential: String,
    pub created_ms: i64,
    pub used_ms: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SessionRow {
    pub id_hash: String,
    pub account_id: String,
    pub created_ms: i64,
    pub seen_ms: i64,
    pub client: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CeremonyRow {
    pub id: String,
    pub purpose: String,
    pub account_id: Option<String>,
    pub label: String,
    pub state: String,
    pub expires_ms: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BotRow {
    pub name: String,
    pub owner: Option<String>,
    pub created_ms: i64,
}

/// One write about accounts; each says when it conflicts.
#[derive(Clone, Debug)]
pub enum AccountWrite {
    /// Conflicts when the name or a look-alike of it is taken.
    Create {
        account: AccountRow,
        skeleton: String,
    },
    /// An identity for a name that is no account's: a bot's conflicts when
    /// its skeleton is held; an unclaimed name's never does (it is kept
    /// only when the skeleton is free).
    Identity {
        skeleton: String,
        name: String,
        holder: Holder,
    },
    /// Hands an unclaimed name's history to an account.
    Link {
        skeleton: String,
        account_id: String,
    },
    SetPassword {
        account_id: String,
        password: Option<String>,
    },
    /// Disabling also ends every session of the account.
    SetDisabled {
        account_id: String,
        disabled: bool,
    },
    OpenSession(SessionRow),
    TouchSession {
        id_hash: String,
        seen_ms: i64,
    },
    /// Conflicts when the account holds no such session.
    CloseSession {
        id_hash: String,
        account_id: String,
    },
    /// Stores a ceremony's first half, and forgets the ceremonies that
    /// expired before `now_ms` unfinished.
    StartCeremony {
        ceremony: CeremonyRow,
        now_ms: i64,
    },
    /// Conflicts when the ceremony was finished already (a replay).
    EndCeremony {
        id: String,
    },
    /// Conflicts when the credential is stored already.
    AddPasskey(PasskeyRow),
    UsePasskey {
        id: String,
        credential: Option<String>,
        used_ms: i64,
    },
    /// Conflicts when the account holds no such passkey.
    RenamePasskey {
        id: String,
        account_id: String,
        label: String,
    },
    RemovePasskey {
        id: String,
        account_id: String,
    },
    /// Removes the account's password, passkeys and sessions, and stores
    /// a one-time link that adds a passkey.
    Reset {
        account_id: String,
        token_hash: String,
        expires_ms: i64,
    },
    /// Conflicts when the link was used already.
    UseResetLink {
        token_hash: String,
    },
    /// Gives a bot (and every seat its token holds) a new token hash;
    /// conflicts when `owner` does not own it.
    RotateBotToken {
        name: String,
        owner: String,
        token_hash: String,
    },
}

/// Applies one account write; false when it conflicts.
pub(super) async fn apply(
    connection: &mut AnyConnection,
    write: &AccountWrite,
) -> Result<bool, sqlx::Error> {
    use AccountWrite::*;
    let affected = match write {
        Create { account, skeleton } => {
            let created = sqlx::query(
                "INSERT INTO accounts (id, name, skeleton, password, disabled, created_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            )
            .bind(&account.id)
            .bind(&account.name)
            .bind(skeleton)
            .bind(&account.password)
            .bind(i64::from(account.disabled))
            .bind(account.created_ms)
            .execute(&mut *connection)
            .await?
            .rows_affected();
            if created == 0 {
                return Ok(false);
            }
            // A conflict here (the name of a bot, or an unclaimed name's
            // look-alike) undoes the account with the request.
            sqlx::query(
                "INSERT INTO identities (skeleton, name, holder, account_id) \
                 VALUES ($1, $2, 'account', $3) ON CONFLICT DO NOTHING",
            )
            .bind(skeleton)
            .bind(&account.name)
            .bind(&account.id)
            .execute(connection)
            .await?
            .rows_affected()
        }
        Identity {
            skeleton,
            name,
            holder,
        } => {
            let inserted = sqlx::query(
                "INSERT INTO identities (skeleton, name, holder) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(skeleton)
            .bind(name)
            .bind(holder.name())
            .execute(&mut *connection)
            .await?
            .rows_affected();
            // An unclaimed name already held (by itself or a look-alike
            // from before the rule) is no conflict; a bot's name is.
            if *holder == Holder::Bot {
                inserted
            } else {
                1
            }
        }
        Link {
            skeleton,
            account_id,
        } => sqlx::query(
            "UPDATE identities SET account_id = $1 WHERE skeleton = $2 AND holder = 'unclaimed'",
        )
        .bind(account_id)
        .bind(skeleton)
        .execute(connection)
        .await?
        .rows_affected(),
        SetPassword {
            account_id,
            password,
        } => sqlx::query("UPDATE accounts SET password = $1 WHERE id = $2")
            .bind(password)
            .bind(account_id)
            .execute(connection)
            .await?
            .rows_affected(),
        SetDisabled {
            account_id,
            disabled,
        } => {
            if *disabled {
                sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                    .bind(account_id)
                    .execute(&mut *connection)
                    .await?;
            }
            sqlx::query("UPDATE accounts SET disabled = $1 WHERE id = $2")
                .bind(i64::from(*disabled))
                .bind(account_id)
                .execute(connection)
                .await?
                .rows_affected()
        }
        OpenSession(session) => sqlx::query(
            "INSERT INTO sessions (id_hash, account_id, created_ms, seen_ms, client) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(&session.id_hash)
        .bind(&session.account_id)
        .bind(session.created_ms)
        .bind(session.seen_ms)
        .bind(&session.client)
        .execute(connection)
        .await?
        .rows_affected(),
        TouchSession { id_hash, seen_ms } => {
            sqlx::query("UPDATE sessions SET seen_ms = $1 WHERE id_hash = $2")
                .bind(seen_ms)
                .bind(id_hash)
                .execute(connection)
                .await?;
            1
        }
        CloseSession {
            id_hash,
            account_id,
        } => sqlx::query("DELETE FROM sessions WHERE id_hash = $1 AND account_id = $2")
            .bind(id_hash)
            .bind(account_id)
            .execute(connection)
            .await?
            .rows_affected(),
        StartCeremony { ceremony, now_ms } => {
            sqlx::query("DELETE FROM ceremonies WHERE expires_ms < $1")
                .bind(now_ms)
                .execute(&mut *connection)
                .await?;
            sqlx::query(
                "INSERT INTO ceremonies (id, purpose, account_id, label, state, expires_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&ceremony.id)
            .bind(&ceremony.purpose)
            .bind(&ceremony.account_id)
            .bind(&ceremony.label)
            .bind(&ceremony.state)
            .bind(ceremony.expires_ms)
            .execute(connection)
            .await?
            .rows_affected()
        }
        EndCeremony { id } => sqlx::query("DELETE FROM ceremonies WHERE id = $1")
            .bind(id)
            .execute(connection)
            .await?
            .rows_affected(),
        AddPasskey(passkey) => sqlx::query(
            "INSERT INTO passkeys (id, account_id, label, credential, created_ms, used_ms) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        )
        .bind(&passkey.id)
        .bind(&passkey.account_id)
        .bind(&passkey.label)
        .bind(&passkey.credential)
        .bind(passkey.created_ms)
        .bind(passkey.used_ms)
        .execute(connection)
        .await?
        .rows_affected(),
        UsePasskey {
            id,
            credential,
            used_ms,
        } => {
            sqlx::query(
                "UPDATE passkeys SET credential = COALESCE($1, credential), used_ms = $2 \
                 WHERE id = $3",
            )
            .bind(credential)
            .bind(used_ms)
            .bind(id)
            .execute(connection)
            .await?;
            1
        }
        RenamePasskey {
            id,
            account_id,
            label,
        } => sqlx::query("UPDATE passkeys SET label = $1 WHERE id = $2 AND account_id = $3")
            .bind(label)
            .bind(id)
            .bind(account_id)
            .execute(connection)
            .await?
            .rows_affected(),
        RemovePasskey { id, account_id } => {
            sqlx::query("DELETE FROM passkeys WHERE id = $1 AND account_id = $2")
                .bind(id)
                .bind(account_id)
                .execute(connection)
                .await?
                .rows_affected()
        }
        Reset {
            account_id,
            token_hash,
            expires_ms,
        } => {
            for table in ["passkeys", "sessions", "reset_links"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE account_id = $1"))
                    .bind(account_id)
                    .execute(&mut *connection)
                    .await?;
            }
            sqlx::query("UPDATE accounts SET password = NULL WHERE id = $1")
                .bind(account_id)
                .execute(&mut *connection)
                .await?;
            sqlx::query(
                "INSERT INTO reset_links (token_hash, account_id, expires_ms) VALUES ($1, $2, $3)",
            )
            .bind(token_hash)
            .bind(account_id)
            .bind(expires_ms)
            .execute(connection)
            .await?
            .rows_affected()
        }
        UseResetLink { token_hash } => sqlx::query("DELETE FROM reset_links WHERE token_hash = $1")
            .bind(token_hash)
            .execute(connection)
            .await?
            .rows_affected(),
        RotateBotToken {
            name,
            owner,
            token_hash,
        } => {
            let Some(old) =
                sqlx::query("SELECT token_hash FROM bots WHERE name = $1 AND owner = $2")
                    .bind(name)
                    .bind(owner)
                    .fetch_optional(&mut *connection)
                    .await?
            else {
                return Ok(false);
            };
            let old: String = old.get(0);
            sqlx::query("UPDATE seats SET token_hash = $1 WHERE token_hash = $2")
                .bind(token_hash)
                .bind(&old)
                .execute(&mut *connection)
                .await?;
            sqlx::query("UPDATE bots SET token_hash = $1 WHERE name = $2")
                .bind(token_hash)
                .bind(name)
                .execute(connection)
                .await?
                .rows_affected()
        }
    };
    Ok(affected == 1)
}

pub(super) const ACCOUNT_COLUMNS: &str = "id, name, password, disabled, created_ms";
pub(super) const PASSKEY_COLUMNS: &str = "id, account_id, label, credential, created_ms, used_ms";
pub(super) const SESSION_COLUMNS: &str = "id_hash, account_id, created_ms, seen_ms, client";

pub(super) fn account_row(row: &AnyRow) -> AccountRow {
    AccountRow {
        id: row.get(0),
        name: row.get(1),
        password: row.get(2),
        disabled: row.get::<i64, _>(3) != 0,
        created_ms: row.get(4),
    }
}

pub(super) fn passkey_row(row: &AnyRow) -> PasskeyRow {
    PasskeyRow {
        id: row.get(0),
        account_id: row.get(1),
        label: row.get(2),
        credential: row.get(3),
        created_ms: row.get(4),
        used_ms: row.get(5),
    }
}

pub(super) fn session_row(row: &AnyRow) -> SessionRow {
    SessionRow {
        id_hash: row.get(0),
        account_id: row.get(1),
        created_ms: row.get(2),
        seen_ms: row.get(3),
        client: row.get(4),
    }
}
