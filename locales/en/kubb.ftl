# The Kubb scorekeeper (kubb.html, kubb.js), its outbox (offline.js) and
# the match settings (kubb-settings.js, also on the start page and the
# tournament page).
#
# $ruleset is "seed" (Koning & Torens) or "standard": English says tower,
# knight and stick in both, Dutch says them as each ruleset's players do.
# $team, $thrower, $target, $player are names; $piece and $pieces are ids (A3).

kubb-title = Kubb scorekeeper — towers
kubb-page-name = Kubb scorekeeper
kubb-scoring =
    .aria-label = Scoring
kubb-win-probability =
    .aria-label = Win probability
kubb-field =
    .aria-label = The field seen from above
kubb-thrower = Thrower
kubb-undo = Undo last entry
kubb-share = Links for the teams' phones: each team enters its own throws
kubb-scoreboard = Scoreboard
kubb-scoreboard-region =
    .aria-label = Scoreboard
kubb-column-team = Team
kubb-column-games = Games
kubb-column-towers = { $ruleset ->
   *[other] Towers standing
}
kubb-column-knights = { $ruleset ->
   *[other] Knights in its half
}
kubb-column-line = Line
kubb-players = Players
kubb-players-region =
    .aria-label = Players
kubb-column-player = Player
kubb-column-sticks = { $ruleset ->
   *[other] Sticks
}
kubb-column-hits = Hits
kubb-column-hit-rate = Hit rate
kubb-column-inkast = Inkast in
kubb-export = Export
kubb-export-log = Event log
kubb-export-notation = Notation

## The field

kubb-line-label = { $team } throws from { $piece }
kubb-king-letter = K
kubb-king = { $ruleset ->
   *[other] King
}
kubb-king-felled = { $ruleset ->
   *[other] King, felled
}
kubb-king-marked = { $ruleset ->
   *[other] King, marked as felled
}
kubb-fallen = { $ruleset ->
   *[other] { $piece } lies down in { $half }'s half
}
# $marked: "yes" when tapped as felled for the next entry.
kubb-piece-tower = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, tower in { $half }'s half, marked as felled
       *[no] { $piece }, tower in { $half }'s half
    }
}
kubb-piece-knight = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, knight in { $half }'s half, marked as felled
       *[no] { $piece }, knight in { $half }'s half
    }
}
kubb-piece-knight-unplaced = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, knight in { $half }'s half, spot not recorded, marked as felled
       *[no] { $piece }, knight in { $half }'s half, spot not recorded
    }
}
kubb-announce-marked = { $piece } marked as felled.
kubb-announce-unmarked = { $piece } no longer marked.
kubb-announce-king-marked = { $ruleset ->
   *[other] King marked as felled.
}
kubb-announce-king-unmarked = { $ruleset ->
   *[other] King no longer marked.
}

## The buttons

kubb-blocked = An entry above was refused: decide about it first (drop it, or send it after the others).
kubb-hit = Hit (tap what fell)
kubb-hit-marked = Hit: { $count } felled
kubb-confirm-king-stick = { $ruleset ->
   *[other] Felling the king ends the game. Record it?
}
kubb-miss = Miss
kubb-foul = Foul
kubb-landed-in = Landed in: tap where
kubb-tap-landed = Tap the field where it landed.
kubb-landed-out = Landed out
kubb-inkast-king = { $ruleset ->
   *[other] Felled the king
}
kubb-confirm-king-inkast = { $ruleset ->
   *[other] An inkast that fells the king ends the game. Record it?
}
kubb-rescue = Rescue { $piece }
kubb-placed = Placed: tap where
kubb-tap-placed = Tap the field where the defenders placed it.
kubb-placed-unknown = Placed (spot not noted)
kubb-starts = { $team } starts
kubb-spot-unknown = Spot unknown
kubb-cancel = Cancel
kubb-other-phone = { $team } enter this on their phone; it shows here when they do.
kubb-next-game = Next game
# $tieBreak: the tie-break chosen in the settings.
kubb-call-time = Call time ({ $minutes } min, { $tieBreak ->
    [baseline-count] baseline-count
    [accelerated] accelerated
    [sudden] sudden
   *[none] none
})

## The turn

