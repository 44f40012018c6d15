"""Guard & Towers: the exact rules, the engine and game records.

>>> import guard_towers as gt
>>> p = gt.Position()
>>> p.side_to_move
'red'
>>> len(p.legal_moves())
25
>>> gt.perft(p, 2)
625

The training environment is ``guard_towers.env`` (needs numpy, gymnasium and
pettingzoo: ``pip install "./python[env]"``).
"""

from guard_towers._core import (
    START,
    Engine,
    Game,
    Outcome,
    Piece,
    Position,
    Rules,
    Score,
    SearchResult,
    perft,
    perft_divide,
    read_record,
    read_records,
)

__all__ = [
    "START",
    "Engine",
    "Game",
    "Outcome",
    "Piece",
    "Position",
    "Rules",
    "Score",
    "SearchResult",
    "perft",
    "perft_divide",
    "read_record",
    "read_records",
]
