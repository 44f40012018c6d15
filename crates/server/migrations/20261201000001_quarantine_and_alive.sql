-- Games whose stored events no longer replay: kept out of service, listed
-- for an administrator (`towers admin quarantined`).
CREATE TABLE quarantine (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    reason TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);

-- When a server last said it was alive: a restart knows how long every
-- instance was down, and no clock is charged for that time.
CREATE TABLE alive (
    id BIGINT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
