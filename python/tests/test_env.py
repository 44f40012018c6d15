"""Tests of guard_towers.env: the action index, the planes, the PettingZoo
environment and the Gymnasium wrapper."""

import pathlib
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import guard_towers as gt  # noqa: E402
from guard_towers import env as gte  # noqa: E402

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python-env.md"
# Red's guard next to Blue's: Red to move takes it at once (D7-D6-1).
GUARD_TAKES = "3RG3/3BG3/7/7/7/7/7 r"


def random_positions(games=200, seed=0):
    """Every position of ``games`` random games under the standard rules."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        game = gt.Game()
        yield game.position
        while game.outcome() is None:
            moves = game.legal_moves()
            game.play(moves[rng.integers(len(moves))])
            yield game.position


def random_action(obs, rng):
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


# --- the action index -------------------------------------------------------


def test_action_index_examples():
    assert gte.ACTION_COUNT == 1176
    assert gte.action_to_move(0) == "A1-A2-1"
    # D7 = square 45, west, 1 square.
    assert gte.move_to_action("D7-C7-1") == (45 * 4 + 3) * 6 + 0
    assert gte.action_to_move(5) == "A1-A7-6"
    assert gte.move_to_action("A1-G1-6") == (0 * 4 + 1) * 6 + 5
    assert gte.move_to_action("G7-G1-6") == (48 * 4 + 2) * 6 + 5


def test_every_action_round_trips_or_leaves_the_board():
    on_board = 0
    for action in range(gte.ACTION_COUNT):
        try:
            move = gte.action_to_move(action)
        except ValueError:
            continue
        on_board += 1
        assert gte.move_to_action(move) == action
    # Per file and direction 21 on-board (square, distance) pairs: 7 * 4 * 21.
    assert on_board == 588


@pytest.mark.parametrize("text", ["A7-A6-2", "A7-B6-1", "H1-H2-1", "A1-A1-0", "", "A1"])
def test_no_move_is_rejected(text):
    with pytest.raises(ValueError):
        gte.move_to_action(text)


@pytest.mark.parametrize("action", [-1, 1176, (0 * 4 + 3) * 6])  # the last: A1 west
def test_action_outside_the_board_is_rejected(action):
    with pytest.raises(ValueError):
        gte.action_to_move(action)


def test_guard_move_without_stones_is_read():
    assert gte.move_to_action("d7-d6") == gte.move_to_action("D7-D6-1")


def test_mask_equals_legal_moves_and_round_trips():
    positions = 0
    for position in random_positions():
        positions += 1
        moves = position.legal_moves()
        for move in moves:
            assert gte.action_to_move(gte.move_to_action(move)) == move
        mask = gte.legal_action_mask(position)
        assert mask.dtype == np.int8 and mask.shape == (1176,)
        assert sorted(gte.action_to_move(a) for a in np.flatnonzero(mask)) == sorted(moves)
    assert positions > 4000


def test_mask_of_a_drawn_game_is_empty():
    game = gt.Game(gt.Position("3RG3/7/7/7/7/7/3BG3 r"))
    for _ in range(2):
        for move in ["D7-C7-1", "D1-C1-1", "C7-D7-1", "C1-D1-1"]:
            game.play(move)
    assert game.outcome().winner is None
    assert gte.legal_action_mask(game).sum() == 0


# --- the observation planes -------------------------------------------------


def decode(planes, color):
    """The board the planes show, as Position.board() writes it."""
    other = "blue" if color == "red" else "red"
    board = {}
    for row, column, channel in zip(*np.nonzero(planes[:, :, :16])):
        square = "ABCDEFG"[column] + str(row + 1)
        owner, rest = (color, channel) if channel < 8 else (other, channel - 8)
        kind, height = ("guard", 1) if rest == 0 else ("tower", int(rest))
        board[square] = (owner, kind, height)
    return board


def test_planes_show_the_board_for_both_colours():
    space = gte.raw_env().observation_space("red")["observation"]
    for position in random_positions(games=20, seed=1):
        expected = {s: (p.color, p.kind, p.height) for s, p in position.board().items()}
        for color in ("red", "blue"):
            planes = gte.observation_planes(position, color)
            assert space.contains(planes)
            assert decode(planes, color) == expected
            assert (planes[:, :, 16] == (position.side_to_move == color)).all()
            assert (planes[:, :, 17] == (color == "red")).all()


def test_planes_are_indexed_like_actions():
    planes = gte.observation_planes(gt.Position(), "red")
    flat = planes.reshape(49, 18)
    d7 = gte.move_to_action("D7-D6-1") // 24
    assert flat[d7, 0] == 1  # Red's own guard
    assert flat[3, 8] == 1  # D1: the opponent's guard


# --- the PettingZoo environment ---------------------------------------------


# Warnings that PettingZoo's own classic games (chess, connect four) get too:
# a Dict observation with an action mask, and agents named for the colours.
CLASSIC_WARNINGS = [
    "Observation space for each agent probably",
    "We recommend agents to be named",
    "Observation is not a NumPy array",
]


def test_pettingzoo_api():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in CLASSIC_WARNINGS:
            warnings.filterwarnings("ignore", message=message)
        api_test(gte.env(), num_cycles=1000)


def test_pettingzoo_seed():
    seed_test(gte.env, num_cycles=200)


def test_pettingzoo_observations_are_in_their_spaces():
    environment = gte.env()
    environment.reset(seed=3)
    rng = np.random.default_rng(3)
    for agent in environment.agent_iter():
        obs, reward, terminated, truncated, _ = environment.last()
        assert environment.observation_space(agent).contains(obs)
        if terminated or truncated:
            assert reward in (-1, 0, 1)
            environment.step(None)
        else:
            environment.step(random_action(obs, rng))
    assert sum(environment.rewards.values()) == 0


def test_pettingzoo_win_rewards():
    environment = gte.env()
    environment.reset(options={"position": GUARD_TAKES})
    environment.step(gte.move_to_action("D7-D6-1"))
    assert environment.terminations == {"red": True, "blue": True}
    assert environment._cumulative_rewards == {"red": 1, "blue": -1}
    assert environment.infos["blue"]["reason"] == "guard captured"


def test_pettingzoo_illegal_action_loses():
    environment = gte.env()
    environment.reset()
    environment.step(0)  # A1-A2-1 moves a blue piece; PettingZoo logs a warning
    assert environment._cumulative_rewards == {"red": -1, "blue": 0}
    assert all(environment.terminations.values())


def test_raw_env_raises_on_illegal_action():
    environment = gte.raw_env()
    environment.reset()
    with pytest.raises(ValueError):
        environment.step(0)


def test_course_rules_truncate_at_max_plies():
    environment = gte.env(rules="course", max_plies=4)
    environment.reset(options={"position": "3RG3/7/7/7/7/7/3BG3 r"})
    for move in ["D7-C7-1", "D1-C1-1", "C7-D7-1", "C1-D1-1"]:
        environment.step(gte.move_to_action(move))
    assert environment.truncations == {"red": True, "blue": True}
    assert not any(environment.terminations.values())
    assert environment.observe("red")["action_mask"].sum() == 0


def test_a_decided_start_position_is_refused():
    with pytest.raises(ValueError, match="decided"):
        gte.env().reset(options={"position": "3RG3/7/7/7/7/7/7 r"})
    with pytest.raises(ValueError, match="decided"):
        gte.GuardTowersEnv().reset(options={"position": "3RG3/7/7/7/7/7/7 r"})


def test_pettingzoo_ansi_render():
    environment = gte.env(render_mode="ansi")
    environment.reset()
    assert "Red to move" in environment.render()


# --- the Gymnasium wrapper --------------------------------------------------


def test_gymnasium_check_env():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # An instance made without gym.make has no spec; test_gymnasium_make has one.
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(gte.GuardTowersEnv(level=1, depth=1, seed=0))
        check_env(gte.GuardTowersEnv(level=3, color="blue"))


def test_gymnasium_make():
    environment = gym.make("GuardTowers-v0", level=1, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(environment.unwrapped)
    obs, _ = environment.reset(seed=1)
    assert environment.observation_space.contains(obs)
    assert "Red to move" in environment.render()


@pytest.mark.parametrize("color", ["red", "blue"])
@pytest.mark.parametrize("level", [1, 5, 10])
def test_random_game_against_the_engine_ends(color, level):
    environment = gte.GuardTowersEnv(level=level, color=color, seed=level)
    rng = np.random.default_rng(level)
    obs, _ = environment.reset()
    for _ in range(1000):
        assert environment.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = environment.step(random_action(obs, rng))
        assert not truncated
        if terminated:
            break
        assert reward == 0
    assert terminated and reward in (-1.0, 0.0, 1.0)
    assert info["reason"] and obs["action_mask"].sum() == 0


@pytest.mark.parametrize("color", ["red", "blue"])
def test_same_seed_same_episode(color):
    def episode(seed):
        environment = gte.GuardTowersEnv(level=2, color=color)
        obs, _ = environment.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = [obs["observation"]]
        terminated = False
        while not terminated:
            obs, _, terminated, _, _ = environment.step(random_action(obs, rng))
            trace.append(obs["observation"])
        return trace

    first, again = episode(7), episode(7)
    assert len(first) == len(again)
    assert all((a == b).all() for a, b in zip(first, again))


def test_blue_seat_lets_the_engine_move_first():
    environment = gte.GuardTowersEnv(level=1, color="blue", seed=0)
    obs, info = environment.reset()
    assert environment.game.moves == [info["engine_move"]]
    assert environment.game.position.side_to_move == "blue"
    assert (obs["observation"][:, :, 16] == 1).all()  # Blue to move
    assert (obs["observation"][:, :, 17] == 0).all()  # Blue observes
    assert obs["action_mask"].sum() == len(environment.game.legal_moves())


def test_gymnasium_illegal_action_ends_with_minus_one():
    environment = gte.GuardTowersEnv(seed=0)
    environment.reset()
    _, reward, terminated, truncated, info = environment.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"]


def test_gymnasium_win():
    environment = gte.GuardTowersEnv(seed=0)
    environment.reset(options={"position": GUARD_TAKES})
    _, reward, terminated, _, info = environment.step(gte.move_to_action("D7-D6-1"))
    assert (reward, terminated, info["winner"]) == (1.0, True, "red")


# --- packaging and docs -----------------------------------------------------


def test_package_import_does_not_need_the_env_dependencies():
    code = (
        "import sys, guard_towers; "
        "assert not {'numpy', 'gymnasium', 'pettingzoo'} & set(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_docs_training_loop_runs():
    if not DOC.exists():
        pytest.skip("docs/python-env.md is not in this checkout")
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    loop = [b for b in blocks if "GuardTowersEnv" in b and "for episode" in b]
    assert loop, "docs/python-env.md has no training loop"
    exec(compile(loop[0], str(DOC), "exec"), {"__name__": "__doc_example__"})
