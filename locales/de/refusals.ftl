# Die Ablehnungen: eine Nachricht für jeden Ablehnungscode, den der Server
# schickt (`refusal-` + der Code, Punkte als Bindestriche), mit den
# Parametern des Codes als Variablen.

## Die Kubb-Regeln (Koning & Torens und das Standardregelwerk)

refusal-kubb-match-over = Das Match ist vorbei: Team { $winner } hat es gewonnen.
refusal-kubb-match-drawn = Das Match ist vorbei: Bei Zeitablauf stand es in Spielen gleich, unentschieden.
refusal-kubb-not-now = { $action ->
        [starting-throw] Ein Anwurf
        [start] Die Wahl des beginnenden Teams
        [inkast] Ein Einwurf
        [placement] Das Aufstellen eines Kubbs
        [stick] Ein Wurf mit dem Wurfholz
        [next-game] Das nächste Spiel
        [rescue] Eine Rettung
        [time-called] Das Ausrufen der Zeit
       *[teams] Das Benennen der Teams
    } geht jetzt nicht: { $phase ->
        [starting-throw] Das Spiel beginnt mit dem Anwurf.
        [inkast] { $count ->
            [one] Erst kommt noch ein Einwurf.
           *[other] Erst kommen noch { $count } Einwürfe.
        }
        [placement] { $count ->
            [one] Die Verteidiger müssen erst einen Kubb aufstellen, der zweimal außerhalb gelandet ist.
           *[other] Die Verteidiger müssen erst { $count } Kubbs aufstellen, die zweimal außerhalb gelandet sind.
        }
        [throwing] Das werfende Team wirft gerade seine Wurfhölzer.
       *[game-over] Das Spiel ist vorbei.
    }
