# De toernooipagina's (web/tournament.html, web/tournament.js): het
# formulier dat er een maakt, het paneel van de organisator en de openbare
# weergave.

tournament-page-title = Toernooi — towers
tournament-missing-title = Geen toernooi gevonden — towers
# De pagina van een toernooi: $title is de titel zoals de organisator hem typte.
tournament-shown-title = { $title } — towers
tournament-header = Toernooi

tournament-create-title = Organiseer een toernooi
tournament-title-label = Titel
tournament-default-title = Clubtoernooi
tournament-game-label = Spel
tournament-game-kubb = Kubb
tournament-game-gt = Wachter & Torens
tournament-format-label = Opzet
tournament-format-round-robin = Iedereen tegen iedereen
tournament-format-double-round-robin = Dubbel iedereen tegen iedereen
tournament-format-swiss = Zwitsers systeem
tournament-format-knockout = Knock-out
tournament-format-pools-knockout = Poules, dan knock-out
tournament-rounds-label = Rondes (leeg: genoeg voor één winnaar)
tournament-pools-label = Poules (leeg: poules van ongeveer vier)
tournament-qualifiers-label = Door per poule
tournament-third-place-label = Wedstrijd om de derde plaats
tournament-rules-label = Regels
tournament-ruleset-seed = Koning & Torens (bron)
tournament-ruleset-standard = Standaard toernooiregels
tournament-create = Maak het toernooi
tournament-create-note = Je krijgt de sleutel van de organisator in deze browser: bewaar hem, alleen daarmee schrijf je deelnemers in, start je rondes en voer je uitslagen in.

# De opzet in de kop van een toernooi.
tournament-heading-round-robin = iedereen tegen iedereen
tournament-heading-double-round-robin = dubbel iedereen tegen iedereen
tournament-heading-swiss = Zwitsers systeem
tournament-heading-knockout = knock-out
tournament-heading-pools-knockout = poules, dan knock-out
# $title, $game en $format: de getypte titel, het spel, de opzet.
tournament-heading = { $title } · { $game } · { $format }
tournament-status-registration = { $entrants ->
    [one] Inschrijving open: { $entrants } deelnemer.
   *[other] Inschrijving open: { $entrants } deelnemers.
}
tournament-status-finished = { $rounds ->
    [one] Afgelopen na { $rounds } ronde.
   *[other] Afgelopen na { $rounds } rondes.
}
tournament-status-playing = { $open ->
    [one] Ronde { $round } is bezig: er wordt nog { $open } partij gespeeld.
   *[other] Ronde { $round } is bezig: er worden nog { $open } partijen gespeeld.
}
tournament-champion = { $name } wint het toernooi

