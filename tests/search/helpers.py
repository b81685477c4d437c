"""Rules of the shipped variants for the search tests."""

from __future__ import annotations

from functools import cache

from playtest.games import get_game
from playtest.variants import load_variant
from tests.stargate.helpers import ROOT


@cache
def stargate_rules():
    return get_game("stargate").make_rules(load_variant(ROOT / "variants/stargate/draft5.yaml").model)


def ohseven_rules(*overrides: str):
    return get_game("ohseven").make_rules(load_variant(ROOT / "variants/ohseven/base.yaml", overrides).model)
