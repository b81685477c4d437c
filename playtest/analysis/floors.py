"""The least value each score part can take under a run's variant, as its game declares it
(GameSpec.score_floors), read from the run's resolved variant (run.json).

A mean of values that never go below a floor cannot go below it either, so a mean score's
interval is cut there (stats.mean_of_sums' `at_least`): New Frontiers' bonus VP with 39 games at
0 and one at 6 read 0.15 [-0.04, 1.10] — a negative mean no variant can have. The cut interval
covers the true mean whenever the uncut one does. A game that declares nothing keeps its
intervals as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playtest.analysis.run_variant import run_variant

_CACHE: dict[tuple[str, str], Mapping[str, float]] = {}
"""(game, variant hash) → its floors: compare's jackknife asks again for every block of games."""


def score_floors(info: Mapping[str, Any]) -> Mapping[str, float]:
    """Score part (or 'total') → the least value it can take, for the run's game and resolved
    variant (run.json's `game` and `variant.resolved`). Empty for a game without the hook, for a
    run without its resolved variant, or for a variant this version's schema no longer reads (an
    old run: its report stays as it was rather than fail)."""
    read = run_variant(info)
    if read is None or read[0].score_floors is None:
        return {}
    spec, model = read
    key = (spec.name, str(info["variant"].get("hash") or ""))
    if key[1] and key in _CACHE:
        return _CACHE[key]
    found = spec.floors(model)
    if key[1]:
        _CACHE[key] = found
    return found
