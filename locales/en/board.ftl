# The call board: a tournament's pitches, the next calls, the results
# just in and the standings, for the big screen beside the pitches (read
# from afar, no controls) and for a phone.

board-page-title = Call board — towers
board-shown-title = { $title } — call board

board-status-waiting = Registration: round 1 is not paired yet
board-status-round = Round { $round }
board-status-round-of = Round { $round } of { $rounds }
board-status-finished = Finished: final standings

board-pitches = Pitches
board-no-pitches = No pitches yet: the organiser sets them on the tournament page.
# $name is the pitch's name as the organiser gave it ("3", "Centre").
board-pitch = Pitch { $name }
board-pitch-free = Free
board-pitch-out = Out of play
board-called = Called at { $time }
board-playing = Playing since { $time }
board-overdue = Running long
board-just-called = Just called
# Said to screen readers when a match is called to a pitch.
board-call-announced = Pitch { $pitch }: { $first } against { $second }

board-next = Next calls
board-next-none = No match is waiting.
board-pairing-round = Round { $round }

board-results = Results just in
board-results-none = No results yet.

board-standings = Standings
board-col-rank = Rank
board-col-team = Team
board-col-points = Points
