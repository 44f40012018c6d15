# De Kubb-scoreteller (kubb.html, kubb.js), zijn postvak (offline.js) en
# de instellingen van een partij (kubb-settings.js, ook op de startpagina
# en de toernooipagina).
#
# $ruleset is "seed" (Koning & Torens: Koning, Toren, Ridder, werpstick,
# zoals de spelregels ze noemen) of "standard" (koning, basiskubb,
# veldkubb, werpstok, zoals Nederlandse en Belgische clubs zeggen).

kubb-title = Kubb-scoreteller — towers
kubb-page-name = Kubb-scoreteller
kubb-scoring =
    .aria-label = Score bijhouden
kubb-win-probability =
    .aria-label = Winkans
kubb-field =
    .aria-label = Het veld van bovenaf gezien
kubb-thrower = Werper
kubb-undo = Laatste invoer ongedaan maken
kubb-share = Links voor de telefoons van de teams: elk team voert zijn eigen worpen in
kubb-scoreboard = Scorebord
kubb-scoreboard-region =
    .aria-label = Scorebord
kubb-column-team = Team
kubb-column-games = Spellen
kubb-column-towers = { $ruleset ->
    [seed] Torens over­eind
   *[other] Basis­kubbs over­eind
}
kubb-column-knights = { $ruleset ->
    [seed] Ridders in eigen vak
   *[other] Veld­kubbs in eigen helft
}
kubb-column-line = Lijn
kubb-players = Spelers
kubb-players-region =
    .aria-label = Spelers
kubb-column-player = Speler
kubb-column-sticks = { $ruleset ->
    [seed] Werp­sticks
   *[other] Werp­stokken
}
kubb-column-hits = Treffers
kubb-column-hit-rate = Trefkans
kubb-column-inkast = Inkasts erin
kubb-export = Exporteren
kubb-export-log = Logboek
kubb-export-notation = Notatie

## Het veld

kubb-line-label = { $team } werpt vanaf { $piece }
kubb-king-letter = K
kubb-king = { $ruleset ->
    [seed] Koning
   *[other] Koning
}
kubb-king-felled = { $ruleset ->
    [seed] Koning, omgegooid
   *[other] Koning, omgegooid
}
kubb-king-marked = { $ruleset ->
    [seed] Koning, gemarkeerd als omgegooid
   *[other] Koning, gemarkeerd als omgegooid
}
kubb-fallen = { $ruleset ->
    [seed] { $piece } ligt in het vak van { $half }
   *[other] { $piece } ligt in de helft van { $half }
}
kubb-piece-tower = { $ruleset ->
    [seed] { $marked ->
        [yes] { $piece }, Toren in het vak van { $half }, gemarkeerd als omgegooid
       *[no] { $piece }, Toren in het vak van { $half }
    }
   *[other] { $marked ->
        [yes] { $piece }, basiskubb in de helft van { $half }, gemarkeerd als omgegooid
       *[no] { $piece }, basiskubb in de helft van { $half }
    }
}
kubb-piece-knight = { $ruleset ->
    [seed] { $marked ->
        [yes] { $piece }, Ridder in het vak van { $half }, gemarkeerd als omgegooid
       *[no] { $piece }, Ridder in het vak van { $half }
    }
   *[other] { $marked ->
        [yes] { $piece }, veldkubb in de helft van { $half }, gemarkeerd als omgegooid
       *[no] { $piece }, veldkubb in de helft van { $half }
    }
}
kubb-piece-knight-unplaced = { $ruleset ->
    [seed] { $marked ->
        [yes] { $piece }, Ridder in het vak van { $half }, plek niet genoteerd, gemarkeerd als omgegooid
       *[no] { $piece }, Ridder in het vak van { $half }, plek niet genoteerd
    }
   *[other] { $marked ->
        [yes] { $piece }, veldkubb in de helft van { $half }, plek niet genoteerd, gemarkeerd als omgegooid
       *[no] { $piece }, veldkubb in de helft van { $half }, plek niet genoteerd
    }
}
kubb-announce-marked = { $piece } gemarkeerd als omgegooid.
kubb-announce-unmarked = { $piece } niet meer gemarkeerd.
kubb-announce-king-marked = { $ruleset ->
    [seed] Koning gemarkeerd als omgegooid.
   *[other] Koning gemarkeerd als omgegooid.
}
kubb-announce-king-unmarked = { $ruleset ->
    [seed] Koning niet meer gemarkeerd.
   *[other] Koning niet meer gemarkeerd.
}

