"""One handler per kind of effect: the mechanism behind crew effects (effects.py) and planet
effects (planet_effects.py). A schema class (schema.py) says what a variant may write; its
handler, registered with `@handles(SchemaClass)` where it is defined, says what that kind of
effect does, so the engine asks the handler instead of testing the effect's class.
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from playtest.errors import PlaytestError, ProtocolError

H = TypeVar("H")
"""The handlers' base class (effects.EffectHandler, planet_effects.PlanetEffectHandler)."""
C = TypeVar("C", bound=type)


class Registry(Generic[H]):
    """Schema class → the one handler of that kind of effect."""

    def __init__(self, base: type[H], what: str, module: str, writes: str) -> None:
        self.base = base
        """The handlers' base class: what a handler does not override, its kind does not do."""
        self.what = what
        """What the effects are, for messages ('crew effect')."""
        self.module = module
        """The file where their handlers live, for messages."""
        self.writes = writes
        """How a handler says what its effect did, for messages ('`write(state, field=value, ...)`')."""
        self.handlers: dict[type, H] = {}

    def handles(self, effect_class: type) -> Callable[[C], C]:
        """Class decorator: register the handler class for `effect_class` (one instance of it)."""

        def register(handler: C) -> C:
            if effect_class in self.handlers:
                raise TypeError(f"{effect_class.__name__} already has a handler")
            self.handlers[effect_class] = handler()
            return handler

        return register

    def of(self, effect: Any) -> H:
        """The handler of one effect. (`validate` reports an effect without one at its key; this
        error is for rules built from a model that was never validated.)"""
        try:
            return self.handlers[type(effect)]
        except KeyError:
            raise PlaytestError(f"the {self.what} {type(effect).__name__} has no handler: add one in "
                                f"{self.module} (@handles; docs/extending.md)") from None

    def overrides(self, handler: H, method: str) -> bool:
        """Whether the handler defines `method` itself (its kind of effect acts there)."""
        return getattr(type(handler), method) is not getattr(self.base, method)

    def writes_into(self, method: Callable[..., object], *args: Any) -> None:
        """Call a handler's `method` that writes what the effect does into its arguments and returns
        nothing (`resolve`, `choose`, `last_cube`, `final`); stop with one line naming the handler
        when it returns something: a `resolve` that returned its VP instead of writing them was
        ignored, and the effect paid 0 VP in every game with no message (extension exercise of
        2026-12-07)."""
        returned = method(*args)
        if returned is not None:
            raise ProtocolError(f"{self._named(method)} returned {_shown(returned)}, not None: it writes what the "
                                f"effect does ({self.writes}) and returns nothing (docs/extending.md)")

    def whole_number(self, method: Callable[..., object], *args: Any) -> int:
        """Call a handler's `method` that answers a whole number (`turn_vp`'s VP, `round_end`'s time)
        and return it; stop with one line naming the handler when it is not one (a `turn_vp` that
        returned None stopped the game with an internal TypeError)."""
        returned = method(*args)
        # (any integer type: a count summed with numpy is a numpy.int64, a whole number all the same)
        if isinstance(returned, numbers.Integral) and not isinstance(returned, bool):
            return int(returned)
        raise ProtocolError(f"{self._named(method)} returned {_shown(returned)}, not a whole number "
                            "(docs/extending.md)")

    def _named(self, method: Callable[..., object]) -> str:
        """'the crew effect handler VPPerFullPlanet in playtest/games/stargate/effects.py: its `resolve`'."""
        handler = type(getattr(method, "__self__", None)).__name__
        return f"the {self.what} handler {handler} in {self.module}: its `{getattr(method, '__name__', method)}`"

    def misshapen(self, handler: H) -> str | None:
        """The first method the handler overrides that cannot take what the rules pass it (the
        base class's parameters, by position), said as '`resolve(self, state, effect)`, but
        the rules call `resolve(self, rules, state, effect)`', or None. `validate` names it at the
        effect's key: a handler whose `resolve` left out `rules` passed validation and stopped the
        first game with 'internal error: TypeError' (extension exercise of 2026-12-07)."""
        for name, base_method in vars(self.base).items():
            if name.startswith("_") or not inspect.isfunction(base_method) or not self.overrides(handler, name):
                continue
            wanted = list(inspect.signature(base_method).parameters)
            method = getattr(type(handler), name)
            try:  # (as the rules call it, on the handler: a staticmethod or classmethod takes no `self`)
                inspect.signature(getattr(handler, name)).bind(*wanted[1:])
            except TypeError:
                return f"`{name}{_signature(method)}`, but the rules call `{name}({', '.join(wanted)})`"
            except ValueError:  # no signature to read (a builtin): nothing to say
                continue
        return None


def _shown(value: object) -> str:
    """'14 (an int)', 'None': a returned value as a message quotes it, cut short."""
    if value is None:
        return "None"
    text = repr(value)
    text = text if len(text) <= 40 else text[:37] + "..."
    kind = type(value).__name__
    return f"{text} ({'an' if kind[0] in 'aeiou' else 'a'} {kind})"


def _signature(method: Any) -> str:
    """'(self, state, effect)': the parameters without their annotations."""
    try:
        return f"({', '.join(inspect.signature(method).parameters)})"
    except (TypeError, ValueError):
        return "(...)"


# Words the handlers of both kinds use. They live here, not in effects.py, so that planet_effects.py
# (and through it scoring.py) never imports effects.py: a crew effect's handler may then import
# scoring.py (majority_leader, docs/extending.md) without a circular import.


def vp_words(amount: int) -> str:
    """'gain 2 VP', 'lose 1 VP'."""
    return f"gain {amount} VP" if amount >= 0 else f"lose {-amount} VP"


def cubes_words(k: int) -> str:
    """'1 cube', '3 cubes'."""
    return f"{k} cube" + ("" if k == 1 else "s")
