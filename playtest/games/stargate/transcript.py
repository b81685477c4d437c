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
    start_player: 1                        # optional, 1-based; default 1
    moves:                                 # one line per turn, in play order
      - bays; place red1                   # crew; skill targets; placement
      - audrin; move red1>blue2; place yellow3 green1
      - anderson; swap blue2@1; place -    # place - : no cube placed

Move N is the N-th turn of the game (the N-th line). A line names the crew, then the target of
each skill that needs one (``move SRC>DST``, ``swap PLANET@SLOT``), then the placement, which is
always written (``place -`` for none). A skill with no possible target is skipped and not
written. Replaying stops at the first illegal move (IllegalMoveError names the move's number,
its player, the round and the reason); a malformed file raises TranscriptError listing every
problem with file:line:col. A transcript may stop before the game ends: the result then says
the game is unfinished and scores the board as it stands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.core.events import Event, EventKind
from playtest.core.protocol import Bot
from playtest.errors import IllegalActionError, Problem, TranscriptError, VariantError
from playtest.games.stargate import schema as sc
from playtest.games.stargate.actions import Action, MoveCube, Place, SwapCubes, TakeCrew, parse_turn
from playtest.games.stargate.rules import Phase, StargateRules, State, majority_order, planet_vp
from playtest.variants import Variant, load_variant, parse_override
from playtest.variants.source import Node, parse_file

GAME = "stargate"
REQUIRED = ("game", "variant", "players", "circle", "moves")
OPTIONAL = ("title", "notes", "set", "names", "start_player")
KEYS = (*REQUIRED, *OPTIONAL)


class IllegalMoveError(IllegalActionError):
    """The first illegal move of a transcript: its number (1-based turn), player and round."""

    def __init__(self, reason: str, *, move_number: int, action: str, player: str | None,
                 round: int | None, where: str = "") -> None:
        super().__init__(reason, move_number=move_number, action=action)
        self.player, self.round, self.where = player, round, where

    def __str__(self) -> str:
        who = f" ({self.player}, round {self.round})" if self.player is not None else ""
        where = f"{self.where}: " if self.where else ""
        action = f"{self.action}: " if self.action else ""
        return f"{where}move {self.move_number}{who}: {action}{self.reason}"


@dataclass(frozen=True)
class Move:
    number: int
    text: str
    actions: tuple[Action, ...]
    where: str
    """file:line:col of the move's line."""


@dataclass(frozen=True)
class Transcript:
    """A checked transcript: the variant is loaded and every move line is readable."""

    path: str
    title: str
    variant: Variant
    variant_ref: str
    """The variant path as written in the file."""
    names: tuple[str, ...]
    circle: tuple[str, ...]
    start: int
    """0-based seat of the start player of round 1."""
    moves: tuple[Move, ...]

    @property
    def players(self) -> int:
        return len(self.names)


# --- reading -------------------------------------------------------------------------------------


