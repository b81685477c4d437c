"""The position value the greedy bot maximises and `Rules.evaluate` turns into win shares.

value(seat) = VP if the game ended now (chips, worlds, developments, end bonuses, goals)
            + GOLD × gold + GOOD × trade price of each good held
            + COLONIST × colonists in supply (capped at what the unsettled worlds need)
            + PRODUCTION × settled production worlds (each yields a good per Produce)
            + MILITARY × military strength (capped at the costliest military world)
            + UNSETTLED × VP of unsettled worlds the player can pay for
            + a per-power allowance for consume powers and gold-on-action powers
            + an allowance for the powers that pay on later actions (POWER_WEIGHTS: discounts,
              extra goods, extra explore picks, settle rewards, extra settles), times the share
              of the game the player has still to go (`left`).
The weights are a rough exchange rate (about 3 gold buys a VP through worlds and
developments); they are constants, not tuned per variant. Before the last allowance the greedy
bot valued a tile with such a power at its VP alone and, in 200 greedy games of the base set,
never bought Fabricators (d07); the head-to-head that chose its weights is in
docs/new-frontiers.md ("Bots").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.powers import Profile, profile_of
from playtest.games.newfrontiers.state import Player, State

if TYPE_CHECKING:
    from playtest.games.newfrontiers.rules import NewFrontiersRules

GOLD = 0.3
GOOD = 0.25
COLONIST = 0.3
PRODUCTION = 0.8
MILITARY = 0.35
UNSETTLED = 0.2
CONSUME_POWER = 0.8
GOLD_ON_POWER = 0.4
TEMPERATURE = 4.0
"""Softmax temperature (in value points) of `win_shares`."""


@dataclass(frozen=True)
class PowerWeights:
    """The value of holding a power that pays on later actions, per unit of the power, at the
    start of the player's game (`left` scales it down as the game goes on), in value points."""

    discount: float
    """Per gold off each later development or non-military world (`discount`)."""
    extra_good: float
    """Per `extra_good` power: one more good on each Produce."""
    explore: float
    """Per extra pick on Explore (`explore_draw`)."""
    settle_reward: float
    """Times a `settle_reward`'s own value (GOLD × gold + COLONIST × colonists + VP): the worlds the
    holder is expected to settle still."""
    extra_settle: float
    """Per extra world one Settle action may settle (`extra_settle`)."""


POWER_WEIGHTS = PowerWeights(discount=3.6, extra_good=1.8, explore=0.9, settle_reward=4.5, extra_settle=1.8)
"""Chosen by head-to-head games, two greedy bots with these weights against two without any
(docs/new-frontiers.md, "Bots", 2026-12-05): 3 × (0.6, 0.6, 0.3, 1.5, 0.6) won more than 1, 2, 4
or 5 times those numbers, and more than 0.5, 1, 2 or 3 times them without `left` (none of which
beat the bot without any); doubling the discount's then won more again (0.70 of the games against
0.61), doubling another's as well did not."""
NO_POWER_WEIGHTS = PowerWeights(0.0, 0.0, 0.0, 0.0, 0.0)
"""The greedy bot before these powers had a value (the head-to-head's other side)."""


