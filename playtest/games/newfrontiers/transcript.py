"""New Frontiers transcripts: a recorded game (YAML, docs/new-frontiers.md) replayed through the rules.

A transcript is a header (game, variant, optional set, players), a setup block (home worlds per
player; the goal deck's order with the goals option) and a list of rounds. Each round is a list
of entries, one per decision in play order: `{Ann: select explore}`, `{Ann: take w05}`, and after
every `select explore` the worlds drawn: `{draw: [w01, w02, ...]}`. Decisions where a player has
nothing to choose (only `pass`) are not written. The draws and the home worlds reach the rules
through `ScriptedChance`: the engine has no replay mode. Structure problems are TranscriptErrors
with file:line:col; the first illegal move is an IllegalActionError with its number and reason.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playtest.core.events import Event
from playtest.core.results import GameResult
from playtest.core.transcript import (
    TranscriptReader,
    common_outcome,
    heading,
    misspelt,
    unknown_keys,
    unknown_player,
)
from playtest.errors import IllegalActionError, Problem, TranscriptError
from playtest.games.newfrontiers.chance import ChanceMismatch, ScriptedChance
from playtest.games.newfrontiers.rules import NewFrontiersRules
from playtest.games.newfrontiers.schema import NewFrontiersVariant
from playtest.games.newfrontiers.scoring import PARTS
from playtest.games.newfrontiers.state import Move, State, parse_move
from playtest.games.newfrontiers.why import Skip
from playtest.play.session import said_to_you
from playtest.suggest import guess
from playtest.text import YOU, cells, pad
from playtest.variants import Variant
from playtest.variants.problems import short
from playtest.variants.source import Node

GAME = "newfrontiers"


# --- the header ---------------------------------------------------------------------------------


_MOVES_KEY = ("New Frontiers writes its moves in 'rounds:', a list of rounds, each a list of {player: move} "
              "(and {draw: [...]} after each 'select explore'), not in 'moves:'")
"""The `moves:` of the other games' transcripts, written in a New Frontiers one."""


def _header(path: Path) -> tuple[TranscriptReader, Variant, list[str]]:
    """The header, read by the core (playtest.core.transcript: game, title, notes, variant, set,
    players, names): the reader, the validated Variant and the player names. `setup` and
    `rounds` are New Frontiers' body."""
    reader = TranscriptReader(path, game=GAME, keys=("setup", "rounds"), required=(),
                              other_formats={"moves": _MOVES_KEY})
    reader.check()
    variant = reader.load_variant()
    players = list(reader.read_players(variant))
    if "draw" in players:  # `{draw: [...]}` is an explore's draw among the moves
        key = "players" if isinstance(reader.doc["players"].value, list) else "names"  # where the names are written
        i = next(i for i, name in enumerate(reader.doc[key].value) if name.value == "draw")
        reader.problems.append(reader.doc[key].value[i].problem(
            f"{key}.{i + 1}", "a player cannot be named 'draw': a round's {draw: [...]} entries are the worlds drawn"))
    reader.check()
    return reader, variant, players


def _one_per_entry(entry: Node, path: str) -> Problem:
    """An entry of a round holding more than one key: each move, and the draw, is an entry of its own."""
    return entry.problem(path, f"one move per entry, this one has {len(entry.value)} "
                               f"({', '.join(map(str, entry.value))}): write each as its own "
                         + ("entry ('- draw: [...]' right after the 'select explore')"
                            if "draw" in entry.value else "'- player: move' line"))


def _ids(node: Node, path: str, index: dict[str, int], what: str, problems: list[Problem]) -> list[int]:
    if not isinstance(node.value, list):
        problems.append(node.problem(path, f"must be a list of {what} ids"))
        return []
    out = []
    for i, item in enumerate(node.value):
        if not isinstance(item.value, str) or item.value not in index:
            meant = next((k for k in index if k.lower() == str(item.plain()).lower()), None)
            hint = f" (did you mean {meant!r}?)" if meant else ""
            problems.append(item.problem(f"{path}.{i + 1}", f"unknown {what} {short(item.plain())}{hint}"))
        else:
            out.append(index[item.value])
    return out


