"""Games: history, undo, the draw rules of each rule set, and the game
records and course contest logs, read and written."""

import csv

import pytest

import guard_towers as gt
from conftest import RULES_DATA

# Both guards step out and back: after two rounds the start position stands
# a third time with Red to move.
SHUFFLE = ["D7-D6-1", "D1-D2-1", "D6-D7-1", "D2-D1-1"] * 2


def test_a_game_plays_undoes_and_copies():
    game = gt.Game()
    game.play("C6-C5-1")
    game.play("C2-C3-1")
    assert game.moves == ["C6-C5-1", "C2-C3-1"] and len(game) == 2
    assert game.position == gt.Position().play("C6-C5-1").play("C2-C3-1")
    twin = game.copy()
    assert game.undo() == "C2-C3-1"
    assert twin.moves == ["C6-C5-1", "C2-C3-1"]
    assert game.undo() == "C6-C5-1" and game.undo() is None
    assert game.position == game.start == gt.Position()


def test_an_illegal_move_leaves_the_game_as_it_was():
    game = gt.Game()
    game.play("C6-C5-1")
    # Blue is to move: a red tower's step is not legal now.
    with pytest.raises(ValueError, match="^A7-A6-1 is not a legal move here$"):
        game.play("A7-A6-1")
    with pytest.raises(ValueError, match="is not a move"):
        game.play("nonsense")
    assert game.moves == ["C6-C5-1"]


def test_threefold_repetition_draws_under_the_standard_rules_only():
    standard, course = gt.Game(), gt.Game(rules=gt.Rules.COURSE)
    for move in SHUFFLE:
        standard.play(move)
        course.play(move)
    outcome = standard.outcome()
    assert (outcome.winner, outcome.reason) == (None, "threefold repetition")
    assert outcome.points("red") == 0.5
    assert standard.legal_moves() == [] and standard.result == "1/2-1/2"
    with pytest.raises(ValueError, match=r"^the game is over \(draw: threefold repetition\)$"):
        standard.play("C6-C5-1")
    assert course.outcome() is None and course.rules == gt.Rules.COURSE
    assert len(course.legal_moves()) == 25


def test_a_record_reads_back_as_written():
    game = gt.Game()
    for move in ["C6-C5-1", "C2-C3-1", "D5-D4-1"]:
        game.play(move)
    game.red, game.blue, game.event, game.date = "Ada", "Bo", "club night", "2026.12.06"
    text = game.record()
    assert '[Red "Ada"]' in text and '[Result "*"]' in text
    again = gt.read_record(text)
    assert (again.red, again.blue, again.event, again.date) == ("Ada", "Bo", "club night", "2026.12.06")
    assert again.moves == game.moves and again.record() == text


def test_a_finished_game_records_its_result():
    game = gt.Game(gt.Position("3RG3/7/7/7/7/3r13/3BG3 r"), rules=gt.Rules.COURSE)
    game.play("D2-D1-1")
    assert game.result == "1-0" and game.termination == "guard captured"
    text = game.record()
    assert '[Rules "course"]' in text and '[Termination "guard captured"]' in text
    assert gt.read_record(text).outcome().winner == "red"


def test_the_command_line_reads_what_python_writes(towers_bin, tmp_path):
    import subprocess

    game = gt.Game()
    for move in SHUFFLE:
        game.play(move)
    path = tmp_path / "game.gtr"
    path.write_text(game.record())
    shown = subprocess.run(
        [towers_bin, "gt", "replay", str(path)], capture_output=True, text=True, timeout=60
    )
    assert shown.returncode == 0, shown.stderr
    assert "8 moves, 1/2-1/2 threefold repetition" in shown.stdout


def expected_logs():
    with open(RULES_DATA / "contest-logs" / "expected.tsv") as table:
        rows = [line for line in table if not line.startswith("#")]
    return list(csv.reader(rows, delimiter="\t"))


@pytest.mark.parametrize("row", expected_logs(), ids=lambda row: row[0])
def test_course_contest_logs_read_as_the_library_reads_them(row):
    name, red, blue, moves, _out_of_turn, result, termination = row
    game = gt.read_record((RULES_DATA / "contest-logs" / name).read_text())
    assert (game.red, game.blue, len(game.moves)) == (red, blue, int(moves))
    assert (game.result, game.termination) == (result, termination)
    assert game.rules == gt.Rules.COURSE
    # The record keeps the forfeit that the board does not show.
    assert gt.read_record(game.record()).result == result


def test_a_file_of_records_reads_as_its_games():
    first, second = gt.Game(), gt.Game()
    second.play("C6-C5-1")
    games = gt.read_records(first.record() + "\n" + second.record())
    assert [len(g) for g in games] == [0, 1]
    with pytest.raises(ValueError, match="^the text holds 2 games; read_records reads them all$"):
        gt.read_record(first.record() + "\n" + second.record())


BAD_RECORDS = [
    "",
    "1. C6-C5-1 *",
    '[Event "x"]\n[Start "nonsense"]\n\n*',
    '[Event "x"]\n\n1. A1-A2-1 *',
    '[Event "x"]\n\n1. C6-C5-1 C6-C5-1 *',
    '[Event "x"]\n\n1. C6-C5-1 2-0',
    '[Event "unclosed\n\n*',
    "Spieler Rot: a\nSpieler Blau: b\n\nRed move: A1-A2-1   ---  time left: 1\n",
    "\x00\xff" * 100,
]


@pytest.mark.parametrize("text", BAD_RECORDS)
def test_a_bad_record_is_a_value_error_on_one_line(text):
    with pytest.raises(ValueError) as error:
        gt.read_record(text)
    assert "\n" not in str(error.value)


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        gt.Game("start")
    with pytest.raises(TypeError):
        gt.Game(rules="course")
    with pytest.raises(TypeError):
        gt.read_record(b"bytes")
    game = gt.Game()
    with pytest.raises(TypeError):
        game.red = 3
