"""Stargate transcripts: read, check and replay a recorded game (YAML); record a simulated one.

The format (docs/transcripts.md, section Stargate)::

    game: stargate
    title: Thursday table, game 2          # optional, free text
    notes: ...                             # optional, free text, ignored
    variant: ../../variants/stargate/draft5.yaml   # relative to this file
    set: [cubes.replenish=1]               # optional --set style overrides of the variant
    players: 3
    names: [Aki, Bo, Chie]                 # optional; default Player 1 .. Player N
    circle: [red1, blue2, yellow3, green1, red2]   # planet ids, clockwise
    crews: [armstrong, audrin, rahel, bays, vance]   # only where the variant deals crews (crews_dealt)
    start_player: 1                        # optional, 1-based; default 1
    moves:                                 # one line per turn, in play order
      - bays; place red1                   # crew; skill targets; placement
      - audrin; move red1>blue2; place yellow3 green1
      - anderson; swap blue2@1; place -    # place - : no cube placed

Move N is the N-th turn of the game (the N-th line). A line names the crew, then the target of
each skill that needs one (``move SRC>DST``, ``swap PLANET@SLOT``), then the placement, which is
always written (``place -`` for none). A skill with no possible target is skipped and not
written. This module supplies only the notation (a line ↔ the turn's actions), the setup block
(circle, crews, start_player) and the board in the outcome; reading the file, located errors, the
replay loop and the first illegal move are playtest.core.transcript's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.core import transcript as core
from playtest.core.events import Event, EventKind
from playtest.core.protocol import MAX_DECISIONS, Bot
from playtest.core.transcript import IllegalMoveError, Move, TranscriptReader
from playtest.errors import Problem
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import (
    Action,
    Develop,
    MoveCube,
    OverflowCube,
    Place,
    SwapCubes,
    TakeCrew,
    parse_turn,
)
from playtest.games.stargate.effects import handler_of
from playtest.games.stargate.rules import Phase, StargateRules, State, majority_order, planet_vp
from playtest.text import cells, excerpt, pad
from playtest.variants import Variant

GAME = "stargate"

__all__ = ["IllegalMoveError", "Move", "NOTATION", "ReplayOutcome", "Transcript", "board", "dump_transcript",
           "read_transcript", "record_game", "replay", "replay_file"]


@dataclass(frozen=True)
class Setup:
    """Stargate's setup block: the planets dealt, clockwise, the crews dealt and the start player
    of round 1."""

    circle: tuple[str, ...]
    start: int
    """0-based seat."""
    crews: tuple[str, ...] | None = None
    """The crews of the game (crew ids), where the variant deals them (`crews_dealt`); None:
    every crew."""


class StargateNotation(core.Notation[State, Action]):
    """One line per turn: the crew, the skill targets, the placement (docs/transcripts.md)."""

    game = GAME
    setup_keys = ("circle", "crews", "start_player")
    required_setup = ("circle",)
    example = "bays; place red1 blue2"

    def parse_move(self, text: str) -> Sequence[Action]:
        return parse_turn(text)

    def read_setup(self, reader: TranscriptReader) -> Setup:
        circle = reader.strings("circle")
        start_player = reader.int("start_player", low=1) if "start_player" in reader.doc else 1
        crews = reader.strings("crews")
        return Setup(tuple(circle or ()), (start_player or 1) - 1, None if crews is None else tuple(crews))

    def check_setup(self, reader: TranscriptReader, setup: Setup, variant: Variant, players: int) -> None:
        model = variant.model
        assert isinstance(model, sc.StargateVariant)
        # A count the variant does not play is said at players: alone; the start's range follows from it
        # (the circle and crews lines are still checked: every problem at once).
        if players in model.player_counts() and setup.start >= players:
            reader.problems.append(reader.doc["start_player"].problem(
                "start_player", f"must be between 1 and {players} (the players are numbered from 1)"))
        if "circle" in reader.doc and (reader.doc["circle"].value is None or isinstance(reader.doc["circle"].value, list)):
            reader.problems.extend(_check_circle(reader.doc["circle"], list(setup.circle), model, players))
        dealt = model.crews_dealt.get(players)
        if setup.crews is not None:
            reader.problems.extend(_check_crews(reader.doc["crews"], list(setup.crews), model, players))
        elif dealt is not None:  # replayed with every crew, it would be another game than the one played
            reader.problems.append(Problem(reader.label, 1, 1, "crews", (
                f"required key is missing: the variant deals {dealt} of its {len(model.crews)} crews for {players} "
                f"players (crews_dealt): list the game's crews, e.g. crews: [{', '.join(c.id for c in model.crews[:dealt])}]")))

    def initial_state(self, rules: Any, setup: Setup, players: int) -> State:
        index = {p.id: i for i, p in enumerate(rules.variant.planets)}
        crews = None if setup.crews is None else [rules.crew_index[c] for c in setup.crews]
        return rules.setup(players, [index[pid] for pid in setup.circle], start=setup.start, crews=crews)

    def move_over(self, rules: Any, state: State) -> bool:
        return state.phase is Phase.CREW

    def round_of(self, state: State) -> int:
        return state.round

    def unfinished(self, rules: Any, state: State) -> str:
        nxt = rules.legal_actions(state)[0]
        if isinstance(nxt, Place):
            return "the turn is not finished: write the placement ('place PLANET ...', or 'place -' to place no cube)"
        return f"the turn is not finished: the crew's skill needs a target, e.g. '{nxt}'"

    def explain(self, rules: Any, state: State, action: Action, done: Sequence[Action]) -> str | None:
        crew = done[0].crew if done and isinstance(done[0], TakeCrew) else None
        return _explain(rules, state, action, crew, done)

    def outcome(self, transcript: Any, rules: Any, state: State, log: Sequence[Event]) -> ReplayOutcome:
        return ReplayOutcome.build(transcript, rules, state, log)


NOTATION = StargateNotation()
Transcript = core.Transcript


def read_transcript(path: str | Path) -> core.Transcript[State, Action]:
    """Parse and check a transcript file. Raises TranscriptError (every problem at once) or
    VariantError (the variant file itself is broken)."""
    return core.read_transcript(path, NOTATION)


def _check_circle(node: Any, circle: list[str], model: sc.StargateVariant, players: int) -> list[Any]:
    """The `circle:` line: known planets, each once, as many as the variant deals for `players`."""
    return _check_dealt(node, circle, key="circle", noun="planet", known=[p.id for p in model.planets],
                        dealt=model.planets_dealt.get(players), players=players, twice="is in the circle twice",
                        listing="the planets dealt, clockwise")


def _check_crews(node: Any, crews: list[str], model: sc.StargateVariant, players: int) -> list[Any]:
    """The `crews:` line: known crews, each once, as many as the variant deals for `players`
    (`crews_dealt`; every crew when it deals none)."""
    if node.value is not None and not isinstance(node.value, list):
        return []  # "must be a list", said when it was read
    known = [c.id for c in model.crews]
    return _check_dealt(node, crews, key="crews", noun="crew", known=known,
                        dealt=model.crews_dealt.get(players, len(known)), players=players, twice="is listed twice",
                        listing="the crews dealt", deals=players in model.crews_dealt,
                        least=players if model.crews_return is sc.CrewsReturn.END_OF_ROUND else 1)


def _check_dealt(node: Any, ids: list[str], *, key: str, noun: str, known: list[str], dealt: int | None,
                 players: int, twice: str, listing: str, deals: bool = True, least: int = 1) -> list[Any]:
    """A setup line listing cards dealt (`circle:` of planets, `crews:`): each known, each once,
    and as many as the variant deals (`<noun>s_dealt`, when it says)."""
    fix = core.one_text(node.value)
    if fix is not None and len(ids) == 1:  # 'circle: [red1 blue1 ...]' read as one unknown planet
        return [node.problem(key, fix)]
    if len(ids) > len(known):  # more than the cards there are: one line, not one per repeat (20,000 lines)
        dealing = f" and deals {dealt} for {players} players" if dealt is not None and deals else ""
        return [node.problem(key, f"{len(ids)} {noun}s, but the variant has only {len(known)} {noun} cards{dealing}: "
                                  f"list {listing}")]
    problems = []
    items = node.value or []
    for i, cid in enumerate(ids):
        if cid not in known:
            problems.append(items[i].problem(f"{key}.{i + 1}", f"unknown {noun} {excerpt(cid)!r} ({noun}s: "
                                                             f"{', '.join(known)})"))
        elif ids.index(cid) != i:
            problems.append(items[i].problem(f"{key}.{i + 1}", f"{noun} {cid!r} {twice}"))
    if not ids:  # `circle:` with nothing below it, or []: not a deal of 0 planets to allow
        problems.append(node.problem(key, f"no {noun}s: list {listing}"
                                     + (f" ({dealt} for {players} players)" if dealt is not None else "")))
    elif dealt is not None and len(ids) != dealt and len(set(ids)) != dealt:
        # (a planet written twice and nothing else wrong is said at the second one: one mistake, one
        # line; it was "6 planets, but the variant deals 5" beside "is in the circle twice", fuzz seed 5502)
        # where the variant deals none at this count (every crew plays), it says so; the set: hint
        # only for a count the schema takes (a deal of 1 crew to 5 players is refused)
        n = len(ids)
        said = (f"{n} {noun}{'' if n == 1 else 's'}, but the variant deals {dealt} for {players} players" if deals
                else f"{n} {noun}{'' if n == 1 else 's'}, but the variant deals no {noun}s for {players} players: "
                     f"all {dealt} play; list them all, or leave the line out")
        if least <= n <= len(known):
            said += f" (to deal otherwise: set: [{noun}s_dealt.{players}={n}])"
        problems.append(node.problem(key, said))
    return problems


def setup_block(rules: StargateRules, state: State) -> dict[str, Any]:
    """A new game's setup lines as a transcript writes them: the circle, and the crews where the
    variant deals them at this player count (`crews_dealt`) — what `replay` needs to set up that game."""
    ids = [p.id for p in rules.variant.planets]
    block: dict[str, Any] = {"circle": [ids[c] for c in state.circle]}
    if state.n in rules.variant.crews_dealt:
        block["crews"] = [rules.crew_ids[c] for c in state.crews_in_game]
    return block


# --- replaying -----------------------------------------------------------------------------------


def replay_file(path: str | Path) -> ReplayOutcome:
    """Read, check and replay a transcript file: the final board and scores, or the first error."""
    return replay(read_transcript(path))


def replay(t: core.Transcript[State, Action]) -> ReplayOutcome:
    """Replay a checked transcript. Raises IllegalMoveError at the first illegal move."""
    outcome: ReplayOutcome = core.replay(t, NOTATION, StargateRules)
    return outcome


TARGETS = {MoveCube: "moves a cube", SwapCubes: "swaps cubes", OverflowCube: "fills an overflow slot",
           Develop: "develops a planet"}
"""The actions that give a crew's skill its target, and what such a skill does."""


