"""The New Frontiers variant schema: every rule number, every (option) of RULINGS.md, the tile set.

The docstrings of the models document the keys (``playtest validate`` lists the valid keys when a
file has an unknown one). Powers are composed from the small named vocabulary below; each kind
has a handler in powers.py (a test checks that none is missing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from playtest.suggest import guess
from playtest.variants.model import Issue, Strict, Use, VariantModel, never_used, one_line_per_value


class ActionName(StrEnum):
    """The seven actions (``goals`` replaces ``retreat`` when the goals option is on)."""

    RETREAT = "retreat"
    DEVELOP = "develop"
    EXPLORE = "explore"
    SETTLE = "settle"
    PRODUCE = "produce"
    TRADE = "trade"
    ENVOY = "envoy"
    GOALS = "goals"


class WorldKind(StrEnum):
    PRODUCTION = "production"
    """Paid in gold; gets a good of its color on every Produce."""
    WINDFALL = "windfall"
    """Paid in gold; gets its good when settled, later only from a windfall bonus or power."""
    MILITARY = "military"
    """Needs military strength at least its cost; costs nothing; holds no good."""


# --- powers: the named vocabulary ---------------------------------------------------------------


class Military(Strict):
    """+`amount` military strength (for settling military worlds)."""

    kind: Literal["military"]
    amount: int = Field(ge=1, le=20)


class GoldOn(Strict):
    """+`amount` gold for the holder each time `action` is carried out (whoever selected it)."""

    kind: Literal["gold_on"]
    action: ActionName
    amount: int = Field(default=1, ge=1, le=20)


class Discount(Strict):
    """−`amount` gold on the holder's purchases under `action` (develop: developments; settle:
    non-military worlds), never below 0."""

    kind: Literal["discount"]
    action: Literal["develop", "settle"]
    amount: int = Field(default=1, ge=1, le=20)


class ExtraGood(Strict):
    """On every Produce the holder puts one good on one of their settled windfall worlds without
    a good (of `color`, if given): the holder chooses the world."""

    kind: Literal["extra_good"]
    color: str | None = None


class Consume(Strict):
    """Trade/consume: after trading, the holder must consume up to `goods` goods (of `color`, if
    given; the holder chooses which), gaining `vp` VP chips and `gold` gold per good (at least one
    of them above 0: a power that pays nothing is refused, its goods could not be kept)."""

    kind: Literal["consume"]
    goods: int = Field(default=1, ge=1, le=10)
    color: str | None = None
    vp: int = Field(default=1, ge=0, le=10)
    gold: int = Field(default=0, ge=0, le=10)


class ExploreDraw(Strict):
    """Explore: the holder takes `amount` more worlds right after their own pick (the shared
    draw is larger by the same number, so nobody else has less to choose from)."""

    kind: Literal["explore_draw"]
    amount: int = Field(default=1, ge=1, le=5)


class SettleReward(Strict):
    """Each time the holder settles a world (of `world_kind`, if given): +gold, +colonists,
    +VP chips. Fires once per world settled; a world's own reward does not fire for itself."""

    kind: Literal["settle_reward"]
    world_kind: WorldKind | None = None
    gold: int = Field(default=0, ge=0, le=10)
    colonists: int = Field(default=0, ge=0, le=10)
    vp: int = Field(default=0, ge=0, le=10)


class ExtraSettle(Strict):
    """Settle: the holder may settle `amount` more worlds in the same action. Powers of a world
    settled in this action count only from the next action (RULINGS, the seed's RftG note)."""

    kind: Literal["extra_settle"]
    amount: int = Field(default=1, ge=1, le=3)


class EndBonus(Strict):
    """End of game: `vp` per counted item of the holder. `per`: world (settled, home included;
    narrowed by `world_kind` / `color`), development (`large_only` narrows), military (strength),
    good (goods left), colonist (colonists in supply)."""

    kind: Literal["end_bonus"]
    per: Literal["world", "development", "military", "good", "colonist"]
    vp: int = Field(default=1, ge=1, le=10)
    world_kind: WorldKind | None = None
    color: str | None = None
    large_only: bool = False


Power = Annotated[
    Military | GoldOn | Discount | ExtraGood | Consume | ExploreDraw | SettleReward | ExtraSettle | EndBonus,
    Field(discriminator="kind"),
]
POWER_CLASSES = (Military, GoldOn, Discount, ExtraGood, Consume, ExploreDraw, SettleReward, ExtraSettle, EndBonus)


