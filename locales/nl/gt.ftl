# De partijpagina van Wachter & Torens (gt.html, gt.js) en de woorden voor
# bord en evaluatie die ook de les en de puzzels gebruiken (board.js).

## Het kader van de pagina
gt-page-title = Wachter & Torens — towers
gt-game-name = Wachter & Torens
gt-learn = Leren
gt-heading = Partij Wachter & Torens

## Kleuren en wie op een plaats zit
gt-red = Rood
gt-blue = Blauw
gt-engine-name = towers niveau { $level }
gt-occupant-bot = { $name }, een bot
gt-seat-named = { $color } ({ $occupant })
gt-guest = Gast
gt-player = Speler

## De velden, zoals een schermlezer ze zegt
gt-board =
    .aria-label = Bord
gt-square-empty = { $square }, leeg
gt-square-guard = { $color ->
    [red] { $square }, rode wachter
   *[blue] { $square }, blauwe wachter
}
gt-square-tower = { $color ->
    [red] { $square }, rode toren van hoogte { $stones }
   *[blue] { $square }, blauwe toren van hoogte { $stones }
}
gt-square-selected = { $description }, geselecteerd
gt-square-target = { $description }, hierheen zetten
gt-announce-selected = { $description } geselecteerd: { $count ->
    [one] { $count } zet
   *[other] { $count } zetten
}, naar { $targets }.
gt-announce-can-go = { $square } geselecteerd: kan naar { $targets }.
gt-announce-cleared = Selectie opgeheven.
gt-announce-you-played = Je speelde { $move }.
gt-announce-played = { $seat } speelde { $move }.
gt-announce-seat = { $color ->
    [red] Je hebt de plaats van Rood ingenomen.
   *[blue] Je hebt de plaats van Blauw ingenomen.
}

## Wie speelt, en hoe de partij ervoor staat
gt-you-invited = Je bent uitgenodigd om { $color } te spelen.
gt-you-invited-against = Je bent uitgenodigd om { $color } te spelen tegen { $host }.
gt-you-watching-game = Je kijkt naar deze partij.
gt-you-play = Je speelt { $color }.
gt-you-play-against = Je speelt { $color } tegen { $opponent }.
gt-status-join = Vul je naam in en doe mee: de partij begint meteen.
gt-status-waiting-opponent = Wachten tot de tegenstander meedoet.
gt-status-waiting-players = Wachten tot de spelers meedoen.
gt-status-over = De partij is afgelopen.
gt-status-sending = Je zet { $move } wordt verstuurd…
gt-status-selected = { $square } geselecteerd: kies waarheen je zet.
gt-status-your-move = Jij bent aan zet.
gt-status-thinking = { $seat } denkt na…
gt-status-watching = { $seat } is aan zet. Je kijkt toe.
gt-viewing-start = Je bekijkt de beginstelling.
gt-viewing = Je bekijkt { $label } { $move } ({ $color }), zet { $number } van { $last }.
gt-rated = Partij voor de rating

## Waarom een partij eindigde
gt-reason-guard-captured = wachter geslagen
gt-reason-castle-reached = gemarkeerde middenveld bereikt
gt-reason-no-legal-move = geen geldige zet
gt-reason-threefold-repetition = drievoudige herhaling
gt-reason-no-progress = geen vooruitgang
gt-reason-resignation = opgave
gt-reason-draw-agreed = remise overeengekomen
gt-reason-unterminated = niet beëindigd
gt-reason-time-forfeit = tijd overschreden
gt-reason-illegal-move = ongeldige zet
gt-reason-engine-crash = programma vastgelopen
gt-reason-disconnect = verbinding verbroken
gt-reason-adjudication = arbitrage
gt-reason-detail = { $reason }: { $detail }

## De uitslag
gt-result-none = Geen uitslag: { $reason }.
gt-result-draw = Remise: { $reason }.
gt-result-you-won = Je hebt gewonnen: { $reason }.
gt-result-you-lost = Je hebt verloren: { $reason }.
gt-result-won = { $seat } heeft gewonnen: { $reason }.
gt-rematch = Revanche
gt-accept-rematch = Revanche aannemen
gt-decline-rematch = Revanche weigeren
gt-watch-rematch = Revanche bekijken
gt-new-game = Nieuwe partij
gt-review-game = Partij nabespreken
gt-rematch-you-offered = Je hebt een revanche aangeboden: wachten op het antwoord.
gt-rematch-offers = { $seat } biedt een revanche aan, met de kleuren omgewisseld.
gt-rematch-you-declined = Je hebt de revanche geweigerd.
gt-rematch-declined = { $seat } heeft de revanche geweigerd.
gt-rematch-agreed = De revanche is afgesproken.

