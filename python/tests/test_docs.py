"""The examples of docs/python.md and docs/python-env.md run as written,
and so do the docstrings' examples (`help()` shows them)."""

import doctest
import re
import subprocess
import sys

import pytest

import guard_towers as gt
from conftest import DOCS

PAGES = ["python.md", "python-env.md"]


def examples(page):
    text = (DOCS / page).read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_pages_have_examples():
    assert len(examples("python.md")) >= 4
    assert any(code.startswith("# course_bot.py") for code in examples("python.md"))


@pytest.mark.parametrize(
    "page,code",
    [
        (page, code)
        for page in PAGES
        for code in examples(page)
        if not code.startswith("# course_bot.py")
    ],
)
def test_an_example_runs(page, code, tmp_path):
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert ran.returncode == 0, ran.stderr


def test_the_course_bot_plays_a_whole_game_on_our_server(towers_server, tmp_path):
    (code,) = [c for c in examples("python.md") if c.startswith("# course_bot.py")]
    bot = tmp_path / "course_bot.py"
    bot.write_text(code)
    host, port = towers_server
    # Full strength against level 2: the stronger side ends the game (the
    # course rules have no draw rule that would).
    first = subprocess.Popen(
        [sys.executable, str(bot), host, str(port), "10", "100"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    second = subprocess.run(
        [sys.executable, str(bot), host, str(port), "2", "100"],
        capture_output=True, text=True, timeout=240,
    )
    first_out, first_err = first.communicate(timeout=60)
    assert first.returncode == 0 and second.returncode == 0, first_err + second.stderr
    # Who connects first plays Red; both bots saw the same end.
    assert first_out == second.stdout and re.match(r"(red|blue) wins: ", first_out), (first_out, second.stdout)


def documented():
    """Every public name and member whose docstring has examples."""
    for name in gt.__all__:
        value = getattr(gt, name)
        members = vars(value).items() if isinstance(value, type) else []
        for label, item in [(name, value), *((f"{name}.{k}", v) for k, v in members)]:
            text = getattr(item, "__doc__", None)
            if isinstance(text, str) and ">>>" in text:
                yield label, text


def test_the_docstrings_have_examples():
    assert {"Position", "Game", "Engine", "perft"} <= {label for label, _ in documented()}


@pytest.mark.parametrize("name,text", list(documented()), ids=lambda v: v if "\n" not in v else "")
def test_a_docstrings_examples_hold(name, text):
    test = doctest.DocTestParser().get_doctest(text, vars(gt).copy(), name, None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0, name


def test_the_module_docstring_holds():
    failures, tried = doctest.testmod(gt)
    assert tried > 0 and failures == 0


def test_help_shows_every_default():
    assert gt.Engine.__text_signature__ == (
        "(level=10, threads=1, hash_mb=16, tablebase=None, seed=None)"
    )
    assert gt.Game.__text_signature__ == "(position=None, rules=Rules.STANDARD)"
    assert gt.Position.__text_signature__ == "(text=None)"