def _setup(tree: Node, rules: NewFrontiersRules, players: list[str]) -> tuple[list[int], list[int] | None]:
    """Home world per seat, and the goal deck's order (goals option)."""
    t = rules.tiles
    problems: list[Problem] = []
    snode = tree.value.get("setup")
    homes: list[int] = []
    deck: list[int] | None = None
    home_index = {w.id: i for i, w in enumerate(t.worlds) if w.home}
    if snode is None or not isinstance(snode.value, dict):
        raise TranscriptError([(snode or tree).problem("setup", "required: a mapping with home_worlds (player: "
                                                       "home world id)")])
    setup_keys = ("home_worlds", "goal_deck")
    given = [k for k in snode.value if k not in setup_keys]
    if given and "home_worlds" not in snode.value and all(k in players for k in given):
        # The home_worlds level left out (`setup: {Ann: h3, Ben: h2}`, with or without goal_deck beside them):
        # one line, not one "unknown key" line per player and one that home_worlds is missing.
        they = f"{given[0]} is a player" if len(given) == 1 else f"{', '.join(given[:-1])} and {given[-1]} are players"
        raise TranscriptError([snode.problem("setup", f"{they}: their home worlds go under home_worlds "
                                                      f"(setup: {{home_worlds: {{{given[0]}: ...}}}})")])
    if given and len(given) == len(snode.value) and not misspelt("home_worlds", snode.value, setup_keys):
        # No key of setup is one (`setup: {x: 1}`): one line, not one "unknown key" line per key and one
        # that home_worlds is missing.
        raise TranscriptError([snode.problem("setup", f"none of its keys is valid (got {short(snode.plain())}): it "
                                                      f"needs home_worlds (player: home world id); valid keys: "
                                                      f"{', '.join(sorted(setup_keys))}")])
    unknown_keys(snode, "setup", setup_keys, problems)
    hnode = snode.value.get("home_worlds")
    if hnode is None and misspelt("home_worlds", snode.value, setup_keys):
        pass  # said at the misspelt key
    elif hnode is None or not isinstance(hnode.value, dict):
        problems.append((hnode or snode).problem("setup.home_worlds", "required: a mapping player: home world id"))
    else:
        unknown = [k for k in hnode.value if k not in players]
        absent = [p for p in players if p not in hnode.value]
        if unknown and absent and (len(unknown) != len(absent) or len(unknown) > 1) and not any(
                misspelt(p, hnode.value, players) for p in absent):
            # Other players than the header's (`players: 4` for named home worlds, two players
            # renamed): one mistake, in players: or in home_worlds, as Oh-Seven's hands say it; it
            # was one line per absent player and one per name (8 lines for `players: 4`).
            raise TranscriptError([*problems, hnode.problem("setup.home_worlds", (
                f"home worlds of {', '.join(map(str, hnode.value))}, but the players are {', '.join(players)}: "
                "name the same players in players: as in home_worlds"))])
        # An unknown name for an absent player is one mistake (a renamed player), said at the name;
        # several absent players besides are one line, as `home_worlds: {}` was one per player.
        gone = [p for p in absent if not misspelt(p, hnode.value, players)] if len(unknown) != len(absent) else []
        if len(gone) > 1:
            problems.append(hnode.problem("setup.home_worlds", f"no home world for {', '.join(gone)} "
                                                               "(every player needs one)"))
        for p in players:
            node = hnode.value.get(p)
            if node is None:
                if gone == [p]:
                    problems.append(hnode.problem(f"setup.home_worlds.{p}", "required key is missing"))
            elif not isinstance(node.value, str) or node.value not in home_index:  # a list or mapping: unhashable
                problems.append(node.problem(f"setup.home_worlds.{p}", f"unknown home world {short(node.plain())} "
                                             f"(home worlds: {', '.join(home_index)})"))
            else:
                homes.append(home_index[node.value])
        for k, node in hnode.value.items():
            if k not in players:
                problems.append(node.problem(f"setup.home_worlds.{k}", unknown_player(k, players, hnode.value),
                                             at_key=True))
        if len(set(homes)) != len(homes):
            problems.append(hnode.problem("setup.home_worlds", "every player needs a different home world"))
        if len(homes) == len(players) and rules.r.setup.home_worlds == "fixed" and homes != list(range(len(players))):
            ids = list(home_index)  # the line names what each seat gets: it said only the rule
            problems.append(hnode.problem("setup.home_worlds", "this variant gives seat i the i-th home world "
                                          "(home_worlds: fixed): "
                                          + ", ".join(f"{p} {ids[i]}" for i, p in enumerate(players))))
    gnode = snode.value.get("goal_deck")
    if rules.goals_on:
        if gnode is None and misspelt("goal_deck", snode.value, setup_keys):
            pass  # said at the misspelt key, as home_worlds is
        elif gnode is None:
            problems.append(snode.problem("setup.goal_deck", "required with the goals option: the goal deck's "
                                          "order after shuffling, top first"))
        else:
            deck = _ids(gnode, "setup.goal_deck", t.goal_index, "goal", problems)
            if sorted(deck) != list(range(len(t.goals))) and not problems:
                twice = [t.goals[g].id for g in sorted(set(deck)) if deck.count(g) > 1]
                missing = [g.id for i, g in enumerate(t.goals) if i not in deck]
                wrong = "; ".join(([f"listed twice: {', '.join(twice)}"] if twice else [])
                                  + ([f"missing: {', '.join(missing)}"] if missing else []))
                problems.append(gnode.problem("setup.goal_deck", f"must list every goal exactly once, the whole "
                                              f"deck after shuffling, top first ({wrong})"))
    elif gnode is not None:
        problems.append(gnode.problem("setup.goal_deck", "the variant does not use the goals option"))
    if problems:
        raise TranscriptError(problems)
    return homes, deck


