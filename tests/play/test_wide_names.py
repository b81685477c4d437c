"""Players named in Japanese (たろう takes 6 terminal columns, not 3) line up in every table a
replay prints: the tables padded names with `f"{name:<{width}}"`, which counts characters, and
a Stargate score table of たろう, P2 and はなこさん came out ragged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from playtest.core.transcript import scores_text
from playtest.text import cells, pad
from tests.conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples" / "table"
NAMES = ("たろう", "P2", "はなこさん", "P4")
ROW = re.compile(r"(\s+(?:\d\. )?)(" + "|".join(NAMES) + r")(\s+)(?=\d|bid |rounds |chips )")
"""A row of a scores table: the name, then a number (Stargate's and the generic scores), Oh-Seven's
'bid' or 'rounds', or New Frontiers' 'chips' (not a play-by-play line: 'たろう selects develop')."""


def _columns(text: str) -> list[list[int]]:
    """Per run of consecutive lines that begin with a player's name (a table), the terminal
    column where each line's text after the name begins."""
    tables: list[list[int]] = []
    previous = False
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            if not previous:
                tables.append([])
            tables[-1].append(cells(m.group(1) + m.group(2) + m.group(3)))
        previous = bool(m)
    return tables


def _renamed(example: str, tmp_path: Path) -> Path:
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    text = text.replace("P1", "たろう").replace("P3", "はなこさん")
    text = text.replace("variant: ../../../", f"variant: {ROOT.as_posix()}/")
    out = tmp_path / example
    out.write_text(text, encoding="utf-8")
    return out


@pytest.mark.parametrize("example", ["stargate-1.yaml", "ohseven-1.yaml", "new-frontiers-1.yaml"])
def test_a_replay_s_tables_line_up_players_named_in_japanese(cli, tmp_path, example):
    r = cli("replay", str(_renamed(example, tmp_path)))
    assert r.returncode == 0, r.stderr
    tables = _columns(r.stdout)
    assert any(len(t) >= 3 for t in tables), r.stdout  # the scores table was found
    for table in tables:
        assert len(set(table)) == 1, (table, r.stdout)


def test_the_generic_scores_table_lines_up_wide_names():
    """core.transcript.scores_text, what a plugin game's replay prints."""
    d = {"variant": {"path": "v.yaml", "overrides": [], "rules_version": "1", "hash": "h"}, "game_title": "Toy",
         "title": "t", "transcript": "t.yaml", "players": ["たろう", "P2"], "moves": 2, "finished": False,
         "next_player": "P2", "score_parts": ["vp"],
         "scores": [{"player": "たろう", "vp": 3, "total": 3, "rank": 1}, {"player": "P2", "vp": 1, "total": 1, "rank": 2}]}
    [table] = _columns(scores_text(d))
    assert len(table) == 2 and len(set(table)) == 1, scores_text(d)


def test_pad_counts_terminal_columns():
    assert cells("たろう") == 6 and pad("たろう", 8) == "たろう  " and pad("P2", 8) == "P2      "
    assert pad("はなこさん", 4) == "はなこさん"  # never cut
