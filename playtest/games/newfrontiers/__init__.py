"""New Frontiers: role selection and engine building over a variant's own tile set (rules.py),
its bots, transcripts, metrics and SPEC."""

from __future__ import annotations

from playtest.games.newfrontiers.spec import SPEC

__all__ = ["SPEC"]
