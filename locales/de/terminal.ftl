# Die Meldungen des Terminals.
#
# Deutsch sagt unter beiden Regelwerken (seed und club, $words) König,
# Basiskubb, Feldkubb und Wurfholz, wie deutsche Vereine und die Seiten
# (kubb.ftl). Die Eingaben (start, in, out, next, …) bleiben in jeder
# Sprache dieselben.

## towers kubb referee

terminal-referee-title = Schiedsrichter für Koning & Torens (Regeln { $ruleset }, { $settings }), Aufzeichnung in { $file }
terminal-referee-teams-named = (die Aufzeichnung nennt ihre Teams schon; --team-a/--team-b gelten nur für neue Aufzeichnungen)
terminal-referee-help-title = Befehle (Groß- oder Kleinschreibung):
terminal-referee-help-start = das beginnende Team (oder: lag DIST_A DIST_B [a-touched|a-felled|b-touched|b-felled])
terminal-referee-help-in = ein Einwurf, der im Feld gelandet ist (wahlweise wo, in Metern); PLAYER hat geworfen
terminal-referee-help-out = ein Einwurf, der im Aus gelandet ist oder den König umgeworfen hat
terminal-referee-help-rescue = ein eingeworfenes Stück hat einen stehenden Feldkubb umgeworfen (er wird neu eingeworfen)
terminal-referee-help-place = die Verteidiger stellen ein Stück auf, das zweimal im Aus gelandet ist
terminal-referee-help-stick = ein Wurfholz: - oder miss, f / 3f (Feldkubbs), b / 2b (Basiskubbs), bf (beides), k oder king, hit, foul
terminal-referee-help-felled = ein Wurfholz, das diese Feldkubbs oder Basiskubbs umgeworfen hat, z. B. f B1 B3
terminal-referee-help-next = den nächsten Satz des Matches beginnen
terminal-referee-help-time = der Schiedsrichter ruft die Zeit aus (Matches mit Zeitlimit)
terminal-referee-not-recorded = nicht aufgezeichnet
terminal-referee-export-refused = nicht möglich: { $why }
terminal-referee-refused = nicht angenommen: { $why }
terminal-referee-confirm-win = Damit endet der Satz: Team { $team } ({ $name }) gewinnt ({ $reason }). Aufzeichnen? [j/N]
terminal-referee-confirm-draw = Damit endet der Satz unentschieden ({ $reason }). Aufzeichnen? [j/N]
terminal-referee-not-saved = Die Aufzeichnung konnte nicht gespeichert werden, daher wird das Ereignis nicht übernommen: { $error }
terminal-referee-game-over = Satz { $game } ist vorbei; tippe next, um Satz { $next } zu beginnen
terminal-referee-game-line = { $wins ->
    [1] Satz { $game } eines Matches über einen Satz
   *[other] Satz { $game } von Best of { $bestOf } (wer zuerst { $wins } Sätze gewinnt)
}
terminal-referee-game-line-over = { $wins ->
    [1] Satz { $game } eines Matches über einen Satz; tippe next, um Satz { $next } zu beginnen
   *[other] Satz { $game } von Best of { $bestOf } (wer zuerst { $wins } Sätze gewinnt); tippe next, um Satz { $next } zu beginnen
}
terminal-referee-field-match = { $timeCalled ->
    [yes] Regeln { $ruleset }, Eröffnung { $opening }, gewonnene Sätze A { $a } B { $b }, Zeit ausgerufen
   *[no] Regeln { $ruleset }, Eröffnung { $opening }, gewonnene Sätze A { $a } B { $b }
}
terminal-referee-field-won = Satz vorbei: Team { $team } hat gewonnen ({ $reason })
terminal-referee-field-drawn = Satz vorbei: unentschieden ({ $reason })
terminal-referee-field-lag-due = Es fehlt noch der Anwurf (wer näher am König liegt, beginnt)
terminal-referee-field-inkast = { $count ->
    [one] Zug { $turn } von Team { $team }: zuerst kommt ein Einwurf; { $sticks ->
        [one] noch ein Wurfholz
       *[other] noch { $sticks } Wurfhölzer
    }
   *[other] Zug { $turn } von Team { $team }: zuerst kommen { $count } Einwürfe; { $sticks ->
        [one] noch ein Wurfholz
       *[other] noch { $sticks } Wurfhölzer
    }
}
terminal-referee-field-placement = { $count ->
    [one] Zug { $turn } von Team { $team }: die Verteidiger stellen zuerst ein Stück auf, das zweimal im Aus gelandet ist; { $sticks ->
        [one] noch ein Wurfholz
       *[other] noch { $sticks } Wurfhölzer
    }
   *[other] Zug { $turn } von Team { $team }: die Verteidiger stellen zuerst { $count } Stücke auf, die zweimal im Aus gelandet sind; { $sticks ->
        [one] noch ein Wurfholz
       *[other] noch { $sticks } Wurfhölzer
    }
}
terminal-referee-field-throwing = { $sticks ->
    [one] Zug { $turn } von Team { $team }: das Team wirft seine Wurfhölzer; noch ein Wurfholz
   *[other] Zug { $turn } von Team { $team }: das Team wirft seine Wurfhölzer; noch { $sticks } Wurfhölzer
}
terminal-referee-field-team = Team { $team } ist { $name } ({ $players })
terminal-referee-field-side = Team { $team }: { $towers } { $towers ->
        [one] Basiskubb
       *[other] Basiskubbs
    }; Hälfte: { $knights } { $knights ->
        [one] Feldkubb steht
       *[other] Feldkubbs stehen
    }, { $down } liegen; Abwurflinie: { $line }