def _explain(rules: StargateRules, state: State, action: Action, crew: str | None,
             done: Sequence[Action]) -> str | None:
    """A clearer reason than the engine's for a skill target written where none is asked for:
    while the placement is awaited, or after the turn has ended (`state` is then the next
    turn's). None when the skill is waiting for a target (the engine's reason says what is wrong
    with this one) or `action` is not a target."""
    if type(action) not in TARGETS or crew is None or state.phase is Phase.SKILL:
        return None
    skill = next((c.skill for c in rules.variant.crews if c.id == crew), ())
    effects = [e for e in skill if handler_of(e).action is type(action)]
    if not effects:
        return f"{crew} has no skill that {TARGETS[type(action)]}"
    placed = any(isinstance(a, Place) for a in done)
    timings = {getattr(e, "timing", None) for e in effects}  # (a plugin's effect may have no timing)
    if sc.Timing.AFTER in timings and not placed:
        return f"{crew}'s skill resolves after placing: write the placement first"
    if sum(isinstance(a, type(action)) for a in done) >= len(effects):
        return f"{crew}'s skill target was already given"
    return f"{crew}'s skill has no possible target now, so it is skipped: leave the target out"


def _extension_slots(owners: Sequence[int], vps: Sequence[int], names: Sequence[str]) -> list[dict[str, Any]]:
    """Numbered extension slots as {slot, vp, owner}; `owners` by slot (-1 empty) or, on a crew card,
    the seats in the order they filled it."""
    return [{"slot": i + 1, "vp": vp, "owner": names[owners[i]] if i < len(owners) and owners[i] >= 0 else None}
            for i, vp in enumerate(vps)]


