"""Search-bot names: `mcts:1000`, `ismcts:400:rollout=greedy:c=0.7:depth=12:reward=margin`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from math import sqrt

from playtest.errors import UsageError

KINDS = ("mcts", "ismcts")
REWARDS = ("win", "margin")
NAME_FORMS = ("mcts:N[:option=value...]", "ismcts:N[:option=value...]")
"""How the search names read in lists of valid bots."""

MAX_ITERATIONS = 1_000_000
"""The largest budget: iterations are per decision, so a mistyped 99999999999 would otherwise run
for days without a word; a million is already minutes per decision."""

def options_help(rollouts: Sequence[str] = ()) -> str:
    """Every option with its default, for a bad or unknown option. `rollouts`: the game's own bots
    (GameSpec.bot_names): a name with colons that rollout= takes whole is shown with one of them,
    or with none when the game has no such name (it read 'rollout=scripted:bays-first', Stargate's
    style, on every game)."""
    colons = next((b for b in rollouts if ":" in b and not is_search_name(b)), None)
    example = f"; a name with colons such as rollout={colons} is read up to the next option=value" if colons else ""
    return ("options: rollout=random|<a bot of the game> (default random" + example + "), depth=K|end (cut "
            "rollouts after K moves and use the game's evaluation, or play them to the end; default: the game's "
            "own cut-off (Oh-Seven 30 moves), else the end), c=<exploration> "
            "(default √2 ≈ 1.414), reward=win|margin (default win), reuse=yes|no (keep the chosen "
            "move's subtree for the same seat's next decision; default no)")


YES_NO = {"yes": True, "no": False}
OPTION_FORMS = {
    "rollout": "rollout=random or a bot of the game",
    "depth": "depth=K moves, e.g. depth=20, or depth=end",
    "c": "c=<exploration constant ≥ 0>, e.g. c=0.7; default √2 ≈ 1.414",
    "reward": "reward=win or reward=margin",
    "reuse": "reuse=yes or reuse=no",
}
"""Each option's own form, for an option written with no value (`depth=`)."""


@dataclass(frozen=True)
class SearchSpec:
    """A parsed search-bot name."""

    kind: str
    """'mcts' (one state per decision: the game's own, or one sample of it) or 'ismcts'."""
    iterations: int
    rollout: str = "random"
    depth: int | None = None
    """Rollout cut-off in moves; None: not given (the game's default, GameSpec.search_depth);
    0: `depth=end`, rollouts to the end."""
    c: float = sqrt(2)
    reward: str = "win"
    name: str = ""
    """The name as given (stripped): what results record as the bot."""
    reuse: bool = False
    """Start a seat's next decision of the same turn from the subtree already searched for it."""

    def played_depth(self, game_depth: int | None, can_evaluate: bool) -> int | None:
        """The rollout cut-off the bot plays (None: to the end): depth= as given, `depth=end`
        to the end; not given, the game's own cut-off (GameSpec.search_depth) if the game can
        evaluate a cut-off state, else to the end. One rule for the bot and for the ladder's
        "the same bot twice" check."""
        if self.depth is None:
            return game_depth if can_evaluate else None
        return self.depth or None


def is_search_name(name: str) -> bool:
    return name.strip().split(":", 1)[0] in KINDS


def _whole(text: str) -> int | None:
    """`text` as a whole number if it is one in ASCII digits (a sign allowed), else None. One of
    more than 18 digits (leading zeros aside, as int() reads them) reads as ±10**18, beyond every
    limit here: int() refuses 4,300 digits, and str.isdigit takes '²', which int() cannot read
    (both were internal errors: mcts:², depth=²)."""
    found = re.fullmatch(r"([-+]?)0*([0-9]+)", text)
    if found is None:
        return None
    value = int(found[2]) if len(found[2]) <= 18 else 10**18
    return -value if found[1] == "-" else value


def parse(name: str, rollouts: Sequence[str] = ()) -> SearchSpec:
    """'mcts:400:rollout=greedy:c=0.7' → SearchSpec. Raises UsageError naming the bad part.
    `rollouts`: the game's own bots, which an empty `rollout=` is told to choose from (its form
    said 'e.g. rollout=heuristic' to every game, and only Oh-Seven has that bot)."""
    text = name.strip()
    parts = text.split(":")
    kind = parts[0]
    if kind not in KINDS:
        raise UsageError(f"unknown search bot {text!r} (valid: {', '.join(NAME_FORMS)})")
    budget = _whole(parts[1]) if len(parts) >= 2 else None
    if budget is not None and budget < 1:  # mcts:0, mcts:-5
        raise UsageError(f"bot {text!r}: the budget is at least 1 iteration per decision, e.g. {kind}:1000")
    if budget is None or not parts[1][0].isdigit():
        # (it listed every option with its default: a 564-character line for a mistyped number)
        raise UsageError(f"bot {text!r}: give the budget in iterations, e.g. {kind}:1000 or {kind}:1000:depth=20 "
                         "(the options: README, 'Search bots')")
    if budget > MAX_ITERATIONS:
        raise UsageError(f"bot {text!r}: the budget is at most {MAX_ITERATIONS:,} iterations per decision")
    values: dict[str, str] = {}
    key = ""
    for part in parts[2:]:
        if "=" not in part and key == "rollout" and part:
            # Bot names may hold colons (scripted:STYLE): a part that is not option=value
            # right after rollout=... continues the rollout's name.
            values["rollout"] += ":" + part
            continue
        key, eq, value = part.partition("=")
        if eq and not value and key in OPTION_FORMS:
            # (it said "'depth=' is not option=value" and listed every option: a 560-character line)
            form = OPTION_FORMS[key]
            others = [b for b in rollouts if b != "random" and not is_search_name(b)]
            if key == "rollout" and others:
                form = f"rollout=random or another bot of the game: {', '.join(others)}"
            raise UsageError(f"bot {text!r}: {key}= has no value ({form})")
        if not eq or not value:
            raise UsageError(f"bot {text!r}: {part!r} is not option=value ({options_help(rollouts)})")
        if key in values:
            raise UsageError(f"bot {text!r}: option {key!r} given twice")
        values[key] = value
    spec = SearchSpec(kind=kind, iterations=budget, name=text)
    kw: dict[str, object] = {}
    for key, value in values.items():
        if key == "rollout":
            kw["rollout"] = value
        elif key == "depth":
            if value == "end":
                kw["depth"] = 0
            elif (depth := _whole(value)) is None or not value[0].isdigit() or depth < 1:
                raise UsageError(f"bot {text!r}: depth={value} must be a whole number ≥ 1, or end")
            else:
                kw["depth"] = depth
        elif key == "c":
            try:  # float() would read " 1" or "1\n" too, and the bot's name shown in tables keep the break
                c = float(value) if value == value.strip() else -1.0
            except ValueError:
                c = -1.0
            if not c >= 0 or c == float("inf"):
                raise UsageError(f"bot {text!r}: c={value} must be a finite number ≥ 0")
            kw["c"] = c
        elif key == "reward":
            if value not in REWARDS:
                raise UsageError(f"bot {text!r}: reward={value} (valid: {', '.join(REWARDS)})")
            kw["reward"] = value
        elif key == "reuse":
            if value not in YES_NO:
                raise UsageError(f"bot {text!r}: reuse={value} (valid: yes, no)")
            kw["reuse"] = YES_NO[value]
        else:
            raise UsageError(f"bot {text!r}: unknown option {key!r} ({options_help(rollouts)})")
    return SearchSpec(**{**spec.__dict__, **kw})  # type: ignore[arg-type]
