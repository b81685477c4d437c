"""Stargate at the terminal: the table as a seat sees it, and a played game as a transcript."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from playtest import rng as streams
from playtest.core.events import Event, EventKind
from playtest.core.results import SAFETY_STOP
from playtest.errors import IllegalActionError, PlaytestError
from playtest.games.stargate import planet_effects
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import MoveCube, Place, SwapCubes, TakeCrew, parse_action
from playtest.games.stargate.effects import cubes_words, handler_of
from playtest.games.stargate.placement import Mode
from playtest.games.stargate.rules import Phase, StargateRules, State
from playtest.games.stargate.transcript import GAME, NOTATION, dump_transcript, setup_block
from playtest.play.session import PlaySupport
from playtest.play.table import TableGame, replay_moves
from playtest.text import YOU

OWNER_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold cyan", "bold yellow")


def _owner(names: Sequence[str], seat: int) -> Text:
    return Text(names[seat][:3], style=OWNER_STYLES[seat % len(OWNER_STYLES)])


def render(rules: StargateRules, view: State, seat: int, names: Sequence[str]) -> Group:
    """The circle of planets (slots with owners and VP), the crews still in the crew area, each
    player's hand, stock and provisional score. Stargate hides nothing, so this is the table."""
    v = rules.variant
    board = Table(title=f"Round {view.round} — the circle, clockwise", title_justify="left", expand=False)
    # Columns a draft without extension slots or planet effects (draft 5) does not need.
    in_circle = [v.planets[card] for card in view.circle]
    has_ext, has_effects = any(p.extension_vp for p in in_circle), any(p.effects for p in in_circle)
    for col in ("#", "planet", "color", "slots (owner/VP, slot 1 first)",
                *(["extension slots (No./owner/VP)"] if has_ext else []), *(["effects"] if has_effects else [])):
        board.add_column(col)
    for pos, (card, owners) in enumerate(zip(view.circle, view.board, strict=True)):
        planet = v.planets[card]
        slots = Text()
        column = rules.scoring.vp[card]  # the printed slots, then the overflow slot
        for i in range(max(len(planet.vp), len(owners))):
            if i:
                slots.append(" + " if i == len(planet.vp) else " ")
            if i < len(owners):
                slots.append_text(_owner(names, owners[i]))
                slots.append(f"/{column[i]}")
            else:
                slots.append(f"·/{column[i]}", style="dim")
        extra: list[Text | str] = []
        if has_ext:
            extra.append(_numbered_slots(names, view.ext_planet[pos], planet.extension_vp))
        if has_effects:
            extra.append("; ".join(planet_effect_text(e) for e in planet.effects) or "-")
        board.add_row(str(pos + 1), planet.id, planet.color, slots, *extra)
    crews = Table(title="Crew area" + _crews_dealt(rules, view), title_justify="left")
    card_slots = any(v.crews[c].extension_vp for c in view.available)
    for col in ("crew", "time", "skill", *(["card slots (owner/VP)"] if card_slots else [])):
        crews.add_column(col)
    for c in view.available:
        crew = v.crews[c]
        # Time an accumulate_time crew has gathered is public and comes with the crew.
        bonus = view.crew_bonus[c]
        row: list[Text | str] = [crew.id, f"{crew.time}+{bonus}" if bonus else str(crew.time),
                                 "; ".join(skill_text(e) for e in crew.skill) or "-"]
        if card_slots:  # filled in order, first slot first
            filled = view.ext_crew[c]
            row.append(_numbered_slots(names, tuple(filled) + (-1,) * (len(crew.extension_vp) - len(filled)),
                                       crew.extension_vp, numbered=False))
        crews.add_row(*row)
    totals = rules.totals(view)
    players = Table(title="Players", title_justify="left")
    for col in ("player", "hand", "stock", "score now"):
        players.add_column(col)
    for s in range(view.n):
        mark = " ◀ to move" if s == view.seat and not rules.is_terminal(view) else ""
        name = _owner(names, s) + Text(names[s][3:] + mark)
        players.add_row(name, str(view.hand[s]), str(view.stock[s]), str(totals[s]))
    return Group(board, crews, players)


