-- Puzzles (`towers gt puzzles`; the shipped set is seeded at start, ids
-- its line numbers): its goal (`win`: the line that wins by force; `save`:
-- the only move that does not lose), a position, its solution (moves
-- separated by spaces) and themes (by commas) as their text, and the puzzle's Glicko-2
-- rating (`glicko`: the tournament library's rating as JSON; `rating`: it
-- rounded, to choose puzzles near a solver by). `attempts` counts the rated
-- attempts and guards every update: a rating is written only over the one
-- it was computed from, so two instances never lose an update.
CREATE TABLE puzzles (
    id BIGINT PRIMARY KEY,
    goal TEXT NOT NULL,
    position TEXT NOT NULL UNIQUE,
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    glicko TEXT NOT NULL,
    rating BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    solved BIGINT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (rating);

-- Solvers are anonymous: known by the hash of the token their page keeps.
CREATE TABLE puzzle_solvers (
    token_hash TEXT PRIMARY KEY,
    glicko TEXT NOT NULL,
    rating BIGINT NOT NULL,
    attempts BIGINT NOT NULL
);

-- A solver's rated attempt at a puzzle: only the first one counts.
CREATE TABLE puzzle_attempts (
    solver TEXT NOT NULL REFERENCES puzzle_solvers (token_hash),
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id),
    solved BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (solver, puzzle_id)
);
