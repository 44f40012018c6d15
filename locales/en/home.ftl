# The start page (web/index.html, web/index.js): starting a game or a
# match, the lobby of open challenges and the archive of finished games.

home-page-title = towers — Guard & Towers and Kubb
home-nav-learn = Learn
home-nav-puzzles = Puzzles
home-heading = Play Guard & Towers or score a game of Kubb
# $lesson and $puzzles are links, their texts the two messages after.
home-intro = New to Guard & Towers? { $lesson } shows how pieces move; { $puzzles } train finding the winning move.
home-intro-lesson = The two-minute lesson
home-intro-puzzles = puzzles

home-game-gt = Guard & Towers
home-game-kubb = Kubb
home-gt-blurb = Stack your towers and capture the enemy guard, or bring your own guard to the enemy's castle.
home-your-name = Your name
# The name to play under until the reader types one.
home-default-name = Player
home-play-engine = Play against the computer
home-more-ways = More ways to play
home-level = Computer level
home-level-beginner = 1 (beginner)
home-level-full = 10 (full strength)
home-colour = Your colour
home-colour-red = Red (moves first)
home-colour-blue = Blue
home-clock = Clock
home-no-clock = No clock
home-clock-option = { $minutes } min + { $seconds } s
home-start-position = Start from a position (optional)
# $signedIn is a link to the account page, its text the next message.
home-rated = Rated game with a friend or a challenge ({ $signedIn }, under your account's name)
home-rated-signed-in = signed in
home-play-friend = Play a friend (share a link)
home-post-challenge = Post a public challenge
home-watch-engines = Watch the computer play itself

home-lobby-title = Open challenges
home-lobby-blurb = Anyone may take one; yours appear here for others too.
home-lobby-empty = No open challenge right now.
# A challenge in the lobby: $name waits (a name, or home-someone).
home-challenge = { $clock ->
    [none] { $name } plays { $colour ->
        [red] Red
       *[blue] Blue
    }, no clock
   *[other] { $name } plays { $colour ->
        [red] Red
       *[blue] Blue
    }, { $minutes } min + { $seconds } s
}
home-someone = someone
home-challenge-mine = Your challenge: open it
home-challenge-play = Play { $name }

home-kubb-title = Kubb scorekeeper
home-kubb-blurb = Referee a match on the lawn: one tap per stick, the rules checked for you, statistics and win chances.
home-team-a = Team A
home-team-b = Team B
home-players-a = Players of A (comma separated)
home-players-b = Players of B
home-players-a-example =
    .placeholder = ann, bob
home-players-b-example =
    .placeholder = cy, dee
home-rules = Rules
home-ruleset-seed = Koning & Torens (source)
home-ruleset-standard = Standard tournament
home-kubb-rated = Rated match (the teams and players by name)
home-score-kubb = Start scoring a match

# $link is a link to the tournament page, its text the next message.
home-tournaments-line = { $link }: round robin, Swiss or knockout, for Kubb teams or Guard & Towers players.
home-tournaments-link = Run a tournament
# $link is a link to the ratings, its text the next message.
home-ratings-line = { $link }: the leaderboards and every rated player's history.
home-ratings-link = Ratings

home-archive-title = Finished games
home-archive-game = Game
home-archive-both = Both games
home-archive-name = Player or team
home-archive-name-input =
    .placeholder = a name
home-archive-table =
    .aria-label = Finished games
home-col-game = Game
home-col-players = Players
home-col-date = Date
home-col-result = Result
home-archive-empty = No finished games yet.
home-versus = { $first } vs { $second }
# A finished game's result; $name is the winner's.
home-result-finished = Finished
home-result-red = Red ({ $name }) won
home-result-blue = Blue ({ $name }) won
home-result-draw = Draw
home-result-none = No result
# A result and why the game ended ($why: one of the home-reason- messages).
home-result-why = { $result }: { $why }
home-reason-guard-captured = guard captured
home-reason-castle-reached = castle reached
home-reason-no-legal-move = no legal move
home-reason-threefold-repetition = threefold repetition
home-reason-no-progress = no progress
home-reason-resignation = resignation
home-reason-draw-agreed = draw agreed
home-reason-time-forfeit = time forfeit
home-reason-unterminated = unterminated
home-kubb-drawn = Drawn (time called, games level)
home-kubb-won = { $name } won
