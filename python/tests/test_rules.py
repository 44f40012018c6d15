"""The rules from Python: positions, moves, outcomes, the board, perft,
held to the Rust library's own tables."""

import json

import pytest

import guard_towers as gt
from conftest import RULES_DATA

START = "r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r"


def test_the_start_position():
    p = gt.Position()
    assert str(p) == START == gt.START
    assert p == gt.Position(START)
    assert p.side_to_move == "red"
    assert len(p.legal_moves()) == 25
    assert p.outcome() is None
    assert repr(p) == f"Position('{START}')"


@pytest.mark.parametrize(
    "case",
    json.loads((RULES_DATA / "gt-movegen-suite.json").read_text()),
    ids=lambda case: case["name"],
)
def test_legal_moves_match_the_movegen_suite(case):
    position = gt.Position(case["position"])
    assert sorted(position.legal_moves()) == sorted(case["moves"])
    for move in case["moves"]:
        assert position.is_legal(move)


def perft_cases():
    table = json.loads((RULES_DATA / "gt-perft.json").read_text())
    for entry in table["positions"]:
        for depth, count in enumerate(entry["perft"], start=1):
            if count <= 20_000_000:
                yield entry["position"], depth, count


@pytest.mark.parametrize("text,depth,count", list(perft_cases()))
def test_perft_matches_the_table(text, depth, count):
    assert gt.perft(gt.Position(text), depth) == count


def test_perft_divide_sums_to_perft():
    p = gt.Position()
    divide = gt.perft_divide(p, 3)
    assert list(divide) == p.legal_moves()
    assert sum(divide.values()) == gt.perft(p, 3)
    assert gt.perft(p, 0) == 1 and gt.perft_divide(p, 0) == {}


def test_play_returns_a_new_position_and_keeps_the_old():
    p = gt.Position()
    q = p.play("C6-C5-1")
    assert str(p) == START
    assert q.side_to_move == "blue"
    assert q.piece_at("C5").kind == "tower"
    assert p.piece_at("C5") is None
    assert hash(p) != hash(q) and p != q
    assert {p: 1, q: 2}[gt.Position(START)] == 1


def test_the_board_as_data():
    board = gt.Position("3RG3/7/7/3r3b42/7/7/3BG3 b").board()
    assert sorted(board) == ["D1", "D4", "D7", "E4"]
    assert (board["D7"].color, board["D7"].kind, board["D7"].height) == ("red", "guard", 1)
    assert (board["D4"].color, board["D4"].kind, board["D4"].height) == ("red", "tower", 3)
    assert (board["E4"].color, board["E4"].kind, board["E4"].height) == ("blue", "tower", 4)
    assert board["D1"].kind == "guard"
    assert sum(piece.height for piece in gt.Position().board().values()) == 16


@pytest.mark.parametrize(
    "text,winner,reason",
    [
        # Blue's guard is gone.
        ("3RG3/7/7/7/7/7/3r13 b", "red", "guard captured"),
        # Red's guard stands on Blue's castle (D1).
        ("7/7/7/7/7/3BG3/3RG3 b", "red", "castle reached"),
        # Blue's guard on A1 is boxed in by its own stones, which face only
        # red towers too tall to take (the Rust library's own case).
        ("3RG3/7/7/7/r36/b1r25/BGb1r24 b", "red", "no legal move"),
    ],
)
def test_outcomes_a_position_shows(text, winner, reason):
    outcome = gt.Position(text).outcome()
    assert (outcome.winner, outcome.reason) == (winner, reason)
    assert outcome.points(winner) == 1.0
    assert gt.Position(text).legal_moves() == []


def test_a_decided_position_refuses_moves_with_the_result():
    with pytest.raises(ValueError, match=r"^the game is over \(red wins: captured the enemy guard\)$"):
        gt.Position("3RG3/7/7/7/7/7/3r13 b").play("D1-D2-1")


BAD_POSITIONS = [
    "",
    "xx",
    "7/7/7/7/7/7 r",
    "8/7/7/7/7/7/7 r",
    "3RG3/7/7/7/7/7/3BG3 x",
    "3RG3/7/7/7/7/7/3BG3 r extra",
    "RGRG5/7/7/7/7/7/3BG3 r",
    "r87/7/7/7/7/7/3BG3 r",
    "3RG3/7/7/7/7/7/3BG3 r\x00",
    "\x00" * 10,
    "7/" * 10_000 + " r",
    "😀/7/7/7/7/7/7 r",
]


