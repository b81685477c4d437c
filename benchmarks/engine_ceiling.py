"""Where the Stargate random ratio's gap is: the runner's loop, the engine alone in a bare loop,
and the minimal hard-coded engine, interleaved in one process (CPU time, same seed streams).

    python benchmarks/engine_ceiling.py [--rounds 8] [--games 300]

The bare loop asks the rules for the legal list, draws a random index with the bot's stream and
calls `apply_legal`, then the result: no bot objects, views or membership checks. If it is
well below 1.0x too, a cheaper runner cannot close the gap (README, "Speed").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.minimal_draft5 import play  # noqa: E402
from playtest import rng  # noqa: E402
from playtest.core.draws import randbelow  # noqa: E402
from playtest.games import get_game  # noqa: E402
from playtest.sim.runner import batch_gc, play_game  # noqa: E402
from playtest.variants import load_variant  # noqa: E402

SPEC = get_game("stargate")
RULES = SPEC.make_rules(load_variant(ROOT / "variants/stargate/draft5.yaml").model)


def runner(g: int) -> None:
    bots = [SPEC.make_bot("random", RULES, s) for s in range(4)]
    play_game(RULES, bots, n_players=4, deal_rng=rng.stream(0, g, rng.DEAL),
              bot_rngs=[rng.stream(0, g, rng.bot_stream(s)) for s in range(4)], record=False)


def bare(g: int) -> None:
    deal, dice = rng.stream(0, g, rng.DEAL), [rng.stream(0, g, rng.bot_stream(s)) for s in range(4)]
    state = RULES.initial_state(4, rng=deal)
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        state = RULES.apply_legal(state, legal[randbelow(dice[state.seat], len(legal))], rng=deal, log=None)
    RULES.result(state)


def minimal(g: int) -> None:
    play(4, rng.stream(0, g, rng.DEAL), [rng.stream(0, g, rng.bot_stream(s)) for s in range(4)], ["random"] * 4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--games", type=int, default=300, help="games per engine per round")
    args = parser.parse_args()
    loops = {"runner's loop": runner, "bare engine": bare, "minimal engine": minimal}
    spent = dict.fromkeys(loops, 0.0)
    with batch_gc():
        for r in range(args.rounds):
            for name, fn in loops.items():
                started = time.process_time()
                for g in range(r * args.games, (r + 1) * args.games):
                    fn(g)
                spent[name] += time.process_time() - started
    n = args.rounds * args.games
    base = spent["minimal engine"] / n
    for name, seconds in spent.items():
        print(f"{name:<15} {seconds / n * 1e6:7.1f} us/game   ratio to the minimal engine {base / (seconds / n):.2f}x")


if __name__ == "__main__":
    main()