terminal-referee-line-baseline = Grundlinie
terminal-referee-line-knight-at = vorgerückt bis Feldkubb { $piece } bei y = { $y } m
terminal-referee-line-knight = vorgerückt bis Feldkubb { $piece }
terminal-referee-field-targets = zählende Ziele: { $targets }
terminal-referee-field-no-targets = zählende Ziele: keine
terminal-referee-field-king-open = König: steht, darf jetzt angegriffen werden (von der Grundlinie aus)
terminal-referee-field-king-open-advanced = König: steht, darf jetzt angegriffen werden (von der Grundlinie aus, nicht von der vorgerückten Linie)
terminal-referee-field-king-not-yet = König: steht, noch nicht: { $why }
terminal-referee-field-king-standing = König: steht
terminal-referee-field-king-down = König: liegt
terminal-referee-end-king-by-inkast = Team { $team } hat den König mit einem eingeworfenen Stück umgeworfen
terminal-referee-end-king = Team { $team } hat den König umgeworfen
terminal-referee-end-king-too-early = Team { $team } hat den König zu früh umgeworfen: { $why }
terminal-referee-end-more-towers = Zeit: Team { $team } hat mehr Basiskubbs umgeworfen ({ $more } zu { $fewer })
terminal-referee-end-equal-towers = { $count ->
        [one] Zeit: beide Teams haben einen Basiskubb umgeworfen, unentschieden
       *[other] Zeit: beide Teams haben { $count } Basiskubbs umgeworfen, unentschieden
    }
terminal-referee-end-time = Die Zeit wurde ausgerufen: der Satz endet unentschieden
terminal-referee-king-pieces-standing = in der Hälfte von Team { $team } stehen noch { $towers } { $towers ->
        [one] Basiskubb
       *[other] Basiskubbs
    } und { $knights } { $knights ->
        [one] Feldkubb
       *[other] Feldkubbs
    }
terminal-referee-king-too-few-sticks = Die Regeln { $ruleset } erlauben einen Wurf auf den König nur mit mindestens { $needed } Wurfhölzern in der Hand; Team { $team } hat { $left }
terminal-referee-piece-tower = Basiskubb { $piece } auf der Grundlinie von Team { $team }, Platz { $spot }
terminal-referee-piece-knight-at = Feldkubb { $piece } in der Hälfte von Team { $team } bei { $at }
terminal-referee-piece-knight = Feldkubb { $piece } in der Hälfte von Team { $team }
terminal-referee-piece-down = { $piece }, liegt in der Hälfte von Team { $team }
terminal-referee-piece-removed = { $piece }, durch den Tie-Break aus dem Spiel genommen
terminal-referee-lag-nearer = Das Wurfholz von { $owner } lag näher am König ({ $won } m zu { $lost } m): { $winner } beginnt
terminal-referee-lag-felled-king = Das Wurfholz von { $owner } hat den König umgeworfen und verliert damit den Anwurf: { $winner } beginnt
terminal-referee-lag-touched-king = Das Wurfholz von { $owner } hat den König berührt und verliert damit den Anwurf: { $winner } beginnt
terminal-referee-nothing-to-undo = nichts zurückzunehmen
terminal-referee-took-back = zurückgenommen: { $event }
terminal-referee-took-back-miss = Wurfholz von { $owner }, geworfen von { $player }: ein Fehlwurf
terminal-referee-took-back-foul = Wurfholz von { $owner }, geworfen von { $player }: ein Foul
terminal-referee-took-back-king = Wurfholz von { $owner }, geworfen von { $player }: hat den König umgeworfen
terminal-referee-took-back-felled = Wurfholz von { $owner }, geworfen von { $player }: { $knights } { $knights ->
        [one] Feldkubb
       *[other] Feldkubbs
    } und { $towers } { $towers ->
        [one] Basiskubb
       *[other] Basiskubbs
    } umgeworfen
