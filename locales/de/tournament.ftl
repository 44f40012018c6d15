# Die Turnierseiten (web/tournament.html, web/tournament.js): das Formular,
# das eines anlegt, die Turnierleitung und die öffentliche Ansicht.

tournament-page-title = Turnier — towers
tournament-missing-title = Kein Turnier gefunden — towers
# Die Seite eines Turniers: $title ist sein Titel, wie die Leitung ihn eingab.
tournament-shown-title = { $title } — towers
tournament-header = Turnier

tournament-create-title = Ein Turnier ausrichten
tournament-title-label = Titel
tournament-default-title = Vereinsturnier
tournament-game-label = Spiel
tournament-game-kubb = Kubb
tournament-game-gt = Wächter & Türme
tournament-format-label = Modus
tournament-format-round-robin = Jeder gegen jeden
tournament-format-double-round-robin = Jeder gegen jeden, Hin- und Rückrunde
tournament-format-swiss = Schweizer System
tournament-format-knockout = K.-o.-System
tournament-format-pools-knockout = Gruppen, dann K.-o.-System
tournament-rounds-label = Runden (leer: genug für einen Sieger)
tournament-pools-label = Gruppen (leer: Gruppen von etwa vier)
tournament-qualifiers-label = Weiter pro Gruppe
tournament-third-place-label = Spiel um Platz drei
tournament-rules-label = Regeln
tournament-ruleset-seed = Koning & Torens (Vorlage)
tournament-ruleset-standard = Standard-Turnierregeln
tournament-create = Turnier anlegen
tournament-create-note = Du bekommst den Schlüssel der Turnierleitung in diesem Browser: Bewahre ihn auf, nur mit ihm lassen sich Teilnehmer anmelden, Runden starten und Ergebnisse eintragen.

# Der Modus in der Überschrift eines Turniers.
tournament-heading-round-robin = jeder gegen jeden
tournament-heading-double-round-robin = jeder gegen jeden, Hin- und Rückrunde
tournament-heading-swiss = Schweizer System
tournament-heading-knockout = K.-o.-System
tournament-heading-pools-knockout = Gruppen, dann K.-o.
# $title, $game und $format: der eingegebene Titel, das Spiel, der Modus.
tournament-heading = { $title } · { $game } · { $format }
tournament-status-registration = { $entrants ->
    [one] Anmeldung offen: { $entrants } Teilnehmer.
   *[other] Anmeldung offen: { $entrants } Teilnehmer.
}
tournament-status-finished = { $rounds ->
    [one] Beendet nach { $rounds } Runde.
   *[other] Beendet nach { $rounds } Runden.
}
tournament-status-playing = { $open ->
    [one] Runde { $round } läuft: { $open } Partie wird noch gespielt.
   *[other] Runde { $round } läuft: { $open } Partien werden noch gespielt.
}
tournament-champion = { $name } gewinnt das Turnier

tournament-organiser = Turnierleitung
tournament-entrant-label = Teilnehmer
tournament-players-label = Spieler (durch Komma getrennt)
tournament-players-example =
    .placeholder = anna, ben
tournament-register = Hinzufügen
tournament-start-round = Nächste Runde starten
tournament-pairing-label = Paarung
tournament-score-label = Ergebnis aus Sicht des Erstgenannten
tournament-record = Eintragen oder korrigieren
tournament-no-pairing-yet = noch keine Paarung zum Eintragen
tournament-pairing-choice = Runde { $round }: { $first } – { $second }
tournament-pairing-choice-score = Runde { $round }: { $first } – { $second } ({ $score })
tournament-links-title = Links zu den Partien
tournament-links-note = Jeder Link öffnet seine Partie auf jedem Handy, für seinen Platz: bei Kubb für die Schiedsrichter und für jedes Team, bei Wächter & Türme für jeden Spieler. Kopiere ihn zum Verschicken oder zeige seinen QR-Code zum Scannen. Wer einen Link hat, spielt oder zählt für diesen Platz: Gib ihn nur an das richtige Handy.
tournament-game-title = Runde { $round }: { $first } – { $second }
tournament-no-game-to-play = Ergebnis von der Turnierleitung eingetragen: keine Partie zu spielen.
tournament-seat-referee = Schiedsrichter
tournament-seat-red = { $name } (Rot)
tournament-seat-blue = { $name } (Blau)
tournament-play-red = Als Rot spielen
tournament-play-blue = Als Blau spielen
tournament-copy-link = Link kopieren
tournament-copied = Kopiert
tournament-copy-by-hand = Markiere den Link und kopiere ihn
tournament-seat-url =
    .aria-label = Link für { $name }
