"""Render a run's report in a format and write it atomically (temp file + os.replace)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from playtest.io import write_atomic
from playtest.report.model import Report, build_report

__all__ = ["FORMATS", "SUFFIX", "render", "write_atomic", "write_report"]

FORMATS = ("html", "md", "json")
SUFFIX = {"html": ".html", "md": ".md", "json": ".json"}


def render(report: Report, fmt: str) -> str:
    if fmt == "html":
        from playtest.report.html import render_html

        return render_html(report)
    if fmt == "md":
        from playtest.report.markdown import render_markdown

        return render_markdown(report)
    if fmt == "json":
        from playtest.report.jsonreport import render_json

        return render_json(report)
    raise ValueError(f"unknown report format {fmt!r} (choose from {', '.join(FORMATS)})")


def write_report(info: dict[str, Any], games: pl.DataFrame, events: pl.DataFrame, path: Path, fmt: str = "html") -> Path:
    write_atomic(path, render(build_report(info, games, events), fmt))
    return path
