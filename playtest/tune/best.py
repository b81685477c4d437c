"""The winner as a small variant file: `extends:` the input, with only the tuned keys."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from playtest.errors import PlaytestError
from playtest.io import reference
from playtest.tune.space import Param
from playtest.variants import Variant, load_variant
from playtest.variants.loader import rules_of


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, dict) and "id" in i for i in value)


def _nest(resolved: Any, parts: Sequence[str]) -> Any:
    """The part of `resolved` (the winner's whole variant) that sets `parts`, written so that the
    `extends` merge changes only it: maps by key, id-lists by item id; a plain list (merges
    replace those whole) is written whole."""
    head, rest = parts[0], parts[1:]
    if isinstance(resolved, dict):
        return {head: resolved[head] if not rest else _nest(resolved[head], rest)}
    if _is_id_list(resolved):
        item = next(i for i in resolved if str(i["id"]) == head)
        return [item if not rest else {"id": item["id"], **_nest(item, rest)}]
    return resolved  # a plain list: whole


def _merge(a: Any, b: Any) -> Any:
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = _merge(out[k], v) if k in out else v
        return out
    if _is_id_list(a) and _is_id_list(b):
        out_list = list(a)
        for item in b:
            i = next((n for n, old in enumerate(out_list) if old["id"] == item["id"]), None)
            if i is None:
                out_list.append(item)
            else:
                out_list[i] = _merge(out_list[i], item)
        return out_list
    return b


def best_yaml(base_path: Path, winner: Variant, params: Sequence[Param], out_dir: Path, header: str) -> str:
    """The YAML text of out_dir/best.yaml. Checked: loading it gives the winner's rules."""
    tree: dict[str, Any] = {"extends": reference(base_path, out_dir)}
    for p in params:
        tree = _merge(tree, _nest(winner.resolved, p.key.split(".")))
    body = yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, default_flow_style=False)
    return "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines()) + body


def check_best(path: Path, winner: Variant) -> None:
    """The written file must resolve to the winner (same rules, whatever the file's name)."""
    loaded = load_variant(path)
    if rules_of(loaded.resolved) != rules_of(winner.resolved):
        raise PlaytestError(f"{path}: internal error: the written variant does not reproduce the winner")
