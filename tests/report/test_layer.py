"""`vega.layer` gives the spec `alt.layer` gives, for every layered chart the pages draw, without
altair's lifting of the layers (playtest/report/vega.py). A new altair that lifts differently, or
a new layered chart, fails here rather than changing a page unseen."""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import altair as alt
import altair.vegalite.v6.api as altair_api
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.compare import render
from playtest.ladder import skill
from playtest.report import charts, explain, ladder_html, tune, vega
from playtest.report.model import build_report

LAYERING = (charts, render, ladder_html, explain, tune)
"""The modules that draw layered charts (`test_every_layered_chart_of_the_pages_is_drawn_here`)."""


def _metric_rows(groups: list[str]) -> pl.DataFrame:
    return pl.DataFrame({"label": groups, C.ESTIMATE: [0.2 + 0.1 * i for i in range(len(groups))],
                         C.CI_LOW: [0.1 + 0.1 * i for i in range(len(groups))],
                         C.CI_HIGH: [0.3 + 0.1 * i for i in range(len(groups))], C.N: [12] * len(groups)})


def _every_layered_chart(report: Any) -> dict[str, Any]:
    """Every shape of layered chart the pages draw, from small inputs: the report's charts of a
    real run, and each other page's chart builders."""
    seats = _metric_rows(["seat 1", "seat 2"])
    sweep_rows = pl.DataFrame([{"x": x, C.GROUP: g, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6, C.N: 20,
                                "other settings": f"b={b}"} for x in ("1", "2") for g in ("seat 1", "seat 2")
                               for b in (0, 1)])
    ladder = SimpleNamespace(
        rungs=("random", "greedy"), declared=None,
        ratings=pl.DataFrame({"rung": ["random", "greedy"], "rating": [0.0, 120.0], "ci_low": [0.0, 40.0],
                              "ci_high": [0.0, 200.0]}),
        strength=pl.DataFrame({"upper": ["greedy"], "lower": ["random"], "upper_win_rate": [0.4],
                               "upper_win_rate_low": [0.3], "upper_win_rate_high": [0.5], "lower_win_rate": [0.2],
                               "lower_win_rate_low": [0.1], "lower_win_rate_high": [0.3]}))
    ladder_rows = [{skill.RUNG: r, C.GROUP: g, "title": g, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6, C.N: 20}
                   for r in ladder.rungs for g in ("seat 1", "seat 2")]
    effects = pl.DataFrame({"title": ["Game length", "Win rate"], "key": ["a", "b"], "level": ["", "2"],
                            "strong": [True, False], "std_effect": [0.8, 0.1], "std_low": [0.5, -0.2],
                            "std_high": [1.1, 0.4], "response": ["game_length_rounds", "win_rate_by_seat"],
                            "estimate": [1.5, 0.01], "ci_low": [1.0, -0.02], "ci_high": [2.0, 0.04],
                            "p_holm": [0.001, 0.6]})
    trials = pl.DataFrame({"trial": [0, 1, 2], "state": ["complete"] * 3, "objective": [0.3, 0.1, 0.2],
                           "scoring.exact_bonus": [4, 2, 3]})
    compare_rows = pl.DataFrame([{C.GROUP: g, "variant": v, C.ESTIMATE: 0.5, C.CI_LOW: 0.4, C.CI_HIGH: 0.6,
                                  C.N: 20} for g in ("seat 1", "seat 2") for v in ("a", "b")])
    return {
        **{f"report {c.key}": c.spec for c in charts.build_charts(report)},
        "interval with a reference": charts.interval_chart(seats, "win_rate_by_seat", 0.5),
        "interval": charts.interval_chart(seats, "game_length_share"),
        "heatmap": charts.heatmap(_metric_rows(["round 1 / a", "round 1 / b", "round 2 / a"]), "pick_rate_by_round"),
        "compare": render._overlay_chart(compare_rows, "win_rate_by_seat", ("a", "b")),
        "sweep": render._sweep_chart(sweep_rows.filter(pl.col("other settings") == "b=0"), "win_rate_by_seat",
                                     "x", ["1", "2"], None),
        "sweep over two keys": render._sweep_chart(sweep_rows, "win_rate_by_seat", "x", ["1", "2"],
                                                   "other settings"),
        "ladder metric": ladder_html.metric_chart(ladder, "win_rate_by_seat", ladder_rows),  # type: ignore[arg-type]
        "ladder ratings": ladder_html.ratings_chart(ladder),  # type: ignore[arg-type]
        "ladder strength": ladder_html.strength_chart(ladder),  # type: ignore[arg-type]
        "explain": explain._chart(effects),
        "tune": tune._objective_chart(trials),
    }


@pytest.fixture(scope="module")
def report(stargate_data):
    return build_report(*stargate_data)