def _crews_dealt(rules: StargateRules, view: State) -> str:
    """' (this game's crews, 5 of 7 dealt: armstrong, ...)' where the variant deals crews: the
    crew area shows only those not yet taken this round, and the others are never in the game."""
    if len(view.crews_in_game) == len(rules.crew_ids):
        return ""
    return (f" (this game's crews, {len(view.crews_in_game)} of {len(rules.crew_ids)} dealt: "
            f"{', '.join(rules.crew_ids[c] for c in view.crews_in_game)})")


def _numbered_slots(names: Sequence[str], owners: Sequence[int], vps: Sequence[int], numbered: bool = True) -> Text:
    """Extension slots as `1:Ann/1 2:·/2` (owner or · for empty, then the slot's VP at the end)."""
    out = Text()
    for i, vp in enumerate(vps):
        if i:
            out.append(" ")
        label = f"{i + 1}:" if numbered else ""
        if i < len(owners) and owners[i] >= 0:
            out.append(label)
            out.append_text(_owner(names, owners[i]))
            out.append(f"/{vp}")
        else:
            out.append(f"{label}·/{vp}", style="dim")
    return out or Text("-")


def _effect_text(effect: Any) -> str:
    """A planet or crew effect as its kind and settings (an unset or false one left out):
    `vp(trigger=last_cube, amount=-2)`, `color_vp(colors=red, amount=1, count=placed)`; a kind
    without settings alone: `repeat_planet`."""
    settings = effect.model_dump(exclude={"effect"})
    shown = ", ".join(f"{k}={'/'.join(map(str, v)) if isinstance(v, list | tuple) else v}"
                      for k, v in settings.items() if v is not None and v is not False)
    return f"{effect.effect}({shown})" if shown else effect.effect


def skill_text(effect: Any, *, when: bool = True) -> str:
    """One effect of a crew's skill in words, with its settings ('before placing: swap two cubes
    in consecutive slots of one planet, any owners'): what the crew area shows and the crew
    choice says, from its handler's `words` (effects.py: the effect's rule and its words in one
    place). The settings as code (`swap_adjacent(timing=before, same_owner=True)`) left the
    person to guess what the crew does; an effect without a handler (a plugin's) keeps that code
    form (`_effect_text`). `when`: say when it resolves, before or after placing (the skill step
    itself, resolving now, leaves it out)."""
    try:
        said = handler_of(effect).words(effect)
    except (PlaytestError, NotImplementedError):
        return _effect_text(effect)
    timing = getattr(effect, "timing", None)
    return f"{timing} placing: {said}" if when and timing else said


def planet_effect_text(effect: Any) -> str:
    """One planet effect in words, with its trigger and settings ('a turn's last cube here: its
    placer loses 2 VP'): what the circle's effects column shows, from its handler's words
    (planet_effects.py). The code form (`vp(trigger=final, amount=3, to=majority)`) left the
    person to read the schema; an effect without a handler (a plugin's) keeps it (`_effect_text`).
    Each kind's meaning: docs/variants.md, planet effects."""
    try:
        return planet_effects.words(effect)
    except (PlaytestError, NotImplementedError):
        return _effect_text(effect)


PLACING = {Mode.WALK: "start on any planet, then go clockwise, one cube a planet, skipping full planets",
           Mode.FREE: "any planets in any order, at most {per} a planet",
           Mode.REPEAT: "start on any planet, then stay on it or go clockwise, skipping full planets"}
"""How the cubes go down with a crew of each placement mode (placement.Mode)."""


