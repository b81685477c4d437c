"""A mutation fuzzer for the bad-input contract (test_bad_inputs.py's docstring; README, "Bad
input and errors"): it takes the shipped inputs, changes ONE thing in the parsed YAML tree, writes
the result and runs the command that reads it, in-process (typer's CliRunner, as the corpus does):

- variants (variants/*/*.yaml, tests/*/data/*.yaml without a `variant:`): `validate`, and when that
  passes `simulate -n 3 --workers 1 --out TMP`;
- transcripts (docs/examples/**, tests/*/data/** with a `variant:`): `replay` and `replay --json`;
- gates files (gates/*.yaml but the goals): `diff BASE BASE --gate FILE` (4 random-bot games);
- the goals file (gates/stargate-tune.yaml): `tune ... --target FILE` (2 trials of 2 games).

Each outcome is OK (exit 0, or a gate's verdict 1/3 from diff), GOOD-ERROR (exit 2, one stderr
line naming a file:line:col or an --option, no traceback, nothing on disk changed), KNOWN (exit 2
with a few lines judged right: KNOWN_SEVERAL), BAD (anything else) or SUSPICIOUS (exit 0 on a value that makes little sense: negative, zero, huge, empty...;
for a person to judge against RULINGS.md). The same --seed gives the same mutations.

    python tests/bad_inputs/fuzz.py --seed 1 --cases 500 [--kind variant|transcript|gates|goals]
                                    [--only SUBSTRING] [--no-simulate] [--show-ok] [--jsonl FILE]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import re
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import yaml

ROOT = Path(__file__).resolve().parents[2]

GATE_BASE = {"stargate.yaml": "variants/stargate/draft5.yaml", "ohseven.yaml": "variants/ohseven/base.yaml",
             "new-frontiers.yaml": "variants/new-frontiers/base.yaml"}
GOALS = {"stargate-tune.yaml": ("variants/stargate/draft5.yaml", "crews.bays.time=0..4")}

LOCATED = re.compile(r"^(?:error: )?(?:\S.*?:\d+:\d+: \S|--[a-z][\w-]*[ :=]|-[a-z] \S|error: --|error: -n )")
"""A one-line error that names a file:line:col or an option."""


KNOWN_SEVERAL = (r": unknown (color|planet|crew|player|suit|goal|world|home world)\b", r": required keys? (is|are) missing",
                 r": missing player\(s\)", r": \d+ names for \d+ players", r": duplicate name",
                 r": the variant is for .* players, not", r"circle: \d+ planets, but", r"in the circle twice",
                 r"players × \d+ cards need \d+ cards")
"""Several lines judged right (status KNOWN, not BAD) when every line is one of these, at most
four: one id removed or renamed, said at each place that names it (a color two planets use, a
player of every deal), or a list both too long and holding a duplicate. Judged in the session
that wrote this fuzzer; a cascade of more lines is still BAD."""


@dataclass(frozen=True)
class Input:
    path: Path
    kind: str  # variant | transcript | gates | goals

    @property
    def name(self) -> str:
        return str(self.path.relative_to(ROOT))


@dataclass
class Outcome:
    status: str  # OK | GOOD-ERROR | KNOWN | BAD | SUSPICIOUS
    command: str
    code: int | None
    stderr: str
    why: str = ""
    key: str = ""  # what BAD outcomes are deduplicated by
    extra: dict[str, Any] = field(default_factory=dict)


def discover(root: Path = ROOT) -> list[Input]:
    """Every shipped input, sorted (the order is part of the determinism)."""
    out = []
    for p in sorted((root / "variants").glob("*/*.yaml")):
        out.append(Input(p, "variant"))
    for p in sorted([*root.glob("docs/examples/**/*.yaml"), *root.glob("tests/*/data/**/*.yaml")]):
        tree = yaml.safe_load(p.read_text())
        if isinstance(tree, dict):
            out.append(Input(p, "transcript" if "variant" in tree else "variant"))
    for p in sorted((root / "gates").glob("*.yaml")):
        out.append(Input(p, "goals" if p.name in GOALS else "gates"))
    return out


# --- mutations -------------------------------------------------------------------------------

def _nodes(tree: Any, path: tuple = ()) -> list[tuple]:
    """The path of every value in the tree (the root excluded)."""
    out = []
    if isinstance(tree, dict):
        for k, v in tree.items():
            out.append((*path, k))
            out += _nodes(v, (*path, k))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out.append((*path, i))
            out += _nodes(v, (*path, i))
    return out


def _get(tree: Any, path: tuple) -> Any:
    for p in path:
        tree = tree[p]
    return tree


def _strings(tree: Any) -> list[str]:
    if isinstance(tree, dict):
        return [s for k, v in tree.items() for s in ([k] if isinstance(k, str) else []) + _strings(v)]
    if isinstance(tree, list):
        return [s for v in tree for s in _strings(v)]
    return [tree] if isinstance(tree, str) else []


def _typo(word: str, rng: random.Random) -> str:
    if not word:
        return "x"
    i = rng.randrange(len(word))
    return rng.choice([word[:i] + word[i + 1:], word[:i] + "x" + word[i:], word + "s",
                       word[:i] + word[i:].upper()]) or "x"


REPLACEMENTS: list[tuple[str, Any]] = [
    ("string", "x"), ("int", 7), ("float", 2.5), ("bool", True), ("null", None), ("list", ["x"]),
    ("dict", {"x": 1}), ("zero", 0), ("huge", 10**12), ("nan", math.nan), ("inf", math.inf),
    ("empty-string", ""), ("empty-list", []), ("empty-dict", {}),
]


def mutate(tree: Any, rng: random.Random) -> tuple[Any, str, str]:
    """A copy of `tree` with one random change; (tree, description, operator)."""
    tree = copy.deepcopy(tree)
    nodes = _nodes(tree)
    path = rng.choice(nodes)
    parent, last = _get(tree, path[:-1]), path[-1]
    value = parent[last]
    where = ".".join(map(str, path))
    ops = ["replace"] * 3
    if isinstance(parent, dict):
        ops += ["delete", "rename"]
    else:
        ops += ["drop-item", "duplicate-item"]
    if isinstance(value, list) and value:
        ops += ["shorten", "swap", "drop-item-in", "duplicate-item-in"]
    if isinstance(value, bool):
        ops += ["flip"]
    elif isinstance(value, int | float):
        ops += ["negative", "zero", "huge", "plus-one", "minus-one"]
    if isinstance(value, str):
        ops += ["unknown-id", "other-string", "other-string"]
        if len(value.split()) > 1:
            ops += ["token"] * 4
    op = rng.choice(ops)
    if op == "replace":
        name, new = rng.choice(REPLACEMENTS)
        parent[last] = copy.deepcopy(new)
        return tree, f"{where}: {value!r:.40} → {name} {new!r}", f"replace-{name}"
    if op == "delete":
        del parent[last]
        return tree, f"{where}: deleted", op
    if op == "rename":
        new_key = _typo(str(last), rng)
        items = list(parent.items())
        parent.clear()
        for k, v in items:
            parent[new_key if k == last else k] = v
        return tree, f"{where}: key renamed to {new_key!r}", op
    if op in ("drop-item", "duplicate-item"):
        if op == "drop-item":
            del parent[last]
        else:
            parent.insert(last, copy.deepcopy(value))
        return tree, f"{where}: {op}", op
    if op == "shorten":
        n = rng.choice([0, 1])
        del value[n:]
        return tree, f"{where}: list shortened to {n}", f"shorten-{n}"
    if op == "swap":
        if len(value) < 2:
            value.append(copy.deepcopy(value[0]))
            return tree, f"{where}: item 0 doubled (one item: no swap)", "duplicate-item"
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
        return tree, f"{where}: items {i} and {j} swapped", op
    if op in ("drop-item-in", "duplicate-item-in"):
        i = rng.randrange(len(value))
        if op == "drop-item-in":
            del value[i]
        else:
            value.insert(i, copy.deepcopy(value[i]))
        return tree, f"{where}.{i}: {op[:-3]}", op[:-3]
    if op == "flip":
        parent[last] = not value
        return tree, f"{where}: {value} → {not value}", op
    if op in ("negative", "zero", "huge", "plus-one", "minus-one"):
        new = {"negative": -abs(value) if value else -1, "zero": 0, "huge": 10**12, "plus-one": value + 1,
               "minus-one": value - 1}[op]
        parent[last] = new
        return tree, f"{where}: {value!r} → {new!r}", op
    if op == "unknown-id":
        new = rng.choice([_typo(value, rng), "nosuch", value + "9"])
        parent[last] = new
        return tree, f"{where}: {value!r:.40} → {new!r}", op
    if op == "other-string":
        others = [s for s in _strings(tree) if s != value and len(s) < 40] or ["x"]
        new = rng.choice(others)
        parent[last] = new
        return tree, f"{where}: {value!r:.40} → {new!r}", op
    assert op == "token"
    tokens = value.split()
    i = rng.randrange(len(tokens))
    how = rng.choice(["unknown", "delete", "duplicate", "number", "negative", "huge", "other"])
    if how == "delete":
        del tokens[i]
    elif how == "duplicate":
        tokens.insert(i, tokens[i])
    else:
        others = [t for s in _strings(tree) for t in s.split() if t != tokens[i]] or ["x"]
        tokens[i] = {"unknown": _typo(tokens[i], rng), "number": "3", "negative": "-1", "huge": "999999999999",
                     "other": rng.choice(others)}[how]
    parent[last] = " ".join(tokens)
    return tree, f"{where}: {value!r:.50} → {parent[last]!r:.50} (token {how})", f"token-{how}"


SENSELESS = ("negative", "zero", "huge", "replace-zero", "replace-huge", "replace-nan", "replace-inf",
             "replace-empty-string", "replace-empty-list", "replace-empty-dict", "shorten-0", "minus-one",
             "token-negative", "token-huge", "token-number")
"""Operators whose exit 0 is worth a person's look (a negative count, an empty VP column...)."""