# --- the notation -------------------------------------------------------------------------------


VERBS = ("select", "develop", "take", "discard", "settle", "colonists", "windfall", "trade", "consume", "keep",
         "store", "pass")
"""The first word of every move, in the order docs/new-frontiers.md lists them."""

_WORLD_VERBS = ("take", "discard", "settle", "windfall", "trade")
"""The verbs followed by one world id."""

_SHAPES = {"select": "select <action>", "develop": "develop <development>", "consume": "consume <world> [with <tile>]",
           "keep": "keep <goal> [return <goal> <goal>]", "store": "store <goal> [<world>]", "colonists": "colonists", "pass": "pass",
           **{verb: f"{verb} <world>" for verb in _WORLD_VERBS}}


def _no_tile(what: str, text: str, tiles: Any) -> str:
    """'no development 'Academy' in this variant', with the id meant when `text` is a tile's id in
    another case or its name (moves name tiles by id)."""
    for tile in tiles:
        if text.lower() in (tile.id.lower(), tile.name.lower()):
            return (f"no {what} {short(text)} in this variant (did you mean {tile.id!r}? moves name a tile by its id: "
                    f"{tile.id} is {tile.name})")
    return f"no {what} {short(text)} in this variant"


def notation_error(rules: NewFrontiersRules, text: str) -> str | None:
    """Why `text` is no move of the notation in this variant: an unknown verb (with the likely
    one), an id that names no tile, action or goal of the variant, or more words than the verb
    takes. None when it reads as a move; whether that move is legal now is the rules' question
    (a missing id too: the rules' reason lists the legal moves). `replay` and `play` both ask."""
    words = text.split()
    if not words:
        return None
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        likely = guess(verb, VERBS)
        hint = f"did you mean {likely!r}? " if likely else ""
        return f"unknown action {short(verb)} ({hint}actions: {', '.join(VERBS)})"
    if verb in ("keep", "store") and not rules.goals_on:
        return "the variant does not use the goals option"
    if not args:
        return None
    t = rules.tiles
    shape = f"expected '{_SHAPES[verb]}'"
    kinds = {"develop": ("development", t.devs), "keep": ("goal", t.goals),
             **{v: ("world", t.worlds) for v in (*_WORLD_VERBS, "consume")}}
    if verb in kinds and len(args) > 1 and "with" not in args and "return" not in args:  # a tile's name of several words?
        what, tiles = kinds[verb]
        named = _no_tile(what, " ".join(args), tiles)
        if "did you mean" in named:
            return named
    if verb in ("colonists", "pass"):
        return shape
    if verb == "consume":
        if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "with"):
            return shape
        args = [args[0], args[2]] if len(args) == 3 else args
    elif verb == "keep" and len(args) > 1:
        if len(args) < 3 or args[1] != "return":
            return shape
        missing = next((x for x in args[2:] if x not in t.goal_index), None)
        if missing is not None:
            return _no_tile("goal", missing, t.goals)
    elif len(args) > (2 if verb == "store" else 1):
        return shape
    first = args[0]
    if verb == "select" and first not in rules.actions:
        likely = guess(first, rules.actions)
        hint = (f"did you mean {likely!r}? " if likely else
                "the goals option replaces retreat with goals; " if first in ("goals", "retreat") else "")
        return f"no action {short(first)} in this variant ({hint}actions: {', '.join(rules.actions)})"
    if verb == "develop" and first not in t.dev_index:
        return _no_tile("development", first, t.devs)
    if verb in (*_WORLD_VERBS, "consume") and first not in t.world_index:
        return _no_tile("world", first, t.worlds)
    if verb in ("keep", "store") and first not in t.goal_index:
        return _no_tile("goal", first, t.goals)
    if verb == "store" and len(args) == 2 and args[1] not in t.world_index:
        return _no_tile("world", args[1], t.worlds)
    if verb == "consume" and len(args) == 2:
        name = args[1]
        tile = name.partition(":")[0]
        if tile not in t.world_index and tile not in t.dev_index:
            return f"no world or development {short(tile)} in this variant"
        names = (t.worlds[t.world_index[tile]] if tile in t.world_index else t.devs[t.dev_index[tile]]).consume_names
        if name not in names:
            return (f"{tile} has no consume power {short(name)} (its consume powers: {', '.join(names)})" if names
                    else f"{tile} has no consume power")
    return None