def asks(rules: StargateRules, view: State, seat: int, names: Sequence[str]) -> str | None:
    """What the turn's step at hand asks: take a crew, choose a skill's target, or place cubes,
    saying how many and how, and that `place -` places none (it read as a cryptic move)."""
    if view.seat != seat or rules.is_terminal(view):
        return None
    if view.phase is Phase.CREW:
        return ("Take a crew from the crew area: its skill is used where it can be (else skipped), then you place "
                f"up to its time in cubes from your hand ({view.hand[seat]} in hand).")
    crew = rules.crew_ids[view.crew]
    if view.phase is Phase.SKILL:
        effect = rules.skills[view.crew][view.pending[0]]
        return f"{crew}'s skill, now: {skill_text(effect, when=False)}. Choose one of the moves below."
    k = rules.max_cubes(view)
    time = rules.crew_time[view.crew] + view.extra_time
    how = PLACING[rules.mode[view.crew]].format(per=cubes_words(rules.per_planet[view.crew]))
    return (f"Place up to {cubes_words(k)} ({crew}'s time {time}, {view.hand[seat]} in hand): {how}; each cube goes "
            "into the planet's lowest empty slot. Name the planets in order; 'place -' places none.")


def describe(rules: StargateRules, before: State, action: Any, events: Sequence[Event], names: Sequence[str]) -> str:
    """What a decision did, from its events and the table before it: VP and cubes gained, cubes
    placed, the cubes drawn from stock at the turn's end, and which cubes Anderson's swap or
    Audrin's move put where (those decisions log no event of their own)."""
    bits = []
    if isinstance(action, SwapCubes | MoveCube):
        bits.append(_skill_text(rules, before, action, names))
    if isinstance(action, Place) and not action.planets:
        bits.append("no cubes placed")
    for e in events:
        d = e.data
        if d.get("vp_gained"):
            bits.append(f"+{d['vp_gained']} VP")
        if d.get("cubes_gained"):
            bits.append(f"+{d['cubes_gained']} cubes to hand")
        if d.get("cubes_placed"):
            bits.append(f"{d['cubes_placed']} cube{'' if d['cubes_placed'] == 1 else 's'} placed")
        if e.kind == EventKind.DECISION:
            said = _planet_note(rules, e)
            if said:
                bits.append(said)
            drawn = _drawn(before, action, e)
            if drawn:
                bits.append(f"drew {drawn} from stock (hand {d['hand']}, stock {d['stock']})")
        if d.get("end_reason"):
            bits.append(f"game ends: {d['end_reason']}")
    return ", ".join(dict.fromkeys(bits))


def _planet_note(rules: StargateRules, e: Event) -> str | None:
    """What the planet effects of the turn's last cube did, from the turn's decision event, in the
    effects column's words: 'last cube on blue2, where its placer converts up to 2 cubes from their hand
    into 2 VP each (the cubes leave the game): 2 converted and +4 VP (hand 9)'. The VP and cubes
    converted are the event's (`effect_vp`, `cubes_converted`); the time is said only when one
    conversion into time could have made it (the event does not log time); the hand or stock is
    the one after the turn's end. None when the last cube's planet has no such effect; a
    conversion that found no cubes is said so, as the person may have counted on it."""
    d = e.data
    planet = d.get("last_planet")
    card = rules.planet_index.get(planet) if planet else None
    effects = rules.last_cube_effects[card] if card is not None else ()
    if not effects:
        return None
    vp, k = d.get("effect_vp") or 0, d.get("cubes_converted") or 0
    conversions = [c for c in (planet_effects.handler_of(x).conversion(x) for x in effects) if c is not None]
    got = []
    if conversions:
        got.append(f"{k} converted" if k else "nothing to convert")
        if k and len(conversions) == 1 and conversions[0].time_each is not None:
            got.append(f"+{k * conversions[0].time_each} time next turn")
    if vp or not conversions:
        got.append(f"{vp:+d} VP")
    left = ", ".join(f"{s} {d[s]}" for s in sorted({c.source for c in conversions})) if k else ""
    words = "; ".join(planet_effects.handler_of(x).last_cube_words(x) for x in effects)
    return f"last cube on {planet}, where {words}: {' and '.join(got)}" + (f" ({left})" if left else "")


