"""The search space of `playtest tune`: `--param KEY=SPACE`, parsed and checked against the schema.

A space is an integer range (`crews.bays.time=0..4`), a float range (`x=0.5..2.0`) or a list of
values to choose from (`scoring.majority_tiebreak=later_first_cube,earlier_first_cube`, `x=1,2,5`;
values are YAML). Every key is checked before the search starts by loading the variant with the
key set to each end of its range (or to each choice): a key the schema does not allow, or a value
outside what it allows, is a one-line `--param ...` error.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.errors import UsageError, VariantError
from playtest.text import echoed
from playtest.variants import Variant, load_variant
from playtest.variants.loader import MAX_INT, PROSE_KEYS, check_overrides_apply
from playtest.variants.source import foreign_value, json_text, long_number_in, number_quirk_in

INT, FLOAT, CHOICE = "int", "float", "choice"
_RANGE = re.compile(r"^\s*(\.?[^.\s][^\s]*?)\s*\.\.\s*([^\s]+)\s*$")
"""LOW..HIGH; LOW may start with a dot (.5..2)."""


@dataclass(frozen=True)
class Param:
    """One tuned key and the values it may take."""

    key: str
    kind: str
    low: float = 0.0
    high: float = 0.0
    choices: tuple[Any, ...] = ()
    text: str = ""
    """The option as written, for messages."""

    @property
    def numeric(self) -> bool:
        """True when every value is a number (a range, or choices that are all numbers)."""
        return self.kind != CHOICE or all(_is_number(c) for c in self.choices)

    def labels(self) -> tuple[str, ...]:
        """The choices as the optimiser sees them (text, one per choice)."""
        return tuple(show(c) for c in self.choices)

    def decode(self, raw: Any) -> Any:
        """The optimiser's value → the value written into the variant."""
        if self.kind == CHOICE:
            return self.choices[self.labels().index(raw)]
        return int(raw) if self.kind == INT else float(raw)

    def override(self, value: Any) -> str:
        return f"{self.key}={json_text(value)}"

    def describe(self) -> str:
        if self.kind == CHOICE:
            return "one of " + ", ".join(self.labels())
        if self.kind == INT:  # low and high are stored as floats: 0..3 is not '0.0 to 3.0'
            return f"integer from {int(self.low)} to {int(self.high)}"
        return f"number from {show(self.low)} to {show(self.high)}"


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def show(v: Any) -> str:
    """A value as a designer writes it: text bare, anything else as JSON."""
    return v if isinstance(v, str) else json_text(v)


def _error(text: str, message: str) -> UsageError:
    return UsageError(f"--param {echoed(text)}: {message}")


def parse_param(text: str) -> Param:
    """`KEY=lo..hi` or `KEY=v1,v2,...` → Param. Raises UsageError (one line)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or any(not p for p in key.split(".")):
        raise _error(text, "expected KEY.PATH=LOW..HIGH or KEY.PATH=VALUE1,VALUE2,...")
    if not raw.strip():
        raise _error(text, "no values after '='")
    if key in (*PROSE_KEYS, "rules_version"):  # every candidate would play the very same games
        said = {"name": "names the variant", "description": "describes the variant"}.get(key, "labels the rules")
        raise _error(text, f"{key} {said} and no rule reads it: tune a key of the rules")
    if "..." in raw and "," not in raw:
        # '1...3' read as 1..0.3 ("the range is empty: 1 is not below 0.3")
        raise _error(text, "three dots: a range is LOW..HIGH with two (write 1..3, or 1..0.3 if that is meant)")
    m = _RANGE.match(raw)
    if not m and ".." in raw and "," not in raw:
        # '..3' read "give a range LOW..HIGH or at least two values"
        raise _error(text, "a range needs both ends: LOW..HIGH, e.g. 0..4 or 0.5..2.0")
    if m and "," not in raw:
        lo, hi = (_number(text, s) for s in m.groups())
        for end in (lo, hi):
            # An end no variant may hold: check_space loads the variant at each end, but json writes
            # inf as Infinity and 1e308 as 1e+308, which YAML reads as text, so the variant's own
            # limit passed them; Optuna then failed (OverflowError for inf, an internal error) or a
            # trial did, after the base's games.
            if not math.isfinite(end):
                raise _error(text, f"the ends of a range are finite numbers, not {end}")
            if abs(end) > MAX_INT:
                raise _error(text, f"{show(end)} is too large (a variant's numbers are at most {MAX_INT:,} in absolute value)")
        kind = INT if isinstance(lo, int) and isinstance(hi, int) else FLOAT
        if lo >= hi:
            raise _error(text, f"the range is empty: {show(lo)} is not below {show(hi)}")
        return Param(key, kind, float(lo), float(hi), text=text)
    if any(part.strip() == "!remove" for part in raw.split(",")):
        # sweep's point without the key: read as a YAML tag running on to the end of the list, it
        # was "cannot read the values: expected ',' or ']', but got '<stream end>'"
        raise _error(text, "!remove is a point of `playtest sweep`, not a choice of tune: list the values to "
                           "choose from (the key's default among them, if it should compete)")
    if message := long_number_in(f"[{raw}]"):
        raise _error(text, message)
    try:
        values = yaml.safe_load(f"[{raw}]")
    except yaml.YAMLError as exc:
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise _error(text, f"cannot read the values: {reason}") from None
    if len(values) < 2:
        raise _error(text, "give a range LOW..HIGH or at least two values to choose from")
    if message := next(filter(None, map(foreign_value, values)), "") or number_quirk_in(f"[{raw}]"):
        raise _error(text, message)
    # A date (2001-12-14) is tuned as the text the variant is given (Param.override): kept as a
    # date, tune.json could not be written after every trial had run (internal error).
    values = [json.loads(json_text(v)) for v in values]
    labels = [json_text(v, sort_keys=True) for v in values]
    if len(set(labels)) != len(labels):
        raise _error(text, "a value is repeated")
    if len({show(v) for v in values}) != len(values):
        raise _error(text, "two values read the same as text (write them as YAML of one type)")
    return Param(key, CHOICE, choices=tuple(values), text=text)


def _number(text: str, s: str) -> int | float:
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        raise _error(text, f"{s!r} is not a number (a range is LOW..HIGH, e.g. 0..4 or 0.5..2.0)") from None


def parse_space(texts: Sequence[str]) -> list[Param]:
    """Every --param, in order. A key given twice is an error."""
    if not texts:
        raise UsageError("--param: give at least one key to tune, e.g. --param crews.bays.time=0..4")
    params = [parse_param(t) for t in texts]
    seen: set[str] = set()
    for p in params:
        if p.key in seen:
            raise _error(p.text, f"{p.key} is tuned twice")
        seen.add(p.key)
    if nested := _nested_key([p.key for p in params]):  # the outer key's value would replace the inner one's
        raise _error(next(p.text for p in params if p.key == nested[1]), f"{nested[1]} is part of {nested[0]}, tuned "
                                                                          "too: tune one of them")
    return params


def _between(low: float, high: float) -> float:
    """A point of a number range that is not a whole number: the middle, else half a unit (or
    half the way to `high`) past it. An integer key accepts a whole middle (2.0 of `0.0..4.0`),
    and the check passed: the search then failed at its first trial, after the base's games."""
    mid = (low + high) / 2
    return mid if not mid.is_integer() else mid + min(0.5, (high - mid) / 2)


