"""One handler per kind of effect: the mechanism behind crew effects (effects.py) and planet
effects (planet_effects.py). A schema class (schema.py) says what a variant may write; its
handler, registered with `@handles(SchemaClass)` where it is defined, says what that kind of
effect does, so the engine asks the handler instead of testing the effect's class.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from playtest.errors import PlaytestError

H = TypeVar("H")
"""The handlers' base class (effects.EffectHandler, planet_effects.PlanetEffectHandler)."""
C = TypeVar("C", bound=type)


class Registry(Generic[H]):
    """Schema class → the one handler of that kind of effect."""

    def __init__(self, base: type[H], what: str, module: str) -> None:
        self.base = base
        """The handlers' base class: what a handler does not override, its kind does not do."""
        self.what = what
        """What the effects are, for messages ('crew effect')."""
        self.module = module
        """The file where their handlers live, for messages."""
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
            try:
                inspect.signature(method).bind(*wanted)
            except TypeError:
                return f"`{name}{_signature(method)}`, but the rules call `{name}({', '.join(wanted)})`"
            except ValueError:  # no signature to read (a builtin): nothing to say
                continue
        return None


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
