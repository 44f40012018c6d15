-- Accounts (`crate::accounts`): who is who, so that a rating, a result, a
-- bot or a tournament changes only through the identity that owns it.
--
-- An account: its name (the one rule of every name) with the name's
-- confusable skeleton (TR39, case-insensitive: no look-alike of a taken
-- name can be signed up), the WebAuthn user handle its passkeys carry
-- (`id`), an Argon2id password as a PHC string when it has one, and
-- whether an administrator disabled it (1) or not (0).
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    skeleton TEXT NOT NULL UNIQUE,
    password TEXT,
    disabled BIGINT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- Every name that stands for someone, by its skeleton: an account's, a
-- bot's, or a name with rated results and no account yet (`unclaimed`).
-- A new name whose skeleton is here under another spelling is refused
-- everywhere; an account's name is used only by its account. `account_id`
-- is the account an unclaimed name's history was handed to
-- (`towers admin accounts link`).
CREATE TABLE identities (
    skeleton TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    holder TEXT NOT NULL,
    account_id TEXT REFERENCES accounts (id)
);

-- An account's passkeys: the credential id, the account's own label for
-- it, and webauthn-rs's stored credential (public key, counter) as JSON.
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    label TEXT NOT NULL,
    credential TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    used_ms BIGINT
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);

-- Signed-in sessions: only the SHA-256 of the cookie's random id is kept.
-- A session idle for 30 days is over.
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL,
    client TEXT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

-- A passkey ceremony between its two requests: webauthn-rs's state, kept
-- by the server (never by the browser) so that any instance finishes it.
-- `purpose` is `register` (with the account or the reset link it adds a
-- passkey to) or `sign-in`.
CREATE TABLE ceremonies (
    id TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    account_id TEXT,
    label TEXT NOT NULL,
    state TEXT NOT NULL,
    expires_ms BIGINT NOT NULL
);

-- One-time links that add a passkey to an account after an
-- administrator's reset (`towers admin accounts reset`).
CREATE TABLE reset_links (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    expires_ms BIGINT NOT NULL
);

-- A bot's owner: the account that registered it (none for the bots
-- registered before accounts).
ALTER TABLE bots ADD COLUMN owner TEXT REFERENCES accounts (id);
