-- Portable between SQLite and PostgreSQL: TEXT and BIGINT only, no
-- autoincrement (ids are random strings, event numbers are chosen by the
-- writer and guarded by the primary key).
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);
CREATE INDEX games_by_status ON games (kind, status, updated_ms);

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
