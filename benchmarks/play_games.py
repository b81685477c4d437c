"""Play games 0..N-1 of a variant (seed 0, events recorded, as `simulate` plays them) and nothing
else: the workload to count instructions on, which load on a shared machine does not change.

    PYTHONPATH=TREE valgrind --tool=callgrind python benchmarks/play_games.py VARIANT BOTS N [PLAYERS]

Run it from outside the repository with PYTHONPATH pointing at the tree to measure (the current
folder would come first), and subtract a run with N=0 (the imports).
"""

from __future__ import annotations

import sys

from playtest import rng
from playtest.games import get_game
from playtest.sim.runner import batch_gc, play_game
from playtest.variants import load_variant


def main() -> None:
    variant, bots, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    players = int(sys.argv[4]) if len(sys.argv) > 4 else 4
    v = load_variant(variant)
    spec = get_game(v.game)
    rules = spec.make_rules(v.model)
    with batch_gc():
        for g in range(n):
            seat_bots = [spec.make_bot(bots, rules, s) for s in range(players)]
            play_game(rules, seat_bots, n_players=players, deal_rng=rng.stream(0, g, rng.DEAL),
                      bot_rngs=[rng.stream(0, g, rng.bot_stream(s)) for s in range(players)])


if __name__ == "__main__":
    main()
