"""Altair charts → Vega-Lite specs, built without altair's schema checks.

By default altair checks every chart object against the Vega-Lite JSON schema as it is built
("debug mode") and the whole spec again when it is turned into a dict. For the reports' fixed
chart shapes those checks were about half the time of rendering an HTML report, and `simulate`
renders one at the end of every run (measured 2026-12-02, CPU time of rendering a 60-game
Stargate report: 0.66 s with the checks, 0.31–0.44 s without; the HTML is the same). The shapes
are checked by the tests instead: the HTML pages the tests render (report, compare, sweep, ladder,
tune, explain, calibrate) have their specs validated against the schema
(`tests/conftest.py: assert_valid_charts`), and tests/report/test_chart_specs.py checks the
shapes those pages do not draw in `make test` (a sweep over two keys, calibrate's chart).

The charts give every encoding channel as an object (`x=alt.X("a:Q")`, `tooltip=[alt.Tooltip(...)]`),
never as a shorthand string or a dict (`x="a:Q"`, `alt.condition(...)`): altair turns those into
objects with `from_dict`, which first hashes every class of the Vega-Lite schema again (~5 ms a
channel, about 0.4 s of CPU per HTML report and 11 s of `make test`, measured 2026-12-02). The
spec is the same either way.

A layered chart takes its size as `alt.layer(..., width=, height=)`, not `.properties(width=,
height=)`: the same spec, without the deep copy of every layer that `.properties` makes (all
charts of a 200-game Stargate report: 0.446 → 0.369 s of CPU, the best of five each; the
compare, sweep, explain and ladder pages byte-identical; 2026-12-04). The pages now layer with
`layer(...)` below, which takes the same arguments.

A chart's rows go in as `chart_rows(data)`, not `alt.Data(values=data)`: the chart objects then hold
only a dataset's name, and the rows are written once, in the spec's top-level `datasets` (as
altair itself does for a data frame). altair deep-copies a chart's objects on every layer, encode
and `to_dict`, and with the rows inline that copying was about half the time of a report's charts
(CPU of all 16 charts of a 40-game Stargate report, best of five: 107 → 88 ms; 2026-12-05).

Layers are put together by `layer(*charts, width=, height=)` below, not `alt.layer`: altair's
LayerChart deep-copies every layer three times to lift data, selections and sizes, as it is built
and again on every copy (`to_dict` makes one); `layer` does the two lifts the pages' charts need
(shared data, size) on shallow copies. Same specs (tests/report/test_layer.py; every page kind of
fixed-seed runs byte-identical); chart-building CPU, medians of 6 interleaved runs: a 60-game
Stargate report 95 → 35 ms, compare 130 → 40, sweep 108 → 34, ladder 133 → 48 (2026-12-06).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any, ParamSpec, overload

import altair as alt
from altair.utils.schemapi import Undefined, debug_mode
from altair.vegalite.v6.api import TOPLEVEL_ONLY_KEYS

P = ParamSpec("P")

_DATASETS: ContextVar[dict[str, list[dict[str, Any]]] | None] = ContextVar("_DATASETS", default=None)


def chart_rows(data: list[dict[str, Any]]) -> alt.NamedData:
    """A chart's rows, for a chart built inside a `vega_spec` function: written once into the
    spec's `datasets`, under a name numbered in the order the chart asks (the same spec every time)."""
    datasets = _DATASETS.get()
    if datasets is None:
        raise RuntimeError("vega.chart_rows() outside a function decorated with @vega_spec")
    name = f"rows-{len(datasets)}"
    datasets[name] = data
    return alt.NamedData(name=name)


@overload
def vega_spec(build: Callable[P, alt.TopLevelMixin]) -> Callable[P, dict[str, Any]]: ...


@overload
def vega_spec(build: Callable[P, alt.TopLevelMixin | None]) -> Callable[P, dict[str, Any] | None]: ...


def vega_spec(build: Callable[P, alt.TopLevelMixin | None]) -> Callable[P, dict[str, Any] | None]:
    """Decorator for a function that builds an altair chart (or None, for no chart): the
    decorated function returns the chart's Vega-Lite spec as a dict (or None), the chart built
    and converted without schema checks."""

    @functools.wraps(build)
    def spec(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any] | None:
        token = _DATASETS.set({})
        try:
            with debug_mode(False):
                chart = build(*args, **kwargs)
                if chart is None:
                    return None
                written = chart.to_dict(validate=False)
            datasets = _DATASETS.get()
            if datasets:
                written["datasets"] = {**written.get("datasets", {}), **datasets}
            return written
        finally:
            _DATASETS.reset(token)

    return spec


def tooltip(column: str, numeric: bool) -> alt.Tooltip:
    """A tooltip of a data column whose name may hold '.', '[' or ']' (a variant key such as
    'scoring.exact_bonus'): Vega reads those as a path into nested data, so the field is escaped
    and the title keeps the name (tune's trial tooltips read 'scoring.exact_bonus: NaN' and
    'bidding.first_lead: undefined'). The type is given, as altair cannot infer it from an
    escaped name."""
    field = column.replace("\\", "\\\\").replace(".", "\\.").replace("[", "\\[").replace("]", "\\]")
    return alt.Tooltip(field=field, type="quantitative" if numeric else "nominal", title=column)


_LIFTED_BY_ALTAIR = ("params", "name", "width", "height", "view", *sorted(TOPLEVEL_ONLY_KEYS))
"""A layer's attributes that altair's layering lifts, renames or refuses (selections, a layer's
own size, a top-level-only key): a chart that sets one is layered by `alt.layer` itself."""


def layer(*charts: alt.Chart, width: int, height: int) -> alt.LayerChart | alt.FacetChart:
    """`alt.layer(*charts, width=width, height=height)`: the same chart, and the same spec, built
    without altair's lifting of the layers (module docstring). Of that lifting the pages' charts
    need only two parts, done here: data that every layer shares (the same object) goes to the
    top, and the size is the layered chart's. Layers that need more (a selection, a size of their
    own, a facet channel, a layer of layers, a top-level-only key) are layered by `alt.layer`.
    tests/report/test_layer.py checks every layered chart the pages draw against `alt.layer`."""
    if not charts or not all(_plain(chart) for chart in charts):
        return alt.layer(*charts, width=width, height=height)
    data = charts[0]._get("data")
    if data is not Undefined and all(chart._get("data") is data for chart in charts):
        charts = tuple(_without_data(chart) for chart in charts)
    else:
        data = Undefined
    return _Layers(data=data, layer=charts, width=width, height=height)


def _plain(chart: Any) -> bool:
    """A unit chart whose layering is only `layer`'s two lifts."""
    if type(chart) is not alt.Chart or any(chart._get(key) is not Undefined for key in _LIFTED_BY_ALTAIR):
        return False
    encoding = chart._get("encoding")
    return encoding is Undefined or all(encoding._get(ch) is Undefined for ch in ("row", "column", "facet"))


def _without_data(chart: alt.Chart) -> alt.Chart:
    bare = chart.copy(deep=False)
    bare.data = Undefined
    return bare


class _Layers(alt.LayerChart):
    """An `alt.LayerChart` whose layers `layer` has lifted: it only stores them. LayerChart's own
    constructor would lift them again, deep-copying every layer three times, and it runs again
    on every copy of the chart (each `to_dict` makes one)."""

    def __init__(self, data: Any = Undefined, layer: Sequence[Any] = (), **kwargs: Any) -> None:
        super(alt.LayerChart, self).__init__(data=data, layer=list(layer), **kwargs)