def read_transcript(path: str | Path) -> Transcript:
    """Parse and check a transcript file. Raises TranscriptError (every problem at once) or
    VariantError (the variant file itself is broken)."""
    path = Path(path)
    label = str(path)
    tree = parse_file(path, label)  # VariantError: wrap it as a TranscriptError
    if not isinstance(tree.value, dict):
        raise TranscriptError([tree.problem("", "a transcript must be a mapping of keys to values")])
    doc: dict[str, Node] = tree.value
    problems: list[Problem] = []
    for key, node in doc.items():
        if key not in KEYS:
            problems.append(node.problem(key, f"unknown key; valid keys: {', '.join(sorted(KEYS))}", at_key=True))
    for key in REQUIRED:
        if key not in doc:
            problems.append(Problem(label, 1, 1, key, "required key is missing"))
    if "game" in doc and doc["game"].value != GAME:
        problems.append(doc["game"].problem("game", f"expected 'stargate', not {doc['game'].value!r}"))
    title = _text(doc, "title", problems)
    _text(doc, "notes", problems)
    variant_ref = _text(doc, "variant", problems)
    overrides = _strings(doc, "set", problems)
    players = _int(doc, "players", problems, low=1)
    names_given = _strings(doc, "names", problems)
    circle = _strings(doc, "circle", problems)
    start_player = _int(doc, "start_player", problems, low=1) if "start_player" in doc else 1
    move_nodes = _list(doc, "moves", problems)
    moves = _read_moves(move_nodes, problems)
    if problems or variant_ref is None or players is None:
        raise TranscriptError(problems)

    variant = _load_variant(path, doc, variant_ref, overrides or [])
    model = variant.model
    if not isinstance(model, sc.StargateVariant):
        raise TranscriptError([doc["variant"].problem("variant", f"is a {model.game} variant, not a stargate one")])
    counts = model.player_counts()
    if players not in counts:
        problems.append(doc["players"].problem(
            "players", f"the variant is for {_or(str(c) for c in counts)} players, not {players}"))
    names = tuple(names_given) if names_given is not None else tuple(f"Player {i + 1}" for i in range(players))
    if names_given is not None:
        node = doc["names"]
        if len(names) != players:
            problems.append(node.problem("names", f"{len(names)} names for {players} players"))
        for i, name in enumerate(names):
            if not name.strip():
                problems.append(node.value[i].problem(f"names.{i + 1}", "a name cannot be empty"))
            elif names.index(name) != i:
                problems.append(node.value[i].problem(f"names.{i + 1}", f"duplicate name {name!r}"))
    if start_player > players:
        problems.append(doc["start_player"].problem(
            "start_player", f"must be between 1 and {players} (the players are numbered from 1)"))
    if circle is not None:
        problems.extend(_check_circle(doc["circle"], circle, model, players))
    if problems:
        raise TranscriptError(problems)
    return Transcript(path=label, title=title or "", variant=variant, variant_ref=variant_ref, names=names,
                      circle=tuple(circle or ()), start=start_player - 1, moves=tuple(moves))


def _load_variant(path: Path, doc: dict[str, Node], ref: str, overrides: list[str]) -> Variant:
    node = doc["variant"]
    variant_path = path.parent / ref
    if not variant_path.is_file():
        raise TranscriptError([node.problem("variant", f"variant file not found: {ref} (looked for {variant_path})")])
    set_nodes = doc["set"].value if "set" in doc else []
    problems = []
    for i, text in enumerate(overrides):
        try:
            parse_override(text)
        except VariantError as err:
            problems.extend(set_nodes[i].problem(f"set.{i + 1}", p.message) for p in err.problems)
    if problems:
        raise TranscriptError(problems)
    try:
        return load_variant(variant_path, overrides)
    except VariantError as err:
        # Problems caused by an override are shown at the override's line in the transcript.
        located, ours = [], False
        for p in err.problems:
            if p.file.startswith("--set ") and p.file[len("--set "):] in overrides:
                i = overrides.index(p.file[len("--set "):])
                located.append(set_nodes[i].problem(f"set.{i + 1}", f"{p.path}: {p.message}" if p.path else p.message))
                ours = True
            else:
                located.append(p)
        raise (TranscriptError if ours else VariantError)(located) from None


def _check_circle(node: Node, circle: list[str], model: sc.StargateVariant, players: int) -> list[Problem]:
    problems = []
    known = [p.id for p in model.planets]
    for i, pid in enumerate(circle):
        if pid not in known:
            problems.append(node.value[i].problem(f"circle.{i + 1}", f"unknown planet {pid!r} (planets: {', '.join(known)})"))
        elif circle.index(pid) != i:
            problems.append(node.value[i].problem(f"circle.{i + 1}", f"planet {pid!r} is in the circle twice"))
    dealt = model.planets_dealt.get(players)
    if dealt is not None and len(circle) != dealt:
        problems.append(node.problem(
            "circle", f"{len(circle)} planets, but the variant deals {dealt} for {players} players "
                      f"(to deal otherwise: set: [planets_dealt.{players}={len(circle)}])"))
    return problems