# --- replay -------------------------------------------------------------------------------------


@dataclass
class Replay:
    """A replayed game: the moves by round, the end state's standings."""

    transcript: str
    variant: str
    variant_hash: str
    players: list[str]
    rounds: list[dict[str, Any]]
    final: list[dict[str, Any]]
    complete: bool
    triggers: list[str]
    variant_obj: Any = field(default=None, repr=False)
    """The validated Variant the game was played with."""
    result: Any = field(default=None, repr=False)
    """The finished game's GameResult (None while unfinished), as the runner would record it."""
    events: list[Event] = field(default_factory=list, repr=False)
    """Every event of the replayed moves (the events a simulated game logs)."""
    common: dict[str, Any] = field(default_factory=dict, repr=False)
    """The keys every game's `replay --json` carries (core.transcript.common_outcome)."""
    decisions: list[Any] = field(default_factory=list, repr=False)
    """Every decision the moves made, in order, as the rules' legal lists hold them (what
    `playtest play --resume` replays)."""
    state: Any = field(default=None, repr=False)
    """The State after the last move (stocks, supplies, the bag: what a hand count checks
    beyond the scores)."""

    def to_json(self) -> dict[str, Any]:
        """The common keys, then New Frontiers' own: the end triggers, the rounds, and (as before
        the common keys existed) `complete` (= finished), `final` (the standings with the
        gold + goods tie-break) and `variant_hash`; then `track` and `stocks` after the last move
        (a round's `track` is the order it began with: an Envoys or Galaxy goals in the last
        round changes it after that)."""
        return {**self.common, "variant_hash": self.variant_hash, "complete": self.complete,
                "end_triggers": self.triggers, "rounds": self.rounds, "final": self.final,
                "track": self.track(), "stocks": self.stocks()}

    def track(self) -> list[str]:
        """The turn-order track after the last move, first to last."""
        return [self.players[x] for x in self.state.track] if self.state is not None else []

    def stocks(self) -> dict[str, int]:
        """What is left after the last move: VP chips and colonists in stock (below 0 once gains
        went on past an empty stock), the gold on the Produce action, the worlds in the bag."""
        s = self.state
        return ({} if s is None else
                {"chips": s.chips, "colonists": s.colonist_stock, "produce_pile": s.pile, "bag": len(s.bag)})

    def text(self) -> str:
        lines = [f"{heading('New Frontiers', self.common.get('title', ''), self.transcript)} ({self.variant}, "
                 f"{len(self.players)} players: {', '.join(self.players)})"]
        for rnd in self.rounds:
            lines.append("")
            lines.append(f"Round {rnd['round']} (turn order {', '.join(rnd['track'])})")
            for sel in rnd["selections"]:
                verb = "select" if sel["player"] == YOU else "selects"  # (`play` saves its person as You)
                lines.append(f"  {sel['player']} {verb} {sel['action']}" + (f" (+{sel['pile']} gold from the pile)"
                                                                            if sel.get("pile") else ""))
                skips = sel.get("skipped", [])
                for k, m in enumerate([*sel["moves"], None]):
                    lines += [f"    {skip_line(x)}" for x in skips if x["at"] == k]
                    if m is not None:
                        lines.append(f"    {m['player']}: {m['move']}" + (" (not asked: pass was the only choice)"
                                                                             if m.get("asked") is False else ""))
            if "scores" in rnd:
                lines.append("  scores after the round: " + ", ".join(f"{p} {v}" for p, v in rnd["scores"].items()))
        lines.append("")
        if self.complete:
            lines.append(f"Final (end triggers: {', '.join(self.triggers)}):")
        else:
            lines.append(f"UNFINISHED: next to play: {self.common['next_player']}")
            lines.append("Standings if the game ended now (incomplete game):")
        nw = max([10, *(cells(f["player"]) for f in self.final)])
        for f in sorted(self.final, key=lambda x: (x["rank"], x["seat"])):
            shown = self.common.get("score_parts", PARTS)  # without a part the variant switches off
            parts = "  ".join(f"{k} {f[k]}" for k in PARTS if k in shown)
            lines.append(f"  {f['rank']}. {pad(f['player'], nw)} {parts}  total {f['total']}  (gold+goods "
                         f"{f['tie_break']})" + (f"  win share {f['win_share']:g}" if f["win_share"] else ""))
        if self.state is not None:
            st = self.stocks()
            lines.append(f"After the last move: turn order {', '.join(self.track())}; stocks: VP chips {st['chips']}, "
                         f"colonists {st['colonists']}, Produce pile {st['produce_pile']} gold, bag {st['bag']} worlds")
        return "\n".join(lines)