class Tables:
    """Per-world and per-development numbers of a variant, computed once (the bot's hot path),
    and the last position a greedy bot valued."""

    def __init__(self, rules: NewFrontiersRules, weights: PowerWeights = POWER_WEIGHTS) -> None:
        t = rules.tiles
        self.weights = weights
        end = rules.r.end
        self.end_worlds, self.end_devs = end.worlds, end.developments
        """The world and development end triggers (None: off), which `left` measures against."""
        self.world_vp = [w.vp for w in t.worlds]
        self.good_value = [GOOD * t.prices[w.color] if w.color >= 0 else 0.0 for w in t.worlds]
        self.unsettled = [(w.colonists, w.cost, w.kind == "military", UNSETTLED * (w.vp + 1)) for w in t.worlds]
        """Per world, what an unsettled one needs and is worth: (colonists, cost, military?, value)."""
        self.dev_vp = [d.vp for d in t.devs]
        folded = [profile_of(d.powers) for d in t.devs]
        self.developing = [None if f.end_bonuses or has_later_powers(f) else (d.vp, f.military, f.consume_goods,
                                                                              f.gold_on_total)
                           for d, f in zip(t.devs, folded, strict=True)]
        """Per development, what placing it adds to a Profile's VP, military, consume goods and
        gold-on sums; None for one with end bonuses or a power `later_powers` values
        (`values_developing`)."""
        self.top_military = max((w.cost for w in t.worlds if w.kind == "military"), default=0)
        self.heads: dict[tuple, tuple[float, int]] = {}
        """`_head`'s answers by what they depend on (see `_head`)."""
        self.last_position: tuple[State | None, list[float] | None] = (None, None)
        """The game position a greedy bot of this variant valued last at a decision, and its
        values (the one field that changes): the next bot to decide, of any seat, values only
        the players that are not the same objects as there. Player values are public when
        they are reused (no goals). 2026-12-02, in place of one such position per bot: greedy
        161.2 -> 158.0 M instructions a game (x1.02)."""


def tables(rules: NewFrontiersRules) -> Tables:
    """The variant's tables, built on first use and kept with the rules."""
    tb = rules.__dict__.get("_eval_tables")
    if tb is None:
        tb = rules.__dict__["_eval_tables"] = Tables(rules)
    return tb


def has_later_powers(prof: Profile) -> bool:
    """Whether `prof` holds a power that `later_powers` values."""
    return bool(prof.discount or prof.extra_goods or prof.explore_extra or prof.settle_rewards or prof.extra_settle)


def left(tb: Tables, worlds: int, devs: int) -> float:
    """The share of the game a player with `worlds` settled worlds and `devs` developments (a large
    one counted once) has still to go, by their own way to the world and development end triggers:
    1 − the larger of worlds / trigger and developments / trigger, at least 0 (1 with both
    triggers off). A power that pays on later actions is worth less the fewer are left."""
    done = 0.0
    if tb.end_worlds:
        done = worlds / tb.end_worlds
    if tb.end_devs and devs / tb.end_devs > done:
        done = devs / tb.end_devs
    return 1.0 - done if done < 1.0 else 0.0


def later_powers(tb: Tables, prof: Profile, worlds: int, devs: int) -> float:
    """The allowance for the powers of `prof` that pay on later actions (POWER_WEIGHTS), for a
    player with `worlds` settled worlds and `devs` developments (`left`)."""
    if not has_later_powers(prof):
        return 0.0
    w, v = tb.weights, 0.0
    if prof.discount:
        v += w.discount * sum(prof.discount.values())
    if prof.extra_goods:
        v += w.extra_good * len(prof.extra_goods)
    if prof.explore_extra:
        v += w.explore * prof.explore_extra
    for r in prof.settle_rewards:
        v += w.settle_reward * (GOLD * r.gold + COLONIST * r.colonists + r.vp)
    if prof.extra_settle:
        v += w.extra_settle * prof.extra_settle
    return v * left(tb, worlds, devs)


def _potential(tb: Tables, p: Player, gold: int, military: int, consume_goods: int, gold_on_total: int,
               later: float) -> float:
    """The value besides VP (the module docstring's terms, summed in that order) of `p` holding
    `gold` and with these sums of its Profile (`p`'s own for `player_value`; `values_developing`
    passes those after a development). Written for speed, the same sums to the last bit: locals,
    and `a if a < b else b` for min() of two ints. 2026-12-02: greedy 152.2 -> 146.0 M
    instructions a game (x1.042, game 0). Its first terms are `_head`, shared with
    `values_taking` (one call more: 113.4 -> 115.4 M, x0.98, for one copy of them instead of
    two)."""
    v, need = _head(tb, p, gold, military)
    colonists, top = p.colonists, tb.top_military
    v += COLONIST * (colonists if colonists < need else need)
    v += MILITARY * (military if military < top else top)
    v += CONSUME_POWER * consume_goods
    v += GOLD_ON_POWER * gold_on_total
    v += later
    return v


