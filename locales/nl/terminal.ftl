# De meldingen van de terminal.
#
# De scheidsrechter (`towers kubb referee`) kiest de woorden voor de
# stukken en de werpsticks met $words: seed (de woorden van de
# spelregels van Koning & Torens: Toren, Ridder, werpstick) of club (die
# van de clubs: basiskubb, veldkubb, werpstok). De invoer (start, in, out,
# next, …) is in elke taal dezelfde.

## towers kubb referee

terminal-referee-title = Scheidsrechter Koning & Torens (regels { $ruleset }, { $settings }), vastgelegd in { $file }
terminal-referee-teams-named = (het verslag noemt zijn teams al; --team-a/--team-b gelden alleen voor nieuwe verslagen)
terminal-referee-help-title = opdrachten (hoofd- of kleine letters):
terminal-referee-help-start = het team dat begint (of: lag DIST_A DIST_B [a-touched|a-felled|b-touched|b-felled])
terminal-referee-help-in = een inkastworp die binnen landde (eventueel waar, in meters); PLAYER gooide hem
terminal-referee-help-out = een inkastworp die buiten landde, of de koning omgooide
terminal-referee-help-rescue = { $words ->
    [seed] een ingekast stuk gooide een blijven staande Ridder om (hij wordt opnieuw ingekast)
   *[club] een ingekast stuk gooide een blijven staande veldkubb om (hij wordt opnieuw ingekast)
}
terminal-referee-help-place = de verdedigers plaatsen een stuk dat twee keer buiten landde
terminal-referee-help-stick = { $words ->
    [seed] een werpstick: - of miss, f / 3f (Ridders), b / 2b (Torens), bf (beide), k of king, hit, foul
   *[club] een werpstok: - of miss, f / 3f (veldkubbs), b / 2b (basiskubbs), bf (beide), k of king, hit, foul
}
terminal-referee-help-felled = { $words ->
    [seed] een werpstick die deze Ridders of Torens omgooide, bijv. f B1 B3
   *[club] een werpstok die deze veldkubbs of basiskubbs omgooide, bijv. f B1 B3
}
terminal-referee-help-next = begin het volgende spel van de partij
terminal-referee-help-time = de scheidsrechter roept de tijd af (partijen met een tijdslimiet)
terminal-referee-not-recorded = niet vastgelegd
terminal-referee-export-refused = niet mogelijk: { $why }
terminal-referee-refused = niet aangenomen: { $why }
terminal-referee-confirm-win = Hiermee eindigt het spel: team { $team } ({ $name }) wint ({ $reason }). Vastleggen? [j/N]
terminal-referee-confirm-draw = Hiermee eindigt het spel onbeslist ({ $reason }). Vastleggen? [j/N]
terminal-referee-not-saved = Het verslag kon niet worden opgeslagen, dus de gebeurtenis wordt niet overgenomen: { $error }
terminal-referee-game-over = Spel { $game } is voorbij; typ next om spel { $next } te beginnen
terminal-referee-game-line = { $wins ->
    [1] spel { $game } van een partij van één spel
   *[other] spel { $game } van best of { $bestOf } (wie het eerst { $wins } spellen wint)
}
terminal-referee-game-line-over = { $wins ->
    [1] spel { $game } van een partij van één spel; typ next om spel { $next } te beginnen
   *[other] spel { $game } van best of { $bestOf } (wie het eerst { $wins } spellen wint); typ next om spel { $next } te beginnen
}
terminal-referee-field-match = { $timeCalled ->
    [yes] regels { $ruleset }, opening { $opening }, gewonnen spellen A { $a } B { $b }, tijd afgeroepen
   *[no] regels { $ruleset }, opening { $opening }, gewonnen spellen A { $a } B { $b }
}
terminal-referee-field-won = spel voorbij: team { $team } heeft gewonnen ({ $reason })
terminal-referee-field-drawn = spel voorbij: onbeslist ({ $reason })
terminal-referee-field-lag-due = wachten op de beginworp (wie het dichtst bij de koning gooit, begint)
terminal-referee-field-inkast = { $words ->
    [seed] { $count ->
        [one] beurt { $turn } van team { $team }: eerst één inkastworp; { $sticks ->
            [one] nog één werpstick
           *[other] nog { $sticks } werpsticks
        }
       *[other] beurt { $turn } van team { $team }: eerst { $count } inkastworpen; { $sticks ->
            [one] nog één werpstick
           *[other] nog { $sticks } werpsticks
        }
    }
   *[club] { $count ->
        [one] beurt { $turn } van team { $team }: eerst één inkastworp; { $sticks ->
            [one] nog één werpstok
           *[other] nog { $sticks } werpstokken
        }
       *[other] beurt { $turn } van team { $team }: eerst { $count } inkastworpen; { $sticks ->
            [one] nog één werpstok
           *[other] nog { $sticks } werpstokken
        }
    }
}
terminal-referee-field-placement = { $words ->
    [seed] beurt { $turn } van team { $team }: de verdedigers plaatsen eerst { $count } { $count ->
        [one] stuk dat twee keer buiten landde
       *[other] stukken die twee keer buiten landden
    }; nog { $sticks } { $sticks ->
        [one] werpstick
       *[other] werpsticks
    }
   *[club] beurt { $turn } van team { $team }: de verdedigers plaatsen eerst { $count } { $count ->
        [one] stuk dat twee keer buiten landde
       *[other] stukken die twee keer buiten landden
    }; nog { $sticks } { $sticks ->
        [one] werpstok
       *[other] werpstokken
    }
}
terminal-referee-field-throwing = { $words ->
    [seed] beurt { $turn } van team { $team }: het team gooit zijn werpsticks; nog { $sticks } { $sticks ->
        [one] werpstick
       *[other] werpsticks
    }
   *[club] beurt { $turn } van team { $team }: het team gooit zijn werpstokken; nog { $sticks } { $sticks ->
        [one] werpstok
       *[other] werpstokken
    }
}
terminal-referee-field-team = team { $team } is { $name } ({ $players })
terminal-referee-field-side = { $words ->
    [seed] team { $team }: { $towers } { $towers ->
        [one] Toren
       *[other] Torens
    }; vak: { $knights } { $knights ->
        [one] Ridder staat
       *[other] Ridders staan
    }, { $down } liggen; werplijn: { $line }
   *[club] team { $team }: { $towers } { $towers ->
        [one] basiskubb
       *[other] basiskubbs
    }; helft: { $knights } { $knights ->
        [one] veldkubb staat
       *[other] veldkubbs staan
    }, { $down } liggen; werplijn: { $line }
}
terminal-referee-line-baseline = basislijn
terminal-referee-line-knight-at = { $words ->
    [seed] naar voren tot Ridder { $piece } op y = { $y } m
   *[club] naar voren tot veldkubb { $piece } op y = { $y } m
}
terminal-referee-line-knight = { $words ->
    [seed] naar voren tot Ridder { $piece }
   *[club] naar voren tot veldkubb { $piece }
}
terminal-referee-field-targets = doelen die tellen: { $targets }
terminal-referee-field-no-targets = doelen die tellen: geen
terminal-referee-field-king-open = { $words ->
    [seed] Koning: staat, mag nu aangevallen worden (vanaf de basislijn)
   *[club] koning: staat, mag nu aangevallen worden (vanaf de basislijn)
}
terminal-referee-field-king-open-advanced = { $words ->
    [seed] Koning: staat, mag nu aangevallen worden (vanaf de basislijn, niet vanaf de naar voren geschoven lijn)
   *[club] koning: staat, mag nu aangevallen worden (vanaf de basislijn, niet vanaf de naar voren geschoven lijn)
}
terminal-referee-field-king-not-yet = { $words ->
    [seed] Koning: staat, nog niet: { $why }
   *[club] koning: staat, nog niet: { $why }
}
terminal-referee-field-king-standing = { $words ->
    [seed] Koning: staat
   *[club] koning: staat
}
terminal-referee-field-king-down = { $words ->
    [seed] Koning: ligt
   *[club] koning: ligt
}
terminal-referee-end-king-by-inkast = { $words ->
    [seed] team { $team } gooide de Koning om met een ingekast stuk
   *[club] team { $team } gooide de koning om met een ingekaste kubb
}
terminal-referee-end-king = { $words ->
    [seed] team { $team } gooide de Koning om
   *[club] team { $team } gooide de koning om
}
terminal-referee-end-king-too-early = { $words ->
    [seed] team { $team } gooide de Koning te vroeg om: { $why }
   *[club] team { $team } gooide de koning te vroeg om: { $why }
}
terminal-referee-end-more-towers = { $words ->
    [seed] tijd: team { $team } gooide meer Torens om ({ $more } tegen { $fewer })
   *[club] tijd: team { $team } gooide meer basiskubbs om ({ $more } tegen { $fewer })
}
terminal-referee-end-equal-towers = { $words ->
    [seed] tijd: beide teams gooiden { $count } { $count ->
        [one] Toren
       *[other] Torens
    } om, onbeslist
   *[club] tijd: beide teams gooiden { $count } { $count ->
        [one] basiskubb
       *[other] basiskubbs
    } om, onbeslist
}
terminal-referee-end-time = de tijd is afgeroepen: het spel is onbeslist
terminal-referee-king-pieces-standing = { $words ->
    [seed] in het vak van team { $team } staan nog { $towers } { $towers ->
        [one] Toren
       *[other] Torens
    } en { $knights } { $knights ->
        [one] Ridder
       *[other] Ridders
    }
   *[club] in de helft van team { $team } staan nog { $towers } { $towers ->
        [one] basiskubb
       *[other] basiskubbs
    } en { $knights } { $knights ->
        [one] veldkubb
       *[other] veldkubbs
    }
}
terminal-referee-king-too-few-sticks = { $words ->
    [seed] de regels { $ruleset } staan een worp op de Koning alleen toe met minstens { $needed } werpsticks in de hand; team { $team } heeft er { $left }
   *[club] de regels { $ruleset } staan een worp op de koning alleen toe met minstens { $needed } werpstokken in de hand; team { $team } heeft er { $left }
}
terminal-referee-piece-tower = { $words ->
    [seed] Toren { $piece } op de basislijn van team { $team }, plek { $spot }
   *[club] basiskubb { $piece } op de basislijn van team { $team }, plek { $spot }
}
terminal-referee-piece-knight-at = { $words ->
    [seed] Ridder { $piece } in het vak van team { $team } op { $at }
   *[club] veldkubb { $piece } in de helft van team { $team } op { $at }
}
terminal-referee-piece-knight = { $words ->
    [seed] Ridder { $piece } in het vak van team { $team }
   *[club] veldkubb { $piece } in de helft van team { $team }
}
terminal-referee-piece-down = { $words ->
    [seed] { $piece }, ligt in het vak van team { $team }
   *[club] { $piece }, ligt in de helft van team { $team }
}
terminal-referee-piece-removed = { $piece }, uit het spel genomen door de tiebreak
terminal-referee-lag-nearer = { $words ->
    [seed] De werpstick van { $owner } lag dichter bij de Koning ({ $won } m tegen { $lost } m): { $winner } begint
   *[club] De werpstok van { $owner } lag dichter bij de koning ({ $won } m tegen { $lost } m): { $winner } begint
}
terminal-referee-lag-felled-king = { $words ->
    [seed] De werpstick van { $owner } gooide de Koning om en verliest daarmee de beginworp: { $winner } begint
   *[club] De werpstok van { $owner } gooide de koning om en verliest daarmee de beginworp: { $winner } begint
}
terminal-referee-lag-touched-king = { $words ->
    [seed] De werpstick van { $owner } raakte de Koning en verliest daarmee de beginworp: { $winner } begint
   *[club] De werpstok van { $owner } raakte de koning en verliest daarmee de beginworp: { $winner } begint
}
terminal-referee-nothing-to-undo = niets om terug te nemen
terminal-referee-took-back = teruggenomen: { $event }
terminal-referee-took-back-miss = { $words ->
    [seed] werpstick van { $owner }, gegooid door { $player }: een misser
   *[club] werpstok van { $owner }, gegooid door { $player }: een misser
}
terminal-referee-took-back-foul = { $words ->
    [seed] werpstick van { $owner }, gegooid door { $player }: een foute worp
   *[club] werpstok van { $owner }, gegooid door { $player }: een foute worp
}
terminal-referee-took-back-king = { $words ->
    [seed] werpstick van { $owner }, gegooid door { $player }: gooide de Koning om
   *[club] werpstok van { $owner }, gegooid door { $player }: gooide de koning om
}
terminal-referee-took-back-felled = { $words ->
    [seed] werpstick van { $owner }, gegooid door { $player }: { $knights } { $knights ->
        [one] Ridder
       *[other] Ridders
    } en { $towers } { $towers ->
        [one] Toren
       *[other] Torens
    } omgegooid
   *[club] werpstok van { $owner }, gegooid door { $player }: { $knights } { $knights ->
        [one] veldkubb
       *[other] veldkubbs
    } en { $towers } { $towers ->
        [one] basiskubb
       *[other] basiskubbs
    } omgegooid
}
terminal-referee-took-back-inkast-king = { $words ->
    [seed] inkastworp van { $owner }, gegooid door { $player }: gooide de Koning om
   *[club] inkastworp van { $owner }, gegooid door { $player }: gooide de koning om
}
terminal-referee-took-back-inkast-in-at = inkastworp van { $owner }, gegooid door { $player }: binnen geland op { $at }
terminal-referee-took-back-inkast-in = inkastworp van { $owner }, gegooid door { $player }: binnen geland
terminal-referee-took-back-inkast-out = inkastworp van { $owner }, gegooid door { $player }: buiten geland
terminal-referee-took-back-placement = het plaatsen van een stuk door { $name }
terminal-referee-took-back-rescue = redding van { $piece } voor { $owner }, gegooid door { $player }
terminal-referee-took-back-lag = de beginworp (A { $a } m, B { $b } m)
terminal-referee-took-back-start = het begin: team { $team } begint
terminal-referee-took-back-next-game = het begin van spel { $game }
terminal-referee-took-back-time = het afroepen van de tijd
terminal-referee-took-back-teams = de teams
terminal-referee-tie-break-removal = tiebreak: neem { $piece } uit het spel
terminal-referee-turn-inkast = inkast: { $in } binnen, { $out } buiten, { $placed } geplaatst
terminal-referee-turn-sticks = { $words ->
    [seed] { $fouls ->
        [0] { $knights } { $knights ->
            [one] Ridder
           *[other] Ridders
        } en { $towers } { $towers ->
            [one] Toren
           *[other] Torens
        } omgegooid, { $misses } { $misses ->
            [one] misser
           *[other] missers
        }
       *[other] { $knights } { $knights ->
            [one] Ridder
           *[other] Ridders
        } en { $towers } { $towers ->
            [one] Toren
           *[other] Torens
        } omgegooid, { $misses } { $misses ->
            [one] misser
           *[other] missers
        }, { $fouls } { $fouls ->
            [one] foute worp
           *[other] foute worpen
        }
    }
   *[club] { $fouls ->
        [0] { $knights } { $knights ->
            [one] veldkubb
           *[other] veldkubbs
        } en { $towers } { $towers ->
            [one] basiskubb
           *[other] basiskubbs
        } omgegooid, { $misses } { $misses ->
            [one] misser
           *[other] missers
        }
       *[other] { $knights } { $knights ->
            [one] veldkubb
           *[other] veldkubbs
        } en { $towers } { $towers ->
            [one] basiskubb
           *[other] basiskubbs
        } omgegooid, { $misses } { $misses ->
            [one] misser
           *[other] missers
        }, { $fouls } { $fouls ->
            [one] foute worp
           *[other] foute worpen
        }
    }
}
terminal-referee-turn-summary = { $words ->
    [seed] beurt { $turn } van team { $team } ({ $name }): { $tally }; staande Torens A { $a } B { $b }
   *[club] beurt { $turn } van team { $team } ({ $name }): { $tally }; staande basiskubbs A { $a } B { $b }
}
terminal-referee-match-won = partij voorbij: { $name } (team { $team }) wint de partij, { $won }-{ $lost } in spellen
terminal-referee-match-drawn = partij voorbij: onbeslist op tijd, { $won }-{ $lost } in spellen