def absolutize(tree: Any, inp: Input) -> Any:
    """The tree with its `extends:` (variants) or `variant:` (transcripts) made absolute, so that
    the file resolves the same from the temporary folder it is written to."""
    tree = copy.deepcopy(tree)
    key = {"variant": "extends", "transcript": "variant"}.get(inp.kind)
    if key and isinstance(tree, dict) and isinstance(tree.get(key), str):
        tree[key] = str((inp.path.parent / tree[key]).resolve())
    return tree


# --- running ---------------------------------------------------------------------------------

def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): ((p.stat().st_size, p.stat().st_mtime_ns) if p.is_file() else (0, 0))
            for p in sorted(folder.rglob("*"))}


def _where(exc: BaseException | None, tb_text: str = "") -> str:
    """'Type at file:line (function)' of the innermost playtest frame: the dedup key."""
    if exc is not None and exc.__traceback__ is not None:
        frames = [(f.filename, f.lineno, f.name) for f in traceback.extract_tb(exc.__traceback__)]
        name = type(exc).__name__
    else:
        frames = [(m[1], int(m[2]), m[3]) for m in re.finditer(r'File "([^"]+)", line (\d+), in (\S+)', tb_text)]
        found = re.findall(r"^(\w+(?:Error|Exception|Warning)?): ", tb_text, flags=re.M)
        name = found[-1] if found else "?"
    ours = [f for f in frames if "/playtest/" in f[0] and "/site-packages/" not in f[0]]
    f = (ours or frames or [("?", 0, "?")])[-1]
    return f"{name} at {Path(f[0]).name}:{f[1]} ({f[2]})"


