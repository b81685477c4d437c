"""Which kind of playtest file a YAML mapping is, by keys that only one kind has: how a variant
given where a transcript goes (or a transcript given as a variant, a gates or a goals file) is
said in one line at the key that shows it, not one line per key either kind lacks."""

from __future__ import annotations

from collections.abc import Collection

VARIANT_MARKS = ("extends", "rules_version")
"""Keys of a variant file that no transcript has."""


def is_transcript(keys: Collection[str]) -> bool:
    """A recorded game: it names the variant it was played with and its players."""
    return "variant" in keys and "players" in keys


def variant_mark(keys: Collection[str]) -> str | None:
    """The first key that shows a mapping is a variant file, if any."""
    return next((k for k in VARIANT_MARKS if k in keys), None)