# --- tiles --------------------------------------------------------------------------------------


class World(Strict):
    """A world tile. `color` is the good it holds (production and windfall worlds only);
    `colonists` the colonists it needs from the settler's supply (1–2); `cost` gold (production,
    windfall) or the military strength needed (military)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    name: str
    kind: WorldKind
    color: str | None = None
    cost: int = Field(ge=0, le=20)
    colonists: int = Field(default=1, ge=1, le=2)
    vp: int = Field(default=0, ge=0, le=20)
    powers: list[Power] = []


class HomeWorld(Strict):
    """A home world: settled at set-up with the player's first colonist (no cost)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    name: str
    kind: Literal[WorldKind.PRODUCTION, WorldKind.WINDFALL] = WorldKind.PRODUCTION
    color: str
    vp: int = Field(default=0, ge=0, le=20)
    powers: list[Power] = []


class Development(Strict):
    """A development kind: `copies` tiles lie open in the middle. A large development counts 2
    towards the development end trigger; its end-game bonus is an `end_bonus` power."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    name: str
    cost: int = Field(ge=0, le=30)
    vp: int = Field(default=0, ge=0, le=20)
    large: bool = False
    copies: int = Field(default=1, ge=1, le=10)
    powers: list[Power] = []


class Storage(Strict):
    """A goal's storage mat: each time `action` is carried out, the goal's owner may set aside
    `amount` gold or colonists from supply, or one unsettled world (`item: world`, amount 1), on
    the mat. Every store scores `vp` at the end, for the owner only. Storing turns a face-down
    goal face up (the matching action being selected is when the rules let a holder reveal it)."""

    item: Literal["gold", "colonist", "world"]
    action: ActionName
    amount: int = Field(default=1, ge=1, le=10)
    vp: int = Field(default=1, ge=1, le=20)


class Goal(Strict):
    """A goal card. `per`: `vp` per counted item (as EndBonus.per, with the same narrowing);
    `most`: `vp` to every player with the most counted items (at least one). Face-up goals score
    for every player; goals still face down at the end score as `goals.hidden_score` says.
    A goal with a `storage` mat scores what its owner stored instead (`count`, `scoring`, `vp`,
    `world_kind` and `color` are then left out: validate refuses them)."""

    id: str = Field(pattern=r"^[A-Za-z0-9_-]+$")
    name: str
    scoring: Literal["per", "most"] = "per"
    count: Literal["world", "development", "military", "good", "colonist", "gold"] | None = None
    vp: int = Field(default=1, ge=1, le=20)
    world_kind: WorldKind | None = None
    color: str | None = None
    storage: Storage | None = None


# --- rules --------------------------------------------------------------------------------------


class Setup(Strict):
    """Start: every player builds a home world settled with one colonist taken from the colonist
    stock, and gets `gold`; `extra_colonists` more go into each supply (from the stock too; both
    come on top of it under `rules.stocks.home_from_stock: false`).
    `compensation`: player count → extra gold by turn-order position (first to last).
    `home_worlds`: dealt at random or fixed (seat i gets the i-th home world)."""

    gold: int = Field(default=3, ge=0, le=50)
    extra_colonists: int = Field(default=0, ge=0, le=10)
    compensation: dict[int, list[Annotated[int, Field(ge=0, le=50)]]] = {
        2: [0, 1], 3: [0, 0, 1], 4: [0, 0, 1, 1], 5: [0, 0, 0, 1, 1]}
    home_worlds: Literal["dealt", "fixed"] = "dealt"


class Stocks(Strict):
    """VP chips = `chips_per_player` × players; colonists = `colonists_per_player` × players +
    `colonists_extra`. Stocks never limit gains (they may go below zero). `home_from_stock`:
    the colonists placed at set-up (home worlds, extra start colonists) come out of that stock;
    false: they come on top of it."""

    chips_per_player: int = Field(default=12, ge=1, le=100)
    colonists_per_player: int = Field(default=10, ge=1, le=100)
    colonists_extra: int = Field(default=4, ge=0, le=100)
    home_from_stock: bool = True


MAX_GOALS_DRAW = 8
"""The most goals a Galaxy goals may draw (3 in the rules summary). The keep decision lists every
goal kept times every way of sharing the others among the later draws: k × C(k − 1, ⌊(k − 1)/2⌋)
moves at most, 280 at 8, 102,960 at 16, too many for the search bots at each such decision. (When
every order was listed, until 2026-12-06, it was k!: 40,320 at 8, and 16 ran out of memory.)"""


def goals_draw_moves(k: int) -> int:
    """The most moves a Galaxy goals decision that draws `k` goals lists (MAX_GOALS_DRAW)."""
    return k * math.comb(k - 1, (k - 1) // 2)


class Bonuses(Strict):
    """What the selector of each action gets. `develop_discount` and `explore_picks` are the
    develop/explore bonuses; `goals_*` the Galaxy goals action's (goals option)."""

    retreat_gold: int = Field(default=2, ge=0, le=50)
    develop_discount: int = Field(default=1, ge=0, le=50)
    explore_picks: int = Field(default=1, ge=0, le=50)
    settle_colonists: int = Field(default=1, ge=0, le=50)
    produce_windfalls: int = Field(default=1, ge=0, le=50)
    trade_vp: int = Field(default=1, ge=0, le=50)
    envoy_vp: int = Field(default=1, ge=0, le=50)
    goals_gold: int = Field(default=1, ge=0, le=50)
    goals_draw: int = Field(default=3, ge=1, le=20)