def _read_moves(nodes: list[Node] | None, problems: list[Problem]) -> list[Move]:
    moves = []
    for i, node in enumerate(nodes or ()):
        number = i + 1
        where = f"{node.file}:{node.line}:{node.col}"
        if not isinstance(node.value, str) or not node.value.strip():
            problems.append(node.problem(f"moves.{number}", f"move {number}: expected a turn in notation, "
                                                        "e.g. 'bays; place red1 blue2'"))
            continue
        try:
            actions = parse_turn(node.value)
        except ValueError as err:
            problems.append(node.problem(f"moves.{number}", f"move {number}: {err}"))
            continue
        if not actions:
            problems.append(node.problem(f"moves.{number}", f"move {number}: expected a turn in notation, "
                                                           "e.g. 'bays; place red1 blue2'"))
            continue
        moves.append(Move(number, node.value.strip(), tuple(actions), where))
    return moves


def _text(doc: dict[str, Node], key: str, problems: list[Problem]) -> str | None:
    if key not in doc:
        return None
    node = doc[key]
    if not isinstance(node.value, str) or (key == "variant" and not node.value.strip()):
        problems.append(node.problem(key, "must be text" if key != "variant" else
                                     "must be the path of the variant file, relative to this transcript"))
        return None
    return node.value


def _list(doc: dict[str, Node], key: str, problems: list[Problem]) -> list[Node] | None:
    if key not in doc:
        return None
    node = doc[key]
    if node.value is None:  # `moves:` with nothing below it: no moves yet
        return []
    if not isinstance(node.value, list):
        problems.append(node.problem(key, "must be a list"))
        return None
    return node.value


def _strings(doc: dict[str, Node], key: str, problems: list[Problem]) -> list[str] | None:
    items = _list(doc, key, problems)
    if items is None:
        return None
    out = []
    for i, item in enumerate(items):
        if isinstance(item.value, bool) or not isinstance(item.value, str | int):
            problems.append(item.problem(f"{key}.{i + 1}", f"must be text, not {item.plain()!r}"))
        else:
            out.append(str(item.value))
    return out


def _int(doc: dict[str, Node], key: str, problems: list[Problem], *, low: int) -> int | None:
    if key not in doc:
        return None
    node = doc[key]
    if isinstance(node.value, bool) or not isinstance(node.value, int) or node.value < low:
        problems.append(node.problem(key, f"must be a whole number of at least {low}, not {node.plain()!r}"))
        return None
    return node.value


def _or(items: Sequence[str] | Any) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# --- replaying -----------------------------------------------------------------------------------


def replay_file(path: str | Path) -> ReplayOutcome:
    """Read, check and replay a transcript file: the final board and scores, or the first error."""
    return replay(read_transcript(path))


def replay(t: Transcript) -> ReplayOutcome:
    """Replay a checked transcript. Raises IllegalMoveError at the first illegal move."""
    rules = StargateRules(t.variant.model)
    index = {p.id: i for i, p in enumerate(t.variant.model.planets)}
    state = rules.setup(t.players, [index[pid] for pid in t.circle], start=t.start)
    log: list[Event] = []
    last = 0
    for move in t.moves:
        if rules.is_terminal(state):
            raise IllegalMoveError(f"the game is already over: it ended after move {last}; remove the moves after it",
                                   move_number=move.number, action="", player=None, round=None, where=move.where)
        state = _play_turn(rules, state, move, t.names, log)
        last = move.number
    return ReplayOutcome.build(t, rules, state, log)


