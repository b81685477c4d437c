"""The registry of games: plugins found through the `playtest.games` entry-point group.

Every game — the built-in ones too — registers in its distribution's metadata, e.g. in
pyproject.toml::

    [project.entry-points."playtest.games"]
    stargate = "playtest.games.stargate:SPEC"

The entry point names a `GameSpec` (playtest.core.spec). It is loaded on first use only, so a
broken plugin affects only the commands that use that game. Nothing here imports a game.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.metadata import EntryPoint, PackageNotFoundError, entry_points, requires
from typing import TYPE_CHECKING

from playtest.core.protocol import Rules
from playtest.errors import Interrupted, PlaytestError

if TYPE_CHECKING:
    from playtest.core.spec import GameSpec

GROUP = "playtest.games"


class GameNotFoundError(PlaytestError):
    """No game of that name is registered."""


class GamePluginError(PlaytestError):
    """A registered game failed to load, or what it registered is not a GameSpec."""


@cache
def _registered() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep)  # the first distribution on sys.path wins, as for imports
    return found


def game_names() -> list[str]:
    """Names of every registered game, sorted."""
    return sorted(_registered())


def origin(name: str) -> str:
    """Where game `name` is registered, for `playtest games`: 'playtest-nim 0.1.0: playtest_nim:SPEC'
    (the distribution, when known, and the entry point's value)."""
    ep = _registered()[name]
    dist = getattr(ep, "dist", None)
    return f"{dist.name} {dist.version}: {ep.value}" if dist is not None else ep.value


def known_games() -> str:
    """The registered names for an error message: 'ohseven, stargate'."""
    return ", ".join(game_names()) or ("none: no game is registered; install playtest (`make venv`, or "
                                       "`pip install -e .`) so that its entry points exist")


def known_games_for(name: object) -> str:
    """'(known games: ...)' for an unknown game `name`, with the likely one first when `name`
    misspells one: '(did you mean 'ohseven'?; known games: ...)' ('ohsevn' named only the list)."""
    from playtest.suggest import guess

    likely = guess(name, game_names()) if isinstance(name, str) else None
    return f"({f'did you mean {likely!r}?; ' if likely else ''}known games: {known_games()})"


@cache
def get_game(name: str) -> GameSpec:
    """The spec of game `name`. Raises GameNotFoundError or GamePluginError (one line each)."""
    from playtest.core.spec import GameSpec  # (pydantic's variant models: not at registration)

    ep = _registered().get(name)
    if ep is None:
        raise GameNotFoundError(f"unknown game {name!r} {known_games_for(name)}")
    try:
        spec = ep.load()
    except Interrupted:  # Ctrl-C or SIGTERM during the import (the CLI's handler): no plugin bug
        raise
    except Exception as err:  # a plugin's own bug: report it in one line, never a traceback
        if isinstance(err, ModuleNotFoundError) and (ep.module.partition(".")[0] == "playtest"
                                                     or playtest_needs(err.name)):
            # one of playtest's own games, or a plugin importing what playtest itself imports (the
            # example plugin's polars): a library playtest needs is missing from this Python, which
            # the CLI says in one line (exit 1), not a bug of the game in the variant
            raise
        raise GamePluginError(f"the game plugin {name!r} ({ep.value}) failed to load: "
                              f"{type(err).__name__}: {err}") from None
    if not isinstance(spec, GameSpec):
        raise GamePluginError(f"the game plugin {name!r} ({ep.value}) is {type(spec).__name__!r}, "
                              "not a playtest.core.spec.GameSpec")
    if spec.name != name:
        raise GamePluginError(f"the game plugin {name!r} ({ep.value}) calls itself {spec.name!r}: "
                              "the entry-point name and GameSpec.name must be the same")
    missing = _missing_parts(spec)
    if missing:
        raise GamePluginError(f"the game plugin {name!r} ({ep.value}): {missing}")
    return spec


def playtest_needs(module: str | None) -> bool:
    """Whether `module`, an import that failed, is a library playtest itself requires (by its
    distribution's name, as `polars`, `numpy`, `pydantic` are imported), itself missing: a missing
    library is named by its top-level module, even for `import polars.testing`. A plugin installed beside
    playtest imports them too: without polars, `playtest games` blamed the plugin for it ('the game
    plugin 'dash' ... failed to load', before the one line saying polars is missing), and
    `validate` of its variant exited 2 as if the game were broken."""
    if not module or "." in module:  # (a part of an installed library, as numpy.no_such_module: the plugin's import)
        return False
    try:
        required = requires("playtest") or []
    except PackageNotFoundError:  # playtest run from a checkout without its metadata
        return False
    names = {_normal(re.split(r"[\s;<>=!~\[(]", r, maxsplit=1)[0]) for r in required if "extra ==" not in r}
    return _normal(module) in names


def _normal(name: str) -> str:
    """A distribution or module name compared as packaging does: lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


RULES_METHODS = tuple(n for n, v in vars(Rules).items() if callable(v) and not n.startswith("_"))
"""The methods of the Rules protocol (playtest/core/protocol.py): player_counts, initial_state, ..."""


def _missing_parts(spec: GameSpec) -> str:
    """What a plugin's spec leaves out that the commands need, in words ('' when nothing). Each
    was an 'internal error ... please report it' at the first game (or transcript), blamed on
    playtest: the schema's `player_counts` (VariantModel's raises NotImplementedError); when
    `make_rules` is the rules class itself (Nim's `NimRules`) or a function whose return
    annotation names that class (`GameSpec.rules_class`), a method of the Rules protocol (`view`:
    AttributeError); and a hook of its notation (`_notation_problem`). A `make_rules` function
    is not called here: its rules are known only once a variant is."""
    from playtest.variants.model import VariantModel

    if getattr(spec.schema, "player_counts", None) is VariantModel.player_counts:
        return (f"its schema {spec.schema.__name__} does not define player_counts(), the player counts a "
                "variant supports (docs/extending.md, 'The folder')")
    made = spec.rules_class()
    if made is not None:
        lacks = [m for m in RULES_METHODS if not callable(getattr(made, m, None))]
        if lacks:
            return (f"its rules class {made.__name__} lacks {', '.join(lacks)} of the Rules protocol "
                    "(playtest/core/protocol.py; docs/extending.md, 'The protocol')")
    return _notation_problem(spec.notation) if spec.notation is not None else ""


def _notation_problem(notation: object) -> str:
    """What is wrong with a game's notation, in words ('' when nothing): a hook of
    playtest.core.transcript.Notation it lacks, or has as something that is not a method, or as
    a method that cannot take what the core passes it. A notation that does not subclass
    Notation (it has no defaults) and one whose `replay_rng` was set to None or written without
    its `setup` argument stopped `replay`, `calibrate` and `play --resume` with 'internal error:
    ... please report it', and `playtest games` listed the game as sound (h252)."""
    import inspect

    from playtest.core.transcript import Notation

    where = "(docs/extending.md, 'Transcripts: a notation and a setup block')"
    kind = type(notation).__name__
    for name, hook in vars(Notation).items():
        if name.startswith("_") or not callable(hook):
            continue
        if not hasattr(notation, name):
            return (f"its notation {kind} lacks {name}, a hook of playtest.core.transcript.Notation: subclass "
                    f"Notation, which has every hook's default {where}")
        given = getattr(notation, name)
        if not callable(given):
            return f"its notation {kind}'s {name} is {given!r}, not a method {where}"
        wanted = list(inspect.signature(hook).parameters)[1:]  # (self)
        try:
            inspect.signature(given).bind(*wanted)
        except TypeError as err:
            return f"its notation {kind}'s {name} cannot be called as {name}({', '.join(wanted)}): {err} {where}"
        except ValueError:  # (a builtin without a signature: not known to be wrong)
            continue
    return ""


def refresh() -> None:
    """Forget what was found and loaded (after installing a plugin in this process; tests)."""
    _registered.cache_clear()
    get_game.cache_clear()