def skip_line(skip: dict[str, Any]) -> str:
    """A decision the rules skipped (pass was its only choice), as the replay's text and `play`
    say it: 'Ben: trade skipped (Ben has no goods to sell)'. A player skipped had no line, which
    read as a move forgotten."""
    why = skip.get("why") or "pass was the only choice"
    return f"{skip['player']}: {skip['decision']} skipped ({why})"


def skip_entries(skips: Sequence[Skip], players: Sequence[str], at: int) -> list[dict[str, Any]]:
    """The decisions skipped after a move, as a selection's `skipped` entries: player, decision,
    why (players named), `at` (how many of the selection's moves come before it) and `asked_pass`
    (a pass may be written for it: Skip.decision); a player's several consumes skipped alike (one
    per consume power) once."""
    out: list[dict[str, Any]] = []
    for skip in skips:
        entry = {"player": players[skip.seat], "decision": skip.kind,
                 "why": _named(skip.why, list(players)) if skip.why else None, "at": at, "asked_pass": skip.decision}
        if entry not in out:
            out.append(entry)
    return out


def _named(text: str, players: list[str]) -> str:
    """The rules' reasons with 'seat N' written as the transcript's player names; to the seat
    `play` saves as You in its own words, as `play` says them ('you have', not 'You has')."""
    for k, p in enumerate(players):
        text = said_to_you(text, k) if p == YOU else text.replace(f"seat {k + 1}", p)
    return text


def _no_discard(rules: NewFrontiersRules, state: State, players: list[str], who: str, move: Move) -> str:
    """For a discard nobody asked for: why not (the player is not over the world limit), else ''."""
    if move.verb != "discard":
        return ""
    held = rules.worlds_held(state.players[players.index(who)])
    return (f" ({who} holds {held} worlds besides the home world, the limit is {rules.r.explore.world_limit}: "
            "a discard follows only a take over it)")


def _written(rnd: dict[str, Any], who: str) -> None:
    """A pass written for a decision of `who`'s that the rules skipped: its own line says it, so
    their latest skip in the round that such a pass answers loses its line (a pass is written
    where the decision would have been)."""
    for sel in reversed(rnd["selections"]):
        skips = sel.get("skipped", [])
        for k in reversed(range(len(skips))):
            if skips[k]["player"] == who and skips[k]["asked_pass"]:
                del skips[k]
                if not skips:
                    del sel["skipped"]
                return


def _under_way(rnd: dict[str, Any]) -> dict[str, Any]:
    """The round's last selection so far (its action and the moves answering it), or none yet."""
    return rnd["selections"][-1] if rnd["selections"] else {"action": None, "moves": []}


def _only_pass(who: str, why: str, players: list[str]) -> str:
    """' (Ann was not asked: <why>, so pass was Ann's only choice)'."""
    return f" ({who} was not asked: {_named(why, players)}, so pass was {who}'s only choice)"