def _play_turn(rules: StargateRules, state: State, move: Move, names: Sequence[str], log: list[Event]) -> State:
    seat, rnd = rules.current_seat(state), state.round
    crew = move.actions[0].crew if isinstance(move.actions[0], TakeCrew) else None
    done: list[Action] = []

    def fail(reason: str, action: str) -> IllegalMoveError:
        return IllegalMoveError(reason, move_number=move.number, action=action, player=names[seat], round=rnd,
                                where=move.where)

    for action in move.actions:
        if done and (state.phase is Phase.CREW or rules.is_terminal(state)):
            raise fail("the turn is already over (one line per turn); move it to the next line", str(action))
        try:
            state = rules.apply(state, action, log=log)
        except IllegalActionError as err:
            raise fail(_explain(rules, state, action, crew, done) or err.reason, str(action)) from None
        done.append(action)
    if state.phase is not Phase.CREW and not rules.is_terminal(state):
        nxt = rules.legal_actions(state)[0]
        if isinstance(nxt, Place):
            raise fail("the turn is not finished: write the placement ('place PLANET ...', or 'place -' "
                       "to place no cube)", move.text)
        raise fail(f"the turn is not finished: the crew's skill needs a target, e.g. '{nxt}'", move.text)
    return state


def _explain(rules: StargateRules, state: State, action: Action, crew: str | None,
             done: Sequence[Action]) -> str | None:
    """A clearer reason than the engine's for a skill target written where none is asked for."""
    if not isinstance(action, MoveCube | SwapCubes) or state.phase is not Phase.PLACE or crew is None:
        return None
    kind = sc.MoveTailCube if isinstance(action, MoveCube) else sc.SwapAdjacent
    skill = next((c.skill for c in rules.variant.crews if c.id == crew), ())
    effects = [e for e in skill if isinstance(e, kind)]
    verb = "moves a cube" if kind is sc.MoveTailCube else "swaps cubes"
    if not effects:
        return f"{crew} has no skill that {verb}"
    if any(e.timing is sc.Timing.AFTER for e in effects) and not any(isinstance(a, Place) for a in done):
        return f"{crew}'s skill resolves after placing: write the placement first"
    if sum(isinstance(a, type(action)) for a in done) >= len(effects):
        return f"{crew}'s skill target was already given"
    return f"{crew}'s skill has no possible target now, so it is skipped: leave the target out"


