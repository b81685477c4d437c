"""Powers: the registry from each named power kind to the handler that folds it into a Profile.

A player's Profile is the sum of the powers of their settled worlds and developments, in the
order they were acquired (home world first). The rules read only Profiles, never power models,
so a new power kind is one schema class plus one handler here (tests/newfrontiers check that
every schema power class has a handler).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from playtest.games.newfrontiers import schema as S


@dataclass
class Profile:
    """What a player's powers add up to (built once per change of the player's tiles), and the
    sums that scoring and the greedy evaluation read on every call (set by the rules)."""

    military: int = 0
    gold_on: dict[str, int] = field(default_factory=dict)
    discount: dict[str, int] = field(default_factory=dict)
    extra_goods: list[str | None] = field(default_factory=list)
    """One entry per extra_good power: its color filter (None: any)."""
    consume: list[S.Consume] = field(default_factory=list)
    explore_extra: int = 0
    settle_rewards: list[S.SettleReward] = field(default_factory=list)
    extra_settle: int = 0
    end_bonuses: list[S.EndBonus] = field(default_factory=list)
    tile_vp: int = 0
    """VP printed on the settled worlds and the developments (set by the rules)."""
    tile_bonus: int = 0
    """VP of the end bonuses counting worlds, developments or military (`scoring.TILE_COUNTS`),
    which the tiles fix (set by the rules)."""
    production_worlds: int = 0
    """Settled production worlds (set by the rules)."""
    consume_goods: int = 0
    """Goods all consume powers together may take (the sum over `consume`, kept by its handler)."""
    gold_on_total: int = 0
    """Gold all gold-on-action powers together pay (the sum over `gold_on`, kept by its handler)."""

    def then(self, powers: Iterable[Any]) -> Profile:
        """A new Profile: this one with `powers` folded in after its own, as `profile_of` would
        fold them last (the sums set by the rules are copied; the caller updates them). Its
        dicts and lists are this one's until a handler replaces them (handlers never change a
        container in place). 2026-12-02: copying the dict and list fields by name instead of
        testing every field's type: greedy 154.6 -> 152.2 M instructions a game (x1.016, game
        0); sharing them instead, with the sums over consume and gold-on powers kept by their
        handlers: greedy 112.5 -> 109.9 (x1.023, 3 games)."""
        prof = object.__new__(Profile)
        prof.__dict__ = self.__dict__.copy()
        for p in powers:
            HANDLERS[type(p)](p, prof)
        return prof


Handler = Callable[[Any, Profile], None]
HANDLERS: dict[type, Handler] = {}
"""Power kind → the function that folds a power of it into a Profile. A handler replaces a dict
or list field with a new one rather than changing it: profiles share them (`Profile.then`)."""


def handles(cls: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[cls] = fn
        return fn
    return register


@handles(S.Military)
def _military(p: S.Military, prof: Profile) -> None:
    prof.military += p.amount


@handles(S.GoldOn)
def _gold_on(p: S.GoldOn, prof: Profile) -> None:
    action = str(p.action)
    prof.gold_on = {**prof.gold_on, action: prof.gold_on.get(action, 0) + p.amount}
    prof.gold_on_total += p.amount


@handles(S.Discount)
def _discount(p: S.Discount, prof: Profile) -> None:
    prof.discount = {**prof.discount, p.action: prof.discount.get(p.action, 0) + p.amount}


@handles(S.ExtraGood)
def _extra_good(p: S.ExtraGood, prof: Profile) -> None:
    prof.extra_goods = [*prof.extra_goods, p.color]


@handles(S.Consume)
def _consume(p: S.Consume, prof: Profile) -> None:
    prof.consume = [*prof.consume, p]
    prof.consume_goods += p.goods


@handles(S.ExploreDraw)
def _explore_draw(p: S.ExploreDraw, prof: Profile) -> None:
    prof.explore_extra += p.amount


@handles(S.SettleReward)
def _settle_reward(p: S.SettleReward, prof: Profile) -> None:
    prof.settle_rewards = [*prof.settle_rewards, p]


@handles(S.ExtraSettle)
def _extra_settle(p: S.ExtraSettle, prof: Profile) -> None:
    prof.extra_settle += p.amount


@handles(S.EndBonus)
def _end_bonus(p: S.EndBonus, prof: Profile) -> None:
    prof.end_bonuses = [*prof.end_bonuses, p]


ORDERED = frozenset({S.ExtraGood, S.Consume, S.SettleReward, S.EndBonus})
"""The power kinds a Profile lists in the order they were folded (the others it sums)."""


def profile_of(powers: Iterable[Any]) -> Profile:
    """Fold powers (in acquisition order) into a Profile."""
    prof = Profile()
    for p in powers:
        HANDLERS[type(p)](p, prof)
    return prof
