# Die Partieseite von Wächter & Türme (gt.html, gt.js) und die Wörter für
# Brett und Bewertung, die auch die Lektion und die Aufgaben nutzen (board.js).

## Der Rahmen der Seite
gt-page-title = Wächter & Türme — towers
gt-game-name = Wächter & Türme
gt-learn = Lernen
gt-heading = Partie Wächter & Türme

## Farben und wer auf einem Platz sitzt
gt-red = Rot
gt-blue = Blau
gt-engine-name = towers Stufe { $level }
gt-occupant-bot = { $name }, ein Bot
gt-seat-named = { $color } ({ $occupant })
gt-guest = Gast
gt-player = Spieler

## Die Felder, wie ein Bildschirmleser sie sagt
gt-board =
    .aria-label = Spielbrett
gt-square-empty = { $square }, leer
gt-square-guard = { $color ->
    [red] { $square }, roter Wächter
   *[blue] { $square }, blauer Wächter
}
gt-square-tower = { $color ->
    [red] { $square }, roter Turm der Höhe { $stones }
   *[blue] { $square }, blauer Turm der Höhe { $stones }
}
gt-square-selected = { $description }, ausgewählt
gt-square-target = { $description }, hierher ziehen
gt-announce-selected = { $description } ausgewählt: { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}, nach { $targets }.
gt-announce-can-go = { $square } ausgewählt: kann nach { $targets } ziehen.
gt-announce-cleared = Auswahl aufgehoben.
gt-announce-you-played = Du hast { $move } gezogen.
gt-announce-played = { $seat } hat { $move } gezogen.
gt-announce-seat = { $color ->
    [red] Du hast den Platz von Rot eingenommen.
   *[blue] Du hast den Platz von Blau eingenommen.
}

## Wer spielt, und wie die Partie steht
gt-you-invited = Du bist eingeladen, { $color } zu spielen.
gt-you-invited-against = Du bist eingeladen, { $color } gegen { $host } zu spielen.
gt-you-watching-game = Du schaust dieser Partie zu.
gt-you-play = Du spielst { $color }.
gt-you-play-against = Du spielst { $color } gegen { $opponent }.
gt-status-join = Gib deinen Namen ein und tritt bei: Die Partie beginnt sofort.
gt-status-waiting-opponent = Warte, bis der Gegner beitritt.
gt-status-waiting-players = Warte, bis die Spieler beitreten.
gt-status-over = Die Partie ist beendet.
gt-status-sending = Dein Zug { $move } wird gesendet …
gt-status-selected = { $square } ausgewählt: Wähle, wohin du ziehst.
gt-status-your-move = Du bist am Zug.
gt-status-thinking = { $seat } überlegt …
gt-status-watching = { $seat } ist am Zug. Du schaust zu.
gt-viewing-start = Du siehst die Anfangsstellung.
gt-viewing = Du siehst { $label } { $move } ({ $color }), Zug { $number } von { $last }.
gt-rated = Gewertete Partie

## Warum eine Partie endete
gt-reason-guard-captured = Wächter geschlagen
gt-reason-castle-reached = gekennzeichnetes Mittelfeld erreicht
gt-reason-no-legal-move = kein erlaubter Zug
gt-reason-threefold-repetition = dreifache Wiederholung
gt-reason-no-progress = kein Fortschritt
gt-reason-resignation = Aufgabe
gt-reason-draw-agreed = Remis vereinbart
gt-reason-unterminated = nicht beendet
gt-reason-time-forfeit = Zeit überschritten
gt-reason-illegal-move = unerlaubter Zug
gt-reason-engine-crash = Programm abgestürzt
gt-reason-disconnect = Verbindung getrennt
gt-reason-adjudication = Entscheid
gt-reason-detail = { $reason }: { $detail }

## Das Ergebnis
gt-result-none = Kein Ergebnis: { $reason }.
gt-result-draw = Remis: { $reason }.
gt-result-you-won = Du hast gewonnen: { $reason }.
gt-result-you-lost = Du hast verloren: { $reason }.
gt-result-won = { $seat } hat gewonnen: { $reason }.
gt-rematch = Revanche
gt-accept-rematch = Revanche annehmen
gt-decline-rematch = Revanche ablehnen
gt-watch-rematch = Revanche ansehen
gt-new-game = Neue Partie
gt-review-game = Partie auswerten
gt-rematch-you-offered = Du hast eine Revanche angeboten: Warte auf die Antwort.
gt-rematch-offers = { $seat } bietet eine Revanche mit getauschten Farben an.
gt-rematch-you-declined = Du hast die Revanche abgelehnt.
gt-rematch-declined = { $seat } hat die Revanche abgelehnt.
gt-rematch-agreed = Die Revanche ist vereinbart.

