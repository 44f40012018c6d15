# Die Aufgaben (puzzles.html, puzzles.js).

puzzles-page-title = Aufgaben — towers
puzzles-header = Aufgaben zu Wächter & Türme
puzzles-heading = Aufgabe
puzzles-title = Aufgabe { $id }
puzzles-board =
    .aria-label = Brett der Aufgabe
puzzles-next = Nächste Aufgabe
puzzles-skip = Überspringen
puzzles-rating = Wertung der Aufgabe { $rating }
puzzles-your-rating = Deine Wertung: { $rating }
puzzles-tally = Bei diesem Besuch { $solved } gelöst, { $missed } verfehlt.

## Die Aufgabe
puzzles-task-save = { $color } ist am Zug: Jeder Zug außer einem verliert. Finde den Zug, der die Partie rettet.
puzzles-task-win = { $moves ->
    [one] { $color } zieht und gewinnt in { $moves } Zug.
   *[other] { $color } zieht und gewinnt in { $moves } Zügen.
}

## Themen
puzzles-theme-guard-capture = Wächter schlagen
puzzles-theme-castle = Mittelfeld
puzzles-theme-split = Entstapeln
puzzles-theme-stack = Stapeln
puzzles-theme-quiet-move = Stiller Zug
puzzles-theme-sacrifice = Opfer
puzzles-theme-defence = Verteidigung
puzzles-theme-endgame = Endspiel
puzzles-no-theme = kein Thema

## Was ein Zug sagt
puzzles-keep-going = { $move }: richtig. Der Gegner antwortet { $reply }. Mach weiter.
puzzles-saved = { $move }: richtig, das rettet die Partie!
puzzles-solved = { $move }: richtig, gelöst!
puzzles-solved-otherwise = { $move }: Das gewinnt auch, gelöst! { $moves ->
        [one] Es gewinnt in { $moves } Zug;
       *[other] Es gewinnt in { $moves } Zügen;
    } die Lösung der Aufgabe, { $answer }, gewinnt in { $line ->
        [one] { $line } Zug.
       *[other] { $line } Zügen.
    }
puzzles-wrong = { $move }: falsch. Die Lösung war { $answer }.

## Ein Thema wählen, und die Ergebnisse nach Thema
puzzles-theme-choice = Thema
puzzles-theme-all = Alle Themen
puzzles-results = Deine Ergebnisse nach Thema
puzzles-results-none = Noch keine Aufgabe beendet.
puzzles-results-theme = Thema
puzzles-results-solved = Gelöst
puzzles-results-failed = Verfehlt