## De knoppen

kubb-blocked = Een invoer hierboven is geweigerd: beslis daar eerst over (verwijder hem, of stuur hem na de andere).
kubb-hit = Raak (tik aan wat viel)
kubb-hit-marked = Raak: { $count } omgegooid
kubb-confirm-king-stick = { $ruleset ->
    [seed] Wie de Koning omgooit, beëindigt het spel. Invoeren?
   *[other] Wie de koning omgooit, beëindigt het spel. Invoeren?
}
kubb-miss = Mis
kubb-foul = Fout
kubb-landed-in = Erin: tik de plek aan
kubb-tap-landed = Tik op het veld waar hij is geland.
kubb-landed-out = Eruit
kubb-inkast-king = { $ruleset ->
    [seed] Koning omgegooid
   *[other] Koning omgegooid
}
kubb-confirm-king-inkast = { $ruleset ->
    [seed] Een worp die de Koning omgooit, beëindigt het spel. Invoeren?
   *[other] Een inkast die de koning omgooit, beëindigt het spel. Invoeren?
}
kubb-rescue = { $piece } redden
kubb-placed = Geplaatst: tik de plek aan
kubb-tap-placed = Tik op het veld waar de verdedigers hem hebben neergezet.
kubb-placed-unknown = Geplaatst (plek niet genoteerd)
kubb-starts = { $team } begint
kubb-spot-unknown = Plek onbekend
kubb-cancel = Annuleren
kubb-other-phone = { $team } voert dit in op de eigen telefoon; het verschijnt hier zodra dat gebeurt.
kubb-next-game = Volgend spel
kubb-call-time = Tijd afroepen ({ $minutes } min, { $tieBreak ->
    [baseline-count] basiskubbs tellen
    [accelerated] versnelde partij
    [sudden] sudden death
   *[none] geen
})

## De beurt

kubb-status-start = Wie begint? Voer de uitslag van de beginworp in.
kubb-status-inkast = { $thrower } werpt { $piece } in de helft van { $target } (poging { $attempt }).
kubb-status-placement = { $count ->
    [one] { $team } plaatst { $pieces }, twee keer eruit.
   *[other] { $team } plaatst { $pieces }, twee keer eruit.
}
kubb-status-throwing = { $ruleset ->
    [seed] { $kingAttack ->
        [yes] { $count ->
            [one] { $thrower } werpt: nog { $count } werpstick, beurt { $turn }. Er mag op de Koning gegooid worden.
           *[other] { $thrower } werpt: nog { $count } werpsticks, beurt { $turn }. Er mag op de Koning gegooid worden.
        }
       *[no] { $count ->
            [one] { $thrower } werpt: nog { $count } werpstick, beurt { $turn }.
           *[other] { $thrower } werpt: nog { $count } werpsticks, beurt { $turn }.
        }
    }
   *[other] { $kingAttack ->
        [yes] { $count ->
            [one] { $thrower } werpt: nog { $count } werpstok, beurt { $turn }. Er mag op de koning gegooid worden.
           *[other] { $thrower } werpt: nog { $count } werpstokken, beurt { $turn }. Er mag op de koning gegooid worden.
        }
       *[no] { $count ->
            [one] { $thrower } werpt: nog { $count } werpstok, beurt { $turn }.
           *[other] { $thrower } werpt: nog { $count } werpstokken, beurt { $turn }.
        }
    }
}
kubb-game-won = { $ruleset ->
    [seed] { $how ->
        [king] Spel voorbij: { $winner } wint het (team { $side } gooide de Koning om).
        [inkast] Spel voorbij: { $winner } wint het (team { $side } gooide de Koning om met een ingeworpen Ridder).
        [early] Spel voorbij: { $winner } wint het (team { $side } gooide de Koning te vroeg om).
        [more-towers] Spel voorbij: { $winner } wint het (tijd: team { $side } gooide meer Torens om, { $more } tegen { $fewer }).
       *[other] Spel voorbij: { $winner } wint het ({ $reason }).
    }
   *[other] { $how ->
        [king] Spel voorbij: { $winner } wint het (team { $side } gooide de koning om).
        [inkast] Spel voorbij: { $winner } wint het (team { $side } gooide de koning om met een ingekaste kubb).
        [early] Spel voorbij: { $winner } wint het (team { $side } gooide de koning te vroeg om).
        [more-towers] Spel voorbij: { $winner } wint het (tijd: team { $side } gooide meer basiskubbs om, { $more } tegen { $fewer }).
       *[other] Spel voorbij: { $winner } wint het ({ $reason }).
    }
}
kubb-game-drawn = { $how ->
    [time] Spel voorbij: gelijkspel (de tijd is afgeroepen).
    [level] Spel voorbij: gelijkspel (tijd: beide teams gooiden er { $more } om).
   *[other] Spel voorbij: gelijkspel ({ $reason }).
}
kubb-turn-line = { $ruleset ->
    [seed] { $count ->
        [one] { $team } werpt, beurt { $turn }, nog { $count } werpstick.
       *[other] { $team } werpt, beurt { $turn }, nog { $count } werpsticks.
    }
   *[other] { $count ->
        [one] { $team } werpt, beurt { $turn }, nog { $count } werpstok.
       *[other] { $team } werpt, beurt { $turn }, nog { $count } werpstokken.
    }
}