terminal-referee-took-back-inkast-king = Einwurf von { $owner }, geworfen von { $player }: hat den König umgeworfen
terminal-referee-took-back-inkast-in-at = Einwurf von { $owner }, geworfen von { $player }: im Feld gelandet bei { $at }
terminal-referee-took-back-inkast-in = Einwurf von { $owner }, geworfen von { $player }: im Feld gelandet
terminal-referee-took-back-inkast-out = Einwurf von { $owner }, geworfen von { $player }: im Aus gelandet
terminal-referee-took-back-placement = das Aufstellen eines Stücks durch { $name }
terminal-referee-took-back-rescue = Rettung von { $piece } für { $owner }, geworfen von { $player }
terminal-referee-took-back-lag = der Anwurf (A { $a } m, B { $b } m)
terminal-referee-took-back-start = der Beginn: Team { $team } beginnt
terminal-referee-took-back-next-game = der Beginn von Satz { $game }
terminal-referee-took-back-time = das Ausrufen der Zeit
terminal-referee-took-back-teams = die Teams
terminal-referee-tie-break-removal = Tie-Break: nimm { $piece } aus dem Spiel
terminal-referee-turn-inkast = Einwurf: { $in } im Feld, { $out } im Aus, { $placed } aufgestellt
terminal-referee-turn-sticks = { $fouls ->
        [0] { $knights } { $knights ->
            [one] Feldkubb
           *[other] Feldkubbs
        } und { $towers } { $towers ->
            [one] Basiskubb
           *[other] Basiskubbs
        } umgeworfen, { $misses } { $misses ->
            [one] Fehlwurf
           *[other] Fehlwürfe
        }
       *[other] { $knights } { $knights ->
            [one] Feldkubb
           *[other] Feldkubbs
        } und { $towers } { $towers ->
            [one] Basiskubb
           *[other] Basiskubbs
        } umgeworfen, { $misses } { $misses ->
            [one] Fehlwurf
           *[other] Fehlwürfe
        }, { $fouls } { $fouls ->
            [one] Foul
           *[other] Fouls
        }
    }
terminal-referee-turn-summary = Zug { $turn } von Team { $team } ({ $name }): { $tally }; stehende Basiskubbs A { $a } B { $b }
terminal-referee-match-won = Match vorbei: { $name } (Team { $team }) gewinnt das Match, { $won }:{ $lost } Sätze
terminal-referee-match-drawn = Match vorbei: unentschieden nach Zeit, { $won }:{ $lost } Sätze

terminal-referee-not-one-stick-king = '{ $token }' ist nicht ein Wurfholz: der König fällt nur einmal
terminal-referee-not-one-stick = { $letter ->
        [b] '{ $token }' ist nicht ein Wurfholz: ein Wurfholz, das { $count } Basiskubbs umgeworfen hat, ist { $count }{ $letter }; { $count } Wurfhölzer sind { $count } Eingaben, je eine pro Wurfholz ({ $letter }, dann { $letter })
       *[f] '{ $token }' ist nicht ein Wurfholz: ein Wurfholz, das { $count } Feldkubbs umgeworfen hat, ist { $count }{ $letter }; { $count } Wurfhölzer sind { $count } Eingaben, je eine pro Wurfholz ({ $letter }, dann { $letter })
    }