_COMMAND: list[Any] = []


def invoke(args: list[str]) -> tuple[int | None, str, str, BaseException | None]:
    """`CliRunner().invoke(app, args)`, with the click command built once: typer builds it anew
    on every invoke, from the signatures of every command (nine tenths of a small case's time)."""
    import typer.testing
    from typer.main import get_command

    from playtest.cli.app import app

    if not _COMMAND:
        _COMMAND.append(get_command(app))
    if hasattr(typer.testing, "_get_command"):  # the typer of this project: its CliRunner calls it
        with mock.patch.object(typer.testing, "_get_command", lambda _: _COMMAND[0]):
            result = typer.testing.CliRunner().invoke(app, args)
    else:
        result = typer.testing.CliRunner().invoke(app, args)
    exc = result.exception if result.exception is not None and not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stdout, result.stderr, exc


def judge(args: list[str], work: Path, ok_codes: tuple[int, ...] = (0,), out: Path | None = None) -> Outcome:
    """Run one command and classify its outcome; `out` is a folder it should create on success."""
    before = _snapshot(work)
    code, stdout, stderr, exc = invoke(args)
    command = " ".join(a.replace(str(work), "TMP") for a in args)
    lines = stderr.replace(str(work), "TMP").splitlines()
    o = Outcome("OK", command, code, "\n".join(lines))

    def bad(why: str, key: str) -> Outcome:
        o.status, o.why, o.key = "BAD", why, key
        return o

    if exc is not None:
        return bad("an exception escaped the CLI", _where(exc))
    if "Traceback" in stderr + stdout:
        return bad("a traceback was printed", _where(None, stderr + stdout))
    if "internal error" in stderr or "error in code outside playtest" in stderr:
        _, _, dbg, dexc = invoke(["--debug", *args])
        _clean_new(work, before)
        return bad("internal error", _where(dexc, dbg) + " / " + lines[0][:160] if lines else "")
    if code in ok_codes:
        errors = [ln for ln in lines if not ln.startswith("note:") and not ln.startswith("warning:")]
        if code == 0 and errors and args[0] not in ("diff", "tune"):
            return bad("exit 0 with something on stderr", "stderr-on-success: " + errors[0][:80])
        if out is not None and code == 0 and not (out / "run.json").exists() and not (out / "tune.json").exists():
            return bad("exit 0 but the output folder is incomplete", f"no output in {out.name}")
        return o
    if code != 2:
        return bad(f"exit {code}", f"exit {code}: {lines[0][:100] if lines else ''}")
    o.status = "GOOD-ERROR"
    if 1 < len(lines) <= 4 and all(any(re.search(k, ln) for k in KNOWN_SEVERAL) for ln in lines):
        o.status, o.why = "KNOWN", f"{len(lines)} lines, each a place of its own (KNOWN_SEVERAL)"
        return o
    if len(lines) != 1:
        return bad(f"{len(lines)} lines on stderr", "several lines: " + " | ".join(_gist(ln) for ln in lines[:4]))
    if not lines[0].strip() or lines[0].rstrip().endswith(":"):
        return bad("an empty message", "empty message")
    if not LOCATED.search(lines[0]):
        return bad("the message names no file:line:col or option", "unlocated: " + _gist(lines[0]))
    if _snapshot(work) != before:
        return bad("files were written or changed on an error", "wrote on error")
    return o


