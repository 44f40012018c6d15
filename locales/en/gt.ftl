# The Guard & Towers game page (gt.html, gt.js) and the board and score
# words its pages share (board.js), also used by the lesson and the puzzles.

## The page's frame
gt-page-title = Guard & Towers — towers
gt-game-name = Guard & Towers
gt-learn = Learn
gt-heading = Guard & Towers game

## Colours and who sits in a seat
gt-red = Red
gt-blue = Blue
# An engine seat's name (its level is a number).
gt-engine-name = towers level { $level }
gt-occupant-bot = { $name }, a bot
# A seat's colour with who sits there.
gt-seat-named = { $color } ({ $occupant })
gt-guest = Guest
gt-player = Player

## The squares, as a screen reader says them ($color: red or blue)
gt-board =
    .aria-label = Board
gt-square-empty = { $square }, empty
gt-square-guard = { $color ->
    [red] { $square }, red guard
   *[blue] { $square }, blue guard
}
gt-square-tower = { $color ->
    [red] { $square }, red tower of { $stones }
   *[blue] { $square }, blue tower of { $stones }
}
gt-square-selected = { $description }, selected
gt-square-target = { $description }, move here
gt-announce-selected = { $description } selected: { $count ->
    [one] { $count } move
   *[other] { $count } moves
}, to { $targets }.
gt-announce-can-go = { $square } selected: it can go to { $targets }.
gt-announce-cleared = Selection cleared.
gt-announce-you-played = You played { $move }.
gt-announce-played = { $seat } played { $move }.
gt-announce-seat = { $color ->
    [red] You took the red seat.
   *[blue] You took the blue seat.
}

## Who plays, and the game's state
gt-you-invited = You are invited to play { $color }.
gt-you-invited-against = You are invited to play { $color } against { $host }.
gt-you-watching-game = You are watching this game.
gt-you-play = You play { $color }.
gt-you-play-against = You play { $color } against { $opponent }.
gt-status-join = Give your name and join: the game starts at once.
gt-status-waiting-opponent = Waiting for the opponent to join.
gt-status-waiting-players = Waiting for the players to join.
gt-status-over = The game is over.
gt-status-sending = Sending your move { $move }…
gt-status-selected = { $square } selected: choose where to move.
gt-status-your-move = Your move.
gt-status-thinking = { $seat } is thinking…
gt-status-watching = { $seat } to move. You are watching.
gt-viewing-start = Viewing the start position.
# $label: the move's number as the list writes it ("17." or "17…").
gt-viewing = Viewing { $label } { $move } ({ $color }), move { $number } of { $last }.
gt-rated = Rated game

## Why a game ended
gt-reason-guard-captured = guard captured
gt-reason-castle-reached = castle reached
gt-reason-no-legal-move = no legal move
gt-reason-threefold-repetition = threefold repetition
gt-reason-no-progress = no progress
gt-reason-resignation = resignation
gt-reason-draw-agreed = draw agreed
gt-reason-unterminated = unterminated
gt-reason-time-forfeit = time forfeit
gt-reason-illegal-move = illegal move
gt-reason-engine-crash = engine crash
gt-reason-disconnect = disconnect
gt-reason-adjudication = adjudication
# A reason with the server's detail (data, as it was logged).
gt-reason-detail = { $reason }: { $detail }

## The result
gt-result-none = No result: { $reason }.
gt-result-draw = Draw: { $reason }.
gt-result-you-won = You won: { $reason }.
gt-result-you-lost = You lost: { $reason }.
gt-result-won = { $seat } won: { $reason }.
gt-rematch = Rematch
gt-accept-rematch = Accept the rematch
gt-decline-rematch = Decline the rematch
gt-watch-rematch = Watch the rematch
gt-new-game = New game
gt-review-game = Review the game
gt-rematch-you-offered = You offered a rematch: waiting for the answer.
gt-rematch-offers = { $seat } offers a rematch, colours swapped.
gt-rematch-you-declined = You declined the rematch.
gt-rematch-declined = { $seat } declined the rematch.
gt-rematch-agreed = The rematch is agreed.