terminal-referee-due-lag = der Anwurf ist dran: lag DIST_A DIST_B (die Meter jedes Teams bis zum König) oder start A|B
terminal-referee-due-inkast = ein Einwurf ist dran: in [X Y], out oder in-king (mit PLAYER: davor)
terminal-referee-due-placement = die Verteidiger stellen ein Stück auf: place [X Y]
terminal-referee-due-stick = ein Wurfholz ist -, miss, f, 2f, b, 3b, bf, k, king, hit oder foul (mit PLAYER: davor)
terminal-referee-due-next-game = der Satz ist vorbei: tippe next, um Satz { $next } zu beginnen
terminal-referee-due-match-over = das Match ist vorbei: stats, export oder quit
terminal-referee-not-an-entry-spaces = '{ $input }' ist hier keine Eingabe; ein Wurfholz wird ohne Leerzeichen getippt: { $typed }; { $due }
terminal-referee-not-an-entry = '{ $input }' ist hier keine Eingabe; { $due }; tippe help

terminal-referee-not-metres = '{ $text }' ist keine Meterangabe; ein Punkt ist X (quer) und Y (längs) in Metern mit einem Leerzeichen dazwischen, z. B. in 2,1 5,3
terminal-referee-not-a-point = '{ $text }' ist kein Punkt; ein Punkt ist X (quer) und Y (längs) in Metern mit einem Leerzeichen dazwischen, z. B. in 2,1 5,3
terminal-referee-not-a-distance = '{ $text }' ist keine Entfernung in Metern
terminal-referee-not-a-team = '{ $text }' ist kein Team: A oder B
terminal-referee-empty = leere Eingabe

## towers kubb advise

terminal-advise-win-probability = Siegchance: A ({ $nameA }) { $a } %, B ({ $nameB }) { $b } %
terminal-advise-options = Team { $team } entscheidet; die Möglichkeiten nach seiner Siegchance:
terminal-advise-best = Rat: { $decision } (+{ $gain } Punkte gegenüber der Wahl der Heuristik; je { $playouts } Simulationen, Seed { $seed })
terminal-advise-none = Rat: keiner (kein Team hat gerade etwas zu entscheiden)

## towers gt play

terminal-play-title = { $colour ->
    [red] Wächter & Türme: Du spielst Rot gegen die Engine auf Stufe { $level }.
   *[blue] Wächter & Türme: Du spielst Blau gegen die Engine auf Stufe { $level }.
}
terminal-play-help = Gib einen Zug ein wie E2-E3-1 (VON-NACH-STEINE), oder: moves, hint, undo, board, help, quit
terminal-play-your-move = { $colour ->
    [red] Dein Zug (Rot):
   *[blue] Dein Zug (Blau):
}
terminal-play-to-move = { $colour ->
    [red] Rot am Zug
   *[blue] Blau am Zug
}
terminal-play-engine-plays = Die Engine zieht { $move }
terminal-play-engine-plays-tablebase = Die Engine zieht { $move } ({ $verdict })
terminal-play-hint = Tipp: { $move } ({ $score })
terminal-play-hint-tablebase = Tipp: { $move } ({ $score }, Endspieldatenbank)
terminal-play-score-stones = { $stones } Steine für dich
terminal-play-score-win = { $moves ->
    [one] du gewinnst mit dem nächsten Zug
   *[other] du gewinnst in { $moves } Zügen
}
terminal-play-score-loss = { $moves ->
    [one] du verlierst in einem Zug
   *[other] du verlierst in { $moves } Zügen
}
terminal-play-illegal = { $error }; tippe moves, um die erlaubten Züge zu sehen
terminal-play-won-guard-captured = { $colour ->
    [red] Spiel vorbei: Rot gewinnt, der gegnerische Wächter ist geschlagen.
   *[blue] Spiel vorbei: Blau gewinnt, der gegnerische Wächter ist geschlagen.
}
terminal-play-won-castle-reached = { $colour ->
    [red] Spiel vorbei: Rot gewinnt, der Wächter hat das gekennzeichnete Mittelfeld der gegnerischen Grundlinie betreten.
   *[blue] Spiel vorbei: Blau gewinnt, der Wächter hat das gekennzeichnete Mittelfeld der gegnerischen Grundlinie betreten.
}
terminal-play-won-no-legal-move = { $colour ->
    [red] Spiel vorbei: Rot gewinnt, Blau hat keinen erlaubten Zug mehr.
   *[blue] Spiel vorbei: Blau gewinnt, Rot hat keinen erlaubten Zug mehr.
}
terminal-play-draw-repetition = Spiel vorbei: unentschieden durch dreifache Stellungswiederholung.
terminal-play-draw-no-progress = Spiel vorbei: unentschieden, zu lange wurde nichts geschlagen.
terminal-play-draw-no-legal-move = Spiel vorbei: unentschieden, kein erlaubter Zug.

