"""Types of the compiled core (``guard_towers._core``); ``guard_towers``
re-exports every name. The docstrings are the extension's own."""

from __future__ import annotations

import os
from typing import Literal, Optional, Union

Color = Literal["red", "blue"]

START: str
"""The start position in course notation."""

class Piece:
    """What stands on a square: a guard or a tower of ``height`` stones."""

    @property
    def color(self) -> Color: ...
    @property
    def kind(self) -> Literal["guard", "tower"]: ...
    @property
    def height(self) -> int:
        """Stones in a tower (1-7); 1 for a guard."""

class Outcome:
    """How a game ended: the winner (``None`` for a draw) and the reason."""

    @property
    def winner(self) -> Optional[Color]: ...
    @property
    def reason(self) -> Literal[
        "guard captured",
        "castle reached",
        "no legal move",
        "threefold repetition",
        "no progress",
    ]: ...
    def points(self, color: str) -> float:
        """1 for a win, 0.5 for a draw, 0 for a loss."""

class Position:
    """A position: the board and the side to move. Immutable."""

    def __init__(self, text: Optional[str] = None) -> None:
        """A position in course notation; the start position without one.
        Raises ``ValueError`` for text that is no position."""
    @staticmethod
    def from_course_board(text: str) -> Position:
        """A board as a course game server sends it (``r0``/``b0``: empty)."""
    @property
    def side_to_move(self) -> Color: ...
    @property
    def zobrist(self) -> int: ...
    def legal_moves(self) -> list[str]:
        """The legal moves (``"A7-A6-1"``); none once decided."""
    def is_legal(self, move: str) -> bool: ...
    def play(self, move: str) -> Position:
        """The position after ``move``; ``ValueError`` if it is no legal move."""
    def outcome(self) -> Optional[Outcome]:
        """``None`` while the game goes on (a position alone has no draws)."""
    def board(self) -> dict[str, Piece]:
        """The pieces by square (``"D7"``)."""
    def piece_at(self, square: str) -> Optional[Piece]: ...
    def diagram(self) -> str:
        """A text diagram of the board."""

def perft(position: Position, depth: int) -> int:
    """The number of legal move sequences of ``depth`` plies."""

def perft_divide(position: Position, depth: int) -> dict[str, int]:
    """``perft`` split by root move."""

class Rules:
    """The draw rules: ``STANDARD`` (the rule book's) or ``COURSE`` (none)."""

    STANDARD: Rules
    COURSE: Rules

class Game:
    """A position with its history, draw rules and the record's tags."""

    event: str
    date: str
    red: str
    blue: str
    def __init__(
        self, position: Optional[Position] = None, rules: Rules = Rules.STANDARD
    ) -> None: ...
    def play(self, move: str) -> None:
        """Plays ``move``; ``ValueError`` (and no change) if it is not legal."""
    def undo(self) -> Optional[str]: ...
    def legal_moves(self) -> list[str]: ...
    def outcome(self) -> Optional[Outcome]: ...
    @property
    def position(self) -> Position: ...
    @property
    def start(self) -> Position: ...
    @property
    def moves(self) -> list[str]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]: ...
    @property
    def termination(self) -> str: ...
    def record(self) -> str:
        """The game as a game record (``docs/game-record.md``)."""
    def copy(self) -> Game: ...
    def __len__(self) -> int: ...

def read_record(text: str) -> Game:
    """The one game of a game record or a course contest log."""

def read_records(text: str) -> list[Game]:
    """Every game of a record file, or the game of a contest log."""

class Score:
    """Centi-stones, or a forced win or loss in a number of own moves."""

    @property
    def centistones(self) -> Optional[int]: ...
    @property
    def wins_in(self) -> Optional[int]: ...
    @property
    def loses_in(self) -> Optional[int]: ...

class SearchResult:
    """A search's answer."""

    @property
    def move(self) -> str: ...
    @property
    def score(self) -> Score: ...
    @property
    def pv(self) -> list[str]: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def tablebase(self) -> bool: ...

class Engine:
    """The engine at a level 1-10; reusable and thread-safe."""

    def __init__(
        self,
        level: int = 10,
        threads: int = 1,
        hash_mb: int = 16,
        tablebase: Optional[Union[str, os.PathLike[str]]] = None,
        seed: Optional[int] = None,
    ) -> None: ...
    @property
    def level(self) -> int: ...
    def best(
        self,
        position_or_game: Union[Position, Game],
        *,
        movetime_ms: Optional[int] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> SearchResult:
        """The move to play, its score and the principal variation."""
    def analyse(
        self,
        position_or_game: Union[Position, Game],
        lines: int = 3,
        *,
        movetime_ms: Optional[int] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> list[SearchResult]:
        """The ``lines`` best moves, best first."""
    def new_game(self) -> None: ...
    def set_option(self, name: str, value: str) -> None: ...