terminal-referee-not-one-stick-king = { $words ->
    [seed] '{ $token }' is niet één werpstick: de Koning valt maar één keer
   *[club] '{ $token }' is niet één werpstok: de koning valt maar één keer
}
terminal-referee-not-one-stick = { $words ->
    [seed] { $letter ->
        [b] '{ $token }' is niet één werpstick: één werpstick die { $count } Torens omgooide is { $count }{ $letter }; { $count } werpsticks zijn { $count } invoeren, één per werpstick ({ $letter }, dan { $letter })
       *[f] '{ $token }' is niet één werpstick: één werpstick die { $count } Ridders omgooide is { $count }{ $letter }; { $count } werpsticks zijn { $count } invoeren, één per werpstick ({ $letter }, dan { $letter })
    }
   *[club] { $letter ->
        [b] '{ $token }' is niet één werpstok: één werpstok die { $count } basiskubbs omgooide is { $count }{ $letter }; { $count } werpstokken zijn { $count } invoeren, één per werpstok ({ $letter }, dan { $letter })
       *[f] '{ $token }' is niet één werpstok: één werpstok die { $count } veldkubbs omgooide is { $count }{ $letter }; { $count } werpstokken zijn { $count } invoeren, één per werpstok ({ $letter }, dan { $letter })
    }
}
terminal-referee-due-lag = de beginworp is aan de beurt: lag DIST_A DIST_B (de meters van elk team tot de koning), of start A|B
terminal-referee-due-inkast = een inkastworp is aan de beurt: in [X Y], out of in-king (met PLAYER: ervoor)
terminal-referee-due-placement = de verdedigers plaatsen een stuk: place [X Y]
terminal-referee-due-stick = { $words ->
    [seed] een werpstick is -, miss, f, 2f, b, 3b, bf, k, king, hit of foul (met PLAYER: ervoor)
   *[club] een werpstok is -, miss, f, 2f, b, 3b, bf, k, king, hit of foul (met PLAYER: ervoor)
}
terminal-referee-due-next-game = het spel is voorbij: typ next om spel { $next } te beginnen
terminal-referee-due-match-over = de partij is voorbij: stats, export of quit
terminal-referee-not-an-entry-spaces = { $words ->
    [seed] '{ $input }' is hier geen invoer; één werpstick typ je zonder spaties: { $typed }; { $due }
   *[club] '{ $input }' is hier geen invoer; één werpstok typ je zonder spaties: { $typed }; { $due }
}
terminal-referee-not-an-entry = '{ $input }' is hier geen invoer; { $due }; typ help