## The statistics table (the referee's `stats` and its last word, `towers kubb stats`)

terminal-stats-heading-team = Team
terminal-stats-heading-name = Name
terminal-stats-heading-sticks = Würfe
terminal-stats-heading-hit = Treffer%
terminal-stats-heading-baseline = Grundlinie%
terminal-stats-heading-advanced = Vorteilslinie%
terminal-stats-heading-first-stick = 1.Holz%
terminal-stats-heading-king = König%
terminal-stats-heading-inkast = Einwurf-drin%
terminal-stats-heading-efficiency = Eff%
terminal-stats-scope-player = Spieler
terminal-stats-scope-team = Team

## towers kubb replay

terminal-replay-result-won = Ergebnis: Team { $team } gewinnt
terminal-replay-result-won-named = Ergebnis: { $name } (Team { $team }) gewinnt
terminal-replay-result-drawn = Ergebnis: unentschieden
terminal-replay-result-unfinished = Ergebnis: noch nicht beendet

## A move typed that cannot be read (towers gt play)

terminal-move-format = '{ $text }' ist kein Zug: erwartet wird VON-NACH-STEINE wie A7-B7-1
terminal-move-square = ungültiger Zug: '{ $text }' ist kein Feld: erwartet wird eine Linie A-G und eine Reihe 1-7, wie D4
terminal-move-count = ungültiger Zug: die Zahl der Steine '{ $text }' muss eine Ziffer von 1 bis 7 sein
terminal-move-not-straight = ungültiger Zug: von { $from } nach { $to } ist kein gerader Schritt waagerecht oder senkrecht (nicht diagonal, nicht auf der Stelle)
terminal-move-count-mismatch = { $count ->
    [one] ungültiger Zug: '{ $text }' zieht einen Stein, aber { $distance } Felder weit; eine Spielfigur zieht genau so weit, wie sie hoch ist
   *[other] { $distance ->
        [one] ungültiger Zug: '{ $text }' zieht { $count } Steine, aber nur ein Feld weit; eine Spielfigur zieht genau so weit, wie sie hoch ist
       *[other] ungültiger Zug: '{ $text }' zieht { $count } Steine, aber { $distance } Felder weit; eine Spielfigur zieht genau so weit, wie sie hoch ist
    }
}

## The endgame tables' word (towers gt play, gt best, gt tablebase probe)

terminal-tablebase-win = { $colour ->
    [red] { $moves ->
        [one] Rot gewinnt in einem Zug (Endspieldatenbank)
       *[other] Rot gewinnt in { $moves } Zügen (Endspieldatenbank)
    }
   *[blue] { $moves ->
        [one] Blau gewinnt in einem Zug (Endspieldatenbank)
       *[other] Blau gewinnt in { $moves } Zügen (Endspieldatenbank)
    }
}
terminal-tablebase-draw = Remis (Endspieldatenbank)
terminal-tablebase-probe-win = { $plies ->
    [one] { $rules }: Gewinn in einem Halbzug
   *[other] { $rules }: Gewinn in { $plies } Halbzügen
}
terminal-tablebase-probe-loss = { $plies ->
    [one] { $rules }: Verlust in einem Halbzug
   *[other] { $rules }: Verlust in { $plies } Halbzügen
}
terminal-tablebase-probe-draw = { $rules }: Remis
terminal-tablebase-probe-unknown = { $rules }: nicht in der Endspieldatenbank
terminal-tablebase-probe-move = { $rules }, Zug der Endspieldatenbank: { $move }

## Files the commands read and write (gt replay, kubb replay, stats, advise, simulate)

terminal-file-cannot-read = { $file } lässt sich nicht lesen: { $error }
terminal-file-cannot-write = { $file } lässt sich nicht schreiben: { $error }
terminal-file-invalid-record = ungültige Aufzeichnung { $file }: { $error }
terminal-kubb-empty-record = ungültige Aufzeichnung { $file }: die Datei ist leer

