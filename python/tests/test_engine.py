"""The engine from Python: answers, scores, levels, analysis, tables, and
use from several threads with the interpreter free meanwhile."""

import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import guard_towers as gt

# Red's tower on D2 takes Blue's guard on D1.
WIN_IN_ONE = "3RG3/7/7/7/7/3r13/3BG3 r"


def test_best_answers_a_legal_move_with_its_score_and_line():
    result = gt.Engine(threads=1).best(gt.Position(), depth=4)
    assert result.move in gt.Position().legal_moves()
    assert result.pv[0] == result.move and result.depth == 4 and result.nodes > 0
    assert result.score.centistones is not None
    assert result.score.wins_in is None and result.score.loses_in is None
    assert str(result.score).startswith("cp ") and not result.tablebase


def test_a_win_is_scored_as_one():
    result = gt.Engine().best(gt.Position(WIN_IN_ONE), depth=3)
    assert result.move == "D2-D1-1"
    assert result.score.wins_in == 1 and str(result.score) == "win 1"
    lost = gt.Engine().best(gt.Position("3RG3/7/7/7/7/3r13/2BG4 b"), depth=4)
    assert lost.score.loses_in is not None or lost.score.centistones is not None


def test_a_depth_bounded_search_replays_exactly():
    game = gt.Game()
    game.play("C6-C5-1")
    first = gt.Engine(level=10).best(game, depth=5)
    again = gt.Engine(level=10).best(game, depth=5)
    assert (first.move, first.pv, first.nodes) == (again.move, again.pv, again.nodes)


def test_analyse_gives_distinct_lines_best_first():
    lines = gt.Engine().analyse(gt.Position(), 4, depth=4)
    moves = [line.move for line in lines]
    assert len(moves) == 4 == len(set(moves))
    scores = [line.score.centistones for line in lines]
    assert scores == sorted(scores, reverse=True)
    only = gt.Position("3RG3/7/7/7/7/7/BG6 b")
    assert len(gt.Engine().analyse(only, 10, depth=2)) == len(only.legal_moves())


def test_two_levels_play_a_whole_game():
    engines = {"red": gt.Engine(level=2, seed=1), "blue": gt.Engine(level=5, seed=2)}
    game = gt.Game()
    while game.outcome() is None:
        game.play(engines[game.position.side_to_move].best(game).move)
    assert game.result in ("1-0", "0-1", "1/2-1/2")
    assert gt.read_record(game.record()).moves == game.moves


def test_levels_are_their_own():
    assert gt.Engine(level=3).level == 3
    # A level below 10 errs on purpose: over several seeds it does not
    # always play the full-strength move.
    position = gt.Position()
    strongest = gt.Engine(level=10).best(position, depth=3).move
    chosen = {gt.Engine(level=1, seed=seed).best(position).move for seed in range(12)}
    assert chosen - {strongest}


def test_a_finished_game_has_no_best_move():
    game = gt.Game(gt.Position(WIN_IN_ONE))
    game.play("D2-D1-1")
    with pytest.raises(ValueError, match=r"^the game is over \(red wins: captured the enemy guard\)$"):
        gt.Engine().best(game)
    with pytest.raises(ValueError, match="^the game is over"):
        gt.Engine().analyse(game.position)


@pytest.mark.parametrize(
    "arguments,error",
    [
        ({"level": 0}, ValueError),
        ({"level": 11}, ValueError),
        ({"level": "5"}, TypeError),
        ({"threads": 0}, ValueError),
        ({"threads": 65}, ValueError),
        ({"hash_mb": 0}, ValueError),
        ({"hash_mb": 10**12}, ValueError),
        ({"hash_mb": 10**30}, OverflowError),
        ({"seed": -1}, OverflowError),
        ({"tablebase": "/nonexistent/tables"}, OSError),
        ({"tablebase": 5}, TypeError),
    ],
)
def test_bad_settings_are_refused(arguments, error):
    with pytest.raises(error):
        gt.Engine(**arguments)


def test_bad_search_arguments_are_refused():
    engine = gt.Engine()
    with pytest.raises(TypeError, match="^expected a Position or a Game, got str$"):
        engine.best(gt.START)
    with pytest.raises(TypeError):
        engine.best(None)
    with pytest.raises(OverflowError):
        engine.best(gt.Position(), movetime_ms=-5)
    with pytest.raises(TypeError):
        engine.best(gt.Position(), 100)
    with pytest.raises(ValueError, match="unknown option"):
        engine.set_option("Nonsense", "1")
    with pytest.raises(ValueError):
        engine.set_option("Hash", "huge")


def test_a_directory_without_tables_is_refused(tmp_path):
    with pytest.raises(ValueError, match="holds no tables"):
        gt.Engine(tablebase=tmp_path)
    (tmp_path / "broken.gtb").write_bytes(b"not a table")
    with pytest.raises(ValueError, match="broken.gtb"):
        gt.Engine(tablebase=str(tmp_path))


def test_the_tables_answer_where_they_hold_the_position(towers_bin, tmp_path):
    subprocess.run(
        [towers_bin, "gt", "tablebase", "build", "--stones", "1", "--out", str(tmp_path)],
        check=True, capture_output=True, timeout=300,
    )
    engine = gt.Engine(tablebase=tmp_path)
    result = engine.best(gt.Position("3RG3/7/7/3r13/7/7/BG6 r"), depth=2)
    assert result.tablebase and result.score.wins_in is not None
    lines = engine.analyse(gt.Position("3RG3/7/7/3r13/7/7/BG6 r"), 3, depth=2)
    assert len({line.move for line in lines}) == 3


def test_one_engine_serves_several_threads():
    engine = gt.Engine()
    positions = [gt.Position()]
    for move in ["C6-C5-1", "C2-C3-1", "D5-D4-1", "E2-E3-1"]:
        positions.append(positions[-1].play(move))
    with ThreadPoolExecutor(max_workers=4) as pool:
        shared = list(pool.map(lambda p: engine.best(p, depth=4).move, positions * 3))
        # Fresh engines in threads answer as they do one after another.
        fresh = list(pool.map(lambda p: gt.Engine().best(p, depth=4).move, positions))
    for position, move in zip(positions * 3, shared):
        assert move in position.legal_moves()
    assert fresh == [gt.Engine().best(p, depth=4).move for p in positions]


def test_a_search_leaves_the_interpreter_free():
    engine = gt.Engine()
    done = threading.Event()
    searcher = threading.Thread(
        target=lambda: (engine.best(gt.Position(), movetime_ms=500), done.set())
    )
    counted = 0
    searcher.start()
    while not done.is_set():
        counted += 1
        time.sleep(0)
    searcher.join()
    # Holding the interpreter, the search would have let this loop run a
    # few times at most.
    assert counted > 1000