terminal-referee-not-metres = '{ $text }' is geen aantal meters; een punt is X (in de breedte) en Y (in de lengte) in meters met een spatie ertussen, bijv. in 2,1 5,3
terminal-referee-not-a-point = '{ $text }' is geen punt; een punt is X (in de breedte) en Y (in de lengte) in meters met een spatie ertussen, bijv. in 2,1 5,3
terminal-referee-not-a-distance = '{ $text }' is geen afstand in meters
terminal-referee-not-a-team = '{ $text }' is geen team: A of B
terminal-referee-empty = lege invoer

## towers kubb advise

terminal-advise-win-probability = winkans: A ({ $nameA }) { $a } %, B ({ $nameB }) { $b } %
terminal-advise-options = team { $team } beslist; de mogelijkheden naar zijn winkans:
terminal-advise-best = advies: { $decision } (+{ $gain } punten boven de keuze van de heuristiek; elk { $playouts } simulaties, seed { $seed })
terminal-advise-none = advies: geen (geen enkel team hoeft nu iets te beslissen)

## towers gt play

terminal-play-title = { $colour ->
    [red] Guard & Towers: je speelt rood tegen de engine op niveau { $level }.
   *[blue] Guard & Towers: je speelt blauw tegen de engine op niveau { $level }.
}
terminal-play-help = Voer een zet in zoals E2-E3-1 (VAN-NAAR-STENEN), of: moves, hint, undo, board, help, quit
terminal-play-your-move = { $colour ->
    [red] Jouw zet (rood):
   *[blue] Jouw zet (blauw):
}
terminal-play-to-move = { $colour ->
    [red] Rood aan zet
   *[blue] Blauw aan zet
}
terminal-play-engine-plays = De engine speelt { $move }
terminal-play-engine-plays-tablebase = De engine speelt { $move } ({ $verdict })
terminal-play-hint = Tip: { $move } ({ $score })
terminal-play-hint-tablebase = Tip: { $move } ({ $score }, eindspeldatabase)
terminal-play-score-stones = { $stones } stenen in jouw voordeel
terminal-play-score-win = { $moves ->
    [one] je wint met de volgende zet
   *[other] je wint in { $moves } zetten
}
terminal-play-score-loss = { $moves ->
    [one] je verliest in één zet
   *[other] je verliest in { $moves } zetten
}
terminal-play-illegal = { $error }; typ moves voor de toegestane zetten
terminal-play-won-guard-captured = { $colour ->
    [red] Spel voorbij: rood wint, de wachter van de tegenstander is geslagen.
   *[blue] Spel voorbij: blauw wint, de wachter van de tegenstander is geslagen.
}
terminal-play-won-castle-reached = { $colour ->
    [red] Spel voorbij: rood wint, de wachter staat op het gemarkeerde middenveld van de basislijn van de tegenstander.
   *[blue] Spel voorbij: blauw wint, de wachter staat op het gemarkeerde middenveld van de basislijn van de tegenstander.
}
terminal-play-won-no-legal-move = { $colour ->
    [red] Spel voorbij: rood wint, blauw heeft geen toegestane zet meer.
   *[blue] Spel voorbij: blauw wint, rood heeft geen toegestane zet meer.
}
terminal-play-draw-repetition = Spel voorbij: remise door drievoudige herhaling van de stelling.
terminal-play-draw-no-progress = Spel voorbij: remise, te lang is er niets geslagen.
terminal-play-draw-no-legal-move = Spel voorbij: remise, geen toegestane zet.