def _ranked_text(r: dict[str, Any]) -> str:
    """One rank of a planet's ranking: `1. Ann 3`, the VP it scores there; when the planet's
    final effects change it, `1. Ann 4 (slot VP 2, planet effects +2)`."""
    effect = r.get("effect_vp", 0)
    if not effect:
        return f"{r['rank']}. {r['player']} {r['vp']}"
    return f"{r['rank']}. {r['player']} {r['vp'] + effect} (slot VP {r['vp']}, planet effects {effect:+d})"


def _slots_text(slots: Sequence[dict[str, Any]]) -> str:
    return " ".join(f"{s['slot']}:{s['owner'] or '·'}({s['vp']})" for s in slots)


def board(rules: StargateRules, state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The board in circle order: (planet id, owners of slot 1, slot 2, ... as 0-based seats)."""
    ids = [p.id for p in rules.variant.planets]
    return tuple((ids[card], tuple(owners)) for card, owners in zip(state.circle, state.board, strict=True))


# --- the outcome ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayOutcome(core.Outcome):
    """The final (or current) board and each player's score breakdown; `.text()`, `.to_json()`."""

    @classmethod
    def build(cls, t: core.Transcript[State, Action], rules: StargateRules, state: State, log: Sequence[Event]) -> ReplayOutcome:
        model = rules.variant
        names = t.names
        later = model.scoring.majority_tiebreak is sc.MajorityTiebreak.LATER_FIRST_CUBE
        planets = {p.id: p for p in model.planets}
        result = rules.result(state)
        by_color: list[dict[str, int]] = [{c.id: 0 for c in model.colors} for _ in names]
        planet_rows = []
        for pos, (card, (pid, owners)) in enumerate(zip(state.circle, board(rules, state), strict=True)):
            planet = planets[pid]
            for seat in owners:
                by_color[seat][planet.color] += 1
            # The column with the overflow slot behind the last printed slot: an `overflow` crew's
            # cube sits there, and the majority is scored from it (Scoring.vp).
            column = rules.scoring.vp[card]
            vp = planet_vp(owners, column, later) if owners else {}
            order = majority_order(owners, later)
            # A planet's final effects (a majority multiplier, a majority bonus) change what the
            # ranking scores there: `vp` stays the slot's printed VP (it adds up to the `planets`
            # part), `effect_vp` is the change (part of `planet_effects`).
            effect_vp = (dict(rules.scoring.planet(card, owners).effect_vp)
                         if rules.scoring.final_effects[card] else None)
            shown = max(len(planet.vp), len(owners))
            planet_rows.append({
                "planet": pid,
                "name": planet.name.en or planet.name.ja,
                "color": planet.color,
                "filled": min(len(owners), len(planet.vp)),
                "slots_total": len(planet.vp),
                "overflow": len(owners) > len(planet.vp),
                "slots": [{"slot": i + 1, "vp": column[i], "owner": names[owners[i]] if i < len(owners) else None,
                           **({"overflow": True} if i >= len(planet.vp) else {})}
                          for i in range(shown)],
                "ranking": [{"player": names[s], "rank": r + 1, "cubes": owners.count(s),
                             "slot_scored": len(owners) - r if len(owners) - r >= 1 else None, "vp": vp[s],
                             **({"effect_vp": effect_vp.get(s, 0)} if effect_vp is not None else {})}
                            for r, s in enumerate(order)],
                # Numbered extension slots (develop_planet): each scores its VP for its owner at the end.
                **({"extension_slots": _extension_slots(state.ext_planet[pos], planet.extension_vp, names)}
                   if planet.extension_vp else {}),
            })
        # The cards of this game's crews: one not dealt (crews_dealt) was never on the table.
        crew_cards = [{"crew": crew.id, "slots": _extension_slots(state.ext_crew[c], crew.extension_vp, names)}
                      for c, crew in enumerate(model.crews) if crew.extension_vp and c in state.crews_in_game]
        common = core.outcome_data(t, rules, state)
        # A part the variant switches off (the color bonus under scoring.color_bonus: none) is
        # left out, as common_outcome and the reports leave it out: "color 0" would read as a
        # bonus nobody earned. Every other part is shown, 0 or not: the columns are the
        # variant's, not the deal's (a special-planets draft whose circle has no special planet
        # still scores planet_effects, 0).
        kept = set(common["score_parts"])
        parts = tuple(p for p in ("planets", "color", "skill") if p in kept)
        extra = [k for k in result.seats[0].components if k not in parts and k in kept]
        scores = [{
            "player": names[s.seat],
            "seat": s.seat + 1,
            **{k: s.components[k] for k in (*parts, *extra)},
            "total": s.total,
            "rank": s.rank,
            "win_share": s.win_share,
            "cubes_in_hand": s.stats["cubes_in_hand"],
            "cubes_in_stock": s.stats["cubes_in_stock"],
            "cubes_by_color": by_color[s.seat],
        } for s in result.seats]
        skipped = [{"move": e.turn, "player": names[e.seat], "crew": e.data["crew"], "note": part.strip("()")}
                   for e in log if e.kind == EventKind.DECISION
                   for part in str(e.data.get("skill", "")).split("; ") if part.endswith(": no target)")]
        data = {
            **{k: common[k] for k in ("game", "title", "transcript", "variant", "players")},
            "start_player": t.setup.start + 1,
            **({"crews": list(t.setup.crews)} if t.setup.crews is not None else {}),
            "moves": common["moves"],
            "rounds": state.round,
            **{k: common[k] for k in ("finished", "next_player")},
            "board": planet_rows,
            **({"crew_cards": crew_cards} if crew_cards else {}),
            "scores": scores,
            "score_parts": [*parts, *extra],
            "winners": common["winners"],
            "skipped_skills": skipped,
        }
        return cls(data)

    def to_json(self) -> dict[str, Any]:
        return self.data

    def text(self) -> str:
        d = self.data
        v = d["variant"]
        head = d["title"] or Path(d["transcript"]).name
        status = (f"game over after round {d['rounds']}" if d["finished"] else
                  f"UNFINISHED: round {d['rounds']}, next to play: {d['next_player']}")
        over = f" (set: {', '.join(v['overrides'])})" if v["overrides"] else ""
        lines = [f"Stargate — {head}",
                 f"variant {v['path']}{over} [{v['rules_version']}, hash {v['hash']}]",
                 f"{len(d['players'])} players, {d['moves']} move{'' if d['moves'] == 1 else 's'}, {status}",
                 *([f"crews in this game: {', '.join(d['crews'])}"] if "crews" in d else []), "",
                 "Board (clockwise; slot:owner(VP), '·' = empty)"]
        width = max(len(p["planet"]) for p in d["board"])
        cwidth = max(len(p["color"]) for p in d["board"])
        for p in d["board"]:
            slots = " ".join(f"{'+' if s.get('overflow') else ''}{s['slot']}:{s['owner'] or '·'}({s['vp']})"
                             for s in p["slots"])
            ranking = " · ".join(_ranked_text(r) for r in p["ranking"]) or "no cubes"
            full = "full" if p["filled"] == p["slots_total"] else f"{p['filled']}/{p['slots_total']}"
            ext = f"  ext {_slots_text(p['extension_slots'])}" if p.get("extension_slots") else ""
            lines.append(f"  {p['planet']:<{width}}  {p['color']:<{cwidth}}  {full:>5}  {slots}  →  {ranking}{ext}")
        if d.get("crew_cards"):
            lines.append("Crew cards' extension slots: " + "; ".join(f"{c['crew']} {_slots_text(c['slots'])}"
                                                                     for c in d["crew_cards"]))
        if d["skipped_skills"]:
            lines.append("")
            lines.extend(f"Move {s['move']} ({s['player']}, {s['crew']}): {s['note']}, skipped"
                         for s in d["skipped_skills"])
        lines += ["", "Scores" + ("" if d["finished"] else " (provisional: the game is not over)")]
        nw = max(6, *(cells(s["player"]) for s in d["scores"]))
        cols = [(part, max(len(part), 5)) for part in d["score_parts"]]
        lines.append(f"  {'player':<{nw}}  " + "  ".join(f"{p:>{w}}" for p, w in cols)
                     + "  total  rank  hand  cubes by color")
        for s in d["scores"]:
            colors = " ".join(f"{c} {n}" for c, n in s["cubes_by_color"].items() if n)
            lines.append(f"  {pad(s['player'], nw)}  " + "  ".join(f"{s[p]:>{w}}" for p, w in cols)
                         + f"  {s['total']:>5}  {s['rank']:>4}  {s['cubes_in_hand']:>4}  {colors or '-'}")
        if d["finished"]:
            w = d["winners"]
            lines += ["", f"Winner: {w[0]}{_tie_broken(d['scores'], w[0])}" if len(w) == 1
                      else f"Shared win: {', '.join(w)}"]
        return "\n".join(lines)


# --- recording -----------------------------------------------------------------------------------


def record_game(rules: StargateRules, bots: Sequence[Bot], *, variant: str, deal_rng: random.Random,
                bot_rngs: Sequence[random.Random], overrides: Sequence[str] = (),
                names: Sequence[str] | None = None, title: str = "", max_decisions: int = MAX_DECISIONS) -> dict[str, Any]:
    """Play one game with `bots` (deal and bot dice from the given streams, as the runner does)
    and return it as a transcript mapping; `variant` is the path to write, relative to where the
    transcript will be saved. `dump_transcript` turns the mapping into YAML text."""
    n = len(bots)
    state = rules.initial_state(n, rng=deal_rng)
    setup = setup_block(rules, state)
    moves: list[str] = []
    line: list[str] = []
    for _ in range(max_decisions):
        if rules.is_terminal(state):
            break
        seat = rules.current_seat(state)
        legal = rules.legal_actions(state)
        action = bots[seat].choose(rules.view(state, seat), legal, rng=bot_rngs[seat])
        line.append(rules.format_action(state, action))
        state = rules.apply(state, action, rng=deal_rng)
        if state.phase is Phase.CREW or rules.is_terminal(state):
            moves.append("; ".join(line))
            line = []
    else:
        raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    data: dict[str, Any] = {"game": GAME}
    data["title"] = title or "bots: " + ", ".join(f"P{i + 1} {b.name}" for i, b in enumerate(bots))
    data["variant"] = variant
    if overrides:
        data["set"] = list(overrides)
    data["players"] = n
    data["names"] = list(names) if names else [f"P{i + 1}" for i in range(n)]
    data |= setup
    data["start_player"] = 1
    data["moves"] = moves
    return data


def dump_transcript(data: dict[str, Any]) -> str:
    """A transcript mapping as YAML text, one move per line, each commented with its number."""
    head = {k: v for k, v in data.items() if k != "moves"}
    out = []
    for key, value in head.items():
        text = yaml.safe_dump({key: value}, allow_unicode=True, default_flow_style=True, width=10_000,
                              sort_keys=False).strip()
        out.append(text[1:-1] if text.startswith("{") else text)
    out.append("moves:")
    n = data.get("players", 1)
    names = data.get("names") or [f"Player {i + 1}" for i in range(n)]
    start = data.get("start_player", 1) - 1
    moves = data.get("moves", [])
    width = max((len(_scalar(m)) for m in moves), default=0)
    for i, move in enumerate(moves):
        rnd, pos = divmod(i, n)
        seat = (start + rnd + pos) % n
        out.append(f"  - {_scalar(move):<{width}}  # {i + 1}: {names[seat]}, round {rnd + 1}")
    return "\n".join(out) + "\n"


def _scalar(text: str) -> str:
    """A move line as a plain YAML scalar when that reads back the same, else quoted."""
    try:
        if yaml.safe_load(f"- {text}") == [text]:
            return text
    except yaml.YAMLError:
        pass
    return yaml.safe_dump(text, default_style='"').strip().removesuffix("\n...")


def _tie_broken(scores: list[dict[str, Any]], winner: str) -> str:
    """' (tied on 29 with Aki; more cubes left in hand: 4 to 3)' when the winner's total is
    another's: a single winner of a tie won it by the cubes in hand (scoring.final_tiebreak; with
    none it is a shared win). The table game read 'Winner: Chie' beside two totals of 29."""
    won = next(s for s in scores if s["player"] == winner)
    tied = [s for s in scores if s["player"] != winner and s["total"] == won["total"]]
    if not tied:
        return ""
    return (f" (tied on {won['total']:g} with {', '.join(s['player'] for s in tied)}; more cubes left in hand: "
            f"{won['cubes_in_hand']} to {', '.join(str(s['cubes_in_hand']) for s in tied)})")