@pytest.mark.parametrize("text", BAD_POSITIONS)
def test_text_that_is_no_position_is_a_value_error_on_one_line(text):
    with pytest.raises(ValueError) as error:
        gt.Position(text)
    assert str(error.value).startswith("invalid position '")
    assert "\n" not in str(error.value)


BAD_MOVES = {
    "A1-A9-1": "bad move: 'A9' is not a square: expected a file A-G and a rank 1-7, like D4",
    "A7": "'A7' is not a move: expected FROM-TO-STONES like A7-B7-1",
    "A7-B6-1": "bad move: A7 to B6 is not a straight orthogonal step (no diagonals, no null moves)",
    "A7-A7-1": "bad move: A7 to A7 is not a straight orthogonal step (no diagonals, no null moves)",
    "A7-A6-2": "bad move: 'A7-A6-2' moves 2 stone(s) but travels 1 square(s); a piece moves exactly as far as it is high",
    "A7-A6-x": "bad move: the stone count 'x' must be a digit 1-7",
    "D6-D4-2": "D6-D4-2 is not a legal move here",
    "A1-A2-1": "A1-A2-1 is not a legal move here",
}


@pytest.mark.parametrize("move,reason", BAD_MOVES.items())
def test_a_bad_move_is_a_value_error_with_the_rules_reason(move, reason):
    with pytest.raises(ValueError) as error:
        gt.Position().play(move)
    assert str(error.value) == reason
    assert not gt.Position().is_legal(move)


def test_the_reasons_are_the_command_lines(towers_bin):
    """`towers gt play` answers each bad move with the same reason (and,
    for an illegal one, a hint after it)."""
    import subprocess

    typed = "".join(move + "\n" for move in BAD_MOVES) + "quit\n"
    shown = subprocess.run(
        [towers_bin, "gt", "play", "--level", "1"],
        input=typed, capture_output=True, text=True, timeout=60,
    ).stdout
    answers = [
        line.split("Your move (red): ", 1)[1]
        for line in shown.splitlines()
        if "Your move (red): " in line
    ][: len(BAD_MOVES)]
    for (move, reason), answer in zip(BAD_MOVES.items(), answers):
        assert answer.split("; type 'moves'")[0] == reason, move


@pytest.mark.parametrize(
    "call",
    [
        lambda: gt.Position(42),
        lambda: gt.Position(b"3RG3/7/7/7/7/7/3BG3 r"),
        lambda: gt.Position().play(None),
        lambda: gt.Position().play(7),
        lambda: gt.perft("start", 2),
        lambda: gt.perft(gt.Position(), "2"),
        lambda: gt.Position().piece_at(3),
    ],
)
def test_wrong_types_are_type_errors(call):
    with pytest.raises(TypeError):
        call()


def test_out_of_range_numbers_are_python_errors():
    with pytest.raises(OverflowError):
        gt.perft(gt.Position(), -1)
    with pytest.raises(OverflowError):
        gt.perft(gt.Position(), 2**40)
    with pytest.raises(ValueError):
        gt.Position().piece_at("H9")
    with pytest.raises(ValueError):
        gt.Outcome.points(gt.Position("3RG3/7/7/7/7/7/3r13 b").outcome(), "green")


def test_random_games_stay_within_the_rules():
    import random

    rng = random.Random(7)
    for _ in range(50):
        p = gt.Position()
        for _ in range(1000):
            if p.outcome() is not None:
                break
            moves = p.legal_moves()
            assert moves and all(p.is_legal(m) for m in moves)
            p = p.play(rng.choice(moves))
            assert gt.Position(str(p)) == p
        else:
            continue
        assert p.legal_moves() == []


def test_a_course_servers_board_reads_with_its_height_0_towers():
    # The course server writes `b0` where a whole tower left to take the
    # guard; the notation itself refuses it.
    text = "3b13/7/7/7/7/7/3b03 r"
    with pytest.raises(ValueError):
        gt.Position(text)
    board = gt.Position.from_course_board(text)
    assert str(board) == "3b13/7/7/7/7/7/7 r"
    assert board.outcome().winner == "blue"
    with pytest.raises(ValueError, match="^invalid position 'nonsense'"):
        gt.Position.from_course_board("nonsense")