tournament-qr-show = QR-Code zeigen
tournament-qr-hide = QR-Code ausblenden
tournament-qr-label = QR-Code des Links für { $name }

tournament-standings = Tabelle
tournament-standings-table =
    .aria-label = Tabelle
tournament-col-name = Name
tournament-col-points = Punkte
    .short = Pkt.
tournament-col-tiebreaks = Feinwertung
tournament-col-record = S-U-N
    .title = Siege, Unentschieden, Niederlagen
tournament-wdl = { $wins }-{ $draws }-{ $losses }
# Unter der Tabelle auf dem Handy; $tiebreaks zählt die Feinwertungen auf.
tournament-legend = Pkt.: Punkte; S-U-N: Siege, Unentschieden, Niederlagen; { $tiebreaks }.
tournament-legend-tiebreak = { $short }: { $name }
tournament-name-withdrawn = { $name } (zurückgezogen)
tournament-name-pool = { $name } · Gruppe { $pool }
tournament-name-withdrawn-pool = { $name } (zurückgezogen) · Gruppe { $pool }
# Die Feinwertungen, jede mit ihrer Abkürzung auf dem Handy.
tournament-tiebreak-buchholz = Buchholz
    .short = Bh
tournament-tiebreak-median-buchholz = Median-Buchholz
    .short = MBh
tournament-tiebreak-sonneborn-berger = Sonneborn-Berger
    .short = SB
tournament-tiebreak-baseline-difference = Differenz der Basiskubbs
    .short = BKD
tournament-tiebreak-head-to-head = Direkter Vergleich
    .short = DV
tournament-tiebreak-direct-encounter = Direkte Begegnung
    .short = DB
tournament-tiebreak-wins = Siege
    .short = S

tournament-rounds = Runden
tournament-no-round = Noch keine Runde gepaart.
tournament-round = Runde { $round }
tournament-round-stage = Runde { $round } ({ $stage })
tournament-stage-pool = Gruppe
tournament-stage-knockout = K.-o.
tournament-pairing = { $first } – { $second }
tournament-bye = { $name } — spielfrei
tournament-entered-by-organiser = von der Turnierleitung eingetragen
tournament-corrected-by-organiser = von der Turnierleitung korrigiert
tournament-watch-live = live zusehen
tournament-see-game = zur Partie

tournament-crosstable = Kreuztabelle
tournament-crosstable-table =
    .aria-label = Kreuztabelle, seitlich scrollbar
tournament-bracket = Turnierbaum
tournament-bracket-region =
    .aria-label = Turnierbaum, seitlich scrollbar
tournament-bracket-image =
    .alt = Der Turnierbaum der K.-o.-Runden
tournament-export = Export
tournament-export-pairings = Paarungen (CSV)
tournament-export-standings = Tabelle (CSV)

# The day on its pitches (the organiser's panel).
tournament-board-link = Aufrufanzeige (für einen Bildschirm an den Feldern)
tournament-day-title = Felder
tournament-pitches-label = Felder, ein Name pro Zeile, in der Reihenfolge, in der sie vergeben werden
tournament-pitches-save = Felder speichern
tournament-pitches-note = Sobald beide Teams einer Paarung frei sind, wird sie auf das erste freie Feld aufgerufen, in der Reihenfolge der Paarungen; ein Ergebnis gibt das Feld sofort frei. Die erste Eingabe eines Spiels markiert es als begonnen.
tournament-waiting-title = Wartet auf ein Feld
tournament-waiting-none = Keine Paarung wartet.
tournament-waiting-pairing = Runde { $round }: { $first } – { $second }
tournament-pitch-name = Feld { $name }
tournament-pitch-out = außer Betrieb
tournament-pitch-free = frei
tournament-pitch-called = aufgerufen um { $time }
tournament-pitch-playing = spielt seit { $time }
tournament-pitch-overdue = über der Zeit
tournament-pitch-mark-started = Als begonnen markieren
tournament-pitch-take-out = Außer Betrieb nehmen
tournament-pitch-bring-back = Wieder in Betrieb nehmen
