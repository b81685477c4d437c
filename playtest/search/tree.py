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


def action_keys(legal: Sequence[Hashable]) -> Sequence[Hashable]:
    """What the tree keys a node's children by: the legal list's own `action_keys` when it
    offers them (hashable stand-ins for its actions, one each, in the same order; equal keys
    for equal actions), else the actions themselves. A game whose actions are made on demand
    and hash in Python (Stargate's placements: a frozen dataclass over planet ids) offers the
    tuples they are made from, which hash in C and need not be made for every child visited
    (2026-12-02, callgrind, two games of mcts:200 against three greedy, the same games played:
    12.18 -> 11.16 G instructions, x1.09)."""
    keys = getattr(legal, "action_keys", None)
    return legal if keys is None else keys


def descend(node: Node, legal: Sequence[Hashable], seat: int, n_seats: int, c: float,
            rng: random.Random) -> tuple[Hashable, Node, bool]:
    """One step down the tree from `node`, where `seat` chooses among `legal`. Counts one more
    availability for every legal child that exists. If some legal action has no child yet, adds
    one (chosen at random among them) and returns it with True (the caller then rolls out);
    else returns the legal child with the highest UCB score for its seat (ties: the first in
    `legal`) with False. One pass over `legal`'s keys (`action_keys`), one dict lookup each."""
    children = node.children
    fresh: list[int] = []
    best_i = -1
    best_node: Node | None = None
    best = float("-inf")
    keys = action_keys(legal)
    for i, key in enumerate(keys):
        child = children.get(key)
        if child is None:
            fresh.append(i)
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
            best, best_i, best_node = score, i, child
    if fresh:
        i = fresh[randbelow(rng, len(fresh))] if len(fresh) > 1 else fresh[0]
        new = Node(seat, n_seats)
        new.avail = 1
        children[keys[i]] = new
        return legal[i], new, True
    assert best_node is not None
    return legal[best_i], best_node, False


def backup(path: Sequence[Node], reward: Sequence[float]) -> None:
    """Max-n: every node on the path adds one visit and the whole reward vector."""
    for node in path:
        node.visits += 1
        value = node.value
        for i, r in enumerate(reward):
            value[i] += r


def best_action(root: Node, legal: Sequence[Hashable], seat: int) -> int:
    """The index in `legal` of the most visited root action (ties: the higher mean for `seat`,
    then the first in `legal`)."""
    best = 0
    best_key = (-1, float("-inf"))
    for i, key in enumerate(action_keys(legal)):
        child = root.children.get(key)
        rank = (child.visits, child.mean(seat)) if child is not None else (0, float("-inf"))
        if rank > best_key:
            best, best_key = i, rank
    return best