## towers gt replay

terminal-gt-replay-game = Partie { $number }: { $red } (Rot) gegen { $blue } (Blau), { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
}, { $result } { $termination }
terminal-gt-replay-legal = { $games ->
    [one] { $games } Partie, alle Züge regelkonform
   *[other] { $games } Partien, alle Züge regelkonform
}
terminal-gt-replay-invalid-contest-log = ungültiges Turnierprotokoll { $file }: { $error }
terminal-gt-replay-contest-log = Turnierprotokoll: { $red } (Rot) gegen { $blue } (Blau), { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
}, { $result } { $termination }
terminal-gt-replay-colour = { $colour ->
    [red] Rot
   *[blue] Blau
}
terminal-gt-replay-contest-move = { $ply }. { $colour } { $move } (noch { $ms } ms)
terminal-gt-replay-contest-skipped = übergangen, nicht am Zug: Zeile { $line }: { $colour } schickte '{ $text }' (das Brett unverändert)
terminal-gt-replay-contest-verdict = Urteil des Servers: Zeile { $line }: { $reason }, { $winner } gewinnt
terminal-gt-replay-contest-no-verdict = Urteil des Servers: keines (das Protokoll endet ohne)
terminal-gt-replay-contest-legal = 1 Partie, alle Züge regelkonform, jedes protokollierte Brett stimmt mit der Wiedergabe überein

## towers kubb simulate

terminal-simulate-no-games = --games muss mindestens 1 sein
terminal-simulate-threads = die Threads lassen sich nicht starten: { $error }
terminal-simulate-progress-matches = Matches
terminal-simulate-heading = { $games ->
    [one] { $games } Match
   *[other] { $games } Matches
}, Regeln { $ruleset }, Eröffnung { $opening }, A ({ $a }) beginnt gegen B ({ $b }), Seed { $seed } (xoshiro256++)
terminal-simulate-wins = { $team } gewinnt { $share } % ± { $margin }
terminal-simulate-unfinished = nicht beendet { $count }
terminal-simulate-mean-turns = im Mittel { $turns } Züge
terminal-simulate-games-played = { $games ->
    [one] { $games } Satz gespielt
   *[other] { $games } Sätze gespielt
}, je { $turns } Züge
terminal-simulate-starter-wins = das Team, das einen Satz begann, gewann { $share } % davon
terminal-simulate-turn-quantiles = Züge: 10 % ≤ { $low }, Median { $median }, 90 % ≤ { $high }
terminal-simulate-speed = { $games ->
    [one] { $games } Match
   *[other] { $games } Matches
} ({ $played ->
    [one] { $played } Satz
   *[other] { $played } Sätze
}) in { $seconds } s: { $matchRate } Matches/s, { $gameRate } Sätze/s
terminal-simulate-chart-written = Diagramm geschrieben nach { $file }
terminal-file-cannot-make = { $file } lässt sich nicht anlegen: { $error }

## towers kubb duel

terminal-duel-progress = Matches, noch { $eta }
terminal-duel-heading = Suche ({ $playouts } Simulationen je Kandidat) gegen Heuristik, { $games ->
    [one] { $games } Match
   *[other] { $games } Matches
}, Teams { $skill }, Regeln { $ruleset }, Eröffnung { $opening }:
terminal-duel-result = die Suche gewann { $won } ({ $share } %, 95-%-Intervall { $low }–{ $high } %), die Heuristik { $heuristic }, nicht beendet { $unfinished }

## towers gt tablebase build (its progress, on stderr)

terminal-tablebase-build-too-many = --stones { $stones }: höchstens 14 (7 je Farbe)
terminal-tablebase-build-read = { $material }: gelesen aus { $file }
terminal-tablebase-build-table = { $material }: { $indices ->
    [one] { $indices } Index
   *[other] { $indices } Indizes
}, { $positions ->
    [one] { $positions } Stellung
   *[other] { $positions } Stellungen
}: { $wins ->
    [one] { $wins } Gewinn
   *[other] { $wins } Gewinne
}, { $losses ->
    [one] { $losses } Verlust
   *[other] { $losses } Verluste
}, { $draws ->
    [one] { $draws } Remis
   *[other] { $draws } Remis
}; längste { $longest ->
    [one] { $longest } Halbzug
   *[other] { $longest } Halbzüge
}; { $seconds } s
