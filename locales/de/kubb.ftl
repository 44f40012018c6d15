# Der Kubb-Schreiber (kubb.html, kubb.js), sein Postausgang (offline.js)
# und die Einstellungen eines Spiels (kubb-settings.js, auch auf der
# Startseite und der Turnierseite).
#
# $ruleset ist "seed" (Koning & Torens) oder "standard"; Deutsch sagt in
# beiden König, Basiskubb, Feldkubb und Wurfholz.

kubb-title = Kubb-Schreiber — towers
kubb-page-name = Kubb-Schreiber
kubb-scoring =
    .aria-label = Punkte eintragen
kubb-win-probability =
    .aria-label = Siegchance
kubb-field =
    .aria-label = Das Spielfeld von oben
kubb-thrower = Werfer
kubb-undo = Letzten Eintrag zurücknehmen
kubb-share = Links für die Handys der Teams: Jedes Team trägt seine eigenen Würfe ein
kubb-scoreboard = Spielstand
kubb-scoreboard-region =
    .aria-label = Spielstand
kubb-column-team = Team
kubb-column-games = Sätze
kubb-column-towers = { $ruleset ->
   *[other] Basis­kubbs stehen
}
kubb-column-knights = { $ruleset ->
   *[other] Feld­kubbs in der Hälfte
}
kubb-column-line = Linie
kubb-players = Spieler
kubb-players-region =
    .aria-label = Spieler
kubb-column-player = Spieler
kubb-column-sticks = { $ruleset ->
   *[other] Wurf­hölzer
}
kubb-column-hits = Treffer
kubb-column-hit-rate = Treffer­quote
kubb-column-inkast = Einwürfe drin
kubb-export = Export
kubb-export-log = Ereignisprotokoll
kubb-export-notation = Notation

## Das Feld

kubb-line-label = { $team } wirft von { $piece }
kubb-king-letter = K
kubb-king = { $ruleset ->
   *[other] König
}
kubb-king-felled = { $ruleset ->
   *[other] König, umgeworfen
}
kubb-king-marked = { $ruleset ->
   *[other] König, als umgeworfen markiert
}
kubb-fallen = { $ruleset ->
   *[other] { $piece } liegt in der Hälfte von { $half }
}
kubb-piece-tower = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, Basiskubb in der Hälfte von { $half }, als umgeworfen markiert
       *[no] { $piece }, Basiskubb in der Hälfte von { $half }
    }
}
kubb-piece-knight = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, Feldkubb in der Hälfte von { $half }, als umgeworfen markiert
       *[no] { $piece }, Feldkubb in der Hälfte von { $half }
    }
}
kubb-piece-knight-unplaced = { $ruleset ->
   *[other] { $marked ->
        [yes] { $piece }, Feldkubb in der Hälfte von { $half }, Stelle nicht notiert, als umgeworfen markiert
       *[no] { $piece }, Feldkubb in der Hälfte von { $half }, Stelle nicht notiert
    }
}
kubb-announce-marked = { $piece } als umgeworfen markiert.
kubb-announce-unmarked = { $piece } nicht mehr markiert.
kubb-announce-king-marked = { $ruleset ->
   *[other] König als umgeworfen markiert.
}
kubb-announce-king-unmarked = { $ruleset ->
   *[other] König nicht mehr markiert.
}

## Die Knöpfe

kubb-blocked = Ein Eintrag weiter oben wurde abgelehnt: Entscheide zuerst darüber (verwerfen oder nach den anderen senden).
kubb-hit = Treffer (tippe an, was fiel)
kubb-hit-marked = Treffer: { $count } umgeworfen
kubb-confirm-king-stick = { $ruleset ->
   *[other] Wer den König umwirft, beendet den Satz. Eintragen?
}
kubb-miss = Fehlwurf
kubb-foul = Foul
kubb-landed-in = Im Feld: Stelle antippen
kubb-tap-landed = Tippe auf die Stelle im Feld, wo er gelandet ist.
kubb-landed-out = Im Aus
kubb-inkast-king = { $ruleset ->
   *[other] König umgeworfen
}
kubb-confirm-king-inkast = { $ruleset ->
   *[other] Ein Einwurf, der den König umwirft, beendet den Satz. Eintragen?
}
kubb-rescue = { $piece } retten
kubb-placed = Aufgestellt: Stelle antippen
kubb-tap-placed = Tippe auf die Stelle im Feld, wo die Verteidiger ihn aufgestellt haben.
kubb-placed-unknown = Aufgestellt (Stelle nicht notiert)
kubb-starts = { $team } beginnt
kubb-spot-unknown = Stelle unbekannt
kubb-cancel = Abbrechen
kubb-other-phone = { $team } trägt das auf dem eigenen Handy ein; es erscheint hier, sobald es eingetragen ist.
kubb-next-game = Nächster Satz
kubb-call-time = Zeit abpfeifen ({ $minutes } Min., { $tieBreak ->
    [baseline-count] Basiskubbs zählen
    [accelerated] beschleunigtes Spiel
    [sudden] Sudden Death
   *[none] kein Tie-Break
})

