"""Strength benchmark of the search bots: one search bot against copies of a game bot, seats
rotating game by game, at several budgets; win rate and score lead with 95% intervals, and cost
(iterations, searched decisions and games per second of one process).

    python -m playtest.search.strength variants/stargate/draft5.yaml \\
        --search mcts:250,mcts:500,mcts:1000 --against greedy -n 100 --players 4

(`make strength` runs the issue's two line-ups.) A benchmark, not a test: the figures depend on
the machine; n games of each budget; the game is the independent unit of every interval.
Speeds are per process and in CPU time (`time.process_time`), so that other work sharing the
machine does not count against them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from playtest import rng
from playtest.analysis.stats import diff_proportions, mean_ci, wilson
from playtest.core.bots import make_bot
from playtest.errors import BotNameError, PlaytestError, UsageError
from playtest.games import get_game
from playtest.io import write_atomic
from playtest.search.mcts import SearchBot
from playtest.sim.batch import check_games, check_players, check_seed
from playtest.sim.runner import batch_gc, play_game
from playtest.variants import load_variant


@dataclass(frozen=True)
class GameOutcome:
    win_share: float
    lead: float
    """The search seat's total minus the mean total of the other seats."""
    iterations: int
    decisions: int
    seconds: float
    search_seconds: float


_CACHE: dict[str, Any] = {}


def play_one(variant_path: str, search: str, against: str, players: int, seed: int, game: int) -> GameOutcome:
    """Game `game`: the search bot sits in seat game % players, `against` everywhere else."""
    if _CACHE.get("path") != variant_path:
        variant = load_variant(variant_path)
        spec = get_game(variant.game)
        _CACHE.update(path=variant_path, spec=spec, rules=spec.make_rules(variant.model))
    spec, rules = _CACHE["spec"], _CACHE["rules"]
    seat = game % players
    bots = [make_bot(spec, search if s == seat else against, rules, s) for s in range(players)]
    bot = bots[seat]
    assert isinstance(bot, SearchBot)
    timed = _Timed(bot)
    bots[seat] = timed  # type: ignore[call-overload]
    started = time.process_time()
    with batch_gc():
        played = play_game(rules, bots, n_players=players, deal_rng=rng.stream(seed, game, rng.DEAL),
                           bot_rngs=[rng.stream(seed, game, rng.bot_stream(s)) for s in range(players)],
                           record=False)
    seconds = time.process_time() - started
    totals = [s.total for s in played.result.seats]
    others = [t for s, t in enumerate(totals) if s != seat]
    return GameOutcome(played.result.seats[seat].win_share, totals[seat] - sum(others) / len(others),
                       bot.iterations, bot.decisions, seconds, timed.seconds)


class _Timed:
    """Wraps a bot to time its decisions."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot, self.name, self.stochastic, self.seconds = bot, bot.name, bot.stochastic, 0.0

    def choose(self, view: Any, legal: Any, *, rng: Any) -> Any:
        t = time.process_time()
        action = self.bot.choose(view, legal, rng=rng)
        self.seconds += time.process_time() - t
        return action


def _play_chunk(args: tuple[str, str, str, int, int, list[int]]) -> list[GameOutcome]:
    path, search, against, players, seed, games = args
    return [play_one(path, search, against, players, seed, g) for g in games]


def measure(variant_path: str, search: str, against: str, players: int, n: int, seed: int,
            workers: int) -> dict[str, Any]:
    """Play n games and summarise them (one row of the benchmark's table)."""
    chunks = [list(range(w, n, workers)) for w in range(workers)]
    jobs = [(variant_path, search, against, players, seed, c) for c in chunks if c]
    started = time.perf_counter()
    if workers == 1:
        outcomes = _play_chunk(jobs[0])
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_chunk, jobs))
        # in game order, as one worker plays them: chunk by chunk ([0, 2, 4, 1, 3, 5]) the JSON's
        # outcomes, and the float sums over them, changed with --workers
        by_game = {g: o for job, part in zip(jobs, parts, strict=True) for g, o in zip(job[-1], part, strict=True)}
        outcomes = [by_game[g] for g in range(n)]
    wall = time.perf_counter() - started
    wins = sum(o.win_share for o in outcomes)
    rate, lo, hi = wilson(wins, n)
    lead, lead_lo, lead_hi = mean_ci([o.lead for o in outcomes])
    its = sum(o.iterations for o in outcomes)
    dec = sum(o.decisions for o in outcomes)
    search_s = sum(o.search_seconds for o in outcomes)
    game_s = sum(o.seconds for o in outcomes)
    return {
        "search": search, "against": against, "players": players, "n": n, "seed": seed,
        "win_rate": rate, "win_low": lo, "win_high": hi, "wins": wins,
        "lead": lead, "lead_low": lead_lo, "lead_high": lead_hi,
        "iterations_per_s": its / search_s if search_s else 0.0,
        "decisions_per_s": dec / search_s if search_s else 0.0,
        "games_per_s": n / game_s, "search_share": search_s / game_s,
        "iterations_per_decision": its / dec if dec else 0.0,
        "wall_seconds": wall, "workers": workers,
        "outcomes": [asdict(o) for o in outcomes],
    }