def _head(tb: Tables, p: Player, gold: int, military: int) -> tuple[float, int]:
    """The potential's terms up to its unsettled worlds (gold, goods, production, each unsettled
    world) and the colonists those worlds need (`_potential`'s arguments): `_sum_head`'s, looked
    up by what they depend on (the memo is emptied when it reaches 4,096 entries; 60% of calls
    are answered from it). 2026-12-02: greedy 103.6 -> 102.5 M instructions a game (x1.011, 10
    games; 101.9 -> 101.2, x1.007, on 3)."""
    key = (gold, military, p.goods, p.prof.production_worlds, p.unsettled)
    head = tb.heads.get(key)
    if head is None:
        if len(tb.heads) >= 4096:
            tb.heads.clear()
        head = tb.heads[key] = _sum_head(tb, p, gold, military)
    return head


def _sum_head(tb: Tables, p: Player, gold: int, military: int) -> tuple[float, int]:
    """`_head` summed (reading only what its key holds)."""
    v = GOLD * gold
    good_value = tb.good_value
    for w in p.goods:
        v += good_value[w]
    for _ in range(p.prof.production_worlds):  # one by one: the same sum, to the last bit, as per world
        v += PRODUCTION
    need = 0
    means, unsettled = gold + 3, tb.unsettled
    for w in p.unsettled:
        colonists, cost, is_military, value = unsettled[w]
        need += colonists
        v += value if (military if is_military else means) >= cost else 0.1  # can it be paid for?
    return v, need


def player_value(rules: NewFrontiersRules, p: Player, tb: Tables | None = None) -> float:
    """One player's value when no goals are in play (it depends on that player alone); `tb`:
    `tables(rules)`, if the caller holds it."""
    prof = p.prof
    vp = p.chips + prof.tile_vp + (scoring.held_bonus(rules.tiles, p) if prof.end_bonuses else 0)  # `vp_without_goals`
    tb = tb or tables(rules)
    later = later_powers(tb, prof, len(p.worlds), len(p.devs))
    return vp + _potential(tb, p, p.gold, prof.military, prof.consume_goods, prof.gold_on_total, later)


def values_taking(rules: NewFrontiersRules, p: Player, worlds: list[int], tb: Tables) -> list[float]:
    """`player_value` of `p` with each of `worlds` added last to its unsettled worlds (what
    taking it from the explore draw leaves: `rules.mover_after`), the same sums to the last bit
    (`_potential`'s, in its order): the terms before the world taken summed once. 2026-12-02:
    the greedy bot's takes, greedy 123.6 -> 116.8 M instructions a game (x1.058, game 0)."""
    vp = scoring.vp_without_goals(rules.tiles, p)  # (unsettled worlds score no VP)
    v, need = _head(tb, p, p.gold, p.prof.military)
    prof, colonists, strength, means, top = p.prof, p.colonists, p.prof.military, p.gold + 3, tb.top_military
    army = MILITARY * (strength if strength < top else top)
    consume = CONSUME_POWER * prof.consume_goods
    gold_on = GOLD_ON_POWER * prof.gold_on_total
    later = later_powers(tb, prof, len(p.worlds), len(p.devs))  # (a world taken is not settled)
    out = []
    for w in worlds:  # the world taken: the last of the unsettled worlds, then _potential's last terms
        more, cost, military, value = tb.unsettled[w]
        x = v + (value if (strength if military else means) >= cost else 0.1)
        n = need + more
        x += COLONIST * (colonists if colonists < n else n)
        x += army
        x += consume
        x += gold_on
        x += later
        out.append(vp + x)
    return out


