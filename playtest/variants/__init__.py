"""Variant files: YAML → validated, frozen Variant (loader.py; `--set` in overrides.py; schema errors located in problems.py); semantic diffs (diff.py)."""

from playtest.variants.diff import Change, diff
from playtest.variants.loader import Variant, load_variant, load_variant_text
from playtest.variants.overrides import apply_override, parse_override

__all__ = ["Change", "Variant", "apply_override", "diff", "load_variant", "load_variant_text", "parse_override"]
