"""YAML text → a located tree: every value remembers the file, line and column it came from."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from playtest.errors import Problem, VariantError


@dataclass(slots=True)
class Node:
    """A YAML value with its origin. `value` is dict[str, Node], list[Node] or a scalar."""

    value: Any
    file: str
    line: int
    col: int
    key_line: int = 0
    key_col: int = 0
    new_id: bool = False
    """An id-list item that an extending file added (no item with its id in the parent)."""

    def plain(self) -> Any:
        """The value with every Node unwrapped (plain dicts, lists and scalars)."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value

    def problem(self, path: str, message: str, *, at_key: bool = False) -> Problem:
        """A problem located at this value (or at the key it stands under, if `at_key`)."""
        if at_key and self.key_line:
            return Problem(self.file, self.key_line, self.key_col, path, message)
        return Problem(self.file, self.line, self.col, path, message)


def _convert(node: yaml.Node, loader: yaml.SafeLoader, label: str, problems: list[Problem]) -> Node:
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            k_line, k_col = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(label, k_line, k_col, "", "YAML merge keys (<<) are not supported; use extends:"))
                continue
            if not isinstance(key, str | int) or isinstance(key, bool):
                problems.append(Problem(label, k_line, k_col, "", f"mapping keys must be text, not {key!r}"))
                continue
            key = str(key)
            if key in out:
                first = out[key]
                problems.append(
                    Problem(label, k_line, k_col, key, f"duplicate key (first defined at line {first.line})")
                )
                continue
            child = _convert(value_node, loader, label, problems)
            # Remember where the key itself stands: errors about an unknown key point at it.
            child.key_line, child.key_col = k_line, k_col
            out[key] = child
        return Node(out, label, line, col)
    if isinstance(node, yaml.SequenceNode):
        return Node([_convert(n, loader, label, problems) for n in node.value], label, line, col)
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.YAMLError as exc:
        problems.append(Problem(label, line, col, "", f"cannot read value: {exc}"))
        value = None
    return Node(value, label, line, col)


def parse_text(text: str, label: str) -> Node:
    """Parse one YAML document. Raises VariantError listing every problem found."""
    problems: list[Problem] = []
    try:
        loader = yaml.SafeLoader(text)
        try:
            root = loader.get_single_node()
            if root is None:
                raise VariantError([Problem(label, 1, 1, "", "the file is empty")])
            tree = _convert(root, loader, label, problems)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = exc.problem or str(exc)
        raise VariantError([Problem(label, line, col, "", f"malformed YAML: {reason}")]) from None
    except yaml.YAMLError as exc:
        raise VariantError([Problem(label, 1, 1, "", f"malformed YAML: {exc}")]) from None
    if problems:
        raise VariantError(problems)
    return tree


def parse_file(path: Path, label: str | None = None) -> Node:
    """Read and parse a YAML file; a missing or unreadable file is a located problem too."""
    label = label or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError([Problem(label, 1, 1, "", "no such file")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError([Problem(label, 1, 1, "", f"cannot read file: {exc}")]) from None
    return parse_text(text, label)
