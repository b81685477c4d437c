"""Oh-Seven: an Oh-Hell variant where the bid is a card (rules.py), its bots, transcripts, SPEC."""

from __future__ import annotations

from playtest.games.ohseven.spec import SPEC

__all__ = ["SPEC"]
