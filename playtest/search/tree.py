"""The search tree: nodes keyed by action, UCT selection with availability counts, max-n backup.

One tree serves both bots. It is *open loop*: a node stands for the sequence of actions from the
root, not for one state, and every iteration re-applies those actions to a fresh state. So
chance inside ``apply`` (a redeal, the next round's deal) is sampled anew on each iteration
with the search's own rng instead of being fixed by the first visit, and a different
determinisation per iteration (``ismcts``) reuses the same tree. Because the legal actions of
a node may then differ between iterations, each child counts how often it was *available*
(legal when its parent was visited) and UCT uses that count in place of the parent's visits
(Cowling, Powley & Whitehouse 2012, single-observer ISMCTS); with one fixed state and no chance
the availability equals the parent's visits and this is plain UCT.

Rewards are per-seat vectors in [0, 1] and every node on the path adds the whole vector
(max-n): a node is judged by the seat that chose the action leading to it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from math import log, sqrt

from playtest.core.draws import randbelow


class Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("avail", "children", "seat", "value", "visits")

    def __init__(self, seat: int, n_seats: int) -> None:
        self.seat = seat
        """The seat whose action leads here (-1 at the root)."""
        self.visits = 0
        self.avail = 0
        """Times this node's action was legal when its parent was visited."""
        self.value = [0.0] * n_seats
        """Sum of each seat's reward over the iterations through this node."""
        self.children: dict[Hashable, Node] = {}

    def mean(self, seat: int) -> float:
        return self.value[seat] / self.visits if self.visits else 0.0


def select(node: Node, legal: Sequence[Hashable], c: float) -> tuple[Hashable, Node]:
    """The legal child with the highest UCB score for the seat that moves (every legal child
    exists). Counts one more availability for every legal child. Ties: the first in `legal`."""
    children = node.children
    best_action: Hashable = None
    best_node: Node | None = None
    best = float("-inf")
    for action in legal:
        child = children[action]
        child.avail += 1
        score = child.value[child.seat] / child.visits + c * sqrt(log(child.avail) / child.visits)
        if score > best:
            best, best_action, best_node = score, action, child
    assert best_node is not None
    return best_action, best_node


def expand(node: Node, legal: Sequence[Hashable], seat: int, n_seats: int,
           rng: random.Random) -> tuple[Hashable, Node] | None:
    """If some legal action has no child yet: add one, chosen at random among them, count an
    availability for every legal child, and return it. Else None (select instead)."""
    children = node.children
    fresh = [a for a in legal if a not in children]
    if not fresh:
        return None
    for action in legal:
        child = children.get(action)
        if child is not None:
            child.avail += 1
    action = fresh[randbelow(rng, len(fresh))] if len(fresh) > 1 else fresh[0]
    child = Node(seat, n_seats)
    child.avail = 1
    children[action] = child
    return action, child


def backup(path: Sequence[Node], reward: Sequence[float]) -> None:
    """Max-n: every node on the path adds one visit and the whole reward vector."""
    for node in path:
        node.visits += 1
        value = node.value
        for i, r in enumerate(reward):
            value[i] += r


def best_action(root: Node, legal: Sequence[Hashable], seat: int) -> Hashable:
    """The most visited root action among `legal` (ties: the higher mean for `seat`, then the
    first in `legal`)."""
    best: Hashable = legal[0]
    best_key = (-1, float("-inf"))
    for action in legal:
        child = root.children.get(action)
        key = (child.visits, child.mean(seat)) if child is not None else (0, float("-inf"))
        if key > best_key:
            best, best_key = action, key
    return best
