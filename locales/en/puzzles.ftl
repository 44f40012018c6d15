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
puzzles-theme-defence = defence
puzzles-no-theme = no theme

## What a move says
puzzles-keep-going = { $move }: correct. The opponent answers { $reply }. Keep going.
puzzles-saved = { $move }: correct, that saves the game!
puzzles-solved = { $move }: correct, solved!
puzzles-wrong = { $move }: wrong. The answer was { $answer }.