## De uitslag en de bevestiging

kubb-match-won = { $team } wint de partij!
kubb-match-drawn = De partij eindigt gelijk: de tijd is afgeroepen bij een stand van { $a }–{ $b } in spellen.
kubb-over-entries-waiting = De partij is voorbij. De uitslag kan bevestigd worden zodra de invoer op deze telefoon verstuurd is.
kubb-over = De partij is voorbij.
kubb-confirmed-referee = De scheidsrechter heeft de uitslag bevestigd.{ $rating ->
    [unconfirmed] {" "}Voor de ratings blijft hij onbevestigd tot elk team hem bevestigt, aangemeld als een van zijn spelers.
    [counted] {" "}Hij telt mee voor de ratings.
   *[none] {""}
}
kubb-confirmed-teams = Beide teams hebben de uitslag bevestigd.{ $rating ->
    [unconfirmed] {" "}Voor de ratings blijft hij onbevestigd tot elk team hem bevestigt, aangemeld als een van zijn spelers.
    [counted] {" "}Hij telt mee voor de ratings.
   *[none] {""}
}
kubb-result-disputed = De uitslag wordt betwist: { $a ->
    [agreed] { $teamA } akkoord
    [disputed] { $teamA } betwist hem
   *[pending] { $teamA } nog niet
}; { $b ->
    [agreed] { $teamB } akkoord
    [disputed] { $teamB } betwist hem
   *[pending] { $teamB } nog niet
}. De scheidsrechter beslist.{ $rating ->
    [unconfirmed] {" "}Voor de ratings blijft hij onbevestigd tot elk team hem bevestigt, aangemeld als een van zijn spelers.
    [counted] {" "}Hij telt mee voor de ratings.
   *[none] {""}
}
kubb-result-waiting = De partij is voorbij: { $a ->
    [agreed] { $teamA } akkoord
    [disputed] { $teamA } betwist hem
   *[pending] { $teamA } nog niet
}; { $b ->
    [agreed] { $teamB } akkoord
    [disputed] { $teamB } betwist hem
   *[pending] { $teamB } nog niet
}.{ $rating ->
    [unconfirmed] {" "}Voor de ratings blijft hij onbevestigd tot elk team hem bevestigt, aangemeld als een van zijn spelers.
    [counted] {" "}Hij telt mee voor de ratings.
   *[none] {""}
}
kubb-agree = We zijn het eens met de uitslag
kubb-confirm = Uitslag bevestigen
kubb-dispute = We betwisten hem
kubb-agreement-recorded = Je akkoord is ingevoerd.
kubb-dispute-recorded = Je bezwaar is ingevoerd: de scheidsrechter beslist.

## De links van de teams