def board(rules: StargateRules, state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The board in circle order: (planet id, owners of slot 1, slot 2, ... as 0-based seats)."""
    ids = [p.id for p in rules.variant.planets]
    return tuple((ids[card], tuple(owners)) for card, owners in zip(state.circle, state.board, strict=True))


# --- the outcome ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayOutcome:
    """The final (or current) board and each player's score breakdown; `.text()`, `.to_json()`."""

    data: dict[str, Any]

    @classmethod
    def build(cls, t: Transcript, rules: StargateRules, state: State, log: Sequence[Event]) -> ReplayOutcome:
        model = rules.variant
        names = t.names
        later = model.scoring.majority_tiebreak is sc.MajorityTiebreak.LATER_FIRST_CUBE
        planets = {p.id: p for p in model.planets}
        result = rules.result(state)
        by_color: list[dict[str, int]] = [{c.id: 0 for c in model.colors} for _ in names]
        planet_rows = []
        for pid, owners in board(rules, state):
            planet = planets[pid]
            for seat in owners:
                by_color[seat][planet.color] += 1
            vp = planet_vp(owners, planet.vp, later) if owners else {}
            order = majority_order(owners, later)
            planet_rows.append({
                "planet": pid,
                "name": planet.name.en or planet.name.ja,
                "color": planet.color,
                "filled": len(owners),
                "slots_total": len(planet.vp),
                "slots": [{"slot": i + 1, "vp": v, "owner": names[owners[i]] if i < len(owners) else None}
                          for i, v in enumerate(planet.vp)],
                "ranking": [{"player": names[s], "rank": r + 1, "cubes": owners.count(s),
                             "slot_scored": len(owners) - r if len(owners) - r >= 1 else None, "vp": vp[s]}
                            for r, s in enumerate(order)],
            })
        finished = rules.is_terminal(state)
        parts = ("planets", "color", "skill")
        extra = [k for k in result.seats[0].components if k not in parts
                 and any(seat.components[k] for seat in result.seats)]
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
            "game": GAME,
            "title": t.title,
            "transcript": t.path,
            "variant": {"path": t.variant_ref, "name": model.name, "rules_version": model.rules_version,
                        "hash": t.variant.hash, "overrides": list(t.variant.overrides)},
            "players": list(names),
            "start_player": t.start + 1,
            "moves": len(t.moves),
            "rounds": state.round,
            "finished": finished,
            "next_player": None if finished else names[rules.current_seat(state)],
            "board": planet_rows,
            "scores": scores,
            "score_parts": [*parts, *extra],
            "winners": [names[s.seat] for s in result.seats if s.rank == 1] if finished else [],
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
                 f"{len(d['players'])} players, {d['moves']} moves, {status}", "",
                 "Board (clockwise; slot:owner(VP), '·' = empty)"]
        width = max(len(p["planet"]) for p in d["board"])
        cwidth = max(len(p["color"]) for p in d["board"])
        for p in d["board"]:
            slots = " ".join(f"{s['slot']}:{s['owner'] or '·'}({s['vp']})" for s in p["slots"])
            ranking = " · ".join(f"{r['rank']}. {r['player']} {r['vp']}" for r in p["ranking"]) or "no cubes"
            full = "full" if p["filled"] == p["slots_total"] else f"{p['filled']}/{p['slots_total']}"
            lines.append(f"  {p['planet']:<{width}}  {p['color']:<{cwidth}}  {full:>5}  {slots}  →  {ranking}")
        if d["skipped_skills"]:
            lines.append("")
            lines.extend(f"Move {s['move']} ({s['player']}, {s['crew']}): {s['note']}, skipped"
                         for s in d["skipped_skills"])
        lines += ["", "Scores" + ("" if d["finished"] else " (provisional: the game is not over)")]
        nw = max(6, *(len(s["player"]) for s in d["scores"]))
        cols = [(part, max(len(part), 5)) for part in d["score_parts"]]
        lines.append(f"  {'player':<{nw}}  " + "  ".join(f"{p:>{w}}" for p, w in cols)
                     + "  total  rank  hand  cubes by color")
        for s in d["scores"]:
            colors = " ".join(f"{c} {n}" for c, n in s["cubes_by_color"].items() if n)
            lines.append(f"  {s['player']:<{nw}}  " + "  ".join(f"{s[p]:>{w}}" for p, w in cols)
                         + f"  {s['total']:>5}  {s['rank']:>4}  {s['cubes_in_hand']:>4}  {colors or '-'}")
        if d["finished"]:
            w = d["winners"]
            lines += ["", f"Winner: {w[0]}" if len(w) == 1 else f"Shared win: {', '.join(w)}"]
        return "\n".join(lines)


# --- recording -----------------------------------------------------------------------------------


def record_game(rules: StargateRules, bots: Sequence[Bot], *, variant: str, deal_rng: random.Random,
                bot_rngs: Sequence[random.Random], overrides: Sequence[str] = (),
                names: Sequence[str] | None = None, title: str = "", max_decisions: int = 20_000) -> dict[str, Any]:
    """Play one game with `bots` (deal and bot dice from the given streams, as the runner does)
    and return it as a transcript mapping; `variant` is the path to write, relative to where the
    transcript will be saved. `dump_transcript` turns the mapping into YAML text."""
    n = len(bots)
    state = rules.initial_state(n, rng=deal_rng)
    ids = [p.id for p in rules.variant.planets]
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
    data["circle"] = [ids[c] for c in state.circle]
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
