# De puzzels (puzzles.html, puzzles.js).

puzzles-page-title = Puzzels — towers
puzzles-header = Puzzels Wachter & Torens
puzzles-heading = Puzzel
puzzles-title = Puzzel { $id }
puzzles-board =
    .aria-label = Bord van de puzzel
puzzles-next = Volgende puzzel
puzzles-skip = Overslaan
puzzles-rating = Puzzelrating { $rating }
puzzles-your-rating = Jouw rating: { $rating }
puzzles-tally = Dit bezoek { $solved } opgelost, { $missed } gemist.

## De opdracht
puzzles-task-save = { $color } is aan zet: elke zet op één na verliest. Vind de zet die de partij redt.
puzzles-task-win = { $moves ->
    [one] { $color } is aan zet en wint in { $moves } zet.
   *[other] { $color } is aan zet en wint in { $moves } zetten.
}

## Thema's
puzzles-theme-guard-capture = wachter slaan
puzzles-theme-castle = middenveld
puzzles-theme-split = ontstapelen
puzzles-theme-stack = stapelen
puzzles-theme-quiet-move = stille zet
puzzles-theme-sacrifice = offer
puzzles-theme-defence = verdediging
puzzles-theme-endgame = eindspel
puzzles-no-theme = geen thema

## Wat een zet zegt
puzzles-keep-going = { $move }: goed. De tegenstander antwoordt { $reply }. Ga door.
puzzles-saved = { $move }: goed, dat redt de partij!
puzzles-solved = { $move }: goed, opgelost!
puzzles-solved-otherwise = { $move }: dat wint ook, opgelost! { $moves ->
        [one] Het wint in { $moves } zet;
       *[other] Het wint in { $moves } zetten;
    } de lijn van de puzzel, { $answer }, wint in { $line ->
        [one] { $line } zet.
       *[other] { $line } zetten.
    }
puzzles-wrong = { $move }: fout. Het antwoord was { $answer }.

## Een thema kiezen, en de resultaten per thema
puzzles-theme-choice = Thema
puzzles-theme-all = Alle thema's
puzzles-results = Jouw resultaten per thema
puzzles-results-none = Nog geen puzzel afgemaakt.
puzzles-results-theme = Thema
puzzles-results-solved = Opgelost
puzzles-results-failed = Gemist
