-- What a list shows of a game, in columns of its own (written with each
-- event), so that listing reads rows instead of replaying games, and a
-- result is stored typed instead of as text:
--   outcome      NULL while the game has no result; 'won', 'drawn', or
--                'undecided' (over without a result: a course game cut
--                short, `*`)
--   winner       the side that won: 'red' or 'blue' (Guard & Towers), 'a'
--                or 'b' (Kubb); NULL unless won
--   termination  why a Guard & Towers game ended, as the game record
--                writes it (`guard captured`, `time forfeit`, ...)
--   champion     a finished tournament's winner (first in the standings)
--   first_name,  the two sides' names: Red's and Blue's, or teams A and B;
--   second_name  NULL for a free seat
--   public       1 for a public challenge (listed in the lobby), else 0;
--                NULL for a game stored before this migration until the
--                server has read its names and settings (it does so when
--                it starts: `App::fill_listings`)
ALTER TABLE games ADD COLUMN outcome TEXT;
ALTER TABLE games ADD COLUMN winner TEXT;
ALTER TABLE games ADD COLUMN termination TEXT;
ALTER TABLE games ADD COLUMN champion TEXT;
ALTER TABLE games ADD COLUMN first_name TEXT;
ALTER TABLE games ADD COLUMN second_name TEXT;
ALTER TABLE games ADD COLUMN public BIGINT;

-- The results stored as text until now: `1-0 guard captured` (score, then
-- termination) for Guard & Towers, `A Vikings` (winning team, then its
-- name) or `draw` for Kubb, the winner's name for a tournament.
UPDATE games SET outcome = 'won', winner = 'red', termination = substr(result, 5)
    WHERE kind = 'gt' AND substr(result, 1, 4) = '1-0 ';
UPDATE games SET outcome = 'won', winner = 'blue', termination = substr(result, 5)
    WHERE kind = 'gt' AND substr(result, 1, 4) = '0-1 ';
UPDATE games SET outcome = 'drawn', termination = substr(result, 9)
    WHERE kind = 'gt' AND substr(result, 1, 8) = '1/2-1/2 ';
UPDATE games SET outcome = 'undecided', termination = substr(result, 3)
    WHERE kind = 'gt' AND substr(result, 1, 2) = '* ';
UPDATE games SET outcome = 'won', winner = 'a', first_name = substr(result, 3)
    WHERE kind = 'kubb' AND substr(result, 1, 2) = 'A ';
UPDATE games SET outcome = 'won', winner = 'b', second_name = substr(result, 3)
    WHERE kind = 'kubb' AND substr(result, 1, 2) = 'B ';
UPDATE games SET outcome = 'drawn' WHERE kind = 'kubb' AND result = 'draw';
UPDATE games SET champion = result
    WHERE kind = 'tournament' AND result IS NOT NULL;

ALTER TABLE games DROP COLUMN result;
