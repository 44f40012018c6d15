# The terminal messages.
#
# The referee's (`towers kubb referee`) messages choose the words for the
# pieces and the throwing sticks by $words: seed (the seed text's tower,
# knight, stick) or club (baseline kubb, field kubb, baton). Team letters,
# piece names (B1), moves, names and numbers of metres are data.

## towers kubb referee

terminal-referee-title = Koning & Torens referee ({ $ruleset } rules, { $settings }), recording to { $file }
terminal-referee-teams-named = (the record names its teams already; --team-a/--team-b apply to new records)
terminal-referee-help-title = commands (either case):
terminal-referee-help-start = the starting team (or: lag DIST_A DIST_B [a-touched|a-felled|b-touched|b-felled])
terminal-referee-help-in = an inkast throw that landed in (optionally where, metres); PLAYER threw it
terminal-referee-help-out = an inkast throw that landed out, or felled the king
terminal-referee-help-rescue = { $words ->
    [seed] an inkasted piece knocked out a knight left standing (it is thrown in again)
   *[club] an inkasted piece knocked out a field kubb left standing (it is thrown in again)
}
terminal-referee-help-place = the defenders place a piece that landed out twice
terminal-referee-help-stick = { $words ->
    [seed] a stick: - or miss, f / 3f (knights), b / 2b (towers), bf (both), k or king, hit, foul
   *[club] a baton: - or miss, f / 3f (field kubbs), b / 2b (baseline kubbs), bf (both), k or king, hit, foul
}
terminal-referee-help-felled = { $words ->
    [seed] a stick that felled these knights or towers, e.g. f B1 B3
   *[club] a baton that felled these field kubbs or baseline kubbs, e.g. f B1 B3
}
terminal-referee-help-next = start the next game of the match
terminal-referee-help-time = the referee calls time (matches with a time limit)
terminal-referee-not-recorded = not recorded
terminal-referee-export-refused = not possible: { $why }
terminal-referee-refused = not accepted: { $why }
terminal-referee-confirm-win = this ends the game: team { $team } ({ $name }) wins it ({ $reason }). Record it? [y/N]
terminal-referee-confirm-draw = this ends the game: it is drawn ({ $reason }). Record it? [y/N]
terminal-referee-not-saved = the record could not be saved, so the event is not taken: { $error }
terminal-referee-game-over = game { $game } is over; type next to start game { $next }
terminal-referee-game-line = { $wins ->
    [1] game { $game } of a one-game match
   *[other] game { $game } of a best of { $bestOf } (first to { $wins } games)
}
terminal-referee-game-line-over = { $wins ->
    [1] game { $game } of a one-game match; type next to start game { $next }
   *[other] game { $game } of a best of { $bestOf } (first to { $wins } games); type next to start game { $next }
}
terminal-referee-field-match = { $timeCalled ->
    [yes] ruleset { $ruleset }, opening { $opening }, games won A { $a } B { $b }, time called
   *[no] ruleset { $ruleset }, opening { $opening }, games won A { $a } B { $b }
}
terminal-referee-field-won = game over: team { $team } won ({ $reason })
terminal-referee-field-drawn = game over: drawn ({ $reason })
terminal-referee-field-lag-due = waiting for the starting throw
terminal-referee-field-inkast = { $words ->
    [seed] turn { $turn } of team { $team }: { $count } inkast throw(s) come first; { $sticks } stick(s) left
   *[club] turn { $turn } of team { $team }: { $count } inkast throw(s) come first; { $sticks } baton(s) left
}
terminal-referee-field-placement = { $words ->
    [seed] turn { $turn } of team { $team }: the defenders must first place { $count } piece(s) that landed out twice; { $sticks } stick(s) left
   *[club] turn { $turn } of team { $team }: the defenders must first place { $count } piece(s) that landed out twice; { $sticks } baton(s) left
}
terminal-referee-field-throwing = { $words ->
    [seed] turn { $turn } of team { $team }: the thrower is throwing sticks; { $sticks } stick(s) left
   *[club] turn { $turn } of team { $team }: the thrower is throwing batons; { $sticks } baton(s) left
}
terminal-referee-field-team = team { $team } is { $name } ({ $players })
terminal-referee-field-side = { $words ->
    [seed] team { $team }: { $towers } tower(s); half: { $knights } knight(s) standing, { $down } down; throwing line: { $line }
   *[club] team { $team }: { $towers } baseline kubb(s); half: { $knights } field kubb(s) standing, { $down } down; throwing line: { $line }
}
terminal-referee-line-baseline = baseline
terminal-referee-line-knight-at = { $words ->
    [seed] advanced to knight { $piece } at y = { $y } m
   *[club] advanced to field kubb { $piece } at y = { $y } m
}
terminal-referee-line-knight = { $words ->
    [seed] advanced to knight { $piece }
   *[club] advanced to field kubb { $piece }
}
terminal-referee-field-targets = counting targets: { $targets }
terminal-referee-field-no-targets = counting targets: none
terminal-referee-field-king-open = king: standing, may be attacked now (thrown from the baseline)
terminal-referee-field-king-open-advanced = king: standing, may be attacked now (thrown from the baseline, not from the advanced line)
terminal-referee-field-king-not-yet = king: standing, not yet: { $why }
terminal-referee-field-king-standing = king: standing
terminal-referee-field-king-down = king: down
terminal-referee-end-king-by-inkast = team { $team } knocked the king over with an inkasted piece
terminal-referee-end-king = team { $team } knocked the king over
terminal-referee-end-king-too-early = team { $team } knocked the king over too early: { $why }
terminal-referee-end-more-towers = { $words ->
    [seed] time: team { $team } knocked more towers ({ $more } to { $fewer })
   *[club] time: team { $team } knocked more baseline kubbs ({ $more } to { $fewer })
}
terminal-referee-end-equal-towers = { $words ->
    [seed] time: both teams knocked { $count } tower(s), a draw
   *[club] time: both teams knocked { $count } baseline kubb(s), a draw
}
terminal-referee-end-time = time was called: the game is drawn
terminal-referee-king-pieces-standing = { $words ->
    [seed] team { $team } still has { $towers } tower(s) and { $knights } knight(s) standing in its half
   *[club] team { $team } still has { $towers } baseline kubb(s) and { $knights } field kubb(s) standing in its half
}
terminal-referee-king-too-few-sticks = { $words ->
    [seed] the { $ruleset } ruleset allows a throw at the king only with at least { $needed } sticks in hand; team { $team } has { $left }
   *[club] the { $ruleset } ruleset allows a throw at the king only with at least { $needed } batons in hand; team { $team } has { $left }
}
terminal-referee-piece-tower = { $words ->
    [seed] tower { $piece } on team { $team }'s baseline, spot { $spot }
   *[club] baseline kubb { $piece } on team { $team }'s baseline, spot { $spot }
}
terminal-referee-piece-knight-at = { $words ->
    [seed] knight { $piece } in team { $team }'s half at { $at }
   *[club] field kubb { $piece } in team { $team }'s half at { $at }
}
terminal-referee-piece-knight = { $words ->
    [seed] knight { $piece } in team { $team }'s half
   *[club] field kubb { $piece } in team { $team }'s half
}
terminal-referee-piece-down = { $piece }, down in team { $team }'s half
terminal-referee-piece-removed = { $piece }, removed by the tie-break
terminal-referee-lag-nearer = { $words ->
    [seed] { $owner } stick lay nearer the king ({ $won } m to { $lost } m): { $winner } start
   *[club] { $owner } baton lay nearer the king ({ $won } m to { $lost } m): { $winner } start
}
terminal-referee-lag-felled-king = { $words ->
    [seed] { $owner } stick knocked the king over, which loses the lag: { $winner } start
   *[club] { $owner } baton knocked the king over, which loses the lag: { $winner } start
}
terminal-referee-lag-touched-king = { $words ->
    [seed] { $owner } stick touched the king, which loses the lag: { $winner } start
   *[club] { $owner } baton touched the king, which loses the lag: { $winner } start
}
terminal-referee-nothing-to-undo = nothing to undo
terminal-referee-took-back = took back: { $event }
terminal-referee-took-back-miss = { $words ->
    [seed] { $owner } stick by { $player }: a miss
   *[club] { $owner } baton by { $player }: a miss
}
terminal-referee-took-back-foul = { $words ->
    [seed] { $owner } stick by { $player }: a foul
   *[club] { $owner } baton by { $player }: a foul
}
terminal-referee-took-back-king = { $words ->
    [seed] { $owner } stick by { $player }: felled the king
   *[club] { $owner } baton by { $player }: felled the king
}
terminal-referee-took-back-felled = { $words ->
    [seed] { $towers ->
        [0] { $owner } stick by { $player }: felled { $knights } knight(s)
       *[other] { $knights ->
            [0] { $owner } stick by { $player }: felled { $towers } tower(s)
           *[other] { $owner } stick by { $player }: felled { $knights } knight(s) and { $towers } tower(s)
        }
    }
   *[club] { $towers ->
        [0] { $owner } baton by { $player }: felled { $knights } field kubb(s)
       *[other] { $knights ->
            [0] { $owner } baton by { $player }: felled { $towers } baseline kubb(s)
           *[other] { $owner } baton by { $player }: felled { $knights } field kubb(s) and { $towers } baseline kubb(s)
        }
    }
}
terminal-referee-took-back-inkast-king = { $owner } inkast by { $player }: felled the king
terminal-referee-took-back-inkast-in-at = { $owner } inkast by { $player }: landed in at { $at }
terminal-referee-took-back-inkast-in = { $owner } inkast by { $player }: landed in
terminal-referee-took-back-inkast-out = { $owner } inkast by { $player }: landed out
terminal-referee-took-back-placement = the placement of a piece by { $name }
terminal-referee-took-back-rescue = { $owner } rescue of { $piece } by { $player }
terminal-referee-took-back-lag = the lag (A { $a } m, B { $b } m)
terminal-referee-took-back-start = the start: team { $team } to start
terminal-referee-took-back-next-game = the start of game { $game }
terminal-referee-took-back-time = the call of time
terminal-referee-took-back-teams = the teams
terminal-referee-tie-break-removal = tie-break: take { $piece } out of the game
terminal-referee-turn-inkast = inkast { $in } in, { $out } out, { $placed } placed
terminal-referee-turn-sticks = { $words ->
    [seed] { $fouls ->
        [0] { $knights } knight(s) and { $towers } tower(s) felled, { $misses } miss(es)
       *[other] { $knights } knight(s) and { $towers } tower(s) felled, { $misses } miss(es), { $fouls } foul(s)
    }
   *[club] { $fouls ->
        [0] { $knights } field kubb(s) and { $towers } baseline kubb(s) felled, { $misses } miss(es)
       *[other] { $knights } field kubb(s) and { $towers } baseline kubb(s) felled, { $misses } miss(es), { $fouls } foul(s)
    }
}
terminal-referee-turn-summary = { $words ->
    [seed] turn { $turn } of team { $team } ({ $name }): { $tally }; towers standing A { $a } B { $b }
   *[club] turn { $turn } of team { $team } ({ $name }): { $tally }; baseline kubbs standing A { $a } B { $b }
}
terminal-referee-match-won = match over: { $name } (team { $team }) win the match, { $won }-{ $lost } in games
terminal-referee-match-drawn = match over: a draw on time, { $won }-{ $lost } in games