def doubling(rows: list[dict[str, Any]]) -> list[str]:
    """One sentence per consecutive pair of budgets: measurably stronger, or not."""
    out = []
    for a, b in zip(rows, rows[1:], strict=False):
        # The verdict is the interval's (Newcombe's, which keeps its coverage at small n); the
        # pooled z-test's p-value of diff_proportions is not shown: at a few games it can fall
        # below 0.05 while the interval still holds 0, and the line would contradict itself.
        d, lo, hi, _ = diff_proportions(b["wins"], b["n"], a["wins"], a["n"])
        verdict = ("measurably stronger" if lo > 0 else "measurably weaker" if hi < 0
                   else "not measurably different at this n (saturating, or too few games)")
        # percentage points: "win rate -8.3%" read as a relative change of the rate
        out.append(f"{b['search']} vs {a['search']}: win rate {100 * d:+.1f} pts [{100 * lo:+.1f}, "
                   f"{100 * hi:+.1f}]: {verdict}")
    return out


def check(variant_path: str, searches: list[str], against: str, players: int, n: int, seed: int,
          workers: int) -> None:
    """Every input checked before the first game (a bad one raised mid-run in a worker as a
    traceback): UsageError, BotNameError or VariantError, one line naming the option."""
    variant = load_variant(variant_path)
    spec = get_game(variant.game)
    rules = spec.make_rules(variant.model)
    check_players(variant, players, how="in the variant file")
    check_games(n)
    check_seed(seed)
    if workers < 1:
        raise UsageError(f"--workers {workers}: at least 1 worker process")
    if not searches:
        raise UsageError("--search: name at least one search bot, e.g. mcts:250,mcts:500")
    for name in searches:
        try:
            bot = make_bot(spec, name, rules, 0)
        except BotNameError as exc:
            raise UsageError(f"--search: {exc}") from None
        if not isinstance(bot, SearchBot):
            raise UsageError(f"--search {name}: not a search bot; name mcts:N or ismcts:N (with options), "
                             f"and the bot it plays against with --against")
    try:
        make_bot(spec, against, rules, 0)
    except BotNameError as exc:
        raise UsageError(f"--against: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m playtest.search.strength", description=__doc__.split("\n\n")[0])
    ap.add_argument("variant")
    ap.add_argument("--search", required=True, help="comma-separated search bots, e.g. mcts:250,mcts:500")
    ap.add_argument("--against", required=True, help="the bot in every other seat")
    ap.add_argument("-n", "--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--json", help="also write the rows (and every game's outcome) to this file")
    args = ap.parse_args(argv)
    searches = [s.strip() for s in args.search.split(",") if s.strip()]
    try:
        check(args.variant, searches, args.against, args.players, args.games, args.seed, args.workers)
    except PlaytestError as err:
        from playtest.cli.app import error_lines

        for line in error_lines(err):
            print(line, file=sys.stderr)
        return 2
    rows = []
    print(f"{args.variant}, {args.players} players, one search bot vs {args.against}, seats rotating, "
          f"n = {args.games} games per row, seed {args.seed}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
          f"fair share {1 / args.players:.0%}")
    print(f"{'bot':<34} {'win rate [95% CI]':<24} {'score lead [95% CI]':<24} {'it/s':>7} {'dec/s':>7} {'games/s':>8}")
    for search in searches:
        row = measure(args.variant, search, args.against, args.players, args.games, args.seed, args.workers)
        rows.append(row)
        print(f"{search:<34} {row['win_rate']:6.1%} [{row['win_low']:.1%}, {row['win_high']:.1%}]"
              f"{'':<4} {row['lead']:+6.2f} [{row['lead_low']:+.2f}, {row['lead_high']:+.2f}]"
              f"{'':<4} {row['iterations_per_s']:7.0f} {row['decisions_per_s']:7.2f} {row['games_per_s']:8.3f}",
              flush=True)
        if args.json:  # after every row: a long run stopped early keeps what it measured
            write_atomic(Path(args.json), json.dumps(rows, indent=1))
    for line in doubling(rows):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