## Draw offers
gt-accept-draw = Accept the draw
gt-decline-draw = Decline
gt-offer-draw = Offer a draw
gt-resign = Resign
gt-confirm-resign = Resign this game?
gt-draw-you-offered = You offered a draw: waiting for the answer.
gt-draw-offers = { $seat } offers a draw.
gt-draw-you-declined = You declined the draw: play on.
gt-draw-declined-yours = { $seat } declined your draw offer: play on.
gt-draw-declined = { $seat } declined the draw offer.

## Inviting and joining
gt-share-intro = Send this link to your opponent: the game starts when they join.
gt-share-link =
    .aria-label = Link for your opponent
gt-copy-link = Copy link
gt-share-sheet = Share…
gt-copied = Copied
gt-copy-by-hand = Select the link and copy it
gt-share-text = Play Guard & Towers with me
gt-your-name = Your name
gt-join-game = Join the game
gt-join-text = Your name, then join as { $color }.
gt-join-as = Join as { $color }

## The clocks ($time as a clock shows it, 4:59)
gt-clock = { $seat } { $time }
gt-clock-label = { $color }'s clock: { $time }
gt-clock-label-running = { $color }'s clock: { $time }, running

## Moves
gt-type-move = Type a move
gt-move = Move
gt-moves = Moves
gt-first =
    .aria-label = First position
gt-back =
    .aria-label = Previous move
gt-forward =
    .aria-label = Next move
gt-latest =
    .aria-label = Latest position
gt-move-list =
    .aria-label = Move list
gt-move-label =
    .aria-label = Move { $number }, { $color }: { $move }

## The engine's score ($moves: how many moves to the win)
gt-score-wins = { $color } wins in { $moves }.
gt-score-level = Level.
# $stones: the lead as written (1.5), $count the same as a number.
gt-score-ahead = { $count ->
    [one] { $color } is ahead by { $stones } stone.
   *[other] { $color } is ahead by { $stones } stones.
}
gt-tablebase-wins = { $color } wins in { $moves } (tablebase).
gt-tablebase-draw = Draw (tablebase).

## Analysis and review
gt-analysis-heading = Analysis
gt-analyse = Analyse the position shown
gt-stop-analysing = Stop analysing
gt-review-whole = Review the whole game
gt-thinking = Thinking…
# $result: 1-0, 0-1 or 1/2-1/2.
gt-analysis-over = Game over: { $result } ({ $reason }).
gt-analysis-best = Best: { $move }. { $score }
gt-analysis = Best: { $move }. { $score } Depth { $depth }; line { $line }.
gt-reviewing = Reviewing position { $index } of { $total }…
gt-review-done = { $count ->
    [one] Review done: { $count } move.
   *[other] Review done: { $count } moves.
}
gt-review-won = { $color } has won.
gt-review-drawn = Drawn.
gt-graph =
    .aria-label = Evaluation graph
gt-graph-described = { $count ->
    [one] Evaluation graph: Red's winning chance over the game's moves, from { $first } % to { $end } %; { $count } costly move ringed.
   *[other] Evaluation graph: Red's winning chance over the game's moves, from { $first } % to { $end } %; { $count } costly moves ringed.
}
gt-graph-percent = { $percent } %
gt-graph-move = move
gt-legend =
    .aria-label = Legend
gt-legend-line = Red's winning chance, by the engine: up is good for Red, down for Blue
gt-kind-blunder = blunder
gt-kind-mistake = mistake
gt-kind-inaccuracy = inaccuracy
gt-costliest = The costliest moves
# $label: the move's number as the list writes it; $kind: blunder, mistake or inaccuracy.
gt-mistake = { $kind ->
    [blunder] { $label } { $move } ({ $color }): blunder
    [mistake] { $label } { $move } ({ $color }): mistake
   *[inaccuracy] { $label } { $move } ({ $color }): inaccuracy
}
gt-mistake-detail = { " " }— before it: { $before } After it: { $after } Better: { $best }.
gt-no-costly = No move cost much.

## Export
gt-export = Export
gt-position-shown = Position shown
gt-record = Game record