## The statistics table (the referee's `stats` and its last word, `towers kubb stats`)

terminal-stats-heading-team = team
terminal-stats-heading-name = naam
terminal-stats-heading-sticks = worpen
terminal-stats-heading-hit = raak%
terminal-stats-heading-baseline = basislijn%
terminal-stats-heading-advanced = voordeellijn%
terminal-stats-heading-first-stick = 1e-worp%
terminal-stats-heading-king = koning%
terminal-stats-heading-inkast = inkast-in%
terminal-stats-heading-efficiency = eff%
terminal-stats-scope-player = speler
terminal-stats-scope-team = team

## towers kubb replay

terminal-replay-result-won = uitslag: team { $team } wint
terminal-replay-result-won-named = uitslag: { $name } (team { $team }) wint
terminal-replay-result-drawn = uitslag: gelijkspel
terminal-replay-result-unfinished = uitslag: nog niet uitgespeeld

## A move typed that cannot be read (towers gt play)

terminal-move-format = '{ $text }' is geen zet: verwacht VAN-NAAR-STENEN zoals A7-B7-1
terminal-move-square = ongeldige zet: '{ $text }' is geen veld: verwacht een lijn A-G en een rij 1-7, zoals D4
terminal-move-count = ongeldige zet: het aantal stenen '{ $text }' moet een cijfer van 1 tot 7 zijn
terminal-move-not-straight = ongeldige zet: van { $from } naar { $to } is geen rechte stap horizontaal of verticaal (niet diagonaal, niet op de plaats)
terminal-move-count-mismatch = { $count ->
    [one] ongeldige zet: '{ $text }' verplaatst één steen, maar { $distance } velden ver; een stuk gaat precies zo ver als het hoog is
   *[other] { $distance ->
        [one] ongeldige zet: '{ $text }' verplaatst { $count } stenen, maar slechts één veld ver; een stuk gaat precies zo ver als het hoog is
       *[other] ongeldige zet: '{ $text }' verplaatst { $count } stenen, maar { $distance } velden ver; een stuk gaat precies zo ver als het hoog is
    }
}

