# Het oproepbord: de velden van een toernooi, de volgende oproepen, de
# laatste uitslagen en de stand, voor het grote scherm naast de velden (van
# ver te lezen, zonder bediening) en voor de telefoon.

board-page-title = Oproepbord — towers
board-shown-title = { $title } — oproepbord

board-status-waiting = Inschrijving: ronde 1 is nog niet geloot
board-status-round = Ronde { $round }
board-status-round-of = Ronde { $round } van { $rounds }
board-status-finished = Afgelopen: eindstand

board-pitches = Velden
board-no-pitches = Nog geen velden: de organisator legt ze vast op de toernooipagina.
# $name is de naam van het veld zoals de organisator die gaf („3“, „Midden“).
board-pitch = Veld { $name }
board-pitch-free = Vrij
board-pitch-out = Buiten gebruik
board-called = Opgeroepen om { $time }
board-playing = Speelt sinds { $time }
board-overdue = Loopt uit
board-just-called = Net opgeroepen
# Voor schermlezers, wanneer een partij naar een veld wordt geroepen.
board-call-announced = Veld { $pitch }: { $first } tegen { $second }

board-next = Volgende oproepen
board-next-none = Er wacht geen partij.
board-pairing-round = Ronde { $round }

board-results = Laatste uitslagen
board-results-none = Nog geen uitslagen.

board-standings = Stand
board-col-rank = Plaats
board-col-team = Team
board-col-points = Punten
