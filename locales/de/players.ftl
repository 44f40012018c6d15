# Die Wertungsseiten (web/players.html, web/players.js): die Rangliste
# eines Spiels und die Seite eines gewerteten Spielers.

players-page-title = Wertungen — towers
# Die Seite eines Spielers: $name ist der Name des Spielers oder Teams.
players-shown-title = { $name } — towers
players-header = Wertungen
players-heading = Wertungen
players-about = Glicko-2 aus jeder gewerteten Partie, jedem Kubb-Match und jedem Turnierergebnis; ± ist die Wertungsabweichung (etwa ein 95-%-Intervall ist ± zwei davon).
players-board-label = Rangliste
players-board-gt = Spieler von Wächter & Türme
players-board-kubb-teams = Kubb-Teams
players-board-kubb-players = Kubb-Spieler
players-leaders-table =
    .aria-label = Rangliste, seitlich scrollbar
players-col-name = Name
players-col-rating = Wertung
players-col-games = Partien
players-nobody = Noch niemand hat eine Wertung: Spiele eine gewertete Partie.

players-summary = { $rating } ± { $deviation }
# $board ist einer der Namen der Ranglisten oben.
players-summary-ranked = { $rating } ± { $deviation } · Platz { $rank } der Rangliste { $board }
players-record = { $games } gewertet: { $wins } gewonnen, { $draws } unentschieden, { $losses } verloren
players-record-colours = { $games } gewertet: { $wins } gewonnen, { $draws } unentschieden, { $losses } verloren · mit Rot: { $red_wins } gewonnen, { $red_draws } unentschieden, { $red_losses } verloren · mit Blau: { $blue_wins } gewonnen, { $blue_draws } unentschieden, { $blue_losses } verloren
players-over-time = Wertung im Verlauf
players-chart = { $count ->
    [one] Wertung nach { $count } gewerteten Ergebnis, von { $first } auf { $last }
   *[other] Wertung nach jedem von { $count } gewerteten Ergebnissen, von { $first } auf { $last }
}
players-statistics = Statistik
players-stats = { $percent } % von { $sticks } Wurfhölzern getroffen · { $king } auf den König · { $inkastIn } von { $inkasts } Einwürfen im Feld
players-stats-no-sticks = noch keine Wurfhölzer · { $king } auf den König · { $inkastIn } von { $inkasts } Einwürfen im Feld
players-results = Gewertete Ergebnisse
players-results-table =
    .aria-label = Gewertete Ergebnisse, seitlich scrollbar
players-col-date = Datum
players-col-against = Gegen
players-col-result = Ergebnis
players-rating = { $rating } ± { $deviation }
players-result = { $outcome ->
    [win] gewonnen
    [draw] unentschieden
   *[loss] verloren
}
players-result-colour = { $outcome ->
    [win] gewonnen
    [draw] unentschieden
   *[loss] verloren
} ({ $colour ->
    [red] Rot
   *[blue] Blau
})
# $team: das Team, für das der Kubb-Spieler spielte.
players-result-team = { $outcome ->
    [win] gewonnen
    [draw] unentschieden
   *[loss] verloren
} für { $team }
players-the-game = zur Partie
players-the-tournament = zum Turnier
players-back = Alle Wertungen
