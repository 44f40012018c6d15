-- Bot accounts: an engine's name and the hash of its account token (the
-- token itself is shown once, at registration). A bot holds its seats with
-- that same hash, so the seats of a bot's ongoing games are found by it.
CREATE TABLE bots (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_ms BIGINT NOT NULL
);
CREATE INDEX seats_by_token ON seats (token_hash);
