"""`python -m playtest.search.strength` (docs/search.md's command): a bad option or file is one
stderr line naming it, exit 2, before any game or output (it was a worker's traceback)."""

from __future__ import annotations

import json

import pytest

from playtest.search import strength
from tests.stargate.helpers import ROOT

OHSEVEN = str(ROOT / "variants/ohseven/base.yaml")


@pytest.mark.parametrize(("args", "line"), [
    (["--search", "ismcts:abc", "--against", "heuristic"],
     "error: --search: bot 'ismcts:abc': give the budget in iterations"),
    (["--search", "ismcts:5:depth=x", "--against", "heuristic"],
     "error: --search: bot 'ismcts:5:depth=x': depth=x must be a whole number ≥ 1, or end"),
    (["--search", "ismcts:5", "--against", "greedy"], "error: --against: unknown bot 'greedy' for ohseven"),
    (["--search", "heuristic", "--against", "random"], "error: --search heuristic: not a search bot"),
    (["--search", ",", "--against", "heuristic"], "error: --search: name at least one search bot"),
    (["--search", "ismcts:5", "--against", "heuristic", "-n", "0"], "error: -n 0: the number of games"),
    (["--search", "ismcts:5", "--against", "heuristic", "--players", "10"],
     "--players 10 is not supported by this variant"),
    (["--search", "ismcts:5", "--against", "heuristic", "--workers", "0"], "error: --workers 0: at least 1"),
])
def test_bad_input_is_one_line_before_any_game(args: list[str], line: str, tmp_path, capsys) -> None:
    out = tmp_path / "rows.json"
    assert strength.main([OHSEVEN, *args, "-n" if "-n" not in args else "--seed", "1", "--json", str(out)]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert len(got.err.splitlines()) == 1 and line in got.err, got.err
    assert not out.exists()


def test_a_missing_variant_is_its_located_line(capsys) -> None:
    assert strength.main(["/no/such.yaml", "--search", "ismcts:5", "--against", "heuristic"]) == 2
    assert capsys.readouterr().err == "/no/such.yaml:1:1: no such file\n"


def test_a_good_run_still_plays(tmp_path, capsys) -> None:
    out = tmp_path / "rows.json"
    assert strength.main([OHSEVEN, "--search", "ismcts:3", "--against", "random", "-n", "2", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())
    assert [(r["search"], r["n"], len(r["outcomes"])) for r in rows] == [("ismcts:3", 2, 2)]
    assert "ismcts:3" in capsys.readouterr().out


def test_budgets_are_compared_in_points_against_a_named_fair_share(capsys) -> None:
    """ismcts:100 against ismcts:50 read "win rate -8.3% [-41.2%, +27.2%]": a gap of two rates is
    in percentage points (the ladder's 'pts'), and the fair share the rates compare with was unsaid."""
    rows = [{"search": "ismcts:50", "wins": 5.0, "n": 12}, {"search": "ismcts:100", "wins": 4.0, "n": 12}]
    [line] = strength.doubling(rows)
    assert line.startswith("ismcts:100 vs ismcts:50: win rate -8.3 pts [")
    assert "%" not in line
    assert strength.main([OHSEVEN, "--search", "ismcts:2", "--against", "random", "-n", "1", "--players", "5"]) == 0
    assert "; fair share 20%\n" in capsys.readouterr().out


@pytest.mark.system
def test_outcomes_are_in_game_order_whatever_the_workers() -> None:
    """--json's outcomes came chunk by chunk with --workers 2 (games 0, 2, 1, 3), so the same seed
    wrote another file, and summed the scores in another order, than with --workers 1."""
    def played(workers: int) -> list[tuple[float, float, int]]:
        row = strength.measure(OHSEVEN, "ismcts:2", "random", 4, 4, 3, workers)
        return [(o["win_share"], o["lead"], o["decisions"]) for o in row["outcomes"]]

    one = played(1)
    assert len(set(one)) > 1  # the games differ, so their order shows
    assert played(2) == one