## The endgame tables' word (towers gt play, gt best, gt tablebase probe)

terminal-tablebase-win = { $colour ->
    [red] { $moves ->
        [one] rood wint in één zet (eindspeldatabase)
       *[other] rood wint in { $moves } zetten (eindspeldatabase)
    }
   *[blue] { $moves ->
        [one] blauw wint in één zet (eindspeldatabase)
       *[other] blauw wint in { $moves } zetten (eindspeldatabase)
    }
}
terminal-tablebase-draw = remise (eindspeldatabase)
terminal-tablebase-probe-win = { $plies ->
    [one] { $rules }: winst in één halve zet
   *[other] { $rules }: winst in { $plies } halve zetten
}
terminal-tablebase-probe-loss = { $plies ->
    [one] { $rules }: verlies in één halve zet
   *[other] { $rules }: verlies in { $plies } halve zetten
}
terminal-tablebase-probe-draw = { $rules }: remise
terminal-tablebase-probe-unknown = { $rules }: niet in de eindspeldatabase
terminal-tablebase-probe-move = { $rules }, zet van de eindspeldatabase: { $move }

## Files the commands read and write (gt replay, kubb replay, stats, advise, simulate)

terminal-file-cannot-read = kan { $file } niet lezen: { $error }
terminal-file-cannot-write = kan { $file } niet schrijven: { $error }
terminal-file-invalid-record = ongeldig verslag { $file }: { $error }
terminal-kubb-empty-record = ongeldig verslag { $file }: het bestand is leeg