kubb-share-phone = Telefoon van { $team }
kubb-copy-link = Link kopiëren
kubb-copied = Gekopieerd.
kubb-qr = QR-code
kubb-qr-label = QR-code van de link van { $team }

## Het scorebord en de spelers

kubb-line-baseline = basis­lijn
kubb-line-advanced = naar voren tot { $piece }
kubb-towers-of = { $count } van 5
kubb-hit-rate = { $percent }%

## Versturen

kubb-sync-refused = Niet verstuurd: { $count }
kubb-sync-sending = { $count } versturen…
kubb-sync-saved = Op telefoon: { $count }
kubb-synced = Bijgewerkt

## Het postvak: elke invoer in woorden

kubb-entry-miss = { $by ->
    [yes] Worp van { $player }: mis
   *[no] Worp: mis
}
kubb-entry-foul = { $by ->
    [yes] Worp van { $player }: fout
   *[no] Worp: fout
}
kubb-entry-hit = { $ruleset ->
    [seed] { $by ->
        [yes] { $king ->
            [only] Worp van { $player }: de Koning omgegooid
            [also] Worp van { $player }: { $pieces } en de Koning omgegooid
           *[no] Worp van { $player }: { $pieces } omgegooid
        }
       *[no] { $king ->
            [only] Worp: de Koning omgegooid
            [also] Worp: { $pieces } en de Koning omgegooid
           *[no] Worp: { $pieces } omgegooid
        }
    }
   *[other] { $by ->
        [yes] { $king ->
            [only] Worp van { $player }: de koning omgegooid
            [also] Worp van { $player }: { $pieces } en de koning omgegooid
           *[no] Worp van { $player }: { $pieces } omgegooid
        }
       *[no] { $king ->
            [only] Worp: de koning omgegooid
            [also] Worp: { $pieces } en de koning omgegooid
           *[no] Worp: { $pieces } omgegooid
        }
    }
}
kubb-entry-inkast-king = { $ruleset ->
    [seed] { $by ->
        [yes] Inworp van { $player }: de Koning omgegooid
       *[no] Inworp: de Koning omgegooid
    }
   *[other] { $by ->
        [yes] Inkast van { $player }: de koning omgegooid
       *[no] Inkast: de koning omgegooid
    }
}
kubb-entry-inkast-in = { $by ->
    [yes] Inkast van { $player }: erin
   *[no] Inkast: erin
}
kubb-entry-inkast-out = { $by ->
    [yes] Inkast van { $player }: eruit
   *[no] Inkast: eruit
}
kubb-entry-placement = Plaatsing
kubb-entry-rescue = { $by ->
    [yes] Redding van { $piece } door { $player }
   *[no] Redding van { $piece }
}
kubb-entry-start = { $team } begint
kubb-entry-next-game = Volgend spel
kubb-entry-time-called = Tijd afgeroepen
kubb-entry-refused = { $entry } — geweigerd
kubb-entry-waits = { $entry } — nog niet verstuurd (wacht op die erboven)
kubb-entry-saved = { $entry } — bewaard op deze telefoon, nog niet verstuurd
kubb-refused-server = De server weigerde hem: { $reason }
kubb-refused-rules = De regels weigeren hem nu: { $reason }
kubb-drop = Deze invoer verwijderen
kubb-send-after = Na de andere invoer versturen
kubb-not-recorded = { $entry } is niet ingevoerd: { $reason }. Deze en de invoer erna wachten onder het veld op je beslissing.
kubb-outbox-blocked = { $count ->
    [one] { $count } invoer niet ingevoerd: er is er een voor de scheidsrechter
   *[other] { $count } invoeren niet ingevoerd: er is er een voor de scheidsrechter
}
kubb-outbox-saved = { $count ->
    [one] { $count } invoer bewaard op deze telefoon
   *[other] { $count } invoeren bewaard op deze telefoon
}
kubb-dropped = { $entry }: verwijderd.
kubb-taken-back-local = { $entry }: teruggenomen (hij stond alleen op deze telefoon).
kubb-taken-back = De laatste invoer is teruggenomen.

## De winkansen en het advies