## Der Zug

kubb-status-start = Wer beginnt? Trag das Ergebnis des Anwurfs ein.
kubb-status-inkast = { $thrower } wirft { $piece } in die Hälfte von { $target } ein (Versuch { $attempt }).
kubb-status-placement = { $count ->
    [one] { $team } stellt { $pieces } auf, nach zweimal Aus.
   *[other] { $team } stellt { $pieces } auf, nach zweimal Aus.
}
kubb-status-throwing = { $ruleset ->
   *[other] { $kingAttack ->
        [yes] { $count ->
            [one] { $thrower } wirft: noch { $count } Wurfholz, Zug { $turn }. Der König darf angegriffen werden.
           *[other] { $thrower } wirft: noch { $count } Wurfhölzer, Zug { $turn }. Der König darf angegriffen werden.
        }
       *[no] { $count ->
            [one] { $thrower } wirft: noch { $count } Wurfholz, Zug { $turn }.
           *[other] { $thrower } wirft: noch { $count } Wurfhölzer, Zug { $turn }.
        }
    }
}
kubb-game-won = { $ruleset ->
   *[other] { $how ->
        [king] Satz vorbei: { $winner } gewinnt ihn (Team { $side } hat den König umgeworfen).
        [inkast] Satz vorbei: { $winner } gewinnt ihn (Team { $side } hat den König mit einem eingeworfenen Kubb umgeworfen).
        [early] Satz vorbei: { $winner } gewinnt ihn (Team { $side } hat den König zu früh umgeworfen).
        [more-towers] Satz vorbei: { $winner } gewinnt ihn (Zeit: Team { $side } hat mehr Basiskubbs umgeworfen, { $more } zu { $fewer }).
       *[other] Satz vorbei: { $winner } gewinnt ihn ({ $reason }).
    }
}
kubb-game-drawn = { $how ->
    [time] Satz vorbei: unentschieden (die Zeit wurde abgepfiffen).
    [level] Satz vorbei: unentschieden (Zeit: beide Teams haben { $more } Basiskubbs umgeworfen).
   *[other] Satz vorbei: unentschieden ({ $reason }).
}
kubb-turn-line = { $ruleset ->
   *[other] { $count ->
        [one] { $team } wirft, Zug { $turn }, noch { $count } Wurfholz.
       *[other] { $team } wirft, Zug { $turn }, noch { $count } Wurfhölzer.
    }
}

## Das Ergebnis und seine Bestätigung

kubb-match-won = { $team } gewinnt das Spiel!
kubb-match-drawn = Das Spiel endet unentschieden: Die Zeit wurde beim Satzstand von { $a }–{ $b } abgepfiffen.
kubb-over-entries-waiting = Das Spiel ist vorbei. Das Ergebnis kann bestätigt werden, sobald die Einträge auf diesem Handy gesendet sind.
kubb-over = Das Spiel ist vorbei.
kubb-confirmed-referee = Die Schiedsrichterin oder der Schiedsrichter hat das Ergebnis bestätigt.{ $rating ->
    [unconfirmed] {" "}Für die Wertung bleibt es unbestätigt, bis jedes Team es angemeldet als einer seiner Spieler bestätigt.
    [counted] {" "}Es zählt für die Wertung.
   *[none] {""}
}
kubb-confirmed-teams = Beide Teams haben das Ergebnis bestätigt.{ $rating ->
    [unconfirmed] {" "}Für die Wertung bleibt es unbestätigt, bis jedes Team es angemeldet als einer seiner Spieler bestätigt.
    [counted] {" "}Es zählt für die Wertung.
   *[none] {""}
}
kubb-result-disputed = Das Ergebnis ist umstritten: { $a ->
    [agreed] { $teamA } stimmt zu
    [disputed] { $teamA } widerspricht
   *[pending] { $teamA } noch nicht
}; { $b ->
    [agreed] { $teamB } stimmt zu
    [disputed] { $teamB } widerspricht
   *[pending] { $teamB } noch nicht
}. Die Schiedsrichterin oder der Schiedsrichter entscheidet.{ $rating ->
    [unconfirmed] {" "}Für die Wertung bleibt es unbestätigt, bis jedes Team es angemeldet als einer seiner Spieler bestätigt.
    [counted] {" "}Es zählt für die Wertung.
   *[none] {""}
}
kubb-result-waiting = Das Spiel ist vorbei: { $a ->
    [agreed] { $teamA } stimmt zu
    [disputed] { $teamA } widerspricht
   *[pending] { $teamA } noch nicht
}; { $b ->
    [agreed] { $teamB } stimmt zu
    [disputed] { $teamB } widerspricht
   *[pending] { $teamB } noch nicht
}.{ $rating ->
    [unconfirmed] {" "}Für die Wertung bleibt es unbestätigt, bis jedes Team es angemeldet als einer seiner Spieler bestätigt.
    [counted] {" "}Es zählt für die Wertung.
   *[none] {""}
}
kubb-agree = Wir stimmen dem Ergebnis zu
kubb-confirm = Ergebnis bestätigen
kubb-dispute = Wir widersprechen
kubb-agreement-recorded = Deine Zustimmung ist eingetragen.
kubb-dispute-recorded = Dein Widerspruch ist eingetragen: Die Schiedsrichterin oder der Schiedsrichter entscheidet.