def _gist(line: str) -> str:
    """A stderr line without its place and numbers: 'names: N names for N' (dedup keys)."""
    line = re.sub(r"^.*?:\d+:\d+: ", "", line)
    return re.sub(r"\d+", "N", " ".join(line.split()[:4]))


def _clean_new(work: Path, before: dict) -> None:
    for p in sorted(work.iterdir()):
        if str(p.relative_to(work)) not in before:
            shutil.rmtree(p) if p.is_dir() else p.unlink()


def _dump(tree: Any) -> str:
    return yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=10_000)


def run_one(inp: Input, tree: Any, work: Path, simulate: bool = True) -> list[Outcome]:
    """Write `tree` as the input's file in `work` and run its commands."""
    target = work / inp.path.name
    target.write_text(_dump(tree))
    t = str(target)
    if inp.kind == "variant":
        first = judge(["validate", t], work)
        if first.status != "OK" or not simulate:
            return [first]
        out = work / "run"
        second = judge(["simulate", t, "-n", "3", "--workers", "1", "-q", "--out", str(out)], work, out=out)
        if second.status == "OK":
            shutil.rmtree(out, ignore_errors=True)
        return [first, second]
    if inp.kind == "transcript":
        first = judge(["replay", t], work)
        return [first, judge(["replay", t, "--json"], work)] if first.status in ("OK", "GOOD-ERROR") else [first]
    base = str(ROOT / (GATE_BASE.get(inp.path.name) or GOALS[inp.path.name][0]))
    if inp.kind == "gates":
        return [judge(["diff", base, base, "--gate", t], work, ok_codes=(0, 1, 3))]
    out = work / "tune"
    o = judge(["tune", base, "--param", GOALS[inp.path.name][1], "--target", t, "--budget", "2", "--confirm", "1",
               "--confirm-games", "2", "--workers", "1", "--out", str(out)], work, out=out)
    shutil.rmtree(out, ignore_errors=True)
    return [o]


