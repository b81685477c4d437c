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


def descend(node: Node, legal: Sequence[Hashable], seat: int, n_seats: int, c: float,
            rng: random.Random) -> tuple[Hashable, Node, bool]:
    """One step down the tree from `node`, where `seat` chooses among `legal`. Counts one more
    availability for every legal child that exists. If some legal action has no child yet, adds
    one (chosen at random among them) and returns it with True (the caller then rolls out);
    else returns the legal child with the highest UCB score for its seat (ties: the first in
    `legal`) with False. One pass over `legal`, one dict lookup per action."""
    children = node.children
    fresh: list[Hashable] = []
    best_action: Hashable = None
    best_node: Node | None = None
    best = float("-inf")
    for action in legal:
        child = children.get(action)
        if child is None:
            fresh.append(action)
            continue
        child.avail += 1
        if fresh:
            continue  # a new child will be expanded: no need to score the others
        visits = child.visits
        if not visits:  # not yet backed up (not in a search, where a child is backed up at once)
            score = float("inf")
        else:
            score = child.value[child.seat] / visits + c * sqrt(log(child.avail) / visits)
        if score > best:
            best, best_action, best_node = score, action, child
    if fresh:
        action = fresh[randbelow(rng, len(fresh))] if len(fresh) > 1 else fresh[0]
        new = Node(seat, n_seats)
        new.avail = 1
        children[action] = new
        return action, new, True
    assert best_node is not None
    return best_action, best_node, False


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