def _passed_over(rules: NewFrontiersRules, state: State, players: list[str], who: str, move: Move,
                 rnd: dict[str, Any], not_asked: Counter[str]) -> str:
    """Why `who`'s turn in the develop, trade or consume of the round's last selection was skipped
    (only pass was possible), for such a move written for it after the action moved on: ' (...)', else ''."""
    if not not_asked[who] or _under_way(rnd)["action"] != ("trade" if move.verb == "consume" else move.verb):
        return ""
    why = rules.why_passed_over(state, players.index(who), move)
    return "" if why is None else _only_pass(who, why, players)


def replay(path: Path) -> Replay:
    """Replay a transcript. Raises TranscriptError or IllegalActionError."""
    path = Path(path)
    reader, variant, players = _header(path)
    tree = reader.tree
    assert isinstance(variant.model, NewFrontiersVariant)  # the reader loads `game: newfrontiers` only
    rules = NewFrontiersRules(variant.model)
    homes, deck = _setup(tree, rules, players)
    t = rules.tiles
    n = len(players)
    home_sample = list(homes) if rules.r.setup.home_worlds == "dealt" else []
    chance = ScriptedChance([home_sample] if home_sample else [], deck)
    state = rules.initial_state(n, rng=chance)  # type: ignore[arg-type]
    rnodes = tree.value.get("rounds")
    if rnodes is None or not isinstance(rnodes.value, list):
        raise TranscriptError([(rnodes or tree).problem("rounds", "required: a list of rounds, each a list of "
                                                        "moves")])
    log: list[Event] = []
    decisions: list[Any] = []
    out_rounds: list[dict[str, Any]] = []
    move_no = 0
    last: tuple[State, Move, str] | None = None  # the state before the last move, the move, its player
    for r, rnode in enumerate(rnodes.value):
        rp = f"rounds.{r + 1}"
        if state.over:
            raise TranscriptError([rnode.problem(rp, f"the game ended after round {state.round}")])
        if state.round != r + 1:
            raise TranscriptError([rnode.problem(rp, f"round {state.round} is not finished: "
                                                 f"{players[rules.current_seat(state)]} still has a decision")])
        if not isinstance(rnode.value, list):
            raise TranscriptError([rnode.problem(rp, "a round is a list of moves ({player: move} or {draw: [...]}) "
                                                 "and rounds: a list of such lists, each round starting with "
                                                 "'- - '")])
        rnd: dict[str, Any] = {"round": r + 1, "track": [players[x] for x in state.track], "selections": []}
        out_rounds.append(rnd)
        entries = rnode.value
        # Per player: decisions the engine skipped (only pass was possible) since their last move.
        not_asked: Counter[str] = Counter()
        i = 0
        while i < len(entries):
            enode = entries[i]
            ep = f"{rp}.{i + 1}"
            if isinstance(enode.value, dict) and len(enode.value) > 1:
                raise TranscriptError([_one_per_entry(enode, ep)])
            if not isinstance(enode.value, dict) or len(enode.value) != 1:
                said = enode.value.split(None, 1) if isinstance(enode.value, str) else []
                colon = (f" (a ':' after the player: '{said[0]}: {said[1]}')"  # '- Ann select produce'
                         if len(said) == 2 and said[0] in players else "")
                raise TranscriptError([enode.problem(ep, "an entry is {player: move} or {draw: [world ids]}" + colon)])
            (who, mnode), = enode.value.items()
            if who == "draw":
                raise TranscriptError([enode.problem(ep, "a draw must follow a 'select explore'")])
            if who not in players:
                likely = guess(who, players)
                hint = f"did you mean {likely!r}? " if likely else ""
                raise TranscriptError([enode.problem(ep, f"unknown player {who!r} ({hint}players: {', '.join(players)})",
                                                     at_key=True)])
            if not isinstance(mnode.value, str):
                raise TranscriptError([mnode.problem(f"{ep}.{who}", "a move is text such as 'select settle'")])
            if mnode.value.strip() == "pass" and not_asked[who] and (
                    state.over or players[rules.current_seat(state)] != who
                    or rules.why_illegal(state, parse_move("pass")) is not None):
                # A pass written for a decision the engine did not ask (pass was the only choice):
                # accepted, as a person scoring the game by hand may well write it.
                not_asked[who] -= 1
                move_no += 1
                if rnd["selections"]:
                    rnd["selections"][-1]["moves"].append({"player": who, "move": "pass", "asked": False})
                    _written(rnd, who)
                i += 1
                continue
            if state.over:
                why = "the game is over: no further moves"
                if notation_error(rules, mnode.value) is None:  # a skipped decision of the last action?
                    move = parse_move(mnode.value)
                    over = rules.why_skipped(last[0], last[1], move) if last and last[2] == who else None
                    if over is not None and last is not None:  # e.g. the bonus of the last selection
                        why += f" ({who} was not asked again after {last[1]}: {_named(over, players)})"
                    else:
                        why += _passed_over(rules, state, players, who, move, rnd, not_asked)
                raise TranscriptError([enode.problem(ep, why)])
            move = parse_move(mnode.value)
            move_no += 1
            seat = rules.current_seat(state)
            where = f"{mnode.file}:{mnode.line}:{mnode.col}"
            what = f"round {r + 1}, {who}: {move}"
            misread = notation_error(rules, mnode.value)
            if misread is not None:  # no move at all, whoever's decision it is
                raise IllegalActionError(misread, move_number=move_no, action=what, where=where)
            reason = rules.why_illegal(state, move) if players[seat] == who else None
            ended = state.round != r + 1  # the round ended with the move before
            # A decision of this player's right after their last move, skipped (only pass was possible):
            skipped = (rules.why_skipped(last[0], last[1], move) if last and last[2] == who
                       and (ended or players[seat] != who or reason is not None) else None)
            if skipped is not None and last is not None:
                skipped = f"{who} was not asked again after {last[1]}: {_named(skipped, players)}"
            passed_hint = _passed_over(rules, state, players, who, move, rnd, not_asked)
            if ended and skipped is None:  # a move of the next round written in this round's list
                if players[seat] != who:
                    why = (f"it is {players[seat]}'s decision ({state.todo[0].kind}) in round {state.round}, not "
                           f"{who}'s{_no_discard(rules, state, players, who, move)}{passed_hint}")
                elif reason is not None:
                    why = _named(reason, players)
                else:
                    why = f"this move is round {state.round}'s: start a new round list there ('- - {who}: {move}')"
                raise IllegalActionError(f"round {r + 1} ended with the move before; {why}", move_number=move_no,
                                         action=what, where=where)
            if players[seat] != who:
                task = state.todo[0]
                hint = (" (a decision whose only choice is pass is skipped, not written)"
                        if move.verb == "pass" else "")
                own = rules.why_not_asked(state, players.index(who), move)
                under_way = _under_way(rnd)
                done = [m["move"] for m in under_way["moves"]
                        if m["player"] == who and m.get("asked", True) and m["move"].split()[0] in (move.verb, "pass")]
                if move.verb in ("develop", "trade") and under_way["action"] == move.verb and done:  # a second one
                    each = "one development each" if move.verb == "develop" else "one good sold each"
                    hint = f" ({who} already answered this {move.verb} with '{done[0]}': {each})"
                elif own is not None:  # the player's own turn was skipped: say why it could not have been this
                    hint = _only_pass(who, own, players)
                elif skipped is not None:
                    hint = f" ({skipped})"
                elif passed_hint:  # skipped earlier in the action, which has since moved on or ended
                    hint = passed_hint
                elif move.verb == "discard":  # nobody over the world limit is asked to discard
                    hint = _no_discard(rules, state, players, who, move)
                raise IllegalActionError(f"it is {players[seat]}'s decision ({task.kind}), not {who}'s{hint}",
                                         move_number=move_no, action=what, where=where)
            if reason is not None and skipped is not None:  # e.g. a second settle that was never offered
                reason = f"{skipped}; {reason}"
            elif reason is not None:  # e.g. a consume written once the trade is over, at the player's select
                reason += passed_hint
            if reason is not None:
                raise IllegalActionError(_named(reason, players), move_number=move_no, action=what, where=where)
            if move.verb == "select" and move.arg == "explore":
                nxt = entries[i + 1] if i + 1 < len(entries) else None
                if nxt is None or not isinstance(nxt.value, dict) or "draw" not in nxt.value:
                    raise TranscriptError([enode.problem(ep, "'select explore' must be followed by {draw: [the "
                                                         "world ids drawn]}")])
                if len(nxt.value) > 1:  # read here, not by the loop: a move beside the draw was left out unread
                    raise TranscriptError([_one_per_entry(nxt, f"{rp}.{i + 2}")])
                problems: list[Problem] = []
                drawn = _ids(nxt.value["draw"], f"{rp}.{i + 2}.draw", t.world_index, "world", problems)
                if problems:
                    raise TranscriptError(problems)
                chance.samples.append(drawn)
                i += 1
            mark = len(log)
            last = (state, move, who)
            try:
                state, passed_over = rules.apply_noting_skips(state, move, rng=chance, log=log)  # type: ignore[arg-type]
                decisions.append(move)
                not_asked[who] = 0  # a pass for a decision skipped before this move is out of order
                not_asked.update(players[x.seat] for x in passed_over if x.decision)
            except ChanceMismatch as exc:
                why = _not_drawable(exc.missing, drawn, state, t, players) if exc.missing else str(exc)
                raise TranscriptError([entries[i].problem(f"{rp}.{i + 1}", f"draw: {why}")]) from None
            if move.verb == "select":
                sel = next(e for e in log[mark:] if e.kind == "select")
                rnd["selections"].append({"player": who, "action": move.arg, "pile": sel.data["pile"], "moves": []})
            elif rnd["selections"]:
                rnd["selections"][-1]["moves"].append({"player": who, "move": str(move)})
            if passed_over and rnd["selections"]:
                under = rnd["selections"][-1]
                under.setdefault("skipped", []).extend(skip_entries(passed_over, players, len(under["moves"])))
            i += 1
        ends = [e for e in log if e.kind == "round_end" and e.round == r + 1]
        if ends:
            rnd["scores"] = {players[e.seat]: e.data["score"] for e in ends}
    result: GameResult = rules.result(state)
    final = []
    for sr in result.seats:
        row: dict[str, Any] = {"seat": sr.seat + 1, "player": players[sr.seat]}
        row |= {k: int(v) for k, v in sr.components.items()}
        row |= {"total": int(sr.total), "tie_break": state.players[sr.seat].gold + len(state.players[sr.seat].goods),
                "rank": sr.rank, "win_share": sr.win_share if state.over else 0.0}
        final.append(row)
    assert reader.variant_ref is not None  # checked by the reader
    common = common_outcome(variant=variant, variant_ref=reader.variant_ref, title=reader.title,
                            transcript=str(path), names=players, moves=move_no, rules=rules, state=state)
    return Replay(str(path), variant.path, variant.hash, players, out_rounds, final, state.over, list(state.triggers),
                  variant, result if state.over else None, log, common, decisions, state)