def small_run(tree: Any, original: Any, bots: bool = True) -> Any:
    """A gates/goals tree whose `run:` settings, where the mutation left them as they were, are
    made small (4 games; random bots for a gates file: a goals file's metrics may need its own
    line-up): the fuzzer's time goes into mutations, not into games."""
    if not isinstance(tree, dict) or not isinstance(tree.get("run"), dict) or not isinstance(original.get("run"), dict):
        return tree
    run, orig = tree["run"], original["run"]
    for key, small in (("games", 4), ("max_games", 8)):
        if key in run and run[key] == orig.get(key):
            run[key] = small
    if bots and "bots" in run and run["bots"] == orig.get("bots"):
        run["bots"] = "random"
    return tree


def fuzz(seed: int, cases: int, inputs: list[Input], simulate: bool = True, log: Any = None,
         stop_after: float | None = None) -> list[tuple[Input, str, str, Outcome]]:
    """`cases` mutations (input chosen at random, then one change), run and classified."""
    rng = random.Random(seed)
    trees = {inp: absolutize(yaml.safe_load(inp.path.read_text()), inp) for inp in inputs}
    results = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="playtest-fuzz-") as tmp:
        for i in range(cases):
            if stop_after is not None and time.monotonic() - start > stop_after:
                break
            inp = inputs[rng.randrange(len(inputs))]
            tree, what, op = mutate(trees[inp], rng)
            tree = absolutize(tree, inp) if inp.kind == "variant" else tree
            if inp.kind in ("gates", "goals"):
                tree = small_run(tree, trees[inp], bots=inp.kind == "gates")
            work = Path(tmp) / f"c{i}"
            work.mkdir()
            for o in run_one(inp, tree, work, simulate=simulate and inp.kind == "variant"):
                if o.status == "OK" and op in SENSELESS and o.command.split()[0] in ("validate", "replay", "diff"):
                    o.status, o.why = "SUSPICIOUS", f"exit {o.code} after {op}"
                results.append((inp, what, op, o))
                if log is not None:
                    log(i, inp, what, op, o)
            shutil.rmtree(work, ignore_errors=True)
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--kind", choices=["variant", "transcript", "gates", "goals"], action="append")
    ap.add_argument("--only", help="only inputs whose path contains this")
    ap.add_argument("--no-simulate", action="store_true", help="variants: validate only")
    ap.add_argument("--show-ok", action="store_true")
    ap.add_argument("--jsonl", type=Path, help="append every outcome to this file as JSON lines")
    ap.add_argument("--minutes", type=float, help="stop after this many minutes")
    a = ap.parse_args(argv)
    inputs = [i for i in discover() if (not a.kind or i.kind in a.kind) and (not a.only or a.only in i.name)]
    if not inputs:
        print("no inputs", file=sys.stderr)
        return 2
    jl = a.jsonl.open("a") if a.jsonl else None

    def log(i: int, inp: Input, what: str, op: str, o: Outcome) -> None:
        if jl:
            jl.write(json.dumps({"seed": a.seed, "case": i, "input": inp.name, "mutation": what, "op": op,
                                 "status": o.status, "command": o.command, "code": o.code, "why": o.why,
                                 "key": o.key, "stderr": o.stderr[:600]}) + "\n")
            jl.flush()
        if o.status in ("BAD", "SUSPICIOUS") or a.show_ok:
            print(f"[{i}] {o.status} {inp.name} :: {what} :: {o.command.split()[0]} exit {o.code} :: {o.why} "
                  f":: {o.key} :: {o.stderr.strip()[:200]!r}", flush=True)

    results = fuzz(a.seed, a.cases, inputs, simulate=not a.no_simulate, log=log,
                   stop_after=a.minutes * 60 if a.minutes else None)
    counts = Counter(o.status for *_, o in results)
    bad = Counter(o.key for *_, o in results if o.status == "BAD")
    print(f"{len(results)} outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    for key, n in bad.most_common():
        print(f"  BAD ×{n}: {key}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # this clone's playtest, not another installed one
    sys.exit(main())