terminal-referee-not-one-stick-king = { $words ->
    [seed] '{ $token }' is not one stick: the king falls once
   *[club] '{ $token }' is not one baton: the king falls once
}
terminal-referee-not-one-stick = { $words ->
    [seed] { $letter ->
        [b] '{ $token }' is not one stick: one stick that felled { $count } towers is { $count }{ $letter }; { $count } sticks are { $count } entries, one stick each ({ $letter }, then { $letter })
       *[f] '{ $token }' is not one stick: one stick that felled { $count } knights is { $count }{ $letter }; { $count } sticks are { $count } entries, one stick each ({ $letter }, then { $letter })
    }
   *[club] { $letter ->
        [b] '{ $token }' is not one baton: one baton that felled { $count } baseline kubbs is { $count }{ $letter }; { $count } batons are { $count } entries, one baton each ({ $letter }, then { $letter })
       *[f] '{ $token }' is not one baton: one baton that felled { $count } field kubbs is { $count }{ $letter }; { $count } batons are { $count } entries, one baton each ({ $letter }, then { $letter })
    }
}
terminal-referee-due-lag = the lag is due: lag DIST_A DIST_B (each team's metres from the king), or start A|B
terminal-referee-due-inkast = an inkast throw is due: in [X Y], out or in-king (with PLAYER: before it)
terminal-referee-due-placement = the defenders place a piece: place [X Y]
terminal-referee-due-stick = { $words ->
    [seed] a stick is -, miss, f, 2f, b, 3b, bf, k, king, hit or foul (with PLAYER: before it)
   *[club] a baton is -, miss, f, 2f, b, 3b, bf, k, king, hit or foul (with PLAYER: before it)
}
terminal-referee-due-next-game = the game is over: type next to start game { $next }
terminal-referee-due-match-over = the match is over: stats, export or quit
terminal-referee-not-an-entry-spaces = { $words ->
    [seed] '{ $input }' is not an entry here; one stick is typed without spaces: { $typed }; { $due }
   *[club] '{ $input }' is not an entry here; one baton is typed without spaces: { $typed }; { $due }
}
terminal-referee-not-an-entry = '{ $input }' is not an entry here; { $due }; type help

terminal-referee-not-metres = '{ $text }' is not metres; a point is X (across) and Y (along) in metres with a space between, e.g. in 2.1 5.3
terminal-referee-not-a-point = '{ $text }' is not a point; a point is X (across) and Y (along) in metres with a space between, e.g. in 2.1 5.3
terminal-referee-not-a-distance = '{ $text }' is not a distance in metres
terminal-referee-not-a-team = '{ $text }' is not a team: A or B
terminal-referee-empty = empty input

## towers kubb advise

terminal-advise-win-probability = win probability: A ({ $nameA }) { $a } %, B ({ $nameB }) { $b } %
terminal-advise-options = team { $team } decides; options by its chance to win:
terminal-advise-best = advice: { $decision } (+{ $gain } points over the heuristic's choice; { $playouts } play-outs each, seed { $seed })
terminal-advise-none = advice: none (no team has a decision to take now)

## towers gt play

terminal-play-title = Guard & Towers: you play { $colour } against the engine at level { $level }.
terminal-play-help = Enter a move like E2-E3-1 (FROM-TO-STONES), or: moves, hint, undo, board, help, quit
terminal-play-your-move = Your move ({ $colour }):
terminal-play-to-move = { $colour ->
    [red] Red to move
   *[blue] Blue to move
}
terminal-play-engine-plays = Engine plays { $move }
terminal-play-engine-plays-tablebase = Engine plays { $move } ({ $verdict })
terminal-play-hint = Hint: { $move } ({ $score })
terminal-play-hint-tablebase = Hint: { $move } ({ $score }, tablebase)
terminal-play-score-stones = { $stones } stones for you
terminal-play-score-win = you win in { $moves }
terminal-play-score-loss = you lose in { $moves }
terminal-play-illegal = { $error }; type 'moves' to list the legal ones
terminal-play-won-guard-captured = Game over: { $colour } wins: captured the enemy guard.
terminal-play-won-castle-reached = Game over: { $colour } wins: reached the enemy castle.
terminal-play-won-no-legal-move = Game over: { $colour } wins: left the opponent without a legal move.
terminal-play-draw-repetition = Game over: draw: threefold repetition.
terminal-play-draw-no-progress = Game over: draw: no capture for the no-progress limit.
terminal-play-draw-no-legal-move = Game over: draw: no legal move.

## The statistics table (the referee's `stats` and its last word, `towers kubb stats`)

terminal-stats-heading-team = team
terminal-stats-heading-name = name
terminal-stats-heading-sticks = sticks
terminal-stats-heading-hit = hit%
terminal-stats-heading-baseline = baseline%
terminal-stats-heading-advanced = advance%
terminal-stats-heading-first-stick = 1BE
terminal-stats-heading-king = king%
terminal-stats-heading-inkast = inkast-in
terminal-stats-heading-efficiency = eff%
terminal-stats-scope-player = player
terminal-stats-scope-team = team

## towers kubb replay

terminal-replay-result-won = result: { $team } wins
terminal-replay-result-won-named = result: { $name } ({ $team }) wins
terminal-replay-result-drawn = result: draw
terminal-replay-result-unfinished = result: unfinished

## A move typed that cannot be read (towers gt play)

terminal-move-format = '{ $text }' is not a move: expected FROM-TO-STONES like A7-B7-1
terminal-move-square = bad move: '{ $text }' is not a square: expected a file A-G and a rank 1-7, like D4
terminal-move-count = bad move: the stone count '{ $text }' must be a digit 1-7
terminal-move-not-straight = bad move: { $from } to { $to } is not a straight orthogonal step (no diagonals, no null moves)
terminal-move-count-mismatch = bad move: '{ $text }' moves { $count } stone(s) but travels { $distance } square(s); a piece moves exactly as far as it is high

## The endgame tables' word (towers gt play, gt best, gt tablebase probe)

terminal-tablebase-win = { $colour ->
    [red] Red wins in { $moves } (tablebase)
   *[blue] Blue wins in { $moves } (tablebase)
}
terminal-tablebase-draw = draw (tablebase)
terminal-tablebase-probe-win = { $rules }: win in { $plies } plies
terminal-tablebase-probe-loss = { $rules }: loss in { $plies } plies
terminal-tablebase-probe-draw = { $rules }: draw
terminal-tablebase-probe-unknown = { $rules }: not in the tables
terminal-tablebase-probe-move = { $rules } move: { $move }

## Files the commands read and write (gt replay, kubb replay, stats, advise, simulate)

terminal-file-cannot-read = cannot read { $file }: { $error }
terminal-file-cannot-write = cannot write { $file }: { $error }
terminal-file-invalid-record = invalid record { $file }: { $error }
terminal-kubb-empty-record = invalid record { $file }: the file is empty

## towers gt replay

terminal-gt-replay-game = Game { $number }: { $red } (red) vs { $blue } (blue), { $moves ->
   *[other] { $moves } moves
}, { $result } { $termination }
terminal-gt-replay-legal = { $games ->
   *[other] { $games } game(s), all moves legal
}
terminal-gt-replay-invalid-contest-log = invalid contest log { $file }: { $error }
terminal-gt-replay-contest-log = Contest log: { $red } (red) vs { $blue } (blue), { $moves ->
   *[other] { $moves } moves
}, { $result } { $termination }
terminal-gt-replay-colour = { $colour ->
    [red] red
   *[blue] blue
}
terminal-gt-replay-contest-move = { $ply }. { $colour } { $move } ({ $ms } ms left)
terminal-gt-replay-contest-skipped = skipped, out of turn: line { $line }: { $colour } sent '{ $text }' (the board unchanged)
terminal-gt-replay-contest-verdict = server's verdict: line { $line }: { $reason }, { $winner } wins
terminal-gt-replay-contest-no-verdict = server's verdict: none (the log ends without one)
terminal-gt-replay-contest-legal = 1 game(s), all moves legal, every logged board matches the replay

## towers kubb simulate

terminal-simulate-no-games = --games must be at least 1
terminal-simulate-threads = cannot start the threads: { $error }
terminal-simulate-progress-matches = matches
terminal-simulate-heading = { $games ->
   *[other] { $games } matches
}, { $ruleset } rules, opening { $opening }, A ({ $a }) starts against B ({ $b }), seed { $seed } (xoshiro256++)
terminal-simulate-wins = { $team } wins { $share }% ± { $margin }
terminal-simulate-unfinished = unfinished { $count }
terminal-simulate-mean-turns = mean turns { $turns }
terminal-simulate-games-played = { $games ->
   *[other] { $games } games played
}, { $turns } turns each
terminal-simulate-starter-wins = the team that started a game won { $share }% of them
terminal-simulate-turn-quantiles = turns: 10% ≤ { $low }, median { $median }, 90% ≤ { $high }
terminal-simulate-speed = { $games ->
   *[other] { $games } matches
} ({ $played ->
   *[other] { $played } games
}) in { $seconds } s: { $matchRate } matches/s, { $gameRate } games/s
terminal-simulate-chart-written = chart written to { $file }
terminal-file-cannot-make = cannot make { $file }: { $error }

## towers kubb duel

terminal-duel-progress = matches, { $eta } left
terminal-duel-heading = search ({ $playouts } play-outs per candidate) vs heuristic, { $games ->
   *[other] { $games } matches
}, { $skill } teams, { $ruleset } rules, opening { $opening }:
terminal-duel-result = search won { $won } ({ $share } %, 95 % interval { $low }-{ $high } %), heuristic { $heuristic }, unfinished { $unfinished }

## towers gt tablebase build (its progress, on stderr)

terminal-tablebase-build-too-many = --stones { $stones }: at most 14 (7 a colour)
terminal-tablebase-build-read = { $material }: read from { $file }
terminal-tablebase-build-table = { $material }: { $indices } indices, { $positions } positions: { $wins } wins, { $losses } losses, { $draws } draws; longest { $longest } plies; { $seconds } s