# --- recording ----------------------------------------------------------------------------------


def record(rules: NewFrontiersRules, variant: str, players: list[str], bots: list[Any], *, seed: int) -> dict[str, Any]:
    """Play one game with `bots` and return it as a transcript mapping (dump with `dump_transcript`)."""
    n = len(players)
    deal = random.Random(seed)
    bot_rngs = [random.Random(seed * 1000 + 1 + i) for i in range(n)]
    state: State = rules.initial_state(n, rng=deal)
    t = rules.tiles
    setup: dict[str, Any] = {"home_worlds": {players[i]: t.worlds[p.worlds[0]].id for i, p in enumerate(state.players)}}
    if rules.goals_on:
        setup["goal_deck"] = [t.goals[g].id for g in state.goal_deck]
    rounds: list[list[dict[str, Any]]] = []
    while not state.over:
        if len(rounds) < state.round:
            rounds.append([])
        seat = rules.current_seat(state)
        legal = rules.legal_actions(state)
        move = bots[seat].choose(rules.view(state, seat), legal, rng=bot_rngs[seat])
        state = rules.apply(state, move, rng=deal)
        rounds[-1].append({players[seat]: str(move)})
        if str(move) == "select explore":
            rounds[-1].append({"draw": [t.worlds[w].id for w in state.draw]})
    return {"game": GAME, "variant": variant, "players": list(players), "setup": setup, "rounds": rounds}


def dump_transcript(data: dict[str, Any]) -> str:
    """YAML text of a transcript mapping: one line per move and per draw."""
    from playtest.core.transcript import dump_yaml

    return dump_yaml(data, flow_small_maps=True)


def _not_drawable(missing: list[int], drawn: list[int], state: Any, tiles: Any, players: list[str]) -> str:
    """Why the worlds of a recorded draw are not in the bag, by world id: held by a player,
    listed more than once, or otherwise out of the bag."""
    out = []
    for w in missing:
        holders = [players[k] for k, p in enumerate(state.players) if w in p.worlds or w in p.unsettled]
        why = (f"held by {', '.join(holders)}" if holders else "listed twice" if drawn.count(w) > 1
               else "not in the bag")
        out.append(f"{tiles.worlds[w].id} ({why})")
    return "not available to draw: " + ", ".join(out)
