-- Puzzles keep their ids across sets: the shipped set names each puzzle's
-- id, and at start a stored puzzle whose id the set no longer holds is
-- retired (1), not deleted: never served nor counted again, while its row,
-- its rating and the attempts at it stay (a solver's results still count
-- them). A puzzle of the set is 0.
ALTER TABLE puzzles ADD COLUMN retired BIGINT NOT NULL DEFAULT 0;
