# The lesson (lesson.html, lesson.js): its steps, each with a goal.

lesson-page-title = Learn Guard & Towers — towers
lesson-header = Learn Guard & Towers
lesson-board =
    .aria-label = Lesson board
lesson-next = Next
lesson-again = Start this step again
lesson-skip = Skip
lesson-done-title = That is the whole game
lesson-done-text = Now play: the computer at level 1 is a gentle first opponent, the lobby has people.
lesson-play = Play a game
lesson-progress = Step { $step } of { $total }
# Said to a screen reader when a step opens.
lesson-announce-step = Step { $step } of { $total }: { $title }. { $text }

## The steps
lesson-height-title = Height is distance
lesson-height-text = A tower moves in a straight line, forward, back or sideways, exactly as many squares as it is tall. Move the whole tower of 3 on D4: tap it, then a green dot.
lesson-height-praise = Three stones, three squares.
lesson-split-title = Splitting
lesson-split-text = You may move only the top stones of a tower: as many squares as stones you take. Move one stone off the tower of 3: one square.
lesson-split-praise = One stone went one square; two stayed behind.
lesson-stack-title = Stacking
lesson-stack-text = A piece that lands on your own tower stacks on it, and the taller tower can travel further. Stack your two towers of 1 into one tower of 2.
lesson-stack-praise = Two stones in one tower: it now moves two squares at a time.
lesson-capture-title = Captures
lesson-capture-text = A tower captures an enemy tower that is no taller than the stones it moves, by landing on it; no piece jumps over another. Capture the blue tower your tower of 2 can take.
lesson-capture-praise = The blue tower of 2 is gone. The blue 3 on B4 was too tall for two stones.
lesson-guard-title = The guard
lesson-guard-text = The guard (the crowned piece) moves one square and captures anything, however tall. Take the blue tower of 4 with your guard.
lesson-guard-praise = Guards are strong, and also the piece you must not lose: a captured guard loses the game.
lesson-capture-guard-title = Capturing the guard
lesson-capture-guard-text = Any tower, even a single stone, captures the enemy guard, and that wins the game. Win now.
lesson-capture-guard-praise = The guard is taken.
lesson-castle-title = The castles
lesson-castle-text = The ringed centre squares are the castles: D1 is Blue's, D7 is Red's. Bring your guard onto the enemy's castle and you win. Win now.
lesson-castle-praise = Your guard is home in the enemy castle. Those are all the rules.

## What a move says
lesson-solved = { $move }: { $praise }
# A step's goal that ends the game: $color won, $reason is why.
lesson-solved-won = { $move }: { $praise } { $color } wins: { $reason }.
lesson-solved-drawn = { $move }: { $praise } Nobody wins: { $reason }.
lesson-not-goal = { $move } is a legal move, but not this step's goal. The board is set up again: try once more.