## Die Links der Teams

kubb-share-phone = Handy von { $team }
kubb-copy-link = Link kopieren
kubb-copied = Kopiert.
kubb-qr = QR-Code
kubb-qr-label = QR-Code des Links von { $team }

## Spielstand und Spieler

kubb-line-baseline = Grund­linie
kubb-line-advanced = vorgerückt bis { $piece }
kubb-towers-of = { $count } von 5
kubb-hit-rate = { $percent } %

## Senden

kubb-sync-refused = Nicht gesendet: { $count }
kubb-sync-sending = Sende { $count } …
kubb-sync-saved = Auf dem Handy: { $count }
kubb-synced = Synchronisiert

## Der Postausgang: jeder Eintrag in Worten

kubb-entry-miss = { $by ->
    [yes] Wurf von { $player }: Fehlwurf
   *[no] Wurf: Fehlwurf
}
kubb-entry-foul = { $by ->
    [yes] Wurf von { $player }: Foul
   *[no] Wurf: Foul
}
kubb-entry-hit = { $ruleset ->
   *[other] { $by ->
        [yes] { $king ->
            [only] Wurf von { $player }: König umgeworfen
            [also] Wurf von { $player }: { $pieces } und der König umgeworfen
           *[no] Wurf von { $player }: { $pieces } umgeworfen
        }
       *[no] { $king ->
            [only] Wurf: König umgeworfen
            [also] Wurf: { $pieces } und der König umgeworfen
           *[no] Wurf: { $pieces } umgeworfen
        }
    }
}
kubb-entry-inkast-king = { $ruleset ->
   *[other] { $by ->
        [yes] Einwurf von { $player }: König umgeworfen
       *[no] Einwurf: König umgeworfen
    }
}
kubb-entry-inkast-in = { $by ->
    [yes] Einwurf von { $player }: im Feld
   *[no] Einwurf: im Feld
}
kubb-entry-inkast-out = { $by ->
    [yes] Einwurf von { $player }: im Aus
   *[no] Einwurf: im Aus
}
kubb-entry-placement = Aufstellen
kubb-entry-rescue = { $by ->
    [yes] Rettung von { $piece } durch { $player }
   *[no] Rettung von { $piece }
}
kubb-entry-start = { $team } beginnt
kubb-entry-next-game = Nächster Satz
kubb-entry-time-called = Zeit abgepfiffen
kubb-entry-refused = { $entry } — abgelehnt
kubb-entry-waits = { $entry } — noch nicht gesendet (wartet auf den Eintrag darüber)
kubb-entry-saved = { $entry } — auf diesem Handy gespeichert, noch nicht gesendet
kubb-refused-server = Der Server hat ihn abgelehnt: { $reason }
kubb-refused-rules = Die Regeln lehnen ihn jetzt ab: { $reason }
kubb-drop = Diesen Eintrag verwerfen
kubb-send-after = Nach den anderen Einträgen senden
kubb-not-recorded = { $entry } wurde nicht eingetragen: { $reason }. Er und die Einträge danach warten unter dem Feld auf deine Entscheidung.
kubb-outbox-blocked = { $count ->
    [one] { $count } Eintrag nicht eingetragen: einer braucht die Schiedsrichterin oder den Schiedsrichter
   *[other] { $count } Einträge nicht eingetragen: einer braucht die Schiedsrichterin oder den Schiedsrichter
}
kubb-outbox-saved = { $count ->
    [one] { $count } Eintrag auf diesem Handy gespeichert
   *[other] { $count } Einträge auf diesem Handy gespeichert
}
kubb-dropped = { $entry }: verworfen.
kubb-taken-back-local = { $entry }: zurückgenommen (er war nur auf diesem Handy gespeichert).
kubb-taken-back = Der letzte Eintrag ist zurückgenommen.