def _nested_key(keys: Sequence[str]) -> tuple[str, str] | None:
    """(outer, inner): two of `keys` (dotted paths) where one holds the other (`crews.bays` and
    `crews.bays.time`), refused in either order before any trial is played: the outer one's value
    replaces the inner one's, or gives it too (overrides._not_given_before). (sweep, whose points are
    all loaded before any game, refuses only the inner key given first: `compare.sweep.replaced_later`.)"""
    for a in keys:
        for b in keys:
            if len(b) > len(a) and b.startswith(f"{a}."):
                return a, b
    return None


def check_space(variant_path: Path, params: Sequence[Param]) -> None:
    """Load the variant with each key at each end of its range / at each choice (VariantError
    → a one-line --param error). Ranges are checked at both ends and at a point between them: a
    schema bound lies outside the range exactly when an end fails, and a number range fails
    between its ends on an integer key (`_between`). Then no two keys may name one value
    (`_check_apart`)."""
    firsts: list[tuple[Param, Any]] = []
    for p in params:
        if p.kind == CHOICE:
            values: list[Any] = list(p.choices)
        elif p.kind == INT:
            values = [int(p.low), int(p.high)]
        else:
            values = [p.low, p.high, _between(p.low, p.high)]
        firsts.append((p, values[0]))
        # Every bad value of the key, not only the first (`1,x,-1` named only x; sweep names each);
        # a problem alike at every value (a misspelt key) once, at the first.
        wrong: dict[str, str] = {}
        failed, alike = [], Counter[str]()
        for v in values:
            try:
                load_variant(variant_path, [p.override(v)])
            except VariantError as err:
                failed.append(v)
                first = err.problems[0]
                said = f"{first.path}: " if first.path else ""
                said += first.message
                alike[said] += 1
                # "(got 1.5) (at 1.5)" said the value twice
                wrong.setdefault(said, said if said.endswith(f"(got {show(v)})") else f"{said} (at {echoed(show(v))})")
        # A problem at every value is the key's, not a value's (a key the variant lacks: it ended
        # "(at 0)", as if 0 were wrong): said as sweep's --set says it, without a value.
        wrong = {said: said if alike[said] == len(values) else text for said, text in wrong.items()}
        if wrong:
            hint = ""
            if p.kind == FLOAT and failed == values[2:] and p.low.is_integer() and p.high.is_integer():
                # `-0.0..3`: whole-number ends written as decimals tune decimals; only the middle (1.5) failed
                hint = f"; a range written with decimals is tuned in decimals: {show(int(p.low))}..{show(int(p.high))} tunes whole numbers"
            raise _error(p.text, "; ".join(wrong.values()) + hint)
    _check_apart(variant_path, firsts)


def _check_apart(variant_path: Path, firsts: Sequence[tuple[Param, Any]]) -> None:
    """Two keys that name one value, by an item's id and by its position (`crews.bays.time` and
    `crews.5.time`), or one inside the other that way: every trial's variant refused the second
    (`overrides._not_given_before`) after the base's games and all the trials had run. Each key
    applies alone (`check_space`), so a key that cannot be applied after the others clashes with
    one of them: the first key it clashes with is named."""
    for i, (p, value) in enumerate(firsts):
        for q, other in firsts[:i]:
            try:
                check_overrides_apply(variant_path, [q.override(other), p.override(value)])
            except VariantError:
                raise _error(p.text, f"{p.key} and {q.key} name the same value (or one holds the other): "
                                     "tune one of them") from None


def candidate(variant_path: Path, params: Sequence[Param], values: dict[str, Any]) -> Variant:
    """The variant with every tuned key set."""
    return load_variant(variant_path, [p.override(values[p.key]) for p in params])


def invalid_reason(err: VariantError) -> str:
    """Why `candidate` refused these values, as a trial's progress line says it after the values
    themselves: the first problem without its '(with --set KEY=VALUE ...)', which named --set
    options the user never typed. Said from the problem's Cause (`Problem.naming`): cutting the
    --set text out of the message also cut it from a file's path that held it."""
    if not err.problems:
        return str(err)
    return err.problems[0].naming(()).message
