# The refusals messages: one for each refusal code the server sends
# (`refusal-` + the code, dots as dashes), with the code's params as
# variables. The English reads as the server's own `error` text.

## The Kubb rules (Koning & Torens and the standard ruleset)

refusal-kubb-match-over = the match is over: team { $winner } has won it
refusal-kubb-match-drawn = the match is over: time was called with the games level, a draw
refusal-kubb-not-now = { $action ->
        [starting-throw] a starting throw
        [start] choosing the starting team
        [inkast] an inkast throw
        [placement] placing a piece
        [stick] a stick throw
        [next-game] starting the next game
        [rescue] a rescue
        [time-called] calling time
       *[teams] naming the teams
    } is not possible now: { $phase ->
        [starting-throw] the game starts with the starting throw
        [inkast] { $count } inkast throw(s) come first
        [placement] the defenders must first place { $count } piece(s) that landed out twice
        [throwing] the thrower is throwing sticks
       *[game-over] the game is over
    }
refusal-kubb-not-a-player = { $player } does not play for { $team_name } (team { $team }): its players are { $players }
refusal-kubb-no-such-piece = there is no piece number { $number }
refusal-kubb-point-not-finite = a point on the lawn is two numbers of metres, not { $x }, { $y }
refusal-kubb-named-twice = { $piece } is listed twice for one stick
refusal-kubb-lag-distance = a starting-throw distance must be a number of metres, 0 or more
refusal-kubb-lag-both-broke-king-rule = both starting throws broke the king rule: throw again
refusal-kubb-lag-tie = the starting throws are equally close to the king: throw again
refusal-kubb-inkast-outside = { $at } is not in team { $half }'s half: an inkasted piece that lands there is out
refusal-kubb-placement-outside-half = team { $team } must place the piece in its own half; { $at } is not
refusal-kubb-placement-near-king = a placed piece must stand at least one stick length ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) from the king; { $at } is { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m away
refusal-kubb-placement-near-pin = the { $ruleset } ruleset keeps a placed piece at least one stick length ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) from every field pin; { $at } is { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m from the pin at { $pin }
refusal-kubb-opening-throwers = under the 2-4-6 thrower rule the { $sticks } sticks of this turn are thrown by at least { $players } different players; { $player } has thrown already and too few sticks are left
refusal-kubb-too-few-players-for-thrower-rule = under the 2-4-6 thrower rule a team's 4 opening sticks are thrown by at least 3 different players; { $team } lists { $players } player(s)
refusal-kubb-player-listed-twice = { $player } is listed twice: a player throws for one team, once listed (names are compared in either case)
refusal-kubb-same-team-names = both teams are named { $name }: give them different names
refusal-kubb-no-time-limit = this match has no time limit, so time cannot be called
refusal-kubb-time-called-already = time has been called already
refusal-kubb-not-rescuable = { $piece } is not a knight left standing in team { $half }'s half from an earlier turn, so it cannot be rescued
refusal-kubb-not-a-knight = { $piece } is not a knight standing in team { $half }'s half
refusal-kubb-not-a-tower = { $piece } is not a standing tower of team { $team }
refusal-kubb-tower-behind-knights = tower { $tower } of team { $team } cannot count: { $knights } knight(s) still stand in team { $team }'s half; it is raised again

## The scorekeeping around the Kubb rules

refusal-kubb-hit-names-nothing = a hit names what fell (knights, towers or the king); a stick that fells nothing is a miss
refusal-kubb-nothing-to-undo = there is nothing to undo
refusal-kubb-no-result-yet = the match is not over: there is no result to confirm yet
refusal-kubb-other-teams-entry = { $team_name }'s phone enters its own team's throws and placements; this one is for { $acting_name } (team { $acting }) or the referee to enter
refusal-kubb-referee-only = only the referee calls time or names the teams
refusal-kubb-referee-takes-back = only the referee takes entries back; a team's phone takes back only what it has not sent
refusal-kubb-confirm-from-team = you are no player of either team: confirm from a team's phone
refusal-kubb-token-scores-no-match = this token scores no Kubb match
refusal-kubb-event-out-of-order = event { $seq } cannot be recorded before event { $next }: send the events in order
refusal-kubb-event-recorded-differently = event { $seq } is already recorded as a different entry: reload the match

## Guard & Towers

refusal-gt-finished = the game is over ({ $outcome ->
        [red-guard-captured] red wins: captured the enemy guard
        [red-castle-reached] red wins: reached the enemy castle
        [red-no-legal-move] red wins: left the opponent without a legal move
        [blue-guard-captured] blue wins: captured the enemy guard
        [blue-castle-reached] blue wins: reached the enemy castle
        [blue-no-legal-move] blue wins: left the opponent without a legal move
        [draw-repetition] draw: threefold repetition
        [draw-no-progress] draw: no capture for the no-progress limit
       *[draw-no-legal-move] draw: no legal move
    })
refusal-gt-not-legal-here = { $move } is not a legal move here
refusal-gt-illegal-move = { $move } is not a legal move for { $side } in this position
refusal-gt-not-your-turn = it is { $side }'s turn
refusal-gt-game-over = the game is over ({ $termination ->
        [guard-captured] guard captured
        [castle-reached] castle reached
        [no-legal-move] no legal move
        [threefold-repetition] threefold repetition
        [no-progress] no progress
        [resignation] resignation
        [draw-agreed] draw agreed
        [time-forfeit] time forfeit
        [illegal-move] illegal move
        [engine-crash] engine crash
        [disconnect] disconnect
        [adjudication] adjudication
        [unterminated] unterminated
       *[other] ended
    })
refusal-gt-not-started = the game has not started: a seat is still free
refusal-gt-unreadable-move = { $problem ->
    [square] '{ $move }' is not a move: bad move: '{ $square }' is not a square: expected a file A-G and a rank 1-7, like D4
    [count] '{ $move }' is not a move: bad move: the stone count '{ $count }' must be a digit 1-7
    [not-straight] '{ $move }' is not a move: bad move: { $from } to { $to } is not a straight orthogonal step (no diagonals, no null moves)
    [count-mismatch] '{ $move }' is not a move: bad move: it moves { $stones ->
        [one] one stone
       *[other] { $stones } stones
    } but travels { $distance ->
        [one] one square
       *[other] { $distance } squares
    }; a piece moves exactly as far as it is high
   *[format] '{ $move }' is not a move: expected FROM-TO-STONES like A7-B7-1
}
refusal-gt-no-seat-free = no seat is free in this game
refusal-gt-by-invitation = this game is by invitation: open the full link you were sent (its secret is missing or wrong)
refusal-gt-invitation-not-a-seat = an invitation is not a seat: join the game first
refusal-gt-rematch-token = this token is for the rematch, not for this game
refusal-gt-seat-taken = the { $side } seat is taken
refusal-gt-rated-same-player = { $name } already plays in this rated game: a rated game is between two players
refusal-gt-draw-offer-open = a draw offer is already open
refusal-gt-no-draw-offer = { $side } has no draw offer to answer
refusal-gt-rematch-offer-open = a rematch offer is already open
refusal-gt-no-rematch-offer = { $side } has no rematch offer to answer
refusal-gt-rematch-person-only = a rematch offer goes to a person: against the engine or a bot, start a new game
refusal-gt-rematch-not-over = the game is not over: a rematch follows a finished game
refusal-gt-rematch-agreed = the rematch was agreed: it is game { $game }
refusal-gt-engine-level = level { $level } is not 1-10
refusal-gt-rated-named-only = only games between two named players are rated, not games with the built-in engine or course clients

## Games, tournaments, requests, sign-in

refusal-game-not-found = no game '{ $id }'
refusal-game-wrong-kind = not an event of a { $kind } game
refusal-game-set-apart = game { $id } is set apart: its stored record no longer replays (see `towers admin quarantined`)
refusal-game-changed-meanwhile = the game changed meanwhile (another server or seat): reload and retry
refusal-game-token-holds-no-seat = this token holds no seat in this game
refusal-puzzle-rating-changing = the puzzle's rating keeps changing: try again
refusal-puzzle-unknown-theme = no puzzle theme '{ $theme }'
refusal-tournament-refused = { $reason }
refusal-request-malformed = { $reason }
refusal-request-refused = { $reason }
refusal-request-too-large = { $reason }
refusal-request-rate-limited = too many requests: slow down
refusal-request-limited = { $reason }
refusal-request-not-found = { $reason }
refusal-request-conflict = { $reason }
refusal-request-busy = the engines are busy: retry in { $retry_after } s
refusal-auth-seat-token-needed = this needs a seat token: send 'Authorization: Bearer <token>'
refusal-auth-bad-token = { $reason }
refusal-auth-sign-in-needed = { $reason }
refusal-auth-forbidden = { $reason }
refusal-auth-sign-in-limited = too many failed sign-ins: try again in { $retry_after } s
refusal-auth-cross-site = a request from another site's page cannot act for your account
refusal-server-internal = internal error

## Tournaments

refusal-tournament-file-version = the file's version is { $version }; this towers reads version { $reads }
refusal-tournament-not-created = the first event must create the tournament
refusal-tournament-already-created = the tournament is already created
refusal-tournament-unknown-format = unknown format '{ $format }' (round-robin, double-round-robin, swiss, knockout or pools-knockout)
refusal-tournament-rounds-not-swiss = --rounds is for a swiss tournament only
refusal-tournament-pools-not-pools = --pools and --qualifiers are for a pools-knockout tournament only
refusal-tournament-third-place-no-knockout = --third-place is for a tournament with a knockout only
refusal-tournament-setting-zero = { $setting } must be at least 1
refusal-tournament-unknown-entrant = unknown entrant '{ $name }'
refusal-tournament-already-entered = '{ $name }' is already entered
refusal-tournament-already-withdrawn = '{ $name }' has already withdrawn
refusal-tournament-late-entry = a { $format } takes no new entrants once the first round is paired
refusal-tournament-too-few = { $entrants } entrants are too few (at least { $needed } are needed)
refusal-tournament-round-open = round { $round } is not finished: { $first } - { $second } has no result
refusal-tournament-over = the tournament is over
refusal-tournament-unpairable = no pairing without a repeat exists for the next round
refusal-tournament-too-many-rounds = a Swiss of { $entrants } entrants has at most { $most } rounds without a repeat, not { $rounds }: give fewer rounds
refusal-tournament-wrong-round = round { $round } cannot be paired now (the next round is { $next })
refusal-tournament-bad-pairing = '{ $name }' cannot be paired: withdrawn or paired twice in the round
refusal-tournament-no-such-pairing = { $round ->
        [0] no pairing { $first } - { $second }
       *[other] no pairing { $first } - { $second } in round { $round }
    }
refusal-tournament-score-not-for-game = { $score } is not a { $game } result
refusal-tournament-kubbs-not-kubb = baseline kubbs are for Kubb tournaments only
refusal-tournament-needs-winner = a knockout match needs a winner, not { $score }
refusal-tournament-already-recorded = { $first } - { $second } already has a result; a correction replaces it
refusal-tournament-nothing-to-correct = { $first } - { $second } has no result to correct
refusal-tournament-settled = this result cannot change: round { $round } was paired from it
refusal-tournament-not-in-bracket = '{ $name }' won a knockout match but is not in the bracket (a round paired by hand?)
refusal-tournament-pitch-duplicate = two pitches are named '{ $name }' (or alike)
refusal-tournament-too-many-pitches = a tournament has at most { $max } pitches, not { $count }
refusal-tournament-no-pairing-number = round { $round } has no pairing { $pairing }
refusal-tournament-not-to-start = { $state ->
        [playing] this pairing is already playing
       *[finished] this pairing is already finished
    }
refusal-tournament-organiser-only = this needs the organiser's token
refusal-tournament-title = a title has 1-{ $max } printable characters
refusal-tournament-kubb-settings-only = a ruleset and match settings are for Kubb tournaments
refusal-tournament-time-control-gt-only = a time control is for Guard & Towers tournaments
refusal-tournament-bots-play-gt-only = bot accounts play Guard & Towers only
refusal-tournament-bot-no-players = a bot entrant has no players
refusal-tournament-gt-entrant-alone = a Guard & Towers entrant is one player: no team players
refusal-tournament-kubb-team-too-big = a Kubb team has at most { $max } players

## Names

refusal-name-empty = a name must not be empty
refusal-name-too-long = a name has at most { $max } characters; '{ $given }…' has { $chars }
refusal-name-control-character = a name must not contain control characters; it has { $found }
refusal-name-format-character = a name must not contain invisible or formatting characters; it has { $found }
refusal-name-unassigned-character = a name must not contain unassigned or private-use characters; it has { $found }
refusal-name-line-separator = a name must be one line, without line or paragraph separators; it has { $found }
refusal-name-blank = a name must have something to see, not only spaces and invisible characters
refusal-name-too-like = '{ $name }' is taken, or too like '{ $held }'
refusal-name-account-only = '{ $name }' is an account's name: sign in as '{ $name }' to play under it
refusal-name-bot-only = '{ $name }' is a bot's name: only the bot plays under it

## Accounts

refusal-account-wrong-password = wrong name or password
refusal-account-password-too-short = a password has at least { $min } characters
refusal-account-password-too-long = a password has at most { $max } characters
refusal-account-passkey-refused = the passkey does not sign in
refusal-account-passkey-registered = this passkey is registered already, or the reset link was used
refusal-account-reset-link-expired = this reset link is used or expired
refusal-account-last-way-in = this is the account's last way in: add another passkey or a password first
refusal-account-sign-in-first = sign in first (/account)
refusal-account-rated-signed-in = a rated game is played signed in, under your account's name: sign in at /account
refusal-account-rated-own-name = you are signed in as '{ $account }': a rated game is played under your own name, not '{ $name }'
refusal-account-bot-name-taken = a bot called '{ $name }' is already registered
refusal-account-ceremony-expired = no such passkey ceremony: it is finished or expired
refusal-account-no-such-session = no such session of this account
refusal-account-no-such-passkey = no such passkey of this account
refusal-account-passkey-sign-in-first = sign in first: a passkey is added to your account
refusal-account-passkeys-need-address = passkeys need the server's public address: start it with --public-url https://your.host
refusal-bot-streams-open = this bot has { $max } event streams open already: close one first
