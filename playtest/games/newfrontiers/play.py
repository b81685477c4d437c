"""New Frontiers at the terminal: what one seat sees, and a played game as a transcript."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from playtest import rng as streams
from playtest.core.events import Event
from playtest.errors import IllegalActionError, UsageError
from playtest.games.newfrontiers import schema as S
from playtest.games.newfrontiers import scoring
from playtest.games.newfrontiers.actions import explore_draw_size
from playtest.games.newfrontiers.chance import ChanceMismatch, ScriptedChance
from playtest.games.newfrontiers.moves import canonical, later_draws, returned_goals
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.state import (
    CONSUME,
    DEVELOP,
    DISCARD,
    EXPLORE,
    GOAL,
    SELECT,
    SETTLE,
    STORE,
    TRADE,
    WINDFALL,
    Move,
    State,
    View,
    parse_move,
)
from playtest.games.newfrontiers.tiles import DevTile, WorldTile
from playtest.games.newfrontiers.transcript import (
    GAME,
    dump_transcript,
    notation_error,
    replay,
    skip_entries,
    skip_line,
)
from playtest.play.saved import from_replay
from playtest.play.session import PlaySupport
from playtest.play.table import TableGame
from playtest.sim.runner import PlayedGame


def render(rules: NewFrontiersRules, view: View, seat: int, names: Sequence[str]) -> Group:
    """The round, the actions still selectable, the Produce pile, the turn-order track and each
    player's tableau (worlds, developments, goods, gold, colonists, VP chips, military strength:
    a military world is settled by it, and the table did not say it), with the goals option the
    goals held (`_goals_line`). Other players' face-down goals and the bag's order are not in the
    view, so they are not drawn."""
    s: State = view.state
    t = rules.tiles
    left = [a for a in rules.actions if a not in s.selected]
    head = Text(f"Round {s.round} — actions left: {', '.join(left) or '-'} — Produce pile: {s.pile} gold — "
                f"VP chips left: {s.chips} — colonists in stock: {s.colonist_stock}", style="bold")
    track = Text("Turn order: " + " → ".join(names[i] for i in s.track))
    # Headers broken by hand and no vertical rules: nine columns of whole words are 93 characters
    # wide, and an 80-column terminal cut them to 'colon…', 'milit…', 'unset…', 'develo…'.
    table = Table(title="Players", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("player", "gold", "colo-\nnists", "VP\nchips", "goods", "mili-\ntary", "settled\nworlds",
                "unset-\ntled", "develop-\nments"):
        table.add_column(col)
    for i, p in enumerate(s.players):
        table.add_row(names[i] + (" ◀" if i == seat else ""), str(p.gold), str(p.colonists), str(p.chips),
                      str(len(p.goods)), str(p.prof.military), ", ".join(t.worlds[w].id for w in p.worlds) or "-",
                      ", ".join(t.worlds[w].id for w in p.unsettled) or "-",
                      ", ".join(t.devs[d].id for d in p.devs) or "-")
    parts: list[Any] = [head, track, table]
    if rules.goals_on:
        parts.append(_goals_line(rules, s, names))
    if s.draw:
        parts.append(Text("Explored draw on the table:\n" + "\n".join(f"  {tile_text(rules, t.worlds[w].id)}"
                                                                     for w in s.draw)))
    return Group(*parts)


def _goals_line(rules: NewFrontiersRules, s: State, names: Sequence[str]) -> Text:
    """The goals each player holds, as the seat sees them (another's face-down goal only counted),
    the stores on their mats and the deck's size: with the goals option the table showed none of
    them, not even the person's own goal or the face-up goals that score for every player."""
    t, held = rules.tiles, []
    for i, p in enumerate(s.players):
        stored = dict(p.stored)
        goals = [f"{t.goals[g].id} face up" for g in p.goals_up]
        goals += [f"{t.goals[g].id} face down" for g in p.goals_down if g >= 0]
        hidden = sum(1 for g in p.goals_down if g < 0)
        goals += [f"{hidden} face down"] if hidden else []
        goals += [f"{n} store{'s' if n != 1 else ''} on {t.goals[g].id}" for g, n in stored.items()]
        held.append(f"{names[i]}: {', '.join(goals) or '-'}")
    return Text(f"Goals (deck: {len(s.goal_deck)} left): " + " · ".join(held))


COUNTED = {"world": ("world", "worlds"), "development": ("development", "developments"),
           "military": ("point of military strength", "military strength"), "good": ("good", "goods"),
           "colonist": ("colonist", "colonists"), "gold": ("gold", "gold")}
"""A goal's `count` in words: (per one, the most of many): 'most world' read as a typo."""


def tile_text(rules: NewFrontiersRules, ident: str) -> str | None:
    """What a world, development or goal is, in one line, in the variant's own terms: 'w02 Kelp
    Terraces: production world, blue good; costs 2 gold and 1 colonist; 1 VP'. None: no such id
    (a consume power's `:2` suffix is read as its tile)."""
    t = rules.tiles
    ident = ident.split(":", 1)[0]
    known = (*t.world_index, *t.dev_index, *t.goal_index)
    if ident not in known:  # `show W02` for w02: ids are typed, not copied
        ident = next((k for k in known if k.casefold() == ident.casefold()), ident)
    if ident in t.world_index:
        w = t.worlds[t.world_index[ident]]
        what = f"{w.kind} {'home world' if w.home else 'world'}"
        if w.color >= 0:
            what += f", {t.colors[w.color]} good"
        cost = ("" if w.home else f"; needs military {w.cost}" if w.kind == "military" else f"; costs {w.cost} gold")
        if not w.home:
            cost += f" and {_n(w.colonists, 'colonist')}"
        return f"{w.id} {w.name}: {what}{cost}; {w.vp} VP{_powers(w.powers)}"
    if ident in t.dev_index:
        d = t.devs[t.dev_index[ident]]
        size = "large development" if d.large else "development"
        return f"{d.id} {d.name}: {size}; costs {d.cost} gold; {d.vp} VP{_powers(d.powers)}"
    if ident in t.goal_index:
        g = t.goals[t.goal_index[ident]]
        if g.storage is not None:
            st = g.storage
            scores = f"stores {st.amount} {st.item} on each {st.action}, {st.vp} VP a store (its owner only)"
        else:
            one, many = COUNTED.get(g.count or "", (g.count or "item", g.count or "items"))
            narrowed = " ".join(str(x) for x in (g.world_kind, g.color) if x)
            scores = (f"{g.vp} VP per {' '.join(filter(None, (narrowed, one)))}" if g.scoring == "per"
                      else f"{g.vp} VP to every player with the most {' '.join(filter(None, (narrowed, many)))}")
        off = "" if rules.goals_on else " (not in play: this variant has goals.enabled: false)"
        return f"{g.id} {g.name}: goal; {scores}{off}"
    return None


def _powers(powers: Sequence[Any]) -> str:
    """'; powers: gold_on(action produce, amount 1)': each power as its kind and settings, as the
    variant file writes them; a switch that is off is left out (it read 'end_bonus(per world,
    vp 1, large_only False)')."""
    if not powers:
        return ""
    texts = []
    for p in powers:
        fields = {k: v for k, v in p.model_dump(exclude_none=True).items() if v is not False}
        kind = fields.pop("kind")
        texts.append(f"{kind}({', '.join(f'{k} {v}' for k, v in fields.items())})" if fields else str(kind))
    return "; powers: " + ", ".join(texts)


def move_detail(rules: NewFrontiersRules, view: View, action: Any) -> str | None:
    """The tiles a move names (`take w02`, `develop d01`, `consume w07 with d03`), each as
    `tile_text` describes it: what a person needs to choose among ids. A development bought or a
    world settled for gold also says the price the person pays now, when discounts (the Develop
    bonus, powers) make it less than the printed cost: 'costs 6 gold, you pay 4 (Develop bonus
    -1, powers -1)'."""
    if getattr(action, "verb", "") == "keep":
        return _keep_detail(rules, view, action)
    if getattr(action, "verb", "") == "select":
        pile = f" and the Produce pile's {view.state.pile} gold" if action.arg == "produce" and view.state.pile else ""
        return (f"{ACTION_NAMES.get(action.arg, action.arg)}: {_everyone_does(rules, view.state, action.arg)}; "
                f"your bonus: {bonus_text(rules, action.arg)}{pile}")
    texts = [text for word in str(getattr(action, "arg", "")).split() if (text := tile_text(rules, word))]
    price = _price(rules, view, action)
    if texts and price:
        texts[0] = texts[0].replace(f"; costs {price[0]} gold", f"; costs {price[0]} gold, {price[1]}", 1)
    return " | ".join(texts) or None


def _keep_detail(rules: NewFrontiersRules, view: View, action: Any) -> str | None:
    """The goal kept, and the order the others go under the deck in: 'keep g04' and 'keep g04
    return g06 g12' were listed with the same three goals described, and nothing said how they
    differ (a plain keep returns them in the order drawn)."""
    kept, _, order = str(action.arg).partition(" return ")
    returned = order.split() or returned_goals(rules, view.state, kept)
    text = tile_text(rules, kept) or kept
    if not returned:
        return text
    if len(set(later_draws(rules, len(view.state.goal_deck), len(returned)))) == 1:  # one later draw takes all
        return f"{text} — the others under the deck, to be drawn together later: {', '.join(returned)}"
    how = "in the order drawn" if not order else "in this order"
    return f"{text} — the others under the deck {how}: {', '.join(returned)} ({returned[0]} comes up first)"


def _price(rules: NewFrontiersRules, view: View, action: Any) -> tuple[int, str] | None:
    """(printed cost, 'you pay N (why)') for a develop or a gold settle that costs the seat less
    than printed now; None otherwise (the printed cost is the price)."""
    verb, t = getattr(action, "verb", ""), rules.tiles
    s, seat = view.state, view.seat
    if verb == "develop" and action.arg in t.dev_index:
        dev = t.dev_index[action.arg]
        printed, pay = t.devs[dev].cost, rules.develop_cost(s, seat, dev)
        bonus, powers_off = rules.develop_discounts(s, seat)
        why = [("Develop bonus", bonus), ("powers", powers_off)]
    elif verb == "settle" and action.arg in t.world_index and s.todo:
        world = t.world_index[action.arg]
        powers = rules.settle_powers(s, s.todo[0])
        method, pay = rules.settle_need(powers, world)
        printed = t.worlds[world].cost
        if method != "gold":
            return None
        why = [("powers", powers.discount.get("settle", 0))]
    else:
        return None
    if pay >= printed:
        return None
    return printed, f"you pay {pay} ({', '.join(f'{name} -{k}' for name, k in why if k)})"


def show(rules: NewFrontiersRules, text: str) -> str | None:
    """`show ID`: a world, development or goal of the variant."""
    return tile_text(rules, text.strip())


ACTION_NAMES = {"retreat": "Retreat into isolation", "develop": "Develop", "explore": "Explore", "settle": "Settle",
                "produce": "Produce", "trade": "Trade / consume", "envoy": "Send diplomatic envoys",
                "goals": "Galaxy goals"}
"""The actions as the rules summary names them."""


def asks(rules: NewFrontiersRules, view: View, seat: int, names: Sequence[str]) -> str | None:
    """What the decision at hand asks, in the rules' terms and the variant's numbers, naming the
    action being carried out and who selected it: after P2 selected Develop the person was shown
    `develop d01 ... / pass` and left to guess which phase it was and why the price was what it
    was. None when nothing is asked of `seat`."""
    s = view.state
    if s.over or not s.todo or s.todo[0].seat != seat:
        return None
    task, b, t = s.todo[0], rules.r.bonuses, rules.tiles
    if task.kind == SELECT:
        return f"Round {s.round}: select an action. Every player carries it out, you first; you alone take its bonus."
    selector = s.selectors[-1] if s.selectors else seat
    mine = selector == seat
    head = f"{'You' if mine else names[selector]} selected {ACTION_NAMES.get(s.action, s.action)}"
    if task.kind == DEVELOP:
        d = b.develop_discount
        if mine:
            price = f"its cost less {d} gold (your bonus as selector)" if d else "its cost in gold"
        else:
            price = f"its cost in gold ({names[selector]}, the selector, pays {d} less)" if d else "its cost in gold"
        return f"{head}: buy one development for {price}, or pass."
    if task.kind == EXPLORE:
        if task.a:
            return f"{head}: take one more world from the draw (an extra pick: it must be taken)."
        extra = _n(b.explore_picks, "more world")
        then = f"; after everyone, {'you take' if mine else names[selector] + ' takes'} {extra} (the bonus)" if b.explore_picks else ""
        return f"{head}: take one world from the draw as an unsettled world, or pass{then}."
    if task.kind == DISCARD:
        return (f"You hold more than {rules.r.explore.world_limit} worlds besides your home world: discard one of your "
                "unsettled worlds (it goes back into the bag).")
    if task.kind == SETTLE:
        if task.a:
            return f"{head}: settle one more of your unsettled worlds (your extra settle power), or pass."
        got = f" ({'you' if mine else names[selector]} took +{_n(b.settle_colonists, 'colonist')} first, the bonus)" if b.settle_colonists else ""
        return (f"{head}{got}: settle one of your unsettled worlds (a military world needs military strength at least "
                "its cost, any other costs its cost in gold; each needs its colonists), "
                f"or take {_n(rules.r.settle.colonists, 'colonist')} (colonists), or pass.")
    if task.kind == WINDFALL:
        color = f" {rules.tiles.colors[task.a - 1]}" if task.a else ""
        return f"{head}: put a good on one of your{color} windfall worlds that has none."
    if task.kind == TRADE:
        prices = ", ".join(f"{c} {g}" for c, g in rules.r.goods.items())
        return (f"{head}: sell one good for gold ({prices}), or pass; then your consume powers use your goods "
                "as far as they can.")
    if task.kind == CONSUME:
        return f"{head}: your consume powers must use your goods as far as they can: choose the good to consume next."
    if task.kind == GOAL:
        return (f"{head}: keep one of the {_n(len(s.goal_offer), 'goal')} drawn, face down; the others go under "
                "the goal deck.")
    if task.kind == STORE:
        goal = t.goals[task.a]
        mat = goal.storage
        what = "one unsettled world" if mat is None or mat.item == "world" else _n(mat.amount, mat.item)
        return f"{head}: store {what} on the mat of your goal {goal.id}, or pass."
    return None


def bonus_text(rules: NewFrontiersRules, action: str) -> str:
    """What the selector of `action` gets, in the variant's numbers ('develops for 1 less'): what
    a selection's note says it gave, and what the list of selections says each would give."""
    b = rules.r.bonuses
    return {"retreat": f"+{b.retreat_gold} gold", "develop": f"develops for {b.develop_discount} less",
            "explore": _n(b.explore_picks, "more pick"), "settle": f"+{_n(b.settle_colonists, 'colonist')}",
            "produce": _n(b.produce_windfalls, "windfall good"), "trade": f"+{_n(b.trade_vp, 'VP chip')}",
            "envoy": f"+{_n(b.envoy_vp, 'VP chip')}, to the front of the turn order",
            "goals": f"+{b.goals_gold} gold, up one place, {_n(b.goals_draw, 'goal')} drawn"}.get(action, "")


def _everyone_does(rules: NewFrontiersRules, state: State, action: str) -> str:
    """What carrying out `action` lets every player do (the rules summary's action part); the
    explore draw as large as the rules make it (actions.explore_draw_size)."""
    draw = explore_draw_size(rules, state)
    return {"develop": "each player may buy one development",
            "explore": f"{_n(draw, 'world')} drawn, each player may take one",
            "settle": f"each player may settle a world or take {_n(rules.r.settle.colonists, 'colonist')}",
            "produce": "each production world without a good gets one",
            "trade": "each player may sell one good, then consumes"}.get(action, "no action")


def describe(rules: NewFrontiersRules, before: Any, action: Any, events: Sequence[Event],
             names: Sequence[str]) -> str:
    """What a decision did, in words, from its events: the selection's bonus, tiles bought,
    taken, discarded and settled, goods made, sold and consumed, the round's and game's end;
    gold that gold-on-action powers and settle rewards paid, to whom and from which tiles ('P3 +1
    gold (d12 Mining Robots: produce)': a holder's gold rose with no word of why). A goal kept
    stays unnamed (it is face down: PlaySupport.private)."""
    bits: list[str] = []
    for e in events:
        d = e.data
        if e.kind == "select":
            action = str(d.get("action"))
            bonus = bonus_text(rules, action)
            if action in ("develop", "explore", "settle", "produce"):
                bonus = f"bonus: {bonus}"
            if action == "produce" and not _empty_windfalls(rules, before, e.seat):
                bonus += " not given (no windfall world without a good)"
            if action == "explore":
                bonus = f"{_n(d.get('drawn', 0), 'world')} drawn, {bonus}"
            if d.get("pile"):
                bonus += f"{', ' if bonus else ''}{d['pile']} gold from the Produce pile"
            bits.append(bonus)
        elif e.kind == "develop":
            bits.append(f"bought {d['item']} for {d['cost']} gold")
        elif e.kind == "take":
            bits.append(f"took {d['item']}" + (" (an extra pick)" if d.get("bonus") else ""))
        elif e.kind == "discard":
            bits.append(f"discarded {d['item']}")
        elif e.kind == "colonists":
            bits.append(f"+{_n(d['amount'], 'colonist')}")
        elif e.kind == "settle":
            # a gold world settled free by discounts said '(gold)', as if gold were what it cost
            bits.append(f"settled {d['item']}" + (f" for {d['cost']} gold" if d.get("method") == "gold"
                                                  else f" ({d['method']})"))
            if d.get("gold"):
                bits.append(f"{names[e.seat]} +{d['gold']} gold (settle reward: {_settle_rewarders(rules, before, e)})")
        elif e.kind == "gold_on":
            bits.append(f"{names[e.seat]} +{d['gold']} gold ({_gold_on_payers(rules, before, e)}: {d['action']})")
        elif e.kind == "windfall":
            bits.append(f"a {d['color']} good on {d['item']}")
        elif e.kind == "trade":
            bits.append(f"sold a {d['color']} good for {d['gold']} gold")
        elif e.kind == "consume":
            gains = [f"{d[k]} {name}" for k, name in (("vp", "VP"), ("gold", "gold")) if d.get(k)]
            bits.append(f"consumed a {d['color']} good" + (f" for {' and '.join(gains)}" if gains else ""))
        elif e.kind == "goal_flip":
            bits.append(f"goal {d['item']} turned face up")
        elif e.kind == "store":
            bits.append(f"stored on {d['item']}")
        elif e.kind == "round_end":
            bits.append("round over")
        elif e.kind == "game_end":
            bits.append(f"game ends: {d['trigger']}")
    return ", ".join(dict.fromkeys(bit for bit in bits if bit))


def _empty_windfalls(rules: NewFrontiersRules, before: State, seat: int) -> bool:
    """Whether `seat` holds a settled windfall world without a good (where the Produce bonus goes;
    with none, the bonus is not asked: the note said it was given)."""
    p, worlds = before.players[seat], rules.tiles.worlds
    return any(worlds[w].kind == "windfall" and w not in p.goods for w in p.worlds)


def _holding(rules: NewFrontiersRules, worlds: Sequence[int], devs: Sequence[int], power: Any) -> str:
    """The tiles among `worlds` and `devs` with a power `power` accepts, as 'h3 New Eden, 2x d05
    Merchant Fleet': which of a player's tiles paid them (copies of a development counted)."""
    t = rules.tiles
    tiles: list[WorldTile | DevTile] = [*(t.worlds[w] for w in worlds), *(t.devs[x] for x in devs)]
    held = Counter(f"{tile.id} {tile.name}" for tile in tiles if any(power(p) for p in tile.powers))
    return ", ".join(label if k == 1 else f"{k}x {label}" for label, k in held.items())


def _gold_on_payers(rules: NewFrontiersRules, before: State, e: Event) -> str:
    """The holder's tiles whose gold-on-action powers paid a gold_on event's gold."""
    p, action = before.players[e.seat], e.data["action"]
    return _holding(rules, p.worlds, p.devs, lambda g: isinstance(g, S.GoldOn) and str(g.action) == action)


def _settle_rewarders(rules: NewFrontiersRules, before: State, e: Event) -> str:
    """The settler's tiles whose settle rewards paid gold for the world a settle event settled:
    those held when the settle action began (`settle_powers`), the settled world's own excepted."""
    task = before.todo[0]
    p = before.players[e.seat]
    worlds = p.worlds[:task.b] if task.kind == SETTLE and task.seat == e.seat else p.worlds
    kind = str(e.data["world_kind"])
    return _holding(rules, worlds, p.devs, lambda r: isinstance(r, S.SettleReward) and r.gold > 0
                    and (r.world_kind is None or str(r.world_kind) == kind))


def _n(count: int, thing: str) -> str:
    """'1 colonist', '2 colonists'."""
    return f"{count} {thing}" + ("" if count == 1 else "s")


def private(rules: NewFrontiersRules, before: Any, action: Any) -> str | None:
    """A goal kept is face down until the next goal is kept: the other players see only that one
    was kept."""
    return "keep a goal (face down)" if getattr(action, "verb", "") == "keep" else None


def reveals(rules: NewFrontiersRules, before: State, after: State, action: Any, seat: int,
            names: Sequence[str]) -> str | None:
    """What the move showed the person in `seat` that was hidden (`undo` does not take back a
    move made before it): the tiles an explore drew from the bag; goals, when goals are played:
    the offer drawn from the face-down goal deck, the face-down goals turned up when a new goal
    is kept."""
    drawn = [w for w in after.draw if w not in before.draw]  # (picks only take tiles out of the draw)
    if drawn:
        return f"tiles were drawn from the bag ({', '.join(rules.tiles.worlds[w].id for w in drawn)})"
    if not rules.goals_on:
        return None

    def seen(state: State) -> set[int]:
        view = rules.view(state, seat).state
        return set(view.goal_offer) | {g for p in view.players for g in (*p.goals_down, *p.goals_up) if g >= 0}

    new = seen(after) - seen(before)
    if not new:
        return None
    return f"goals you could not see were shown ({', '.join(sorted(rules.tiles.goals[g].id for g in new))})"


def deal_rng(seed: int) -> random.Random:
    return streams.stream(seed, 0, streams.DEAL)


def transcript(rules: NewFrontiersRules, variant_ref: str, names: Sequence[str], seed: int,
               actions: Sequence[Any], overrides: Sequence[str] = (), *,
               deal: random.Random | None = None, title: str | None = None) -> str:
    """The game dealt from `seed` and played with `actions`, in the game's notation (setup block,
    then per round one entry per decision and each explored draw)."""
    deal = deal or deal_rng(seed)  # (`deal`, `title`: as Stargate's transcript takes them)
    state: State = rules.initial_state(len(names), rng=deal)
    t = rules.tiles
    setup: dict[str, Any] = {"home_worlds": {names[i]: t.worlds[p.worlds[0]].id for i, p in enumerate(state.players)}}
    if rules.goals_on:
        setup["goal_deck"] = [t.goals[g].id for g in state.goal_deck]
    rounds: list[list[dict[str, Any]]] = []
    for move in actions:
        if len(rounds) < state.round:
            rounds.append([])
        seat = rules.current_seat(state)
        state = rules.apply(state, move, rng=deal)
        rounds[-1].append({names[seat]: str(move)})
        if str(move) == "select explore":
            rounds[-1].append({"draw": [t.worlds[w].id for w in state.draw]})
    data: dict[str, Any] = {"game": GAME, **({"title": title} if title else {}), "variant": variant_ref}
    if overrides:
        data["set"] = list(overrides)
    data |= {"players": list(names), "setup": setup, "rounds": rounds}
    return dump_transcript(data)


def read_move(rules: NewFrontiersRules, state: State, text: str) -> Any:
    """A move in transcript notation that the list does not hold (`consume w10 with h1`, say),
    or the rules' reason why it is illegal now, as `replay` gives it (play says it to the person): a
    development too dear was answered 'not a legal move now (did you mean: develop d01, ...)'.
    None for text that is no move of the notation (`notation_error` says why)."""
    if state.over or notation_error(rules, text) is not None:
        return None
    move = parse_move(text)
    reason = rules.why_illegal(state, move)
    if reason is None:
        return canonical(rules, state, move)
    raise ValueError(reason)


def table_game(path: Any) -> TableGame:
    """A finished recorded game, replayed (every move checked) with the events the runner logs."""
    from pathlib import Path

    rep = replay(Path(path))
    if rep.result is None:
        raise UsageError(f"{path}: the game is not finished: calibrate compares finished games only")
    return TableGame(str(path), rep.variant_obj, list(rep.players), PlayedGame(rep.result, rep.events, len(rep.events)))


def tie_break(rules: NewFrontiersRules, state: State, seats: Sequence[int]) -> str:
    """What ranked seats tied on points: gold and goods together (scoring.tie_break)."""
    return f"more gold + goods: {' to '.join(str(scoring.tie_break(state.players[s])) for s in seats)}"


def announce(rules: NewFrontiersRules, before: State, after: State, action: Any, events: Sequence[Event],
             names: Sequence[str]) -> list[str]:
    """The decisions the move left unasked because pass was their only choice, one line each as
    the replay writes them ('P2: trade skipped (P2 has no goods to sell)'; to the person, 'you
    have ...'): after 'P3 selects trade' a player with nothing to sell had no line, which read as
    a turn forgotten. The move is applied again with the rules noting the skips; its only chance,
    an explore draw, is the one `after` holds."""
    if not isinstance(action, Move) or before.over:
        return []
    try:
        _, skips = rules.apply_noting_skips(before, action, rng=ScriptedChance([list(after.draw)]))  # type: ignore[arg-type]
    except (ChanceMismatch, IllegalActionError):  # (a draw every explore decision skipped and returned)
        return []
    return [skip_line(entry) for entry in skip_entries(skips, names, 0)]  # (to You in your words: _named)


SUPPORT = PlaySupport(render=render, transcript=transcript, deal_rng=deal_rng, describe=describe, announce=announce,
                      hint_bot="greedy", table_game=table_game, saved=from_replay(replay), private=private, reveals=reveals,
                      notation_error=notation_error,
                      detail=move_detail, show=show, read_move=read_move, asks=asks, tie_break=tie_break)