## Remisangebote
gt-accept-draw = Remis annehmen
gt-decline-draw = Ablehnen
gt-offer-draw = Remis anbieten
gt-resign = Aufgeben
gt-confirm-resign = Diese Partie aufgeben?
gt-draw-you-offered = Du hast Remis angeboten: Warte auf die Antwort.
gt-draw-offers = { $seat } bietet Remis an.
gt-draw-you-declined = Du hast das Remis abgelehnt: Weiter geht’s.
gt-draw-declined-yours = { $seat } hat dein Remisangebot abgelehnt: Weiter geht’s.
gt-draw-declined = { $seat } hat das Remisangebot abgelehnt.

## Einladen und beitreten
gt-share-intro = Schick diesen Link deinem Gegner: Die Partie beginnt, sobald er beitritt.
gt-share-link =
    .aria-label = Link für deinen Gegner
gt-copy-link = Link kopieren
gt-share-sheet = Teilen …
gt-copied = Kopiert
gt-copy-by-hand = Markiere den Link und kopiere ihn
gt-share-text = Spiel mit mir Wächter & Türme
gt-your-name = Dein Name
gt-join-game = Partie beitreten
gt-join-text = Dein Name, dann trittst du als { $color } bei.
gt-join-as = Als { $color } beitreten

## Die Uhren
gt-clock = { $seat } { $time }
gt-clock-label = Uhr von { $color }: { $time }
gt-clock-label-running = Uhr von { $color }: { $time }, läuft

## Züge
gt-type-move = Zug eingeben
gt-move = Ziehen
gt-moves = Züge
gt-first =
    .aria-label = Anfangsstellung
gt-back =
    .aria-label = Vorheriger Zug
gt-forward =
    .aria-label = Nächster Zug
gt-latest =
    .aria-label = Aktuelle Stellung
gt-move-list =
    .aria-label = Zugliste
gt-move-label =
    .aria-label = Zug { $number }, { $color }: { $move }

## Die Bewertung des Programms
gt-score-wins = { $moves ->
    [one] { $color } gewinnt in { $moves } Zug.
   *[other] { $color } gewinnt in { $moves } Zügen.
}
gt-score-level = Ausgeglichen.
gt-score-ahead = { $count ->
    [one] { $color } liegt { $stones } Turmstein vorn.
   *[other] { $color } liegt { $stones } Turmsteine vorn.
}
gt-tablebase-wins = { $moves ->
    [one] { $color } gewinnt in { $moves } Zug (Endspieltabelle).
   *[other] { $color } gewinnt in { $moves } Zügen (Endspieltabelle).
}
gt-tablebase-draw = Remis (Endspieltabelle).

## Analyse und Auswertung
gt-analysis-heading = Analyse
gt-analyse = Gezeigte Stellung analysieren
gt-stop-analysing = Analyse beenden
gt-review-whole = Ganze Partie auswerten
gt-thinking = Denkt nach …
gt-analysis-over = Partie beendet: { $result } ({ $reason }).
gt-analysis-best = Bester Zug: { $move }. { $score }
gt-analysis = Bester Zug: { $move }. { $score } Tiefe { $depth }; Zugfolge { $line }.
gt-reviewing = Stellung { $index } von { $total } wird ausgewertet …
gt-review-done = { $count ->
    [one] Auswertung fertig: { $count } Zug.
   *[other] Auswertung fertig: { $count } Züge.
}
gt-review-won = { $color } hat gewonnen.
gt-review-drawn = Remis.
gt-graph =
    .aria-label = Bewertungskurve
gt-graph-described = { $count ->
    [one] Bewertungskurve: die Gewinnchance von Rot über die Züge der Partie, von { $first } % bis { $end } %; { $count } teurer Zug markiert.
   *[other] Bewertungskurve: die Gewinnchance von Rot über die Züge der Partie, von { $first } % bis { $end } %; { $count } teure Züge markiert.
}
gt-graph-percent = { $percent } %
gt-graph-move = Zug
gt-legend =
    .aria-label = Legende
gt-legend-line = Gewinnchance von Rot laut Programm: oben gut für Rot, unten für Blau
gt-kind-blunder = grober Fehler
gt-kind-mistake = Fehler
gt-kind-inaccuracy = Ungenauigkeit
gt-costliest = Die teuersten Züge
gt-mistake = { $kind ->
    [blunder] { $label } { $move } ({ $color }): grober Fehler
    [mistake] { $label } { $move } ({ $color }): Fehler
   *[inaccuracy] { $label } { $move } ({ $color }): Ungenauigkeit
}
gt-mistake-detail = { " " }— davor: { $before } Danach: { $after } Besser: { $best }.
gt-no-costly = Kein Zug hat viel gekostet.

## Export
gt-export = Export
gt-position-shown = Gezeigte Stellung
gt-record = Partieprotokoll
