"""The JSON report: `Report.to_dict()` as text, checked against report.schema.json in tests."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from playtest.report.model import Report
from playtest.text import json_safe


def render_json(report: Report) -> str:
    """The data exactly as they are; C1 controls and bidirectional overrides written as \\u
    escapes (json.dumps escapes only the C0 ones) so that `report -f json -o -` is safe to print."""
    return json_safe(json.dumps(report.to_dict(), ensure_ascii=False, allow_nan=False, indent=2)) + "\n"


def schema() -> dict[str, Any]:
    """The JSON Schema of the report (draft 2020-12)."""
    return json.loads(resources.files("playtest.report").joinpath("report.schema.json").read_text(encoding="utf-8"))