def _layered_by_altair(monkeypatch: pytest.MonkeyPatch, drawn: set[tuple[str, str]]) -> None:
    """Each LAYERING module layers with `alt.layer` itself, noting which function called it."""
    def altair_layer(*layers: Any, width: int, height: int) -> Any:
        caller = sys._getframe(1)
        drawn.add((caller.f_globals["__name__"], caller.f_code.co_name))
        return alt.layer(*layers, width=width, height=height)

    for module in LAYERING:
        monkeypatch.setattr(module, "layer", altair_layer)


def test_every_layered_chart_is_the_spec_alt_layer_gives(report, monkeypatch) -> None:
    ours = _every_layered_chart(report)
    drawn: set[tuple[str, str]] = set()
    _layered_by_altair(monkeypatch, drawn)
    theirs = _every_layered_chart(report)
    assert list(ours) == list(theirs)
    for shape, spec in ours.items():  # key order too: the pages hold the specs as json.dumps writes them
        assert json.dumps(spec) == json.dumps(theirs[shape]), shape
    assert drawn == _layer_calls(LAYERING)


def test_layered_charts_skip_altair_s_lifting_of_the_layers(report, monkeypatch) -> None:
    """The point of `vega.layer`: altair's LayerChart deep-copies every layer three times as it
    is built, and again as it is written (more than half of a report's chart-building CPU)."""
    def lifted(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("altair's LayerChart lifted the layers")

    monkeypatch.setattr(altair_api, "_remove_duplicate_params", lifted)
    specs = _every_layered_chart(report)
    assert sum(1 for spec in specs.values() if "layer" in spec or "layer" in spec.get("spec", {})) == len(specs)


def test_every_layered_chart_of_the_pages_is_drawn_here() -> None:
    """Every function in playtest that calls `layer(...)` is in a LAYERING module (so the
    comparison above draws it through `alt.layer` too), and nothing else layers with `alt.layer`."""
    root = Path(vega.__file__).resolve().parents[1]
    modules = {path: ".".join(path.relative_to(root.parent).with_suffix("").parts) for path in root.rglob("*.py")}
    calls = {path: _calls(path) for path in modules  # (parsed only where the text could hold such a call)
             if re.search(r"\blayer\(|LayerChart", path.read_text(encoding="utf-8"))}
    assert {modules[path] for path, found in calls.items() if found & {"layer"}} == {m.__name__ for m in LAYERING}
    assert not {modules[path] for path, found in calls.items() if found & {"alt.layer", "alt.LayerChart"}} - {vega.__name__}


def _calls(path: Path) -> set[str]:
    """The names called in a module: 'layer', 'alt.layer', ..."""
    return {ast.unparse(node.func) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call)}


def _layer_calls(modules: tuple[ModuleType, ...]) -> set[tuple[str, str]]:
    """(module, function) of every call of `layer(...)` in these modules' source."""
    found = set()
    for module in modules:
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and any(
                    isinstance(node, ast.Call) and ast.unparse(node.func) == "layer" for node in ast.walk(function)):
                found.add((module.__name__, function.name))
    return found


ROWS = alt.NamedData(name="rows-0")


def _dots(**encoding: Any) -> alt.Chart:
    return alt.Chart(ROWS).mark_point().encode(x=alt.X("a:Q"), **encoding)


FALLBACKS: dict[str, Callable[[], tuple[Any, ...]]] = {
    "a selection": lambda: (_dots().add_params(alt.selection_point(name="pick", fields=["a"])),
                            _dots().mark_rule()),
    "a layer's own size": lambda: (_dots().properties(width=300, view=alt.ViewConfig(stroke=None)), _dots().mark_rule()),
    "a layer's other size": lambda: (_dots().properties(width=100), _dots().mark_rule()),
    "a facet channel": lambda: (_dots(row=alt.Row("b:N")), _dots(row=alt.Row("b:N")).mark_rule()),
    "a layer of layers": lambda: (alt.layer(_dots(), _dots().mark_rule()), _dots().mark_tick()),
}


def _written(build: Callable[..., Any], layers: tuple[Any, ...]) -> str:
    """The spec `build` makes of `layers` as the pages hold it, or the error it raised."""
    try:
        return json.dumps(build(*layers, width=300, height=200).to_dict(validate=False))
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


@pytest.mark.parametrize("shape", FALLBACKS)
def test_layers_that_need_more_than_the_two_lifts_are_layered_by_altair(shape, monkeypatch) -> None:
    """What the pages' charts do not use is left to `alt.layer`: its spec, or its error."""
    def lifted_here(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("vega.layer lifted the layers itself")

    monkeypatch.setattr(vega, "_Layers", lifted_here)
    ours, theirs = _written(vega.layer, FALLBACKS[shape]()), _written(alt.layer, FALLBACKS[shape]())
    assert ours == theirs
    assert ("layer" in ours or "facet" in ours) != (shape == "a layer's other size")  # that one is refused