refusal-kubb-not-a-player = { $player } spielt nicht für { $team_name } (Team { $team }); dort spielen { $players }.
refusal-kubb-no-such-piece = Es gibt keinen Kubb mit der Nummer { $number }.
refusal-kubb-point-not-finite = Ein Punkt auf dem Rasen sind zwei Zahlen in Metern, nicht { $x }, { $y }.
refusal-kubb-named-twice = { $piece } ist für ein Wurfholz zweimal genannt.
refusal-kubb-lag-distance = Die Weite eines Anwurfs muss eine Zahl von Metern sein, 0 oder mehr.
refusal-kubb-lag-both-broke-king-rule = Beide Anwürfe haben die Königsregel verletzt: noch einmal werfen.
refusal-kubb-lag-tie = Beide Anwürfe liegen gleich nah am König: noch einmal werfen.
refusal-kubb-inkast-outside = { $at } liegt nicht in der Hälfte von Team { $half }: Ein eingeworfener Kubb, der dort landet, ist aus.
refusal-kubb-placement-outside-half = Team { $team } muss den Kubb in der eigenen Hälfte aufstellen; { $at } liegt nicht darin.
refusal-kubb-placement-near-king = Ein aufgestellter Kubb muss mindestens eine Wurfholzlänge ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) vom König entfernt stehen; { $at } ist { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m entfernt.
refusal-kubb-placement-near-pin = Das Regelwerk { $ruleset } hält einen aufgestellten Kubb mindestens eine Wurfholzlänge ({ NUMBER($minimum, minimumFractionDigits: 2, maximumFractionDigits: 2) } m) von jedem Feldpflock fern; { $at } ist { NUMBER($distance, minimumFractionDigits: 2, maximumFractionDigits: 2) } m vom Pflock bei { $pin } entfernt.
refusal-kubb-opening-throwers = Nach der 2-4-6-Werferregel werfen mindestens { $players } verschiedene Spieler die { $sticks } Wurfhölzer dieses Zuges; { $player } hat schon geworfen, und es sind zu wenige Wurfhölzer übrig.
refusal-kubb-too-few-players-for-thrower-rule = { $players ->
        [one] Nach der 2-4-6-Werferregel werfen mindestens 3 verschiedene Spieler die 4 ersten Wurfhölzer eines Teams; { $team } nennt nur einen Spieler.
       *[other] Nach der 2-4-6-Werferregel werfen mindestens 3 verschiedene Spieler die 4 ersten Wurfhölzer eines Teams; { $team } nennt nur { $players } Spieler.
    }
refusal-kubb-player-listed-twice = { $player } ist zweimal genannt: Ein Spieler wirft für ein Team und wird einmal genannt (Groß- und Kleinschreibung zählen nicht).
refusal-kubb-same-team-names = Beide Teams heißen { $name }: Gib ihnen verschiedene Namen.
refusal-kubb-no-time-limit = Dieses Match hat kein Zeitlimit, also kann keine Zeit ausgerufen werden.
refusal-kubb-time-called-already = Die Zeit ist schon ausgerufen.
refusal-kubb-not-rescuable = { $piece } ist kein Feldkubb, der aus einem früheren Zug in der Hälfte von Team { $half } steht; er kann nicht gerettet werden.
refusal-kubb-not-a-knight = { $piece } ist kein Feldkubb, der in der Hälfte von Team { $half } steht.
refusal-kubb-not-a-tower = { $piece } ist kein stehender Basiskubb von Team { $team }.
refusal-kubb-tower-behind-knights = { $knights ->
        [one] Basiskubb { $tower } von Team { $team } zählt nicht: In der Hälfte von Team { $team } steht noch ein Feldkubb; er wird wieder aufgestellt.
       *[other] Basiskubb { $tower } von Team { $team } zählt nicht: In der Hälfte von Team { $team } stehen noch { $knights } Feldkubbs; er wird wieder aufgestellt.
    }

## Die Zählung um die Kubb-Regeln

refusal-kubb-hit-names-nothing = Ein Treffer nennt, was gefallen ist (Feldkubbs, Basiskubbs oder den König); ein Wurfholz, das nichts umwirft, ist ein Fehlwurf.
refusal-kubb-nothing-to-undo = Es gibt nichts zurückzunehmen.
refusal-kubb-no-result-yet = Das Match ist nicht vorbei: Es gibt noch kein Ergebnis zu bestätigen.
refusal-kubb-other-teams-entry = Das Telefon von { $team_name } trägt die Würfe und das Aufstellen des eigenen Teams ein; dies trägt { $acting_name } (Team { $acting }) oder der Schiedsrichter ein.
refusal-kubb-referee-only = Nur der Schiedsrichter ruft die Zeit aus oder benennt die Teams.
refusal-kubb-referee-takes-back = Nur die Schiedsrichterin oder der Schiedsrichter nimmt Einträge zurück; das Handy eines Teams nimmt nur zurück, was es noch nicht gesendet hat.
refusal-kubb-confirm-from-team = Du spielst in keinem der beiden Teams: Bestätige mit dem Handy eines Teams.
refusal-kubb-token-scores-no-match = Mit diesem Token lässt sich kein Kubb-Spiel zählen.
refusal-kubb-event-out-of-order = Eintrag { $seq } kann nicht vor Eintrag { $next } gespeichert werden: Schick die Einträge der Reihe nach.
refusal-kubb-event-recorded-differently = Eintrag { $seq } ist schon mit einem anderen Inhalt gespeichert: Lade das Spiel neu.

## Wächter & Türme

refusal-gt-finished = Die Partie ist vorbei: { $outcome ->
        [red-guard-captured] Rot hat gewonnen, der gegnerische Wächter ist geschlagen.
        [red-castle-reached] Rot hat gewonnen, der Wächter hat das gekennzeichnete Mittelfeld der gegnerischen Grundlinie erreicht.
        [red-no-legal-move] Rot hat gewonnen, Blau hat keinen erlaubten Zug mehr.
        [blue-guard-captured] Blau hat gewonnen, der gegnerische Wächter ist geschlagen.
        [blue-castle-reached] Blau hat gewonnen, der Wächter hat das gekennzeichnete Mittelfeld der gegnerischen Grundlinie erreicht.
        [blue-no-legal-move] Blau hat gewonnen, Rot hat keinen erlaubten Zug mehr.
        [draw-repetition] Remis durch dreifache Stellungswiederholung.
        [draw-no-progress] Remis, zu lange wurde nichts geschlagen.
       *[draw-no-legal-move] Remis, es gibt keinen erlaubten Zug mehr.
    }
refusal-gt-not-legal-here = { $move } ist hier kein erlaubter Zug.
refusal-gt-illegal-move = { $move } ist in dieser Stellung kein erlaubter Zug für { $side ->
        [red] Rot
       *[blue] Blau
    }.
refusal-gt-not-your-turn = { $side ->
        [red] Rot
       *[blue] Blau
    } ist am Zug.
refusal-gt-game-over = Die Partie ist vorbei: { $termination ->
        [guard-captured] Ein Wächter wurde geschlagen.
        [castle-reached] Ein Wächter hat das gekennzeichnete Mittelfeld der gegnerischen Grundlinie erreicht.
        [no-legal-move] Es gab keinen erlaubten Zug mehr.
        [threefold-repetition] Dreifache Stellungswiederholung.
        [no-progress] Zu lange wurde nichts geschlagen.
        [resignation] Aufgegeben.
        [draw-agreed] Remis vereinbart.
        [time-forfeit] Die Zeit ist abgelaufen.
        [illegal-move] Ein unerlaubter Zug.
        [engine-crash] Ein Programm ist abgestürzt.
        [disconnect] Die Verbindung ist abgebrochen.
        [adjudication] Vom Schiedsrichter entschieden.
        [unterminated] Abgebrochen.
       *[other] Sie wurde beendet.
    }
refusal-gt-not-started = Die Partie hat nicht begonnen: Ein Platz ist noch frei.
refusal-gt-unreadable-move = { $problem ->
    [square] '{ $move }' ist kein Zug: '{ $square }' ist kein Feld: erwartet wird eine Linie A-G und eine Reihe 1-7, wie D4
    [count] '{ $move }' ist kein Zug: die Zahl der Steine '{ $count }' muss eine Ziffer von 1 bis 7 sein
    [not-straight] '{ $move }' ist kein Zug: von { $from } nach { $to } ist kein gerader Schritt waagerecht oder senkrecht (nicht diagonal, nicht auf der Stelle)
    [count-mismatch] '{ $move }' ist kein Zug: er zieht { $stones ->
        [one] einen Stein
       *[other] { $stones } Steine
    }, aber { $distance ->
        [one] ein Feld
       *[other] { $distance } Felder
    } weit; eine Spielfigur zieht genau so weit, wie sie hoch ist
   *[format] '{ $move }' ist kein Zug: erwartet wird VON-NACH-STEINE wie A7-B7-1
}
refusal-gt-no-seat-free = In dieser Partie ist kein Platz frei.
refusal-gt-by-invitation = Diese Partie ist nur mit Einladung: Öffne den vollständigen Link, den du bekommen hast (sein Geheimnis fehlt oder ist falsch).
refusal-gt-invitation-not-a-seat = Eine Einladung ist kein Platz: Tritt der Partie zuerst bei.
refusal-gt-rematch-token = Dieses Token gilt für die Revanche, nicht für diese Partie.
refusal-gt-seat-taken = Der Platz von { $side ->
        [red] Rot
       *[blue] Blau
    } ist schon besetzt.
refusal-gt-rated-same-player = { $name } spielt schon in dieser gewerteten Partie: Eine gewertete Partie spielen zwei verschiedene Leute.
refusal-gt-draw-offer-open = Es gibt schon ein offenes Remisangebot.
refusal-gt-no-draw-offer = { $side ->
        [red] Rot
       *[blue] Blau
    } hat kein Remisangebot zu beantworten.
refusal-gt-rematch-offer-open = Es gibt schon ein offenes Revancheangebot.
refusal-gt-no-rematch-offer = { $side ->
        [red] Rot
       *[blue] Blau
    } hat kein Revancheangebot zu beantworten.
refusal-gt-rematch-person-only = Eine Revanche bietest du einem Menschen an: Gegen das Programm oder einen Bot beginnst du eine neue Partie.
refusal-gt-rematch-not-over = Die Partie ist noch nicht vorbei: Eine Revanche folgt auf eine beendete Partie.
refusal-gt-rematch-agreed = Die Revanche ist schon vereinbart: Es ist die Partie { $game }.
refusal-gt-engine-level = Die Stufe { $level } gibt es nicht: Sie geht von 1 bis 10.
refusal-gt-rated-named-only = Gewertet werden nur Partien zwischen zwei Spielern mit Namen, nicht Partien gegen das eingebaute Programm oder Kurs-Clients.

## Partien, Turniere, Anfragen, Anmeldung

refusal-game-not-found = Es gibt keine Partie „{ $id }“.
refusal-game-wrong-kind = Das ist kein Ereignis einer Partie der Art { $kind }.
refusal-game-set-apart = Die Partie { $id } ist beiseitegelegt: Ihre gespeicherten Züge lassen sich nicht mehr nachspielen.
refusal-game-changed-meanwhile = Die Partie hat sich inzwischen geändert (ein anderer Server oder Platz): Lade neu und versuch es noch einmal.
refusal-game-token-holds-no-seat = Dieses Token gehört zu keinem Platz in dieser Partie.
refusal-puzzle-rating-changing = Die Wertung des Rätsels ändert sich gerade ständig: Versuch es noch einmal.
refusal-puzzle-unknown-theme = Es gibt kein Aufgabenthema „{ $theme }“.
refusal-tournament-refused = Das Turnier lehnt ab: { $reason }
refusal-request-malformed = Die Anfrage ist nicht lesbar. (Technische Details: { $reason })
refusal-request-refused = Abgelehnt: { $reason }
refusal-request-too-large = Die Anfrage ist zu groß: { $reason }
refusal-request-rate-limited = Zu viele Anfragen: Bitte langsamer.
refusal-request-limited = Zu viel auf einmal: { $reason }
refusal-request-not-found = Nicht gefunden: { $reason }
refusal-request-conflict = Das geht gerade nicht: { $reason }
refusal-request-busy = Die Engines sind beschäftigt: Versuch es in { $retry_after } s noch einmal.
refusal-auth-seat-token-needed = Dafür brauchst du das Token deines Platzes.
refusal-auth-bad-token = Das Token gilt nicht: { $reason }
refusal-auth-sign-in-needed = Bitte melde dich an: { $reason }
refusal-auth-forbidden = Das darfst du nicht: { $reason }
refusal-auth-sign-in-limited = Zu viele fehlgeschlagene Anmeldungen: Versuch es in { $retry_after } s noch einmal.
refusal-auth-cross-site = Eine Anfrage von der Seite einer anderen Website kann nicht für dein Konto handeln.
refusal-server-internal = Ein Fehler im Server.

## Turniere

refusal-tournament-file-version = Die Datei hat die Version { $version }; dieses towers liest Version { $reads }.
refusal-tournament-not-created = Das erste Ereignis muss das Turnier anlegen.
refusal-tournament-already-created = Das Turnier ist schon angelegt.
refusal-tournament-unknown-format = Unbekanntes Format „{ $format }“ (round-robin, double-round-robin, swiss, knockout oder pools-knockout).
refusal-tournament-rounds-not-swiss = Eine Rundenzahl gibt es nur beim Schweizer System.
refusal-tournament-pools-not-pools = Gruppen und Aufsteiger gibt es nur bei „Gruppen, dann K.-o.-System“.
refusal-tournament-third-place-no-knockout = Ein Spiel um Platz 3 gibt es nur bei einem Turnier mit K.-o.-System.
refusal-tournament-setting-zero = { $setting } muss mindestens 1 sein.
refusal-tournament-unknown-entrant = Unbekannter Teilnehmer „{ $name }“.
refusal-tournament-already-entered = „{ $name }“ ist schon angemeldet.
refusal-tournament-already-withdrawn = „{ $name }“ hat sich schon abgemeldet.
refusal-tournament-late-entry = { $format ->
        [round-robin] Ein Rundenturnier
        [double-round-robin] Ein doppeltes Rundenturnier
        [swiss] Ein Turnier im Schweizer System
        [knockout] Ein Turnier im K.-o.-System
       *[pools-knockout] Ein Turnier mit Gruppen und K.-o.-System
    } nimmt keine neuen Teilnehmer mehr an, sobald die erste Runde gepaart ist.
refusal-tournament-too-few = { $entrants } Teilnehmer sind zu wenige (mindestens { $needed } werden gebraucht).
refusal-tournament-round-open = Runde { $round } ist nicht fertig: { $first } - { $second } hat kein Ergebnis.
refusal-tournament-over = Das Turnier ist vorbei.
refusal-tournament-unpairable = Für die nächste Runde gibt es keine Paarung ohne Wiederholung.
refusal-tournament-too-many-rounds = Ein Schweizer System mit { $entrants } Teilnehmern hat höchstens { $most } Runden ohne Wiederholung, nicht { $rounds }: Gib weniger Runden an.
refusal-tournament-wrong-round = Runde { $round } kann jetzt nicht gepaart werden (die nächste Runde ist { $next }).
refusal-tournament-bad-pairing = „{ $name }“ kann nicht gepaart werden: abgemeldet oder zweimal in der Runde gepaart.
refusal-tournament-no-such-pairing = { $round ->
        [0] Es gibt keine Paarung { $first } - { $second }.
       *[other] Es gibt keine Paarung { $first } - { $second } in Runde { $round }.
    }
refusal-tournament-score-not-for-game = { $score } ist kein Ergebnis { $game ->
        [kubb] im Kubb
       *[gt] bei Wächter & Türme
    }.
refusal-tournament-kubbs-not-kubb = Basiskubbs gibt es nur bei Kubb-Turnieren.
refusal-tournament-needs-winner = Ein K.-o.-Spiel braucht einen Sieger, nicht { $score }.
refusal-tournament-already-recorded = { $first } - { $second } hat schon ein Ergebnis; eine Korrektur ersetzt es.
refusal-tournament-nothing-to-correct = { $first } - { $second } hat kein Ergebnis, das sich korrigieren ließe.
refusal-tournament-settled = Dieses Ergebnis kann sich nicht mehr ändern: Runde { $round } wurde danach gepaart.
refusal-tournament-not-in-bracket = „{ $name }“ hat ein K.-o.-Spiel gewonnen, steht aber nicht im Turnierbaum (eine von Hand gepaarte Runde?).
refusal-tournament-pitch-duplicate = Zwei Felder heißen „{ $name }“ (oder ähnlich).
refusal-tournament-too-many-pitches = Ein Turnier hat höchstens { $max } Felder, nicht { $count }.
refusal-tournament-no-pairing-number = Runde { $round } hat keine Paarung { $pairing }.
refusal-tournament-not-to-start = { $state ->
        [playing] Diese Paarung spielt schon.
       *[finished] Diese Paarung ist schon fertig.
    }
refusal-tournament-organiser-only = Dafür brauchst du den Schlüssel der Turnierleitung.
refusal-tournament-title = Ein Titel hat 1 bis { $max } druckbare Zeichen.
refusal-tournament-kubb-settings-only = Ein Regelwerk und Match-Einstellungen gibt es nur bei Kubb-Turnieren.
refusal-tournament-time-control-gt-only = Eine Bedenkzeit gibt es nur bei Turnieren in Wächter & Türme.
refusal-tournament-bots-play-gt-only = Bot-Konten spielen nur Wächter & Türme.
refusal-tournament-bot-no-players = Ein Bot als Teilnehmer hat keine Spieler.
refusal-tournament-gt-entrant-alone = Ein Teilnehmer bei Wächter & Türme ist ein einzelner Spieler: keine Teamspieler.
refusal-tournament-kubb-team-too-big = Ein Kubb-Team hat höchstens { $max } Spieler.

## Namen

refusal-name-empty = Ein Name darf nicht leer sein.
refusal-name-too-long = Ein Name hat höchstens { $max } Zeichen; „{ $given }…“ hat { $chars }.
refusal-name-control-character = Ein Name darf keine Steuerzeichen enthalten; dieser enthält { $found }.
refusal-name-format-character = Ein Name darf keine unsichtbaren oder Formatierungszeichen enthalten; dieser enthält { $found }.
refusal-name-unassigned-character = Ein Name darf keine nicht zugewiesenen Zeichen oder Zeichen zur privaten Nutzung enthalten; dieser enthält { $found }.
refusal-name-line-separator = Ein Name ist eine Zeile, ohne Zeilen- oder Absatztrenner; dieser enthält { $found }.
refusal-name-blank = Ein Name braucht etwas Sichtbares, nicht nur Leerzeichen und unsichtbare Zeichen.
refusal-name-too-like = „{ $name }“ ist vergeben oder „{ $held }“ zu ähnlich.
refusal-name-account-only = „{ $name }“ ist der Name eines Kontos: Melde dich als „{ $name }“ an, um unter diesem Namen zu spielen.
refusal-name-bot-only = „{ $name }“ ist der Name eines Bots: Nur der Bot spielt unter diesem Namen.

## Konten

refusal-account-wrong-password = Name oder Passwort falsch.
refusal-account-password-too-short = Ein Passwort hat mindestens { $min } Zeichen.
refusal-account-password-too-long = Ein Passwort hat höchstens { $max } Zeichen.
refusal-account-passkey-refused = Mit diesem Passkey geht die Anmeldung nicht.
refusal-account-passkey-registered = Dieser Passkey ist schon registriert, oder der Link zum Zurücksetzen wurde schon benutzt.
refusal-account-reset-link-expired = Dieser Link zum Zurücksetzen ist benutzt oder abgelaufen.
refusal-account-last-way-in = Das ist der letzte Weg in dein Konto: Füge zuerst einen weiteren Passkey oder ein Passwort hinzu.
refusal-account-sign-in-first = Bitte melde dich zuerst an.
refusal-account-rated-signed-in = Eine gewertete Partie spielst du angemeldet, unter dem Namen deines Kontos: Melde dich unter /account an.
refusal-account-rated-own-name = Du bist als „{ $account }“ angemeldet: Eine gewertete Partie spielst du unter deinem eigenen Namen, nicht als „{ $name }“.
refusal-account-bot-name-taken = Ein Bot namens „{ $name }“ ist schon registriert.
refusal-account-ceremony-expired = Diese Passkey-Anfrage gibt es nicht mehr: Sie ist abgeschlossen oder abgelaufen.
refusal-account-no-such-session = Diese Sitzung gibt es in deinem Konto nicht.
refusal-account-no-such-passkey = Diesen Passkey gibt es in deinem Konto nicht.
refusal-account-passkey-sign-in-first = Melde dich zuerst an: Ein Passkey wird zu deinem Konto hinzugefügt.
refusal-account-passkeys-need-address = Passkeys brauchen die öffentliche Adresse des Servers: Starte ihn mit --public-url https://dein.host
refusal-bot-streams-open = Dieser Bot hat schon { $max } Ereignis-Streams offen: Schließ zuerst einen.
