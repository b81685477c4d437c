"""Which kind of playtest file a YAML mapping is, by keys that only one kind has: how a variant
given where a transcript goes (or a transcript given as a variant, a gates or a goals file) is
said in one line at the key that shows it, not one line per key either kind lacks."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

VARIANT_MARKS = ("extends", "rules_version")
"""Keys of a variant file that no transcript has."""


RUN_INFO_MARKS = ("format_version", "lineup")
"""Keys of a run's run.json (what simulate writes) that no variant, transcript, gates or goals
file has: run.json also has `game`, `variant` and `players`, and read as a transcript it was 19
lines of missing and unknown keys, as a variant 'max_decisions: 250000 is too large', and as a
gates file 'this is a transcript'."""
RUN_INFO_USE = "`playtest report` reads its folder"


def run_info_said(what: str) -> tuple[str, str]:
    """(the key to point at, the one line) for a run's run.json given as `what` ('a variant')."""
    key = RUN_INFO_MARKS[0]
    return key, f"this is a run's run.json (it has {key}:), not {what}: {RUN_INFO_USE}"


OUTPUT_KINDS = {
    "playtest-sweep": "a sweep's sweep.json",
    "playtest-tune": "a tune's tune.json",
    "playtest-comparison": "compare's compare.json",
    "playtest-gates": "diff's JSON",
    "playtest-explain": "explain's explain.json",
    "playtest-ladder": "a ladder's ladder.json",
    "playtest-report": "a report's report.json",
}
"""What each JSON document playtest writes names itself (its `kind`, or `schema` for ladder and
report), as a line says which one a file is."""


def output_kind(doc: Mapping[str, Any]) -> tuple[str, str] | None:
    """(the key that shows it, what the document is) for a JSON document playtest wrote: one of
    OUTPUT_KINDS by its `kind` or `schema`, or a run's run.json; None for any other (a `kind`
    that is no text, `["a"]`, too: the document's own checks say what is wrong with it; the
    lookup of a list failed as an internal error)."""
    for key in ("kind", "schema"):
        value = doc.get(key)
        if isinstance(value, str) and value in OUTPUT_KINDS:
            return key, OUTPUT_KINDS[value]
    if is_run_info(doc):
        return RUN_INFO_MARKS[0], "a run's run.json"
    return None


def is_run_info(keys: Collection[str]) -> bool:
    """A run's run.json."""
    return all(k in keys for k in RUN_INFO_MARKS)


def is_transcript(keys: Collection[str]) -> bool:
    """A recorded game: it names the variant it was played with and its players."""
    return "variant" in keys and "players" in keys


def variant_mark(keys: Collection[str]) -> str | None:
    """The first key that shows a mapping is a variant file, if any."""
    return next((k for k in VARIANT_MARKS if k in keys), None)


LISTING_SAID = {
    "gates": "this is a gates file (a `gates:` list), not {what}: `playtest diff BASE CANDIDATE --gate FILE` "
             "reads it (docs/ci.md)",
    "goals": "this is a goals file (a `goals:` list), not {what}: `playtest tune VARIANT --target FILE` "
             "reads it (docs/tune.md)",
}
"""What a gates or goals file is, said at its list's key when one is given as something else
(`listing_said`)."""


def listing_said(key: str, what: str) -> str:
    """The line for a gates or goals file (`key`, as `listing_key` gives it) given as `what`
    ('a variant', 'a transcript')."""
    return LISTING_SAID[key].format(what=what)


def listing_key(values: Mapping[str, Any]) -> str | None:
    """`gates` or `goals` for a gates or goals file (that list, and no `game:`; or, beside a
    `game:` but no key only a variant has, a list whose items each name a `metric:`), else None;
    `values`: each key's parsed value (a variant's YAML tree gives them as Nodes, read through
    their `value`). A gates file someone gave a `game:` read as a variant 'required keys are
    missing: rules_version, name, deck' and 'gates: unknown key (did you mean 'game'?)'."""
    def plain(x: Any) -> Any:
        return getattr(x, "value", x)

    if "game" in values and variant_mark(values) is not None:
        return None
    for key in LISTING_SAID:
        items = plain(values.get(key))
        if not isinstance(items, list):
            continue
        if "game" not in values or (items and all(isinstance(plain(i), Mapping) and "metric" in plain(i) for i in items)):
            return key
    return None
