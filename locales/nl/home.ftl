# De startpagina (web/index.html, web/index.js): een partij of wedstrijd
# beginnen, de open uitdagingen en het archief van beëindigde partijen.

home-page-title = towers — Wachter & Torens en Kubb
home-nav-learn = Leren
home-nav-puzzles = Puzzels
home-heading = Speel Wachter & Torens of houd de stand bij van een potje Kubb
# $lesson en $puzzles zijn links, hun teksten de twee berichten hierna.
home-intro = Nieuw bij Wachter & Torens? { $lesson } laat zien hoe de stukken bewegen; met { $puzzles } oefen je het vinden van de winnende zet.
home-intro-lesson = De les van twee minuten
home-intro-puzzles = puzzels

home-game-gt = Wachter & Torens
home-game-kubb = Kubb
home-gt-blurb = Stapel je torens en sla de wachter van de tegenstander, of breng je eigen wachter naar het gemarkeerde middenveld van de basislijn van de tegenstander.
home-your-name = Je naam
# De naam waaronder je speelt tot je er een intypt.
home-default-name = Speler
home-play-engine = Speel tegen de computer
home-more-ways = Meer manieren om te spelen
home-level = Niveau van de computer
home-level-beginner = 1 (beginner)
home-level-full = 10 (volle sterkte)
home-colour = Je kleur
home-colour-red = Rood (begint)
home-colour-blue = Blauw
home-clock = Klok
home-no-clock = Geen klok
home-clock-option = { $minutes } min + { $seconds } s
home-start-position = Begin vanuit een stelling (optioneel)
# $signedIn is een link naar de accountpagina, de tekst is het volgende bericht.
home-rated = Partij voor de rating met een vriend of als uitdaging ({ $signedIn }, onder de naam van je account)
home-rated-signed-in = ingelogd
home-play-friend = Speel tegen een vriend (deel een link)
home-post-challenge = Plaats een openbare uitdaging
home-watch-engines = Kijk hoe de computer tegen zichzelf speelt

home-lobby-title = Open uitdagingen
home-lobby-blurb = Iedereen mag er een aannemen; die van jou staan hier ook voor anderen.
home-lobby-empty = Op dit moment geen open uitdaging.
# Een uitdaging: $name wacht (een naam, of home-someone).
home-challenge = { $clock ->
    [none] { $name } speelt { $colour ->
        [red] Rood
       *[blue] Blauw
    }, geen klok
   *[other] { $name } speelt { $colour ->
        [red] Rood
       *[blue] Blauw
    }, { $minutes } min + { $seconds } s
}
home-someone = iemand
home-challenge-mine = Jouw uitdaging: openen
home-challenge-play = Speel tegen { $name }

home-kubb-title = Kubb-scorebord
home-kubb-blurb = Leid een wedstrijd op het gras: één tik per werpstok, de regels worden voor je gecontroleerd, met statistieken en winkansen.
home-team-a = Team A
home-team-b = Team B
home-players-a = Spelers van A (gescheiden door komma's)
home-players-b = Spelers van B
home-players-a-example =
    .placeholder = anne, bram
home-players-b-example =
    .placeholder = cor, daan
home-rules = Regels
home-ruleset-seed = Koning & Torens (bron)
home-ruleset-standard = Standaard toernooiregels
home-kubb-rated = Wedstrijd voor de rating (teams en spelers op naam)
home-score-kubb = Begin een wedstrijd bij te houden

# $link is een link naar de toernooipagina, de tekst is het volgende bericht.
home-tournaments-line = { $link }: iedereen tegen iedereen, Zwitsers systeem of knock-out, voor Kubb-teams of spelers van Wachter & Torens.
home-tournaments-link = Organiseer een toernooi
# $link is een link naar de ratings, de tekst is het volgende bericht.
home-ratings-line = { $link }: de ranglijsten en het verloop van iedere speler met een rating.
home-ratings-link = Ratings

home-archive-title = Beëindigde partijen
home-archive-game = Spel
home-archive-both = Beide spellen
home-archive-name = Speler of team
home-archive-name-input =
    .placeholder = een naam
home-archive-table =
    .aria-label = Beëindigde partijen
home-col-game = Spel
home-col-players = Spelers
home-col-date = Datum
home-col-result = Uitslag
home-archive-empty = Nog geen beëindigde partijen.
home-versus = { $first } tegen { $second }
# De uitslag van een partij; $name is die van de winnaar.
home-result-finished = Afgelopen
home-result-red = Rood ({ $name }) heeft gewonnen
home-result-blue = Blauw ({ $name }) heeft gewonnen
home-result-draw = Remise
home-result-none = Geen uitslag
# Een uitslag en waarom de partij eindigde ($why: een van de home-reason-berichten).
home-result-why = { $result }: { $why }
home-reason-guard-captured = wachter geslagen
home-reason-castle-reached = middenveld van de basislijn bereikt
home-reason-no-legal-move = geen geldige zet
home-reason-threefold-repetition = drievoudige herhaling
home-reason-no-progress = geen voortgang
home-reason-resignation = opgegeven
home-reason-draw-agreed = remise overeengekomen
home-reason-time-forfeit = tijd overschreden
home-reason-unterminated = niet beëindigd
home-kubb-drawn = Gelijkspel (tijd om, evenveel spellen)
home-kubb-won = { $name } heeft gewonnen
