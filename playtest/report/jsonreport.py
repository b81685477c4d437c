"""The JSON report: `Report.to_dict()` as text, checked against report.schema.json in tests."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from playtest.report.model import Report


def render_json(report: Report) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, allow_nan=False, indent=2) + "\n"


def schema() -> dict[str, Any]:
    """The JSON Schema of the report (draft 2020-12)."""
    return json.loads(resources.files("playtest.report").joinpath("report.schema.json").read_text(encoding="utf-8"))
