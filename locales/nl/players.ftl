# De ratingpagina's (web/players.html, web/players.js): de ranglijst van
# een spel en de pagina van een speler met een rating.

players-page-title = Ratings — towers
# De pagina van een speler: $name is de naam van de speler of het team.
players-shown-title = { $name } — towers
players-header = Ratings
players-heading = Ratings
players-about = Glicko-2 uit elke partij en Kubb-wedstrijd voor de rating en elke toernooiuitslag; ± is de ratingafwijking (een interval van ongeveer 95% is ± twee daarvan).
players-board-label = Ranglijst
players-board-gt = Spelers van Wachter & Torens
players-board-kubb-teams = Kubb-teams
players-board-kubb-players = Kubb-spelers
players-leaders-table =
    .aria-label = Ranglijst, scrolt zijwaarts
players-col-name = Naam
players-col-rating = Rating
players-col-games = Partijen
players-nobody = Nog niemand heeft een rating: speel een partij voor de rating.

players-summary = { $rating } ± { $deviation }
# $board is een van de namen van de ranglijsten hierboven.
players-summary-ranked = { $rating } ± { $deviation } · nummer { $rank } van { $board }
players-record = { $games } voor de rating: { $wins } gewonnen, { $draws } gelijk, { $losses } verloren
players-record-colours = { $games } voor de rating: { $wins } gewonnen, { $draws } gelijk, { $losses } verloren · met Rood: { $red_wins } gewonnen, { $red_draws } gelijk, { $red_losses } verloren · met Blauw: { $blue_wins } gewonnen, { $blue_draws } gelijk, { $blue_losses } verloren
players-over-time = Rating door de tijd
players-chart = { $count ->
    [one] Rating na { $count } uitslag, van { $first } naar { $last }
   *[other] Rating na elk van { $count } uitslagen, van { $first } naar { $last }
}
players-statistics = Statistieken
players-stats = { $percent }% van { $sticks } werpstokken raak · { $king } op de koning · { $inkastIn } van { $inkasts } ingekaste kubbs binnen
players-stats-no-sticks = nog geen werpstokken · { $king } op de koning · { $inkastIn } van { $inkasts } ingekaste kubbs binnen
players-results = Uitslagen voor de rating
players-results-table =
    .aria-label = Uitslagen voor de rating, scrolt zijwaarts
players-col-date = Datum
players-col-against = Tegen
players-col-result = Uitslag
players-rating = { $rating } ± { $deviation }
players-result = { $outcome ->
    [win] gewonnen
    [draw] gelijk
   *[loss] verloren
}
players-result-colour = { $outcome ->
    [win] gewonnen
    [draw] gelijk
   *[loss] verloren
} ({ $colour ->
    [red] rood
   *[blue] blauw
})
# $team: het team waarvoor de Kubb-speler speelde.
players-result-team = { $outcome ->
    [win] gewonnen
    [draw] gelijk
   *[loss] verloren
} voor { $team }
players-the-game = de partij
players-the-tournament = het toernooi
players-back = Alle ratings
