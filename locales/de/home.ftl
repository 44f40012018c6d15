# Die Startseite (web/index.html, web/index.js): eine Partie oder ein Match
# beginnen, die offenen Herausforderungen und das Archiv beendeter Partien.

home-page-title = towers — Wächter & Türme und Kubb
home-nav-learn = Lernen
home-nav-puzzles = Aufgaben
home-heading = Spiele Wächter & Türme oder zähle eine Kubb-Partie
# $lesson und $puzzles sind Links, ihre Texte die beiden folgenden Nachrichten.
home-intro = Neu bei Wächter & Türme? { $lesson } zeigt, wie die Steine ziehen; { $puzzles } trainieren, den Gewinnzug zu finden.
home-intro-lesson = Die Zwei-Minuten-Lektion
home-intro-puzzles = Aufgaben

home-game-gt = Wächter & Türme
home-game-kubb = Kubb
home-gt-blurb = Staple deine Türme und schlage den gegnerischen Wächter, oder bring deinen eigenen Wächter auf das gekennzeichnete Mittelfeld der gegnerischen Grundlinie.
home-your-name = Dein Name
# Der Name, unter dem man spielt, bis man einen eintippt.
home-default-name = Spieler
home-play-engine = Gegen den Computer spielen
home-more-ways = Weitere Spielarten
home-level = Computerstärke
home-level-beginner = 1 (Anfänger)
home-level-full = 10 (volle Stärke)
home-colour = Deine Farbe
home-colour-red = Rot (zieht zuerst)
home-colour-blue = Blau
home-clock = Uhr
home-no-clock = Ohne Uhr
home-clock-option = { $minutes } Min. + { $seconds } s
home-start-position = Aus einer Stellung beginnen (optional)
# $signedIn ist ein Link zur Kontoseite, sein Text die nächste Nachricht.
home-rated = Gewertete Partie mit Freunden oder als Herausforderung ({ $signedIn }, unter dem Namen deines Kontos)
home-rated-signed-in = angemeldet
home-play-friend = Mit Freunden spielen (Link teilen)
home-post-challenge = Öffentliche Herausforderung stellen
home-watch-engines = Dem Computer gegen sich selbst zusehen

home-lobby-title = Offene Herausforderungen
home-lobby-blurb = Alle dürfen eine annehmen; deine erscheinen hier auch für die anderen.
home-lobby-empty = Gerade keine offene Herausforderung.
# Eine Herausforderung: $name wartet (ein Name oder home-someone).
home-challenge = { $clock ->
    [none] { $name } spielt { $colour ->
        [red] Rot
       *[blue] Blau
    }, ohne Uhr
   *[other] { $name } spielt { $colour ->
        [red] Rot
       *[blue] Blau
    }, { $minutes } Min. + { $seconds } s
}
home-someone = jemand
home-challenge-mine = Deine Herausforderung: öffnen
home-challenge-play = Gegen { $name } spielen

home-kubb-title = Kubb-Zähler
home-kubb-blurb = Leite ein Match auf dem Rasen: ein Tipp pro Wurfholz, die Regeln werden für dich geprüft, mit Statistik und Gewinnchancen.
home-team-a = Team A
home-team-b = Team B
home-players-a = Spieler von A (durch Komma getrennt)
home-players-b = Spieler von B
home-players-a-example =
    .placeholder = anna, ben
home-players-b-example =
    .placeholder = carla, dirk
home-rules = Regeln
home-ruleset-seed = Koning & Torens (Vorlage)
home-ruleset-standard = Standard-Turnierregeln
home-kubb-rated = Gewertetes Match (Teams und Spieler nach Namen)
home-score-kubb = Match zählen

# $link ist ein Link zur Turnierseite, sein Text die nächste Nachricht.
home-tournaments-line = { $link }: Jeder gegen jeden, Schweizer System oder K.-o.-System, für Kubb-Teams oder Spieler von Wächter & Türme.
home-tournaments-link = Ein Turnier ausrichten
# $link ist ein Link zu den Wertungen, sein Text die nächste Nachricht.
home-ratings-line = { $link }: die Ranglisten und der Verlauf aller gewerteten Spieler.
home-ratings-link = Wertungen

home-archive-title = Beendete Partien
home-archive-game = Spiel
home-archive-both = Beide Spiele
home-archive-name = Spieler oder Team
home-archive-name-input =
    .placeholder = ein Name
home-archive-table =
    .aria-label = Beendete Partien
home-col-game = Spiel
home-col-players = Spieler
home-col-date = Datum
home-col-result = Ergebnis
home-archive-empty = Noch keine beendeten Partien.
home-versus = { $first } gegen { $second }
# Das Ergebnis einer beendeten Partie; $name ist der des Siegers.
home-result-finished = Beendet
home-result-red = Rot ({ $name }) hat gewonnen
home-result-blue = Blau ({ $name }) hat gewonnen
home-result-draw = Remis
home-result-none = Kein Ergebnis
# Ein Ergebnis und warum die Partie endete ($why: eine der home-reason-Nachrichten).
home-result-why = { $result }: { $why }
home-reason-guard-captured = Wächter geschlagen
home-reason-castle-reached = Mittelfeld der Grundlinie erreicht
home-reason-no-legal-move = kein regelgerechter Zug
home-reason-threefold-repetition = dreifache Stellungswiederholung
home-reason-no-progress = kein Fortschritt
home-reason-resignation = Aufgabe
home-reason-draw-agreed = Remis vereinbart
home-reason-time-forfeit = Zeit überschritten
home-reason-unterminated = nicht beendet
home-kubb-drawn = Unentschieden (Zeit abgelaufen, Spiele gleich)
home-kubb-won = { $name } hat gewonnen
