"""The search tree on hand-built trees: max-n backups, UCT per seat, availability counts."""

from __future__ import annotations

import random
from math import log, sqrt

import pytest

from playtest.search.tree import Node, backup, best_action, descend


def test_backup_adds_the_whole_reward_vector_to_every_node_on_the_path() -> None:
    root = Node(-1, 3)
    a = Node(0, 3)
    b = Node(1, 3)
    backup([root, a, b], [1.0, 0.0, 0.5])
    backup([root, a], [0.0, 1.0, 0.0])
    assert (root.visits, a.visits, b.visits) == (2, 2, 1)
    assert root.value == [1.0, 1.0, 0.5]
    assert a.value == [1.0, 1.0, 0.5]
    assert b.value == [1.0, 0.0, 0.5]
    assert a.mean(1) == 0.5 and b.mean(2) == 0.5


def select(node: Node, legal: list[str], c: float) -> tuple[str, Node]:
    """`descend` on a node whose legal children all exist."""
    action, child, new = descend(node, legal, 0, 2, c, random.Random(0))
    assert not new
    return action, child  # type: ignore[return-value]


def expand(node: Node, legal: list[str], seat: int, n: int, rng: random.Random):
    action, child, new = descend(node, legal, seat, n, 1.0, rng)
    return (action, child) if new else None


def test_each_node_is_judged_by_the_seat_that_chose_it_max_n() -> None:
    """Seat 0 moves at the root, seat 1 below. The same reward vectors make seat 0 prefer the
    action good for seat 0 and seat 1 prefer the one good for seat 1."""
    root = Node(-1, 2)
    root.children = {"x": Node(0, 2), "y": Node(0, 2)}
    for action, reward in (("x", [0.9, 0.1]), ("y", [0.2, 0.8])):
        child = root.children[action]
        for _ in range(10):
            backup([root, child], reward)
        child.avail = 20
    assert select(root, ["x", "y"], c=0.0)[0] == "x"
    below = root.children["x"]
    below.children = {"p": Node(1, 2), "q": Node(1, 2)}
    for action, reward in (("p", [0.9, 0.1]), ("q", [0.2, 0.8])):
        for _ in range(10):
            backup([below.children[action]], reward)
        below.children[action].avail = 20
    assert select(below, ["p", "q"], c=0.0)[0] == "q"


def test_ucb_uses_availability_and_the_exploration_constant() -> None:
    root = Node(-1, 2)
    root.children = {"often": Node(0, 2), "rare": Node(0, 2)}
    for _ in range(90):
        backup([root.children["often"]], [0.6, 0.4])
    for _ in range(10):
        backup([root.children["rare"]], [0.5, 0.5])
    root.children["often"].avail = 99
    root.children["rare"].avail = 99
    c = 1.0
    # often: 0.6 + sqrt(ln 100 / 90) = 0.826; rare: 0.5 + sqrt(ln 100 / 10) = 1.179
    assert 0.6 + c * sqrt(log(100) / 90) < 0.5 + c * sqrt(log(100) / 10)
    assert select(root, ["often", "rare"], c=c)[0] == "rare"
    assert root.children["often"].avail == 100  # counted available again
    assert select(root, ["often", "rare"], c=0.0)[0] == "often"


def test_select_only_considers_the_legal_children() -> None:
    root = Node(-1, 2)
    root.children = {"a": Node(0, 2), "b": Node(0, 2)}
    backup([root.children["a"]], [1.0, 0.0])
    backup([root.children["b"]], [0.0, 1.0])
    root.children["a"].avail = root.children["b"].avail = 1
    assert select(root, ["b"], c=0.0)[0] == "b"
    assert root.children["a"].avail == 1


def test_expand_adds_one_new_child_and_counts_the_others_available() -> None:
    root = Node(-1, 2)
    root.children = {"a": Node(0, 2)}
    root.children["a"].avail = 1
    action, child = expand(root, ["a", "b", "c"], 0, 2, random.Random(1))
    assert action in ("b", "c") and root.children[action] is child
    assert child.avail == 1 and child.seat == 0
    assert root.children["a"].avail == 2
    expand(root, ["a", "b", "c"], 0, 2, random.Random(1))
    assert expand(root, ["a", "b", "c"], 0, 2, random.Random(1)) is None


@pytest.mark.parametrize("legal", [["a", "b", "c"], ["c", "b", "a"]])
def test_best_action_is_the_most_visited_legal_one(legal: list[str]) -> None:
    root = Node(-1, 2)
    root.children = {k: Node(0, 2) for k in "abcd"}
    for k, visits in zip("abcd", (3, 7, 5, 50), strict=True):
        for _ in range(visits):
            backup([root.children[k]], [0.5, 0.5])
    assert legal[best_action(root, legal, 0)] == "b"  # d has more visits but is not legal now


class Keyed(list):
    """A legal list whose actions are made on demand and keyed by what they are made from."""

    @property
    def action_keys(self) -> list[tuple[str]]:
        return [(a.upper(),) for a in self]


def test_a_legal_list_s_action_keys_key_the_children_and_its_actions_are_returned() -> None:
    root = Node(-1, 2)
    legal = Keyed(["a", "b"])
    seen = set()
    for _ in range(2):
        action, child, new = descend(root, legal, 0, 2, 1.4, random.Random(3))
        assert new and root.children[(action.upper(),)] is child
        seen.add(action)
        backup([root, child], [1.0, 0.0] if action == "b" else [0.0, 1.0])
    assert seen == {"a", "b"} and set(root.children) == {("A",), ("B",)}
    action, child, new = descend(root, legal, 0, 2, 1.4, random.Random(3))
    assert (action, new) == ("b", False) and child is root.children[("B",)]  # b won for seat 0
    assert legal[best_action(root, legal, 0)] in ("a", "b")