kubb-status-start = Who starts? Enter the result of the starting throw.
kubb-status-inkast = { $thrower } throws { $piece } into { $target }'s half (attempt { $attempt }).
kubb-status-placement = { $count ->
    [one] { $team } places { $pieces }, out twice.
   *[other] { $team } place { $pieces }, out twice.
}
# $kingAttack: "yes" when the rules allow a throw at the king.
kubb-status-throwing = { $ruleset ->
   *[other] { $kingAttack ->
        [yes] { $count ->
            [one] { $thrower } throws: { $count } stick left, turn { $turn }. The king may be attacked.
           *[other] { $thrower } throws: { $count } sticks left, turn { $turn }. The king may be attacked.
        }
       *[no] { $count ->
            [one] { $thrower } throws: { $count } stick left, turn { $turn }.
           *[other] { $thrower } throws: { $count } sticks left, turn { $turn }.
        }
    }
}
# $how: how the game ended; $reason: the rules' own words (English), said
# where no message has it; $side: the team's letter; $more, $fewer: towers.
kubb-game-won = { $ruleset ->
   *[other] { $how ->
        [king] Game over: { $winner } won it (team { $side } knocked the king over).
        [inkast] Game over: { $winner } won it (team { $side } knocked the king over with an inkasted piece).
        [early] Game over: { $winner } won it ({ $reason }).
        [more-towers] Game over: { $winner } won it (time: team { $side } knocked more towers ({ $more } to { $fewer })).
       *[other] Game over: { $winner } won it ({ $reason }).
    }
}
kubb-game-drawn = { $how ->
    [time] Game over: drawn (time was called: the game is drawn).
    [level] Game over: drawn (time: both teams knocked { $more } tower(s), a draw).
   *[other] Game over: drawn ({ $reason }).
}
kubb-turn-line = { $ruleset ->
   *[other] { $count ->
        [one] { $team } throws, turn { $turn }, { $count } stick left.
       *[other] { $team } throws, turn { $turn }, { $count } sticks left.
    }
}

## The result and its confirmation

kubb-match-won = { $team } wins the match!
kubb-match-drawn = The match is drawn: time was called with the games level ({ $a }–{ $b }).
kubb-over-entries-waiting = The match is over. The result can be confirmed once the entries on this phone are sent.
kubb-over = The match is over.
# $rating: "unconfirmed", "counted" or "none" (the ratings' view of it).
kubb-confirmed-referee = The result is confirmed by the referee.{ $rating ->
    [unconfirmed] {" "}For the ratings it is unconfirmed until each team confirms it signed in as one of its players.
    [counted] {" "}It counts for the ratings.
   *[none] {""}
}
kubb-confirmed-teams = The result is confirmed by both teams.{ $rating ->
    [unconfirmed] {" "}For the ratings it is unconfirmed until each team confirms it signed in as one of its players.
    [counted] {" "}It counts for the ratings.
   *[none] {""}
}
# $a, $b: each team's word: "agreed", "disputed" or "pending".
kubb-result-disputed = The result is disputed: { $a ->
    [agreed] { $teamA } agreed
    [disputed] { $teamA } dispute it
   *[pending] { $teamA } not yet
}; { $b ->
    [agreed] { $teamB } agreed
    [disputed] { $teamB } dispute it
   *[pending] { $teamB } not yet
}. The referee decides.{ $rating ->
    [unconfirmed] {" "}For the ratings it is unconfirmed until each team confirms it signed in as one of its players.
    [counted] {" "}It counts for the ratings.
   *[none] {""}
}
kubb-result-waiting = The match is over: { $a ->
    [agreed] { $teamA } agreed
    [disputed] { $teamA } dispute it
   *[pending] { $teamA } not yet
}; { $b ->
    [agreed] { $teamB } agreed
    [disputed] { $teamB } dispute it
   *[pending] { $teamB } not yet
}.{ $rating ->
    [unconfirmed] {" "}For the ratings it is unconfirmed until each team confirms it signed in as one of its players.
    [counted] {" "}It counts for the ratings.
   *[none] {""}
}
kubb-agree = We agree with the result
kubb-confirm = Confirm the result
kubb-dispute = We dispute it
kubb-agreement-recorded = Your agreement is recorded.
kubb-dispute-recorded = Your dispute is recorded: the referee decides.

## The teams' links

kubb-share-phone = { $team }'s phone
kubb-copy-link = Copy link
kubb-copied = Copied.
kubb-qr = QR code
kubb-qr-label = QR code of { $team }'s link

## The scoreboard and the players

kubb-line-baseline = baseline
kubb-line-advanced = advanced to { $piece }
kubb-towers-of = { $count } of 5
kubb-hit-rate = { $percent } %

## Sending

kubb-sync-refused = Not sent: { $count }
kubb-sync-sending = Sending { $count }…
kubb-sync-saved = Saved on this phone: { $count }
kubb-synced = Synced

## The outbox: each entry in words
# $by: "yes" when the entry names its player ($player).