## towers gt replay

terminal-gt-replay-game = Partij { $number }: { $red } (rood) tegen { $blue } (blauw), { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}, { $result } { $termination }
terminal-gt-replay-legal = { $games ->
    [one] { $games } partij, alle zetten reglementair
   *[other] { $games } partijen, alle zetten reglementair
}
terminal-gt-replay-invalid-contest-log = ongeldig wedstrijdlogboek { $file }: { $error }
terminal-gt-replay-contest-log = Wedstrijdlogboek: { $red } (rood) tegen { $blue } (blauw), { $moves ->
    [one] { $moves } zet
   *[other] { $moves } zetten
}, { $result } { $termination }
terminal-gt-replay-colour = { $colour ->
    [red] rood
   *[blue] blauw
}
terminal-gt-replay-contest-move = { $ply }. { $colour } { $move } (nog { $ms } ms)
terminal-gt-replay-contest-skipped = overgeslagen, niet aan zet: regel { $line }: { $colour } stuurde '{ $text }' (het bord ongewijzigd)
terminal-gt-replay-contest-verdict = oordeel van de server: regel { $line }: { $reason }, { $winner } wint
terminal-gt-replay-contest-no-verdict = oordeel van de server: geen (het logboek eindigt zonder)
terminal-gt-replay-contest-legal = 1 partij, alle zetten reglementair, elk gelogd bord klopt met de herhaling

