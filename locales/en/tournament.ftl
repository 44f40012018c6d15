# The tournament pages (web/tournament.html, web/tournament.js): the form
# that creates one, the organiser's panel and the public view.

tournament-page-title = Tournament — towers
tournament-missing-title = No tournament here — towers
# A tournament's page: $title is its title as the organiser typed it.
tournament-shown-title = { $title } — towers
tournament-header = Tournament

tournament-create-title = Run a tournament
tournament-title-label = Title
tournament-default-title = Club tournament
tournament-game-label = Game
tournament-game-kubb = Kubb
tournament-game-gt = Guard & Towers
tournament-format-label = Format
tournament-format-round-robin = Round robin
tournament-format-double-round-robin = Double round robin
tournament-format-swiss = Swiss
tournament-format-knockout = Knockout
tournament-format-pools-knockout = Pools, then knockout
tournament-rounds-label = Rounds (empty: enough for one winner)
tournament-pools-label = Pools (empty: pools of about four)
tournament-qualifiers-label = Going through per pool
tournament-third-place-label = Third-place match
tournament-rules-label = Rules
tournament-ruleset-seed = Koning & Torens (source)
tournament-ruleset-standard = Standard tournament
tournament-create = Create the tournament
tournament-create-note = You get the organiser's token in this browser: keep it, it is the only key to register entrants, start rounds and record results.

# $title, $game and $format: the title as typed, the game, the format.
tournament-heading = { $title } · { $game } · { $format }
# The format in a tournament's heading.
tournament-heading-round-robin = round robin
tournament-heading-double-round-robin = double round robin
tournament-heading-swiss = swiss
tournament-heading-knockout = knockout
tournament-heading-pools-knockout = pools knockout
tournament-status-registration = { $entrants ->
    [one] Registration open: { $entrants } entrant.
   *[other] Registration open: { $entrants } entrants.
}
tournament-status-finished = { $rounds ->
    [one] Finished after { $rounds } round.
   *[other] Finished after { $rounds } rounds.
}
tournament-status-playing = { $open ->
    [one] Round { $round } under way: { $open } game still playing.
   *[other] Round { $round } under way: { $open } games still playing.
}
tournament-champion = { $name } wins the tournament

tournament-organiser = Organiser
tournament-entrant-label = Entrant
tournament-players-label = Players (comma separated)
tournament-players-example =
    .placeholder = ann, bob
tournament-register = Register
tournament-start-round = Start the next round
tournament-pairing-label = Pairing
tournament-score-label = Score of the first named
tournament-record = Record or correct
tournament-no-pairing-yet = no pairing to record yet
tournament-pairing-choice = Round { $round }: { $first } – { $second }
tournament-pairing-choice-score = Round { $round }: { $first } – { $second } ({ $score })
tournament-links-title = Links to the games
tournament-links-note = Each link opens its game on any phone, for its seat: the referee's and each team's in Kubb, each player's in Guard & Towers. Copy it to send it, or show its QR code to scan. Whoever has a link plays or scores for that seat: give it only to its phone.
tournament-game-title = Round { $round }: { $first } – { $second }
tournament-no-game-to-play = Result entered by the organiser: no game to play.
tournament-seat-referee = Referee
tournament-seat-red = { $name } (Red)
tournament-seat-blue = { $name } (Blue)
tournament-play-red = Play Red
tournament-play-blue = Play Blue
tournament-copy-link = Copy link
tournament-copied = Copied
tournament-copy-by-hand = Select the link and copy it
tournament-seat-url =
    .aria-label = Link for { $name }
tournament-qr-show = Show QR code
tournament-qr-hide = Hide QR code
tournament-qr-label = QR code of the link for { $name }

tournament-standings = Standings
tournament-standings-table =
    .aria-label = Standings
tournament-col-name = Name
tournament-col-points = Points
    .short = Pts
tournament-col-tiebreaks = Tie-breaks
tournament-col-record = W-D-L
    .title = Won, drawn, lost
tournament-wdl = { $wins }-{ $draws }-{ $losses }
# Below the standings on a phone; $tiebreaks lists the tie-breaks' legends.
tournament-legend = Pts: points; W-D-L: won, drawn, lost; { $tiebreaks }.
tournament-legend-tiebreak = { $short }: { $name }
tournament-name-withdrawn = { $name } (withdrawn)
tournament-name-pool = { $name } · pool { $pool }
tournament-name-withdrawn-pool = { $name } (withdrawn) · pool { $pool }
# The tie-breaks, each with its abbreviation on a phone.
tournament-tiebreak-buchholz = Buchholz
    .short = Bh
tournament-tiebreak-median-buchholz = Median Buchholz
    .short = MBh
tournament-tiebreak-sonneborn-berger = Sonneborn–Berger
    .short = SB
tournament-tiebreak-baseline-difference = Baseline kubb difference
    .short = BKD
tournament-tiebreak-head-to-head = Head to head
    .short = H2H
tournament-tiebreak-direct-encounter = Direct encounter
    .short = DE
tournament-tiebreak-wins = Wins
    .short = W

tournament-rounds = Rounds
tournament-no-round = No round is paired yet.
tournament-round = Round { $round }
tournament-round-stage = Round { $round } ({ $stage })
tournament-stage-pool = pool
tournament-stage-knockout = knockout
tournament-pairing = { $first } – { $second }
tournament-bye = { $name } — bye
tournament-entered-by-organiser = as entered by the organiser
tournament-corrected-by-organiser = corrected by the organiser
tournament-watch-live = watch live
tournament-see-game = see the game

tournament-crosstable = Crosstable
tournament-crosstable-table =
    .aria-label = Crosstable, scrolls sideways
tournament-bracket = Bracket
tournament-bracket-region =
    .aria-label = Bracket, scrolls sideways
tournament-bracket-image =
    .alt = The knockout bracket
tournament-export = Export
tournament-export-pairings = Pairings (CSV)
tournament-export-standings = Standings (CSV)

# The day on its pitches (the organiser's panel).
tournament-board-link = Call board (for a screen beside the pitches)
tournament-day-title = Pitches
tournament-pitches-label = Pitches, one name a line, in the order they are given out
tournament-pitches-save = Save the pitches
tournament-pitches-note = As soon as a pairing's teams are both free, it is called to the first free pitch, in the order of the pairings; a result frees the pitch at once. A match's first entry marks it started.
tournament-waiting-title = Waiting for a pitch
tournament-waiting-none = No pairing is waiting.
tournament-waiting-pairing = Round { $round }: { $first } – { $second }
tournament-pitch-name = Pitch { $name }
tournament-pitch-out = out of play
tournament-pitch-free = free
tournament-pitch-called = called at { $time }
tournament-pitch-playing = playing since { $time }
tournament-pitch-overdue = over time
tournament-pitch-mark-started = Mark started
tournament-pitch-take-out = Take out of play
tournament-pitch-bring-back = Bring back into play