## Remiseaanbiedingen
gt-accept-draw = Remise aannemen
gt-decline-draw = Weigeren
gt-offer-draw = Remise aanbieden
gt-resign = Opgeven
gt-confirm-resign = Deze partij opgeven?
gt-draw-you-offered = Je hebt remise aangeboden: wachten op het antwoord.
gt-draw-offers = { $seat } biedt remise aan.
gt-draw-you-declined = Je hebt de remise geweigerd: speel verder.
gt-draw-declined-yours = { $seat } heeft je remiseaanbod geweigerd: speel verder.
gt-draw-declined = { $seat } heeft het remiseaanbod geweigerd.

## Uitnodigen en meedoen
gt-share-intro = Stuur deze link naar je tegenstander: de partij begint zodra die meedoet.
gt-share-link =
    .aria-label = Link voor je tegenstander
gt-copy-link = Link kopiëren
gt-share-sheet = Delen…
gt-copied = Gekopieerd
gt-copy-by-hand = Selecteer de link en kopieer hem
gt-share-text = Speel Wachter & Torens met mij
gt-your-name = Je naam
gt-join-game = Meedoen
gt-join-text = Je naam, en doe dan mee als { $color }.
gt-join-as = Meedoen als { $color }

## De klokken
gt-clock = { $seat } { $time }
gt-clock-label = Klok van { $color }: { $time }
gt-clock-label-running = Klok van { $color }: { $time }, loopt

## Zetten
gt-type-move = Typ een zet
gt-move = Zet
gt-moves = Zetten
gt-first =
    .aria-label = Beginstelling
gt-back =
    .aria-label = Vorige zet
gt-forward =
    .aria-label = Volgende zet
gt-latest =
    .aria-label = Huidige stelling
gt-move-list =
    .aria-label = Zettenlijst
gt-move-label =
    .aria-label = Zet { $number }, { $color }: { $move }

## De evaluatie van het programma
gt-score-wins = { $moves ->
    [one] { $color } wint in { $moves } zet.
   *[other] { $color } wint in { $moves } zetten.
}
gt-score-level = Gelijk.
gt-score-ahead = { $count ->
    [one] { $color } staat { $stones } torensteen voor.
   *[other] { $color } staat { $stones } torenstenen voor.
}
gt-tablebase-wins = { $moves ->
    [one] { $color } wint in { $moves } zet (eindspeltabel).
   *[other] { $color } wint in { $moves } zetten (eindspeltabel).
}
gt-tablebase-draw = Remise (eindspeltabel).

## Analyse en nabespreking
gt-analysis-heading = Analyse
gt-analyse = Getoonde stelling analyseren
gt-stop-analysing = Analyse stoppen
gt-review-whole = Hele partij nabespreken
gt-thinking = Denkt na…
gt-analysis-over = Partij afgelopen: { $result } ({ $reason }).
gt-analysis-best = Beste zet: { $move }. { $score }
gt-analysis = Beste zet: { $move }. { $score } Diepte { $depth }; variant { $line }.
gt-reviewing = Stelling { $index } van { $total } wordt bekeken…
gt-review-done = { $count ->
    [one] Nabespreking klaar: { $count } zet.
   *[other] Nabespreking klaar: { $count } zetten.
}
gt-review-won = { $color } heeft gewonnen.
gt-review-drawn = Remise.
gt-graph =
    .aria-label = Evaluatiegrafiek
gt-graph-described = { $count ->
    [one] Evaluatiegrafiek: de winkans van Rood over de zetten van de partij, van { $first }% tot { $end }%; { $count } dure zet omcirkeld.
   *[other] Evaluatiegrafiek: de winkans van Rood over de zetten van de partij, van { $first }% tot { $end }%; { $count } dure zetten omcirkeld.
}
gt-graph-percent = { $percent }%
gt-graph-move = zet
gt-legend =
    .aria-label = Legenda
gt-legend-line = Winkans van Rood volgens het programma: omhoog is goed voor Rood, omlaag voor Blauw
gt-kind-blunder = blunder
gt-kind-mistake = fout
gt-kind-inaccuracy = onnauwkeurigheid
gt-costliest = De duurste zetten
gt-mistake = { $kind ->
    [blunder] { $label } { $move } ({ $color }): blunder
    [mistake] { $label } { $move } ({ $color }): fout
   *[inaccuracy] { $label } { $move } ({ $color }): onnauwkeurigheid
}
gt-mistake-detail = { " " }— ervoor: { $before } Erna: { $after } Beter: { $best }.
gt-no-costly = Geen zet kostte veel.

## Exporteren
gt-export = Exporteren
gt-position-shown = Getoonde stelling
gt-record = Partijverslag