kubb-odds-team = { $team } { $percent }%
kubb-odds-draw = gelijk { $percent }%
kubb-odds-over = De partij is voorbij: { $result }
kubb-odds-not-started = Winkans: de partij is nog niet begonnen
kubb-odds-offline = Winkans: heeft de verbinding nodig; verschijnt zodra de invoer van deze telefoon verstuurd is
kubb-odds-need-connection = kansen pas online
kubb-advice-offline = Advies en kansen hebben de verbinding nodig: ze komen terug zodra de invoer van deze telefoon verstuurd is.
kubb-odds = { $draw ->
    [0] Winkans: { $teamA } { $a }%, { $teamB } { $b }%
   *[other] Winkans: { $teamA } { $a }%, { $teamB } { $b }%, gelijkspel { $draw }%
}
kubb-advice = { $ruleset ->
    [seed] { $decision ->
        [inkast] Advies voor { $team }: werp de overige Ridders in bij x { $x } m, y { $y } m ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [place] Advies voor { $team }: plaats hem bij x { $x } m, y { $y } m ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [king] Advies voor { $team }: gooi op de Koning ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [away] Advies voor { $team }: gooi de werpstick weg ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [piece] Advies voor { $team }: gooi op { $piece } ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
       *[other] Advies voor { $team }: { $best } ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
    }
   *[other] { $decision ->
        [inkast] Advies voor { $team }: kas de overige kubbs in bij x { $x } m, y { $y } m ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [place] Advies voor { $team }: plaats hem bij x { $x } m, y { $y } m ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [king] Advies voor { $team }: gooi op de koning ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [away] Advies voor { $team }: gooi de werpstok weg ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
        [piece] Advies voor { $team }: gooi op { $piece } ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
       *[other] Advies voor { $team }: { $best } ({ $percent }% kans om de partij te winnen, +{ $gain } punten tegenover de gewone keuze)
    }
}

## De instellingen van een partij (startpagina, toernooipagina)

kubb-setting-opening = Opening
kubb-opening-666 = 6-6-6 (wereldkampioenschap)
kubb-opening-246 = 2-4-6 (Amerikaans kampioenschap)
kubb-setting-thrower-rule = 2-4-6-werpersregel (aan: de 2 werpstokken door twee spelers gegooid, de 4 door drie)
kubb-off = Uit
kubb-on = Aan
kubb-setting-games-to-win = Partijvorm (als eerste N spellen winnen is best of 2N − 1)
kubb-games-own = Zoals de regels (bron: één spel; standaard: best of 3)
kubb-games-1 = Eén spel (als eerste 1)
kubb-games-2 = Best of 3 (als eerste 2)
kubb-games-3 = Best of 5 (als eerste 3)
kubb-games-4 = Best of 7 (als eerste 4)
kubb-games-5 = Best of 9 (als eerste 5)
kubb-setting-five-for-five = Vijf-voor-vijf (alle vijf basiskubbs met de eerste werpstokken van de openingsbeurt: de overige werpstokken vervallen)
kubb-five-for-five-on = Aan (Amerikaans kampioenschap tot 2014)
kubb-setting-double = Basiskubb-dubbel (één werpstok gooit de laatste veldkubbs om, en dan een basiskubb)
kubb-double-on = De basiskubb telt
kubb-double-off = De basiskubb wordt weer rechtop gezet
kubb-setting-time-limit = Tijdslimiet in minuten (leeg: geen)
kubb-setting-tie-break = Tiebreak als de tijd is afgeroepen
kubb-tie-break-baseline-count = Basiskubbs tellen (VS)
kubb-tie-break-accelerated = Versnelde partij
kubb-tie-break-sudden = Sudden death (Duitsland)
kubb-tie-break-none = Geen: gelijkspel

# A tournament match's call to a pitch (tournament-call.js), above the score.
kubb-call-waiting = { $ahead ->
        [0] Jullie partij is de volgende: wacht op een vrij veld
       *[other] Jullie partij wacht op een veld: nog { $ahead } ervoor
    }
kubb-call-now = Jullie partij: veld { $pitch }, nu
kubb-call-playing = Jullie partij: veld { $pitch }
kubb-call-notify = Laat het me weten als we worden opgeroepen
kubb-call-next-now = Jullie volgende partij: veld { $pitch }, nu
kubb-call-next-playing = Jullie volgende partij: veld { $pitch }