class Explore(Strict):
    """`draw` worlds are drawn for the shared explore; a player holds at most `world_limit`
    worlds besides the home world (settled and unsettled): one more forces a discard of an
    unsettled world (back into the bag)."""

    draw: int = Field(default=7, ge=1, le=30)
    world_limit: int = Field(default=8, ge=1, le=30)


class Settle(Strict):
    """Settle without settling: take `colonists` colonists instead."""

    colonists: int = Field(default=2, ge=0, le=10)


class Produce(Strict):
    """Gold added to the Produce action at each round end in which it was not selected (the next
    selector takes the pile)."""

    pile_gold: int = Field(default=1, ge=0, le=10)


class EndTriggers(Strict):
    """The round in which any enabled trigger happens is the last one (null switches one off).
    `worlds`: a player has this many settled worlds (home included); `developments`: this many
    development points (a large one counts `large_counts`); `chips_out`: the VP-chip stock is
    empty; `settle_colonists`: Settle is selected while the colonist stock is at most this."""

    worlds: int | None = Field(default=8, ge=1)
    developments: int | None = Field(default=11, ge=1)
    large_counts: int = Field(default=2, ge=1)
    chips_out: bool = True
    settle_colonists: int | None = Field(default=4, ge=0)
    max_rounds: int = Field(default=60, ge=1, le=500)
    """Safety stop (never reached by the shipped tile set): the game ends after this round."""

    def switched_on(self) -> list[str]:
        """The triggers this variant uses, by key (a null threshold, or chips_out: false, is off)."""
        return [k for k, on in (("worlds", self.worlds is not None), ("developments", self.developments is not None),
                                ("chips_out", self.chips_out), ("settle_colonists", self.settle_colonists is not None))
                if on]


class Goals(Strict):
    """The goals option: Galaxy goals replaces Retreat into isolation. `hidden_score`: goals
    still face down at the end are revealed and score for every player, as face-up goals do
    (RULINGS: "At game end all goals are revealed and score"; the summary: face-down goals are
    turned face up at the end, and face-up goals count for every player) — or, as a variant
    setting, for their owner only."""

    enabled: bool = False
    hidden_score: Literal["owner", "everyone"] = "everyone"
    cards: list[Goal] = []


def _narrowing_problems(counted: str, world_kind: object, color: object, large_only: bool,
                        key: str) -> list[tuple[str, str]]:
    """A narrowing that the count ignores (scoring.count): `world_kind` and `color` narrow only
    worlds, `large_only` only developments. Accepted, it would silently count everything. And one
    that leaves nothing to count: a color on military worlds, which hold no good."""
    out = []
    if counted != "world":
        out += [(name, f"narrows only {key}: world, not {key}: {counted} (it would count every {counted})")
                for name, value in (("world_kind", world_kind), ("color", color)) if value is not None]
    if large_only and counted != "development":
        out.append(("large_only", f"narrows only {key}: development, not {key}: {counted}"))
    if counted == "world" and world_kind == WorldKind.MILITARY and color is not None:
        # accepted, it counted nothing in every game: a dead end bonus or goal
        out.append(("color", f"a military world holds no good: world_kind: military with color: {color} "
                             "counts no world (leave one of them out)"))
    return out


PLAYER_COUNTS = range(2, 7)
"""The player counts a variant may support (RULINGS: 2-5; 6 for designers who extend it)."""