def values_developing(p: Player, devs: list[int], costs: list[int], tb: Tables) -> list[float]:
    """`player_value` of `p` after placing each of `devs` at its cost (what `rules.mover_after`
    gives for a develop move), the same sums to the last bit, without building that player or
    its Profile: for a player without end bonuses and developments without them (`Tables.
    developing` is not None), whose VP are then chips and tile VP. 2026-12-02: the greedy bot's
    developments, greedy 108.4 -> 105.1 M instructions a game (x1.032, 3 games; with `_potential`
    taking the fields a development changes as arguments, which alone was 108.4 -> 107.8)."""
    prof = p.prof
    vp = p.chips + prof.tile_vp
    later = later_powers(tb, prof, len(p.worlds), len(p.devs) + 1)  # (a development in `developing` adds no such power)
    out = []
    for d, cost in zip(devs, costs, strict=True):
        dev = tb.developing[d]
        assert dev is not None
        more_vp, military, consume, gold_on = dev
        out.append(vp + more_vp + _potential(tb, p, p.gold - cost, prof.military + military,
                                             prof.consume_goods + consume, prof.gold_on_total + gold_on, later))
    return out


def values(rules: NewFrontiersRules, state: State, tb: Tables | None = None) -> list[float]:
    """The position value of every seat; `tb`: the Tables to value with (by default the rules')."""
    if state.over or rules.goals_on:
        vp = [float(x) for x in scoring.totals(rules.tiles, state, rules.hidden_for_everyone)]
        if state.over:
            return vp
    else:
        vp = [float(scoring.vp_without_goals(rules.tiles, p)) for p in state.players]
    tb = tb or tables(rules)
    return [vp[i] + _potential(tb, p, p.gold, p.prof.military, p.prof.consume_goods, p.prof.gold_on_total,
                               later_powers(tb, p.prof, len(p.worlds), len(p.devs)))
            for i, p in enumerate(state.players)]


POTENTIAL_TERMS = ("gold", "goods", "production worlds", "worlds to settle", "colonists", "military",
                   "powers")
"""The potential's terms as `value_parts` names them, in the module docstring's order."""


def value_parts(rules: NewFrontiersRules, state: State, seat: int, tb: Tables | None = None
                ) -> tuple[float, dict[str, float]]:
    """`seat`'s value in `state` (`values`) as its VP now and each term of its potential
    (POTENTIAL_TERMS; 'powers': the allowance for consume and gold-on-action powers and
    `later_powers`): the words of the greedy bot's hint (`GreedyBot.explain`). Summed plainly,
    term by term, rather than through `_potential`'s fast sums: never on the bots' path;
    tests/newfrontiers/test_greedy_explain.py checks that the parts add up to `values` so the two
    cannot drift."""
    p = state.players[seat]
    if state.over or rules.goals_on:
        vp = float(scoring.totals(rules.tiles, state, rules.hidden_for_everyone)[seat])
        if state.over:
            return vp, {}
    else:
        vp = float(scoring.vp_without_goals(rules.tiles, p))
    tb, prof = tb or tables(rules), p.prof
    need, to_settle = 0, 0.0
    for w in p.unsettled:  # a world the player can pay for is worth its value, another 0.1
        colonists, cost, is_military, value = tb.unsettled[w]
        need += colonists
        to_settle += value if (prof.military if is_military else p.gold + 3) >= cost else 0.1
    parts = {"gold": GOLD * p.gold,
             "goods": sum(tb.good_value[w] for w in p.goods),
             "production worlds": PRODUCTION * prof.production_worlds,
             "worlds to settle": to_settle,
             "colonists": COLONIST * min(p.colonists, need),
             "military": MILITARY * min(prof.military, tb.top_military),
             "powers": (CONSUME_POWER * prof.consume_goods + GOLD_ON_POWER * prof.gold_on_total
                        + later_powers(tb, prof, len(p.worlds), len(p.devs)))}
    return vp, parts


def win_shares(rules: NewFrontiersRules, state: State) -> list[float]:
    """Per-seat win-share estimate in [0, 1] (sums to 1): exact shares at the end, otherwise a
    softmax of the position values."""
    if state.over:
        return [s.win_share for s in rules.result(state).seats]
    v = values(rules, state)
    top = max(v)
    w = [math.exp((x - top) / TEMPERATURE) for x in v]
    total = sum(w)
    return [x / total for x in w]
