# The ratings pages (web/players.html, web/players.js): a game's
# leaderboard and a rated player's page.

players-page-title = Ratings — towers
# A player's page: $name is the player's or team's name.
players-shown-title = { $name } — towers
players-header = Ratings
players-heading = Ratings
players-about = Glicko-2 from every rated game, Kubb match and tournament result; ± is the rating deviation (about a 95 % interval is ± two of them).
players-board-label = Board
players-board-gt = Guard & Towers players
players-board-kubb-teams = Kubb teams
players-board-kubb-players = Kubb players
players-leaders-table =
    .aria-label = Leaderboard, scrolls sideways
players-col-name = Name
players-col-rating = Rating
players-col-games = Games
players-nobody = Nobody is rated yet: play a rated game.

players-summary = { $rating } ± { $deviation }
# $board is one of the boards' names above.
players-summary-ranked = { $rating } ± { $deviation } · number { $rank } of { $board }
players-record = { $games } rated: { $wins } won, { $draws } drawn, { $losses } lost
players-record-colours = { $games } rated: { $wins } won, { $draws } drawn, { $losses } lost · with Red: { $red_wins } won, { $red_draws } drawn, { $red_losses } lost · with Blue: { $blue_wins } won, { $blue_draws } drawn, { $blue_losses } lost
players-over-time = Rating over time
players-chart = Rating after each of { $count } rated results, from { $first } to { $last }
players-statistics = Statistics
players-stats = { $percent } % of { $sticks } sticks hit · { $king } at the king · { $inkastIn } of { $inkasts } inkasts in
players-stats-no-sticks = no sticks yet · { $king } at the king · { $inkastIn } of { $inkasts } inkasts in
players-results = Rated results
players-results-table =
    .aria-label = Rated results, scrolls sideways
players-col-date = Date
players-col-against = Against
players-col-result = Result
players-rating = { $rating } ± { $deviation }
players-result = { $outcome ->
    [win] won
    [draw] drew
   *[loss] lost
}
players-result-colour = { $outcome ->
    [win] won
    [draw] drew
   *[loss] lost
} ({ $colour ->
    [red] red
   *[blue] blue
})
# $team: the team the Kubb player played for.
players-result-team = { $outcome ->
    [win] won
    [draw] drew
   *[loss] lost
} for { $team }
players-the-game = the game
players-the-tournament = the tournament
players-back = All ratings