kubb-entry-miss = { $by ->
    [yes] Stick by { $player }: miss
   *[no] Stick: miss
}
kubb-entry-foul = { $by ->
    [yes] Stick by { $player }: foul
   *[no] Stick: foul
}
# $king: "only" (the king alone fell), "also" (with $pieces), "no".
kubb-entry-hit = { $ruleset ->
   *[other] { $by ->
        [yes] { $king ->
            [only] Stick by { $player }: felled the king
            [also] Stick by { $player }: felled { $pieces }, the king
           *[no] Stick by { $player }: felled { $pieces }
        }
       *[no] { $king ->
            [only] Stick: felled the king
            [also] Stick: felled { $pieces }, the king
           *[no] Stick: felled { $pieces }
        }
    }
}
kubb-entry-inkast-king = { $ruleset ->
   *[other] { $by ->
        [yes] Inkast by { $player }: felled the king
       *[no] Inkast: felled the king
    }
}
kubb-entry-inkast-in = { $by ->
    [yes] Inkast by { $player }: in
   *[no] Inkast: in
}
kubb-entry-inkast-out = { $by ->
    [yes] Inkast by { $player }: out
   *[no] Inkast: out
}
kubb-entry-placement = Placement
kubb-entry-rescue = { $by ->
    [yes] Rescue of { $piece } by { $player }
   *[no] Rescue of { $piece }
}
kubb-entry-start = { $team } starts
kubb-entry-next-game = Next game
kubb-entry-time-called = Time called
kubb-entry-refused = { $entry } — refused
kubb-entry-waits = { $entry } — not yet sent (waits for the one above)
kubb-entry-saved = { $entry } — saved on this phone, not yet sent
kubb-refused-server = The server refused it: { $reason }
kubb-refused-rules = The rules refuse it now: { $reason }
kubb-drop = Drop this entry
kubb-send-after = Send it after the other entries
kubb-not-recorded = { $entry } was not recorded: { $reason }. It and the entries after it wait below the field for your decision.
kubb-outbox-blocked = { $count ->
    [one] { $count } entry not recorded: one needs the referee
   *[other] { $count } entries not recorded: one needs the referee
}
kubb-outbox-saved = { $count ->
    [one] { $count } entry saved on this phone
   *[other] { $count } entries saved on this phone
}
kubb-dropped = { $entry }: dropped.
kubb-taken-back-local = { $entry }: taken back (it was saved on this phone only).
kubb-taken-back = The last entry is taken back.

## The odds and the advice

kubb-odds-team = { $team } { $percent } %
kubb-odds-draw = draw { $percent } %
kubb-odds-over = The match is over: { $result }
kubb-odds-not-started = Win probability: the match has not started
kubb-odds-offline = Win probability: needs the connection; shown when this phone's entries are sent
kubb-odds-need-connection = odds need the connection
kubb-advice-offline = Advice and odds need the connection: they come back once this phone's entries are sent.
kubb-odds = { $draw ->
    [0] Win probability: { $teamA } { $a } %, { $teamB } { $b } %
   *[other] Win probability: { $teamA } { $a } %, { $teamB } { $b } %, a draw { $draw } %
}
# $decision: what the server advises (its own English words in $best);
# $x, $y: a spot in metres; $piece: a piece's id.
kubb-advice = { $ruleset ->
   *[other] { $decision ->
        [inkast] Advice for { $team }: inkast the pieces left at x { $x } m, y { $y } m ({ $percent } % to win the match, +{ $gain } points over the usual choice)
        [place] Advice for { $team }: place at x { $x } m, y { $y } m ({ $percent } % to win the match, +{ $gain } points over the usual choice)
        [king] Advice for { $team }: throw at the king ({ $percent } % to win the match, +{ $gain } points over the usual choice)
        [away] Advice for { $team }: throw the stick away ({ $percent } % to win the match, +{ $gain } points over the usual choice)
        [piece] Advice for { $team }: throw at { $piece } ({ $percent } % to win the match, +{ $gain } points over the usual choice)
       *[other] Advice for { $team }: { $best } ({ $percent } % to win the match, +{ $gain } points over the usual choice)
    }
}

## The match settings (the start page's new match, the tournament page)

kubb-setting-opening = Opening
kubb-opening-666 = 6-6-6 (World Championship)
kubb-opening-246 = 2-4-6 (U.S. Championship)
kubb-setting-thrower-rule = 2-4-6 thrower rule (on: the 2 sticks thrown by two players, the 4 by three)
kubb-off = Off
kubb-on = On
kubb-setting-games-to-win = Match format (a race to N is a best of 2N − 1)
kubb-games-own = The rules' own (source: one game; standard: best of 3)
kubb-games-1 = One game (race to 1)
kubb-games-2 = Best of 3 (race to 2)
kubb-games-3 = Best of 5 (race to 3)
kubb-games-4 = Best of 7 (race to 4)
kubb-games-5 = Best of 9 (race to 5)
kubb-setting-five-for-five = Five-for-five (all five baseline kubbs with the opening turn's first batons: the batons left are forfeited)
kubb-five-for-five-on = On (U.S. Championship until 2014)
kubb-setting-double = Base-kubb double (one stick fells the last knights, then a tower)
kubb-double-on = The tower counts
kubb-double-off = The tower is raised again
kubb-setting-time-limit = Time limit in minutes (empty: none)
kubb-setting-tie-break = Tie-break when time is called
kubb-tie-break-baseline-count = Baseline count (U.S.)
kubb-tie-break-accelerated = Accelerated match
kubb-tie-break-sudden = Sudden tie-break (Germany)
kubb-tie-break-none = None: a draw

# A tournament match's call to a pitch (tournament-call.js), above the score.
kubb-call-waiting = { $ahead ->
        [0] Your match is next: waiting for a free pitch
       *[other] Your match waits for a pitch: { $ahead } ahead
    }
kubb-call-now = Your match: pitch { $pitch }, now
kubb-call-playing = Your match: pitch { $pitch }
kubb-call-notify = Tell me when we are called
kubb-call-next-now = Your next match: pitch { $pitch }, now
kubb-call-next-playing = Your next match: pitch { $pitch }