tournament-organiser = Organisator
tournament-entrant-label = Deelnemer
tournament-players-label = Spelers (gescheiden door komma's)
tournament-players-example =
    .placeholder = anne, bram
tournament-register = Inschrijven
tournament-start-round = Start de volgende ronde
tournament-pairing-label = Paring
tournament-score-label = Uitslag van de eerstgenoemde
tournament-record = Invoeren of verbeteren
tournament-no-pairing-yet = nog geen paring om in te voeren
tournament-pairing-choice = Ronde { $round }: { $first } – { $second }
tournament-pairing-choice-score = Ronde { $round }: { $first } – { $second } ({ $score })
tournament-links-title = Links naar de partijen
tournament-links-note = Elke link opent zijn partij op elke telefoon, voor zijn plaats: die van de scheidsrechter en van elk team bij Kubb, die van elke speler bij Wachter & Torens. Kopieer hem om hem te versturen, of toon zijn QR-code om te scannen. Wie een link heeft, speelt of telt voor die plaats: geef hem alleen aan de juiste telefoon.
tournament-game-title = Ronde { $round }: { $first } – { $second }
tournament-no-game-to-play = Uitslag ingevoerd door de organisator: geen partij te spelen.
tournament-seat-referee = Scheidsrechter
tournament-seat-red = { $name } (Rood)
tournament-seat-blue = { $name } (Blauw)
tournament-play-red = Speel als Rood
tournament-play-blue = Speel als Blauw
tournament-copy-link = Kopieer de link
tournament-copied = Gekopieerd
tournament-copy-by-hand = Selecteer de link en kopieer hem
tournament-seat-url =
    .aria-label = Link voor { $name }
tournament-qr-show = Toon QR-code
tournament-qr-hide = Verberg QR-code
tournament-qr-label = QR-code van de link voor { $name }

tournament-standings = Stand
tournament-standings-table =
    .aria-label = Stand
tournament-col-name = Naam
tournament-col-points = Punten
    .short = Ptn
tournament-col-tiebreaks = Tiebreaks
tournament-col-record = W-G-V
    .title = Gewonnen, gelijk, verloren
tournament-wdl = { $wins }-{ $draws }-{ $losses }
# Onder de stand op een telefoon; $tiebreaks somt de tiebreaks op.
tournament-legend = Ptn: punten; W-G-V: gewonnen, gelijk, verloren; { $tiebreaks }.
tournament-legend-tiebreak = { $short }: { $name }
tournament-name-withdrawn = { $name } (teruggetrokken)
tournament-name-pool = { $name } · poule { $pool }
tournament-name-withdrawn-pool = { $name } (teruggetrokken) · poule { $pool }
# De tiebreaks, elk met de afkorting op een telefoon.
tournament-tiebreak-buchholz = Buchholz
    .short = Bh
tournament-tiebreak-median-buchholz = Mediaan-Buchholz
    .short = MBh
tournament-tiebreak-sonneborn-berger = Sonneborn-Berger
    .short = SB
tournament-tiebreak-baseline-difference = Verschil in basiskubbs
    .short = VBK
tournament-tiebreak-head-to-head = Onderling resultaat
    .short = OR
tournament-tiebreak-direct-encounter = Onderlinge ontmoeting
    .short = OO
tournament-tiebreak-wins = Overwinningen
    .short = W

tournament-rounds = Rondes
tournament-no-round = Nog geen ronde gepaard.
tournament-round = Ronde { $round }
tournament-round-stage = Ronde { $round } ({ $stage })
tournament-stage-pool = poule
tournament-stage-knockout = knock-out
tournament-pairing = { $first } – { $second }
tournament-bye = { $name } — vrij
tournament-entered-by-organiser = ingevoerd door de organisator
tournament-corrected-by-organiser = verbeterd door de organisator
tournament-watch-live = live kijken
tournament-see-game = bekijk de partij

tournament-crosstable = Kruistabel
tournament-crosstable-table =
    .aria-label = Kruistabel, scrolt zijwaarts
tournament-bracket = Schema
tournament-bracket-region =
    .aria-label = Schema, scrolt zijwaarts
tournament-bracket-image =
    .alt = Het knock-outschema
tournament-export = Exporteren
tournament-export-pairings = Paringen (CSV)
tournament-export-standings = Stand (CSV)

# The day on its pitches (the organiser's panel).
tournament-board-link = Oproepbord (voor een scherm bij de velden)
tournament-day-title = Velden
tournament-pitches-label = Velden, één naam per regel, in de volgorde waarin ze worden uitgegeven
tournament-pitches-save = Velden opslaan
tournament-pitches-note = Zodra beide teams van een paring vrij zijn, wordt ze naar het eerste vrije veld geroepen, in de volgorde van de paringen; een uitslag maakt het veld meteen vrij. De eerste invoer van een partij markeert haar als begonnen.
tournament-waiting-title = Wacht op een veld
tournament-waiting-none = Er wacht geen paring.
tournament-waiting-pairing = Ronde { $round }: { $first } – { $second }
tournament-pitch-name = Veld { $name }
tournament-pitch-out = buiten gebruik
tournament-pitch-free = vrij
tournament-pitch-called = opgeroepen om { $time }
tournament-pitch-playing = speelt sinds { $time }
tournament-pitch-overdue = over tijd
tournament-pitch-mark-started = Markeer als begonnen
tournament-pitch-take-out = Buiten gebruik nemen
tournament-pitch-bring-back = Weer in gebruik nemen