## towers kubb simulate

terminal-simulate-no-games = --games moet minstens 1 zijn
terminal-simulate-threads = kan de threads niet starten: { $error }
terminal-simulate-progress-matches = partijen
terminal-simulate-heading = { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
}, regels { $ruleset }, opening { $opening }, A ({ $a }) begint tegen B ({ $b }), seed { $seed } (xoshiro256++)
terminal-simulate-wins = { $team } wint { $share }% ± { $margin }
terminal-simulate-unfinished = niet uitgespeeld { $count }
terminal-simulate-mean-turns = gemiddeld { $turns } beurten
terminal-simulate-games-played = { $games ->
    [one] { $games } spel gespeeld
   *[other] { $games } spellen gespeeld
}, elk { $turns } beurten
terminal-simulate-starter-wins = het team dat een spel begon, won { $share }% daarvan
terminal-simulate-turn-quantiles = beurten: 10% ≤ { $low }, mediaan { $median }, 90% ≤ { $high }
terminal-simulate-speed = { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
} ({ $played ->
    [one] { $played } spel
   *[other] { $played } spellen
}) in { $seconds } s: { $matchRate } partijen/s, { $gameRate } spellen/s
terminal-simulate-chart-written = grafiek geschreven naar { $file }
terminal-file-cannot-make = kan { $file } niet aanmaken: { $error }

## towers kubb duel

terminal-duel-progress = partijen, nog { $eta }
terminal-duel-heading = zoeken ({ $playouts } simulaties per kandidaat) tegen heuristiek, { $games ->
    [one] { $games } partij
   *[other] { $games } partijen
}, teams { $skill }, regels { $ruleset }, opening { $opening }:
terminal-duel-result = zoeken won { $won } ({ $share }%, 95%-interval { $low }–{ $high }%), heuristiek { $heuristic }, niet uitgespeeld { $unfinished }

## towers gt tablebase build (its progress, on stderr)

terminal-tablebase-build-too-many = --stones { $stones }: hoogstens 14 (7 per kleur)
terminal-tablebase-build-read = { $material }: gelezen uit { $file }
terminal-tablebase-build-table = { $material }: { $indices ->
    [one] { $indices } index
   *[other] { $indices } indices
}, { $positions ->
    [one] { $positions } stelling
   *[other] { $positions } stellingen
}: { $wins ->
    [one] { $wins } winst
   *[other] { $wins } winsten
}, { $losses ->
    [one] { $losses } verlies
   *[other] { $losses } verliezen
}, { $draws ->
    [one] { $draws } remise
   *[other] { $draws } remises
}; langste { $longest ->
    [one] { $longest } halve zet
   *[other] { $longest } halve zetten
}; { $seconds } s