class Rules(Strict):
    """Rule numbers. `goods`: good color → trade price (the colors of the game)."""

    players: list[int] = [2, 3, 4, 5]
    goods: dict[str, int] = Field(default={"yellow": 4, "green": 3, "brown": 2, "blue": 1}, min_length=1)
    unique_developments: bool = False
    """True: a player may own at most one copy of each development kind. RULINGS sets no limit
    ("each player may buy one development tile still available"), so the default is False: a
    player may buy another copy of a kind while copies remain (option)."""
    action_order: Literal["track", "from_selector"] = "track"
    """Who carries out a selected action after its selector: `track`, the others from the top of
    the turn-order track (RULINGS: "the selector first and then the others in track order");
    `from_selector`, the players after the selector on the track, then those before it (the
    seed's このアクションを選んだプレイヤーから順に read as going round from the selector)."""
    setup: Setup = Setup()
    stocks: Stocks = Stocks()
    bonuses: Bonuses = Bonuses()
    explore: Explore = Explore()
    settle: Settle = Settle()
    produce: Produce = Produce()
    end: EndTriggers = EndTriggers()


class NewFrontiersVariant(VariantModel):
    """A New Frontiers variant (rules summary: seeds/000, second half; rulings in RULINGS.md)."""

    rules: Rules = Rules()
    goals: Goals = Goals()
    home_worlds: list[HomeWorld]
    worlds: list[World]
    developments: list[Development]

    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.rules.players)))

    def players_setting(self, players: int) -> str | None:
        if players not in PLAYER_COUNTS:
            return None
        return f"rules.players=[{','.join(map(str, sorted({*self.player_counts(), players})))}]"

    def players_fix(self, players: int, how: str = "") -> str:
        """The setting alone is not enough when the tile set has too few home worlds: following
        '--players 6 ...; for 6 players, set rules.players=[2,3,4,5,6]' only led to the next error,
        '6 players need 6 home worlds, got 5'."""
        fix = super().players_fix(players, how)
        if fix and len(self.home_worlds) < players:
            fix += f", and add a home world per player (home_worlds: {players} needed, this variant has {len(self.home_worlds)})"
        return fix

    def issues(self) -> list[Issue]:
        out: list[Issue] = []
        r = self.rules
        if self.game != "newfrontiers":
            out.append((("game",), "must be 'newfrontiers' for this schema"))
        if not r.players:
            out.append((("rules", "players"), "name at least one player count (e.g. [2, 3, 4, 5])"))
        for i, p in enumerate(r.players):
            if p not in PLAYER_COUNTS:
                out.append((("rules", "players", i), "player counts must be between 2 and 6"))
            elif p in r.players[:i]:
                out.append((("rules", "players", i), f"{p} players is listed twice"))
        colors, produced = set(r.goods), self._produced_colors()
        for color, price in r.goods.items():
            if price < 0:
                out.append((("rules", "goods", color), "a price cannot be negative"))
            elif (typo := self._misspelt_color(color, produced)) is not None:
                out.append((("rules", "goods", color), (
                    f"no world or home world produces {color!r} goods (did you mean {typo!r}?): its price "
                    f"would never be used, and {typo!r} keeps its price {r.goods.get(typo, '(none)')}")))
        for p in self.player_counts():
            comp = r.setup.compensation.get(p)
            if comp is not None and len(comp) != p:
                out.append((("rules", "setup", "compensation", p), f"needs {p} entries (one per turn-order "
                                                                    f"position), got {len(comp)}"))
        for p in r.setup.compensation:
            if p not in PLAYER_COUNTS:
                out.append((("rules", "setup", "compensation", p), f"{p} players: a player count is from "
                            f"{PLAYER_COUNTS.start} to {PLAYER_COUNTS.stop - 1}"))
        ids: dict[str, tuple[str | int, ...]] = {}
        sections: tuple[tuple[str, Sequence[HomeWorld | World | Development | Goal]], ...] = (
            ("home_worlds", self.home_worlds), ("worlds", self.worlds),
            ("developments", self.developments), ("goals", self.goals.cards))
        for section, items in sections:
            for i, item in enumerate(items):
                loc: tuple[str | int, ...] = (section, i) if section != "goals" else ("goals", "cards", i)
                if item.id in ids:
                    out.append(((*loc, "id"), f"id {item.id!r} is used twice"))
                ids[item.id] = loc
        # (place, color, what uses it, message) of each good color rules.goods lacks: said once per color
        # when several places use it (a color removed from rules.goods was one line per tile, 11 for yellow)
        unknown_colors: list[Use] = []
        for i, w in enumerate(self.worlds):
            if w.kind == WorldKind.MILITARY:
                if w.color is not None:
                    out.append((("worlds", i, "color"), "a military world holds no good: leave color out"))
            elif w.color is None:
                out.append((("worlds", i, "color"), f"a {w.kind} world needs a good color "
                                                    f"(one of {', '.join(sorted(colors))})"))
            elif w.color not in colors:
                unknown_colors.append((("worlds", i, "color"), w.color, f"worlds.{w.id}", (
                    f"a {w.kind} world needs a good color (one of {', '.join(sorted(colors))})")))
        for i, h in enumerate(self.home_worlds):
            if h.color not in colors:
                unknown_colors.append((("home_worlds", i, "color"), h.color, f"home_worlds.{h.id}", (
                    f"unknown good color {h.color!r} (one of {', '.join(sorted(colors))})")))
        most = max((p for p in self.player_counts() if p in PLAYER_COUNTS), default=0)  # (a bad one has its line)
        if len(self.home_worlds) < most:
            out.append((("home_worlds",), f"{most} players need {most} home worlds, got {len(self.home_worlds)}"))
        if len(self.worlds) < r.explore.draw + r.bonuses.explore_picks + most:
            picks = r.bonuses.explore_picks
            out.append((("worlds",), f"the bag holds {len(self.worlds)} worlds, too few for an explore draw of "
                                     f"{r.explore.draw} (need at least {r.explore.draw + picks + most}: the draw "
                                     f"{r.explore.draw} + the selector's {picks} bonus pick{'s' if picks != 1 else ''} "
                                     f"+ one world for each of {most} players)"))
        def military(powers: list[Power]) -> int:
            return sum(p.amount for p in powers if isinstance(p, Military))

        # The most military one player can hold when settling world w: the best home world, the
        # strongest other worlds that fit beside w under the world limit (w, unsettled, takes one
        # place, and its own power counts only once it is settled) and every development kind
        # (all copies if a player may own several).
        base_military = (max((military(h.powers) for h in self.home_worlds), default=0)
                         + sum(military(d.powers) * (1 if r.unique_developments else d.copies)
                               for d in self.developments))
        strengths = [military(w.powers) for w in self.worlds]
        for i, w in enumerate(self.worlds):
            if w.kind != WorldKind.MILITARY:
                continue
            others = sorted(strengths[:i] + strengths[i + 1:], reverse=True)[:max(0, r.explore.world_limit - 1)]
            max_military = base_military + sum(others)
            if w.cost > max_military:
                out.append((("worlds", i, "cost"), f"needs military {w.cost} but one player can hold at most "
                                                   f"{max_military} with this tile set: it can never be settled"))
        if not self.developments:
            out.append((("developments",), "at least one development"))
        locs = ([(("home_worlds", i, "powers", j), p) for i, h in enumerate(self.home_worlds)
                 for j, p in enumerate(h.powers)]
                + [(("worlds", i, "powers", j), p) for i, w in enumerate(self.worlds) for j, p in enumerate(w.powers)]
                + [(("developments", i, "powers", j), p) for i, d in enumerate(self.developments)
                   for j, p in enumerate(d.powers)])
        for loc, power in locs:
            good = getattr(power, "color", None)
            if good is not None and good not in colors:
                owners: dict[str | int, Sequence[HomeWorld | World | Development]] = {
                    "home_worlds": self.home_worlds, "worlds": self.worlds, "developments": self.developments}
                unknown_colors.append(((*loc, "color"), good, f"{loc[0]}.{owners[loc[0]][int(loc[1])].id}",
                                       f"unknown good color {good!r} (one of {', '.join(sorted(colors))})"))
            if isinstance(power, SettleReward) and not (power.gold or power.colonists or power.vp):
                # all three default to 0: `{kind: settle_reward}` was accepted as a power that does nothing
                out.append((loc, "a settle_reward that gives nothing: give it gold, colonists or vp"))
            if isinstance(power, Consume) and not (power.vp or power.gold):
                # accepted, its holder had to give up goods for nothing: consume powers are not declined
                out.append((loc, "a consume power that gives nothing (vp 0, gold 0): its holder would have to give "
                                 "up goods for nothing, as consume powers must be used; give it vp or gold"))
            if isinstance(power, GoldOn) and power.action == ActionName.GOALS and not self.goals.enabled:
                out.append(((*loc, "action"), "goals is an action only with goals.enabled: true"))
            if isinstance(power, GoldOn) and power.action == ActionName.RETREAT and self.goals.enabled:
                # accepted, it never paid: Galaxy goals replaces Retreat (as a storage mat's action is refused)
                out.append(((*loc, "action"), "retreat is replaced by goals when goals are on: it is never "
                                              "carried out, so this power would never pay"))
            if isinstance(power, EndBonus):
                out += [((*loc, key), message) for key, message in _narrowing_problems(
                    power.per, power.world_kind, power.color, power.large_only, "per")]
        for i, g in enumerate(self.goals.cards):
            if g.color is not None and g.color not in colors:
                unknown_colors.append((("goals", "cards", i, "color"), g.color, f"goals.cards.{g.id}",
                                       f"unknown good color {g.color!r} (one of {', '.join(sorted(colors))})"))
            if g.count is not None:
                out += [(("goals", "cards", i, key), message)
                        for key, message in _narrowing_problems(g.count, g.world_kind, g.color, False, "count")]
            if (g.count is None) == (g.storage is None):
                out.append((("goals", "cards", i), "a goal needs either `count` or a `storage` mat (not both)"))
            if g.storage is not None:
                # what a storage goal scores is its mat's (`storage.vp` per store, its owner only): the
                # counted goal's keys, accepted beside a mat, were never read
                out += [(("goals", "cards", i, key), f"a goal with a storage mat scores `storage.vp` per store, "
                         f"for its owner only: `{key}` is for a counted goal (`count`) and would never be read")
                        for key in ("scoring", "vp", "world_kind", "color") if key in g.model_fields_set]
                if g.storage.item == "world" and g.storage.amount != 1:
                    out.append((("goals", "cards", i, "storage", "amount"), "a world is stored one at a time"))
                if g.storage.action == ActionName.RETREAT:
                    out.append((("goals", "cards", i, "storage", "action"),
                                "retreat is replaced by goals when goals are on: it is never carried out"))
        out += one_line_per_value(unknown_colors, lambda color, names: (
            f"unknown good color {color!r} (one of {', '.join(sorted(colors))}), used {len(names)} times: "
            f"{', '.join(names)}; add it to rules.goods, or give them a color it has"))
        if self.goals.enabled and r.bonuses.goals_draw > MAX_GOALS_DRAW:
            k = r.bonuses.goals_draw
            out.append((("rules", "bonuses", "goals_draw"), (
                f"a player keeps 1 of the {k} goals drawn and returns the other {k - 1}, which the later draws "
                f"share: up to {goals_draw_moves(k):,} choices at a Galaxy goals, too many for the search bots "
                f"(at most {MAX_GOALS_DRAW}: {goals_draw_moves(MAX_GOALS_DRAW):,} choices; 3 in the rules summary)")))
        elif self.goals.enabled and len(self.goals.cards) < r.bonuses.goals_draw:
            out.append((("goals", "cards"), f"the goals option needs at least {r.bonuses.goals_draw} goal cards"))
        if r.setup.extra_colonists == 0 and r.settle.colonists == 0 and r.bonuses.settle_colonists == 0:
            out.append((("rules", "settle", "colonists"), "no colonist ever reaches a player's supply "
                        "(rules.setup.extra_colonists, rules.settle.colonists and rules.bonuses.settle_colonists "
                        "are all 0), and every world needs one: no world can ever be settled"))
        e = r.end
        if e.worlds == 1:
            out.append((("rules", "end", "worlds"), "every player holds 1 settled world, the home world, from the "
                        "set-up (it counts): this trigger would end every game "
                        "after round 1; give 2 or more (8 in the rules summary), or null to switch it off"))
        if not e.switched_on():
            out.append((("rules", "end"), "switch on at least one end trigger"))
        else:
            unreachable = self.unreachable_triggers()
            if len(unreachable) == len(self.rules.end.switched_on()):
                out += [(("rules", "end", key), f"{message}; no other end trigger is on, so every game would run "
                         f"to rules.end.max_rounds ({e.max_rounds}, the safety stop)")
                        for key, message in unreachable.items()]
        return out

    def notes(self) -> list[Issue]:
        """End triggers no game can reach, or that need one player to hold more than half of the
        tiles they count (`_scarce_tiles`) (legal: another trigger may end the game, and a
        hand-scored transcript may shrink the world limit on purpose); a supported player count
        without a compensation list (legal: it is played with none, though RULINGS gives the last
        seat +1 at every count). (Compensation for a count that rules.players leaves out gets no
        note: a draft that narrows the counts inherits the base's table, and the notes were noise.)"""
        r = self.rules
        out: list[Issue] = [
            (("rules", "players", i), f"{p} players have no list in rules.setup.compensation, so no seat gets "
                                      f"compensation gold at {p} players (RULINGS: the last seat gets +1; give "
                                      f"rules.setup.compensation.{p} a list, {[0] * p} for none)")
            for i, p in enumerate(r.players) if p in PLAYER_COUNTS and p not in r.setup.compensation
            and p not in r.players[:i]]
        out += self._unplayed_bonuses()
        out += self._unproduced_prices()
        out += self._shared_names()
        out += self._settle_trigger_at_once()
        unreachable = self.unreachable_triggers()
        if unreachable and len(unreachable) == len(self.rules.end.switched_on()):
            return out  # every trigger is unreachable: issues() refuses the variant
        out += [(("rules", "end", key), message) for key, message in unreachable.items()]
        return out + [(("rules", "end", key), message) for key, message in self._scarce_tiles().items()
                      if key not in unreachable]

    def _scarce_tiles(self) -> dict[str, str]:
        """The worlds and developments triggers that need one player to hold more than half of
        all the tiles they count (more than every other player together could hold): reachable,
        so legal, but a tile set that small left games to run on until the VP chips ran out
        (6 worlds and 12 development points at 2 players: 40 greedy games, every one ended by
        the chips). A count of the variant's tiles, not a guess of how often the trigger fires."""
        out: dict[str, str] = {}
        e = self.rules.end
        bag = len(self.worlds)
        if e.worlds is not None and 2 * (e.worlds - 1) > bag:
            out["worlds"] = (f"one player must settle {e.worlds - 1} of the bag's {bag} worlds (besides the home "
                             f"world), more than all the other players together may then hold ({bag - e.worlds + 1}): "
                             "only a player who takes more worlds than all the others together fires it (add "
                             "worlds, or lower the trigger)")
        total = sum((e.large_counts if d.large else 1) * d.copies for d in self.developments)
        if e.developments is not None and 2 * e.developments > total:
            out["developments"] = (f"one player must own {e.developments} of the tile set's {total} development "
                                   f"points (every copy; a large one counts {e.large_counts}), more than all the "
                                   f"other players together may then own ({total - e.developments}): only a player "
                                   "who buys more than all the others together fires it (add copies, or lower the "
                                   "trigger)")
        return out

    def colonist_stock_at_start(self, players: int) -> int:
        """The colonist stock once set-up is done (rules.initial_state): the stocks, less each
        player's home-world and extra colonists when they come out of it. It never grows."""
        st, setup = self.rules.stocks, self.rules.setup
        taken = players * (1 + setup.extra_colonists) if st.home_from_stock else 0
        return st.colonists_per_player * players + st.colonists_extra - taken

    def _settle_trigger_at_once(self) -> list[Issue]:
        """rules.end.settle_colonists at or above the colonist stock a game starts with: the first
        Settle selected ends the game (100 gave 5.1 rounds, every game ended by the colonists).
        Legal (a hand-scored transcript may end a game early on purpose), but validate said ok."""
        limit = self.rules.end.settle_colonists
        at_once = [(p, self.colonist_stock_at_start(p)) for p in self.player_counts() if p in PLAYER_COUNTS]
        at_once = [(p, stock) for p, stock in at_once if limit is not None and stock <= limit]
        if not at_once:
            return []
        counts = ", ".join(f"{stock} at {p} players" for p, stock in at_once)
        return [(("rules", "end", "settle_colonists"), (
            f"the colonist stock starts at {counts} (rules.stocks), already {limit} or less: the first Settle "
            "selected ends every game there (the stock never grows; 4 in the rules summary, null switches it off)"))]

    def _unplayed_bonuses(self) -> list[Issue]:
        """A setting changed from its default for an action this variant never plays: Retreat's gold
        with the goals option on (Galaxy goals replaces Retreat), Galaxy goals' gold and draw, or
        the face-down goals' scoring, without it. Legal (a draft may switch the option and keep its
        numbers), but `validate` said only ok, and `simulate` played the very same games: the change
        had no effect, and nothing said so (an explicit default, as the shipped drafts write, is no
        change)."""
        r, goals = self.rules.bonuses, self.goals
        unplayed: list[tuple[tuple[str | int, ...], bool, str]] = [
            (("rules", "bonuses", "retreat_gold"), goals.enabled,
             "Retreat into isolation is not played with the goals option on (goals.enabled: true; Galaxy goals "
             "replaces it): its gold is never paid"),
            (("rules", "bonuses", "goals_gold"), not goals.enabled,
             "Galaxy goals is played only with the goals option (goals.enabled: false here): its gold is never "
             "paid"),
            (("rules", "bonuses", "goals_draw"), not goals.enabled,
             "Galaxy goals is played only with the goals option (goals.enabled: false here): no goal is ever "
             "drawn"),
            (("goals", "hidden_score"), not goals.enabled,
             "no goal is in play without the goals option (goals.enabled: false here): this setting is never read"),
        ]
        out: list[Issue] = []
        for path, off, why in unplayed:
            if off:
                out += never_used(path, r if path[0] == "rules" else goals, str(path[-1]), why)
        return out

    def _produced_colors(self) -> set[str]:
        return {w.color for w in self.worlds if w.color is not None} | {h.color for h in self.home_worlds}

    @staticmethod
    def _misspelt_color(color: str, produced: set[str]) -> str | None:
        """The `produced` good color that `color`, a price no tile produces, most likely misspells
        (`yelow`, `YELLOW` beside yellow worlds): refused, where a color of its own (`purple`)
        gets a note. A stricter match than a misspelt key's (0.75, as new ids are checked)."""
        return None if color in produced else guess(color, sorted(produced), cutoff=0.75)

    def _unproduced_prices(self) -> list[Issue]:
        """A price in rules.goods for a color no world or home world produces (legal: a designer may
        price a color before adding its worlds; one that misspells a produced color is refused)."""
        produced = self._produced_colors()
        return [(("rules", "goods", color), f"no world or home world produces {color!r} goods: its price is "
                                            "never used")
                for color in self.rules.goods if color not in produced and self._misspelt_color(color, produced) is None]

    def _shared_names(self) -> list[Issue]:
        """A tile or goal named like an earlier one (a draft's new world called 'Gold Comet' beside
        w20 Gold Comet): legal, the ids tell them apart, but most likely a slip, and play's
        listings, the replay and the reports show the name (validate said only 'ok')."""
        out: list[Issue] = []
        seen: dict[str, str] = {}
        sections: tuple[tuple[tuple[str, ...], Sequence[HomeWorld | World | Development | Goal]], ...] = (
            (("home_worlds",), self.home_worlds), (("worlds",), self.worlds),
            (("developments",), self.developments), (("goals", "cards"), self.goals.cards))
        for loc, items in sections:
            for i, item in enumerate(items):
                key = item.name.strip().casefold()
                if key in seen and seen[key] != item.id:
                    out.append(((*loc, i, "name"), f"{item.name!r} is also the name of {seen[key]}: the two are "
                                                   "told apart only by their ids (give this one a name of its "
                                                   "own)"))
                seen.setdefault(key, item.id)
        return out

    def unreachable_triggers(self) -> dict[str, str]:
        """Enabled end triggers that no game can reach with these numbers and this tile set."""
        out: dict[str, str] = {}
        r, e = self.rules, self.rules.end
        most_worlds = r.explore.world_limit + 1
        if e.worlds is not None and e.worlds > most_worlds:
            out["worlds"] = (f"a player holds at most {most_worlds} worlds (the home world and "
                             f"rules.explore.world_limit {r.explore.world_limit}): this trigger can never fire "
                             "(null switches it off)")
        elif e.worlds is not None and e.worlds > len(self.worlds) + 1:
            # a tile set smaller than the world limit: every world of the bag settled is still too few
            out["worlds"] = (f"the bag holds {len(self.worlds)} worlds, so a player settles at most "
                             f"{len(self.worlds) + 1} worlds with the home world: this trigger can never fire "
                             "(null switches it off)")
        most_points = sum((e.large_counts if d.large else 1) * (1 if r.unique_developments else d.copies)
                          for d in self.developments)
        if e.developments is not None and self.developments and e.developments > most_points:
            out["developments"] = (f"one player can own at most {most_points} development points with this tile "
                                   "set: this trigger can never fire (null switches it off)")
        return out