def _whose(names: Sequence[str], seat: int) -> str:
    return "your" if names[seat] == YOU else f"{names[seat]}'s"


def _skill_text(rules: StargateRules, before: State, action: SwapCubes | MoveCube, names: Sequence[str]) -> str:
    """'P3's cube up to slot 1 of blue1, P1's cube back to slot 2' (a swap); 'moved P1's cube from
    slot 3 of green2 to slot 2 of red1' (a move, always of the mover's own last cube)."""
    if isinstance(action, SwapCubes):
        owners = before.board[rules.position(before, action.planet, action)]
        i = action.slot  # the swap's slots are i and i + 1 (1-based)
        front, back = owners[i - 1], owners[i]
        if front == back:
            return f"swapped two of {_whose(names, front)} cubes on {action.planet} (slots {i} and {i + 1}): no change"
        return (f"swapped: {_whose(names, back)} cube up to slot {i} of {action.planet}, "
                f"{_whose(names, front)} cube back to slot {i + 1}")  # ('your back to slot 2')
    src = before.board[rules.position(before, action.src, action)]
    dst = before.board[rules.position(before, action.dst, action)]
    return (f"moved {_whose(names, src[-1])} cube from slot {len(src)} of {action.src} "
            f"to slot {len(dst) + 1} of {action.dst}")


def _drawn(before: State, action: Any, e: Event) -> int:
    """The cubes the turn's end drew from stock into the hand (the replenish): the fall of the
    seat's stock over this decision less what a skill took from it in the same decision. 0 when
    cubes were converted at the turn's end (from hand or stock: the split is not logged)."""
    d = e.data
    if d.get("cubes_converted"):
        return 0
    gained_before = 0 if isinstance(action, TakeCrew) else before.cubes_gained  # (the turn's record so far)
    return before.stock[e.seat] - d["stock"] - (d["cubes_gained"] - gained_before)


END_WORDS = {"stock_empty": "a player's stock is empty", "planets_full": "enough planets are full",
             "round_cap": "the last round is played", "out_of_cubes": "a player has no cubes left",
             SAFETY_STOP: "the safety stop on rounds"}


def announce(rules: StargateRules, before: State, after: State, action: Any, events: Sequence[Event],
             names: Sequence[str]) -> list[str]:
    """At a round's end (its round_end events): that nothing is scored until the game ends, the
    scores so far, the crews returning, time gathered by crews nobody took, who starts the next
    round and where cubes come from stock (`_from_stock`); or that the game ends and why."""
    ends = [e for e in events if e.kind == EventKind.ROUND_END]
    if not ends:
        return []
    r = ends[0].round
    over = next((e.data["end_reason"] for e in events if e.kind == EventKind.GAME_END), None)
    if over is not None:
        return [f"Round {r} is over and the game ends ({END_WORDS.get(over, over)}): the board is scored now."]
    now = ", ".join(f"{names[e.seat]} {e.data['score']:g}" for e in ends)
    lines = [f"Round {r} is over. Nothing is scored at a round's end: the board scores when the game ends "
             f"(if it ended now: {now})."]
    said = [] if rules.crews_return_each_turn else ["The crews return to the crew area"]
    said += [f"{rules.crew_ids[c]} gathers +{a - b} time (now {rules.crew_time[c]}+{a})"
             for c, (b, a) in enumerate(zip(before.crew_bonus, after.crew_bonus, strict=True)) if a > b]
    first = names[after.start]
    said.append(f"{first} {'start' if first == 'You' else 'starts'} round {after.round}")
    lines.append("; ".join(said) + f". ({_from_stock(rules, after.crews_in_game)})")
    return lines


