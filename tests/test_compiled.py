"""The compiled build (setup.py, mypyc) plays exactly the games the plain Python source plays.

Runs only when modules are compiled: a plain-Python install has nothing to compare. The same
games are played in this process (compiled modules) and in a subprocess that imports a copy
of the package's sources only, and their events and results must be identical."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from playtest import _build

ROOT = Path(__file__).resolve().parent.parent

GAMES = """
import hashlib, json, random, sys
from playtest.games import get_game
from playtest.sim.runner import play_game
from playtest.variants import load_variant

digest = hashlib.sha256()
for path, bots, players, n in json.loads(sys.argv[1]):
    variant = load_variant(path)
    spec = get_game(variant.game)
    rules = spec.make_rules(variant.model)
    for g in range(n):
        lineup = [spec.make_bot(bots, rules, s) for s in range(players)]
        played = play_game(rules, lineup, n_players=players, deal_rng=random.Random(g),
                           bot_rngs=[random.Random(100 * g + s) for s in range(players)])
        digest.update(repr((played.result, played.events)).encode())
print(digest.hexdigest())
"""

CASES = [
    (str(ROOT / "variants/stargate/draft5.yaml"), "random", 4, 40),
    (str(ROOT / "variants/stargate/draft5.yaml"), "greedy", 4, 6),
    (str(ROOT / "variants/stargate/draft6-development.yaml"), "scripted:late-placer", 3, 4),
    (str(ROOT / "variants/ohseven/base.yaml"), "random", 5, 20),
    (str(ROOT / "variants/ohseven/base.yaml"), "heuristic", 4, 10),
]


@pytest.mark.skipif(not _build.compiled(), reason="no module is compiled (PLAYTEST_PURE=1 install)")
def test_compiled_and_plain_python_play_the_same_games(tmp_path: Path) -> None:
    import json

    plain = tmp_path / "plain"
    shutil.copytree(ROOT / "playtest", plain / "playtest", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    arg = json.dumps(CASES)

    def run(pythonpath: str | None) -> str:
        env = dict(os.environ)
        if pythonpath is not None:
            env["PYTHONPATH"] = pythonpath
        code = GAMES + ("\nimport playtest.games.stargate.rules as m; print(m.__file__)")
        out = subprocess.run([sys.executable, "-c", code, arg], capture_output=True, text=True, env=env,
                             check=True, cwd=tmp_path, timeout=600)
        return out.stdout

    compiled_out, plain_out = run(None), run(str(plain))
    compiled_hash, compiled_file = compiled_out.split()
    plain_hash, plain_file = plain_out.split()
    assert not compiled_file.endswith(".py") and plain_file.endswith(".py")  # really two builds
    assert compiled_hash == plain_hash
