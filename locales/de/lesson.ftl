# Die Lektion (lesson.html, lesson.js): ihre Schritte, jeder mit einem Ziel.

lesson-page-title = Wächter & Türme lernen — towers
lesson-header = Wächter & Türme lernen
lesson-board =
    .aria-label = Brett der Lektion
lesson-next = Weiter
lesson-again = Diesen Schritt neu beginnen
lesson-skip = Überspringen
lesson-done-title = Das ist das ganze Spiel
lesson-done-text = Jetzt spiel: Der Computer auf Stufe 1 ist ein sanfter erster Gegner, in der Lobby findest du Menschen.
lesson-play = Eine Partie spielen
lesson-progress = Schritt { $step } von { $total }
lesson-announce-step = Schritt { $step } von { $total }: { $title }. { $text }

## Die Schritte
lesson-height-title = Höhe ist Zugweite
lesson-height-text = Eine Turmfigur zieht geradeaus, vorwärts, rückwärts oder seitwärts, genau so viele Felder, wie sie Steine hoch ist. Ziehe den ganzen Turm aus 3 Turmsteinen auf D4: Tippe ihn an, dann einen grünen Punkt.
lesson-height-praise = Drei Turmsteine, drei Felder.
lesson-split-title = Entstapeln
lesson-split-text = Von einem Turm darfst du auch nur die oberen Turmsteine wegziehen: so viele Felder, wie du Steine nimmst. Ziehe einen Turmstein vom Turm aus 3: ein Feld.
lesson-split-praise = Ein Turmstein ist ein Feld gezogen; zwei sind stehen geblieben.
lesson-stack-title = Stapeln
lesson-stack-text = Erreicht eine Turmfigur eine andere eigene Turmfigur, wird sie auf diese gestapelt, und der höhere Turm zieht weiter. Staple deine beiden Turmsteine zu einem Turm aus 2.
lesson-stack-praise = Zwei Turmsteine in einem Turm: Er zieht jetzt zwei Felder weit.
lesson-capture-title = Schlagen
lesson-capture-text = Eine Turmfigur schlägt eine gegnerische Turmfigur, die nicht höher ist als sie selbst, indem sie auf deren Feld zieht; keine Figur darf eine andere überspringen. Schlage den blauen Turm, den dein Turm aus 2 schlagen kann.
lesson-capture-praise = Der blaue Turm aus 2 ist geschlagen. Die blaue 3 auf B4 war zu hoch für zwei Turmsteine.
lesson-guard-title = Der Wächter
lesson-guard-text = Der Wächter (die Figur mit der Krone) zieht ein Feld weit und schlägt jede Figur, egal wie hoch. Schlage den blauen Turm aus 4 mit deinem Wächter.
lesson-guard-praise = Wächter sind stark, und zugleich die Figur, die du nicht verlieren darfst: Wer seinen Wächter verliert, verliert die Partie.
lesson-capture-guard-title = Den Wächter schlagen
lesson-capture-guard-text = Jede Turmfigur, sogar ein einzelner Turmstein, schlägt den gegnerischen Wächter und gewinnt damit das Spiel. Gewinne jetzt.
lesson-capture-guard-praise = Der Wächter ist geschlagen.
lesson-castle-title = Die gekennzeichneten Mittelfelder
lesson-castle-text = Die umrandeten Mittelfelder der Grundlinien sind gekennzeichnet: D1 gehört Blau, D7 Rot. Betritt mit deinem Wächter das gekennzeichnete Mittelfeld des Gegners, und du gewinnst. Gewinne jetzt.
lesson-castle-praise = Dein Wächter steht auf dem gekennzeichneten Mittelfeld des Gegners. Das sind alle Regeln.

## Was ein Zug sagt
lesson-solved = { $move }: { $praise }
lesson-solved-won = { $move }: { $praise } { $color } gewinnt: { $reason }.
lesson-solved-drawn = { $move }: { $praise } Niemand gewinnt: { $reason }.
lesson-not-goal = { $move } ist ein erlaubter Zug, aber nicht das Ziel dieses Schritts. Das Brett wird neu aufgebaut: Versuch es noch einmal.