## Siegchancen und Rat

kubb-odds-team = { $team } { $percent } %
kubb-odds-draw = unentschieden { $percent } %
kubb-odds-over = Das Spiel ist vorbei: { $result }
kubb-odds-not-started = Siegchance: Das Spiel hat noch nicht begonnen
kubb-odds-offline = Siegchance: braucht die Verbindung; erscheint, sobald die Einträge dieses Handys gesendet sind
kubb-odds-need-connection = Chancen erst online
kubb-advice-offline = Rat und Chancen brauchen die Verbindung: Sie kommen wieder, sobald die Einträge dieses Handys gesendet sind.
kubb-odds = { $draw ->
    [0] Siegchance: { $teamA } { $a } %, { $teamB } { $b } %
   *[other] Siegchance: { $teamA } { $a } %, { $teamB } { $b } %, unentschieden { $draw } %
}
kubb-advice = { $ruleset ->
   *[other] { $decision ->
        [inkast] Rat für { $team }: die übrigen Kubbs bei x { $x } m, y { $y } m einwerfen ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
        [place] Rat für { $team }: bei x { $x } m, y { $y } m aufstellen ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
        [king] Rat für { $team }: auf den König werfen ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
        [away] Rat für { $team }: das Wurfholz wegwerfen ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
        [piece] Rat für { $team }: auf { $piece } werfen ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
       *[other] Rat für { $team }: { $best } ({ $percent } % Siegchance für das Spiel, +{ $gain } Punkte gegenüber der üblichen Wahl)
    }
}

## Die Einstellungen eines Spiels (Startseite, Turnierseite)

kubb-setting-opening = Eröffnung
kubb-opening-666 = 6-6-6 (Weltmeisterschaft)
kubb-opening-246 = 2-4-6 (US-Meisterschaft)
kubb-setting-thrower-rule = 2-4-6-Werferregel (an: die 2 Wurfhölzer von zwei Spielern geworfen, die 4 von dreien)
kubb-off = Aus
kubb-on = An
kubb-setting-games-to-win = Spielformat (wer zuerst N Sätze gewinnt, spielt Best of 2N − 1)
kubb-games-own = Wie die Regeln (Quelle: ein Satz; Standard: Best of 3)
kubb-games-1 = Ein Satz (zuerst 1)
kubb-games-2 = Best of 3 (zuerst 2)
kubb-games-3 = Best of 5 (zuerst 3)
kubb-games-4 = Best of 7 (zuerst 4)
kubb-games-5 = Best of 9 (zuerst 5)
kubb-setting-five-for-five = Fünf für fünf (alle fünf Basiskubbs mit den ersten Wurfhölzern des Eröffnungszugs: die übrigen Wurfhölzer verfallen)
kubb-five-for-five-on = An (US-Meisterschaft bis 2014)
kubb-setting-double = Basiskubb-Doppel (ein Wurfholz wirft die letzten Feldkubbs, dann einen Basiskubb)
kubb-double-on = Der Basiskubb zählt
kubb-double-off = Der Basiskubb wird wieder aufgestellt
kubb-setting-time-limit = Zeitlimit in Minuten (leer: keins)
kubb-setting-tie-break = Tie-Break, wenn die Zeit abgepfiffen wird
kubb-tie-break-baseline-count = Basiskubbs zählen (USA)
kubb-tie-break-accelerated = Beschleunigtes Spiel
kubb-tie-break-sudden = Sudden Death (Deutschland)
kubb-tie-break-none = Keiner: unentschieden

# A tournament match's call to a pitch (tournament-call.js), above the score.
kubb-call-waiting = { $ahead ->
        [0] Euer Spiel ist als Nächstes dran: Es wartet auf ein freies Feld
        [one] Euer Spiel wartet auf ein Feld: { $ahead } Spiel vorher
       *[other] Euer Spiel wartet auf ein Feld: { $ahead } Spiele vorher
    }
kubb-call-now = Euer Spiel: Feld { $pitch }, jetzt
kubb-call-playing = Euer Spiel: Feld { $pitch }
kubb-call-notify = Sag mir Bescheid, wenn wir aufgerufen werden
kubb-call-next-now = Euer nächstes Spiel: Feld { $pitch }, jetzt
kubb-call-next-playing = Euer nächstes Spiel: Feld { $pitch }