def _from_stock(rules: StargateRules, crews: Sequence[int] | None = None) -> str:
    """Every way cubes come from the stock into a hand: the turn's end (the replenish) and a
    crew's skill that may gain cubes (Bays' gain_cubes; schema.SkillEffect.gains_cubes),
    never a round's end. `crews`: the game's crews (a crew not dealt takes none); every crew by default."""
    in_game = rules.all_crews if crews is None else crews
    skills = [rules.crew_ids[c] for c, skill in enumerate(rules.skills)
              if c in in_game and any(sc.may_gain_cubes(e) for e in skill)]
    by_skill = f"by the skill of {', '.join(skills)}"
    if rules.replenish and skills:
        return f"Cubes come from stock at each turn's end, {rules.replenish} a turn, and {by_skill}, never at a round's end."
    if rules.replenish:
        return f"Cubes come from stock only at each turn's end, {rules.replenish} a turn."
    if skills:
        return f"Cubes come from stock only {by_skill}, never at a turn's or a round's end."
    return "No cubes come from stock in this variant."


def deal_rng(seed: int) -> random.Random:
    return streams.stream(seed, 0, streams.DEAL)


def transcript(rules: StargateRules, variant_ref: str, names: Sequence[str], seed: int,
               actions: Sequence[Any], overrides: Sequence[str] = (), *,
               deal: random.Random | None = None, title: str | None = None) -> str:
    """The game dealt from `seed` and played with `actions`, one line per complete turn (an
    abandoned game keeps its complete turns; `playtest replay` then scores it provisionally).
    `deal`: the chance events' stream when it is not `deal_rng(seed)` (a run's game, `replay RUN
    --game N`); `title`: what the transcript says the game was."""
    deal = deal or deal_rng(seed)
    state = rules.initial_state(len(names), rng=deal)
    setup = setup_block(rules, state)
    moves: list[str] = []
    line: list[str] = []
    for action in actions:
        line.append(rules.format_action(state, action))
        state = rules.apply(state, action, rng=deal)
        if state.phase is Phase.CREW or rules.is_terminal(state):
            moves.append("; ".join(line))
            line = []
    data: dict[str, Any] = {"game": GAME, "title": title or "played with playtest play", "variant": variant_ref}
    if overrides:
        data["set"] = list(overrides)
    data |= {"players": len(names), "names": list(names), **setup, "start_player": 1, "moves": moves}
    return dump_transcript(data)


def read_move(rules: StargateRules, state: State, text: str) -> Any:
    """A move written as a transcript may write it but not as listed (Orlins' cubes in another
    order, `move red2 > blue1` with spaces), or the rules' reason why it is illegal now, in the
    words `replay` gives: 'place red2 green3' with Bays' time 1 was answered only 'not a legal
    move now (did you mean ...)', and Orlins' 'place red1 red2' was refused though the list held
    'place red2 red1' and a transcript may write either. None for text that is no move of the
    kind asked now, or a crew id of no crew (the list's 'did you mean' then answers a typo)."""
    legal = rules.legal_actions(state)
    try:
        action = parse_action(text)
    except ValueError:
        return None
    if (not any(type(a) is type(action) for a in legal)
            or isinstance(action, TakeCrew) and action.crew not in rules.crew_index):
        return None
    try:
        rules.apply(state, action)
    except IllegalActionError as err:
        raise ValueError(err.reason) from None
    same = [a for a in legal if a == action]
    if not same and isinstance(action, Place):  # free order: the list names each set of planets once
        same = [a for a in legal if isinstance(a, Place) and sorted(a.planets) == sorted(action.planets)]
    return same[0] if len(same) == 1 else action


def tie_break(rules: StargateRules, state: State, seats: Sequence[int]) -> str:
    """What ranked seats tied on points (scoring.final_tiebreak: cubes_in_hand; with none, ties
    are shared and never reach here)."""
    return f"more cubes left in hand: {' to '.join(str(state.hand[s]) for s in seats)}"


def table_game(path: Any) -> TableGame:
    """A finished recorded game, replayed (every move checked) with the events the runner logs."""
    return replay_moves(path, NOTATION, StargateRules)


SUPPORT = PlaySupport(render=render, transcript=transcript, deal_rng=deal_rng, describe=describe,
                      announce=announce, hint_bot="lookahead", table_game=table_game, asks=asks,
                      read_move=read_move, tie_break=tie_break)
