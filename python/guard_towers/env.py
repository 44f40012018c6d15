"""Reinforcement-learning environments for Guard & Towers.

``import guard_towers`` does not load this module; it needs numpy,
gymnasium and pettingzoo (``pip install "./python[env]"``). Full guide:
``docs/python-env.md``.

Two environments share one encoding:

* ``env()`` / ``raw_env``: a PettingZoo AEC environment, both players as
  agents ``"red"`` and ``"blue"``, in the style of PettingZoo's classic games.
* ``GuardTowersEnv``: a single-agent Gymnasium environment, the agent against
  the built-in engine; registered as ``"GuardTowers-v0"``.

Actions (1176, a fixed index, the same for both colours)
    ``action = (square * 4 + direction) * 6 + (distance - 1)`` with
    ``square = (rank - 1) * 7 + file`` (A1 = 0, B1 = 1, ..., G7 = 48),
    ``direction`` 0 north (rank up), 1 east (file up), 2 south (rank down),
    3 west (file down), and ``distance`` 1..6. A move of ``k`` stones goes
    exactly ``k`` squares, so the distance is also the stone count: action 0
    is ``"A1-A2-1"``. 588 of the 1176 actions leave the board and are never
    legal; ``action_to_move`` raises ``ValueError`` for them.

Observation planes (int8 0/1, shape ``(7, 7, 18)``, the observer's view)
    ``obs[rank - 1, file, channel]`` with file A = 0: row 0 is rank 1 (Blue's
    home row). The board is never flipped for Blue, because the action
    index names absolute squares: ``obs.reshape(49, 18)[square]`` is the
    square of the action index for either colour, and channel 17 tells
    which way the observer's guard must go. Channels ("own" = the
    observing agent's colour):

    =====  ====================================================
    0      own guard
    1-7    own tower of height 1..7 (one-hot: channel ``h``)
    8      opponent's guard
    9-15   opponent's tower of height 1..7 (channel ``8 + h``)
    16     all ones when the observer is to move, else zeros
    17     all ones when the observer is Red, else zeros
    =====  ====================================================

    The draw rules' history (repetitions, plies since the last capture) is
    not in the planes.

Action mask
    ``int8 (1176,)``, 1 for each legal move of the side to move. PettingZoo:
    all zeros for the agent not to move and after the end.

Rewards
    +1 for the winner, -1 for the loser, 0 for a draw, given once at the end;
    0 on every other step.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import guard_towers as gt

__all__ = [
    "ACTION_COUNT",
    "OBSERVATION_SHAPE",
    "GuardTowersEnv",
    "action_to_move",
    "env",
    "legal_action_mask",
    "move_to_action",
    "observation_planes",
    "raw_env",
]

COLORS = ("red", "blue")
ACTION_COUNT = 7 * 7 * 4 * 6
OBSERVATION_SHAPE = (7, 7, 18)

_FILES = "ABCDEFG"
_SQUARES = [f"{_FILES[s % 7]}{s // 7 + 1}" for s in range(49)]
# (rank step, file step) of the directions north, east, south, west.
_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _build_move_table() -> list[str | None]:
    """The move string of every action, None where it leaves the board."""
    table: list[str | None] = []
    for square in range(49):
        rank, file = divmod(square, 7)
        for rank_step, file_step in _STEPS:
            for distance in range(1, 7):
                to_rank, to_file = rank + rank_step * distance, file + file_step * distance
                on_board = 0 <= to_rank < 7 and 0 <= to_file < 7
                target = _SQUARES[to_rank * 7 + to_file] if on_board else None
                table.append(
                    f"{_SQUARES[square]}-{target}-{distance}" if target else None
                )
    return table


_MOVE_OF = _build_move_table()
_ACTION_OF = {move: action for action, move in enumerate(_MOVE_OF) if move}
# Square name -> (row, column) of the observation planes.
_CELL_OF = {name: divmod(square, 7) for square, name in enumerate(_SQUARES)}


def move_to_action(move: str) -> int:
    """The action index of ``move`` ("A7-A6-1"; a guard move may omit "-1").

    Raises ``ValueError`` for a text that is no straight move on the board
    whose stone count equals its distance. Says nothing about legality.
    """
    action = _ACTION_OF.get(move)
    if action is None:
        # The slow path only for the spellings the rule book lets readers accept.
        text = move.strip().upper()
        action = _ACTION_OF.get(text if text.count("-") == 2 else f"{text}-1")
    if action is None:
        raise ValueError(
            f"{move!r} is no straight move on the 7x7 board that goes as many "
            "squares as it moves stones"
        )
    return action


def action_to_move(action: int) -> str:
    """The move string of ``action``; ``ValueError`` if it is out of range
    or leaves the board (such an action is never legal)."""
    if not 0 <= action < ACTION_COUNT:
        raise ValueError(f"action {action} is outside 0..{ACTION_COUNT - 1}")
    move = _MOVE_OF[action]
    if move is None:
        raise ValueError(f"action {action} leaves the board")
    return move


def legal_action_mask(position_or_game: gt.Position | gt.Game) -> np.ndarray:
    """int8 (1176,): 1 at each legal move's action. A ``Game`` applies its
    draw rules (a drawn game has no legal move), a ``Position`` does not."""
    mask = np.zeros(ACTION_COUNT, dtype=np.int8)
    actions = [_ACTION_OF[move] for move in position_or_game.legal_moves()]
    mask[actions] = 1
    return mask


def observation_planes(position_or_game: gt.Position | gt.Game, color: str) -> np.ndarray:
    """The (7, 7, 18) int8 planes of the module docstring, seen by ``color``."""
    position = _position_of(position_or_game)
    planes = np.zeros(OBSERVATION_SHAPE, dtype=np.int8)
    for square, piece in position.board().items():
        row, column = _CELL_OF[square]
        base = 0 if piece.color == color else 8
        # A guard has height 1 in Piece; it takes the channel before the towers.
        channel = base if piece.kind == "guard" else base + piece.height
        planes[row, column, channel] = 1
    planes[:, :, 16] = position.side_to_move == color
    planes[:, :, 17] = color == "red"
    return planes


def _position_of(position_or_game: gt.Position | gt.Game) -> gt.Position:
    if isinstance(position_or_game, gt.Game):
        return position_or_game.position
    return position_or_game


def _rules_of(rules: str | gt.Rules) -> gt.Rules:
    if isinstance(rules, gt.Rules):
        return rules
    named = {"standard": gt.Rules.STANDARD, "course": gt.Rules.COURSE}
    if rules not in named:
        raise ValueError(f"rules must be 'standard' or 'course', not {rules!r}")
    return named[rules]


def _new_game(rules: gt.Rules, options: dict[str, Any] | None) -> gt.Game:
    """A game from ``options["position"]`` (course notation or a Position),
    the start position without one."""
    start = (options or {}).get("position")
    if isinstance(start, str):
        start = gt.Position(start)
    game = gt.Game(position=start, rules=rules)
    # An episode must have a first move to make.
    if game.outcome() is not None:
        raise ValueError(f"the position is already decided: {game.outcome()}")
    return game


def _observation_space() -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0, 1, OBSERVATION_SHAPE, dtype=np.int8),
            "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8),
        }
    )


def _points(outcome: gt.Outcome, color: str) -> int:
    """+1 / -1 / 0 for ``color`` in a finished game."""
    if outcome.winner is None:
        return 0
    return 1 if outcome.winner == color else -1


def _render(game: gt.Game, render_mode: str | None) -> str | None:
    if render_mode is None:
        gymnasium.logger.warn("render() called without a render_mode")
        return None
    text = game.position.diagram()
    if render_mode == "ansi":
        return text
    print(text)
    return None


def env(**kwargs: Any) -> AECEnv:
    """The wrapped AEC environment, as PettingZoo's classic games wrap
    theirs: an illegal action ends the game with -1 for the mover and 0 for
    the other agent (with a warning), an action outside 0..1175 fails an
    assertion, and calls out of order raise."""
    environment = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv, EzPickle):
    """Guard & Towers for two agents, ``"red"`` and ``"blue"``.

    ``rules``: ``"standard"`` (threefold repetition and 100 plies without a
    capture are draws, so every game ends and truncation never happens) or
    ``"course"`` (no draw rules: a game can go on forever, so pass
    ``max_plies`` to truncate it). ``reset(options={"position": text})``
    starts from a position in course notation; the side to move goes first.
    The unwrapped env raises ``ValueError`` on an illegal action; ``env()``
    turns that into a loss.
    """

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "guard_towers_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        rules: str | gt.Rules = "standard",
        max_plies: int | None = None,
    ):
        EzPickle.__init__(self, render_mode, rules, max_plies)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.rules = _rules_of(rules)
        self.max_plies = max_plies
        self.possible_agents = list(COLORS)
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: _observation_space() for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.agents}
        self.game = gt.Game(rules=self.rules)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        done = self.terminations[agent] or self.truncations[agent]
        if agent == self.agent_selection and not done:
            mask = legal_action_mask(self.game)
        else:
            mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        return {"observation": observation_planes(self.game, agent), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        # The game is deterministic; the seed only fixes the spaces' sampling.
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.game = _new_game(self.rules, options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.game.position.side_to_move
        if self.render_mode == "human":
            self.render()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.game.play(action_to_move(int(action)))  # ValueError when illegal
        self.rewards = dict.fromkeys(self.agents, 0)
        outcome = self.game.outcome()
        if outcome is not None:
            self._finish(outcome)
        elif self.max_plies is not None and len(self.game.moves) >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.game.position.side_to_move
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, outcome: gt.Outcome) -> None:
        for agent in self.agents:
            self.rewards[agent] = _points(outcome, agent)
            self.infos[agent] = {"winner": outcome.winner, "reason": outcome.reason}
        self.terminations = dict.fromkeys(self.agents, True)

    def render(self) -> str | None:
        return _render(self.game, self.render_mode)

    def close(self) -> None:
        pass


class GuardTowersEnv(gymnasium.Env):
    """The agent plays ``color`` against ``gt.Engine(level)``.

    The engine's search: ``depth`` or ``movetime_ms`` when given; otherwise
    levels 1-9 search to their own fixed depth (``docs/levels.md``) and
    level 10 to depth 6, so a step takes milliseconds and replays exactly
    for a seed. With ``color="blue"`` the engine makes the first move inside
    ``reset``.

    An action that is not legal ends the episode (``terminated=True``) with
    reward -1 and ``info["illegal_action"] = True``: gymnasium's checkers
    and many agents sample unmasked actions, and a loss teaches to respect
    ``action_mask``.

    ``seed`` seeds the first ``reset`` that brings none; the engine's
    deliberate mistakes draw their seed from the environment's generator.
    ``rules``/``max_plies`` as in ``raw_env`` (truncation only with
    ``max_plies``).
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 2}

    def __init__(
        self,
        level: int = 1,
        color: str = "red",
        depth: int | None = None,
        movetime_ms: int | None = None,
        seed: int | None = None,
        rules: str | gt.Rules = "standard",
        max_plies: int | None = None,
        render_mode: str | None = None,
    ):
        if color not in COLORS:
            raise ValueError(f"color must be 'red' or 'blue', not {color!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.level = level
        self.color = color
        self.rules = _rules_of(rules)
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.observation_space = _observation_space()
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self._limits = self._search_limits(level, depth, movetime_ms)
        self._first_seed = seed
        # Validates the level now rather than at the first reset.
        self.engine = gt.Engine(level=level, threads=1, seed=0)
        self.game = gt.Game(rules=self.rules)

    @staticmethod
    def _search_limits(level: int, depth: int | None, movetime_ms: int | None) -> dict:
        if depth is not None or movetime_ms is not None:
            return {"depth": depth, "movetime_ms": movetime_ms}
        # Without limits the engine thinks 1 s; levels below 10 stop at their depth anyway.
        return {"depth": 6} if level >= 10 else {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        engine_seed = int(self.np_random.integers(2**63 - 1))
        self.engine = gt.Engine(level=self.level, threads=1, seed=engine_seed)
        self.game = _new_game(self.rules, options)
        info: dict[str, Any] = {}
        if self.game.position.side_to_move != self.color:
            info = self._engine_moves()
        if self.render_mode == "human":
            self.render()
        return self._observation(), info

    def step(self, action: int):
        if self.game.outcome() is not None:
            raise RuntimeError("the episode is over; call reset()")
        move = self._legal_move(int(action))
        if move is None:
            return self._observation(), -1.0, True, False, {"illegal_action": True}
        self.game.play(move)
        info: dict[str, Any] = {}
        if self.game.outcome() is None:
            info = self._engine_moves()
        if self.render_mode == "human":
            self.render()
        return self._result(info)

    def _legal_move(self, action: int) -> str | None:
        if not 0 <= action < ACTION_COUNT or _MOVE_OF[action] is None:
            return None
        move = _MOVE_OF[action]
        return move if move in self.game.legal_moves() else None

    def _engine_moves(self) -> dict[str, Any]:
        reply = self.engine.best(self.game, **self._limits).move
        self.game.play(reply)
        return {"engine_move": reply}

    def _result(self, info: dict[str, Any]):
        outcome = self.game.outcome()
        reward, terminated = 0.0, outcome is not None
        if terminated:
            reward = float(_points(outcome, self.color))
            info.update(winner=outcome.winner, reason=outcome.reason)
        truncated = (
            not terminated
            and self.max_plies is not None
            and len(self.game.moves) >= self.max_plies
        )
        return self._observation(), reward, terminated, truncated, info

    def _observation(self) -> dict[str, np.ndarray]:
        return {
            "observation": observation_planes(self.game, self.color),
            "action_mask": legal_action_mask(self.game),
        }

    def action_masks(self) -> np.ndarray:
        """The legal actions as bools, for sb3-contrib's MaskablePPO."""
        return legal_action_mask(self.game).astype(bool)

    def render(self) -> str | None:
        return _render(self.game, self.render_mode)


def _register() -> None:
    # Re-importing (e.g. importlib.reload) must not register the id twice.
    if "GuardTowers-v0" not in gymnasium.registry:
        gymnasium.register(id="GuardTowers-v0", entry_point="guard_towers.env:GuardTowersEnv")


_register()
