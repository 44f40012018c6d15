# The puzzles (puzzles.html, puzzles.js).

puzzles-page-title = Puzzles — towers
puzzles-header = Guard & Towers puzzles
puzzles-heading = Puzzle
# $id: the puzzle's number (data).
puzzles-title = Puzzle { $id }
puzzles-board =
    .aria-label = Puzzle board
puzzles-next = Next puzzle
puzzles-skip = Skip
# $rating: a rating, written as a plain number.
puzzles-rating = Puzzle rating { $rating }
puzzles-your-rating = Your rating: { $rating }
puzzles-tally = Solved { $solved }, missed { $missed } this visit.

## The task ($color: the solver's colour)
puzzles-task-save = { $color } to play: every move but one loses. Find the move that saves the game.
puzzles-task-win = { $moves ->
    [one] { $color } to play and win in { $moves } move.
   *[other] { $color } to play and win in { $moves } moves.
}

## Themes
puzzles-theme-guard-capture = guard capture
puzzles-theme-castle = castle
puzzles-theme-split = split
puzzles-theme-stack = stack
puzzles-theme-quiet-move = quiet move
puzzles-theme-sacrifice = sacrifice
puzzles-theme-defence = defence
puzzles-theme-endgame = endgame
puzzles-no-theme = no theme

## What a move says
puzzles-keep-going = { $move }: correct. The opponent answers { $reply }. Keep going.
puzzles-saved = { $move }: correct, that saves the game!
puzzles-solved = { $move }: correct, solved!
puzzles-solved-otherwise = { $move }: that wins too, solved! { $moves ->
        [one] It wins in { $moves } move;
       *[other] It wins in { $moves } moves;
    } the puzzle's line, { $answer }, wins in { $line }.
puzzles-wrong = { $move }: wrong. The answer was { $answer }.

## Choosing a theme, and the solver's results by theme
puzzles-theme-choice = Theme
puzzles-theme-all = All themes
puzzles-results = Your results by theme
puzzles-results-none = No puzzle finished yet.
puzzles-results-theme = Theme
puzzles-results-solved = Solved
puzzles-results-failed = Missed
