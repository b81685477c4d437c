"""New Frontiers metrics (filled in below)."""

from __future__ import annotations

import polars as pl


def summary_tables(games: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, pl.DataFrame]]:
    return []
