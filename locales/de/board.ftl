# Die Aufruftafel: die Felder eines Turniers, die nächsten Aufrufe, die
# neuesten Ergebnisse und die Tabelle, für den großen Bildschirm neben den
# Feldern (aus der Ferne gelesen, ohne Bedienung) und für das Handy.

board-page-title = Aufruftafel — towers
board-shown-title = { $title } — Aufruftafel

board-status-waiting = Anmeldung: Runde 1 ist noch nicht ausgelost
board-status-round = Runde { $round }
board-status-round-of = Runde { $round } von { $rounds }
board-status-finished = Beendet: Abschlusstabelle

board-pitches = Felder
board-no-pitches = Noch keine Felder: Die Turnierleitung legt sie auf der Turnierseite an.
# $name ist der Name des Felds, wie die Turnierleitung ihn vergeben hat („3“, „Mitte“).
board-pitch = Feld { $name }
board-pitch-free = Frei
board-pitch-out = Gesperrt
board-called = Aufgerufen um { $time }
board-playing = Spielt seit { $time }
board-overdue = Überzieht
board-just-called = Soeben aufgerufen
# Für Screenreader, wenn ein Match auf ein Feld gerufen wird.
board-call-announced = Feld { $pitch }: { $first } gegen { $second }

board-next = Nächste Aufrufe
board-next-none = Kein Match wartet.
board-pairing-round = Runde { $round }

board-results = Neueste Ergebnisse
board-results-none = Noch keine Ergebnisse.

board-standings = Tabelle
board-col-rank = Platz
board-col-team = Team
board-col-points = Punkte
