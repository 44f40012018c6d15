# The puzzles messages.
