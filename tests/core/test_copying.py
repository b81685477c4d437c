"""`field_copier`: the generated copy sets every field named, resets the ones asked, and the
game states that use it copy every field of theirs (a field added later is copied too)."""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest

from playtest.core.copying import field_copier


@dataclass(slots=True)
class Rec:
    a: int = 0
    b: tuple[int, ...] = ()
    own: int = 0


def test_the_copy_is_a_new_instance_with_every_field_and_the_resets() -> None:
    copy = field_copier(Rec, [f.name for f in fields(Rec)], reset={"own": 0})
    r = Rec(1, (2, 3), own=5)
    c = copy(r)
    assert c is not r and (c.a, c.b, c.own) == (1, (2, 3), 0) and c.b is r.b


def test_names_that_are_not_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="not field names"):
        field_copier(Rec, ["a", "b; import os"])


def test_the_game_states_copies_hold_every_field() -> None:
    from playtest.games.newfrontiers.state import Player, State
    from playtest.games.ohseven.state import Round
    from playtest.games.ohseven.state import State as OhSevenState

    p = Player(*range(1, len(fields(Player)) + 1))
    assert p.copy() == p and p.copy() is not p
    s = State(n=2, track=(0, 1), players=(p, p), own=3)
    assert s.copy() == s and s.copy().own == 0
    for cls, skip in ((OhSevenState, ()), (Round, ("public",))):
        obj = object.__new__(cls)
        for i, name in enumerate(cls.__slots__):
            setattr(obj, name, i)
        copy = obj._clone()
        assert all(getattr(copy, n) == i for i, n in enumerate(cls.__slots__) if n not in skip)
        assert all(not hasattr(copy, n) for n in skip)
