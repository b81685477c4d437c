"""Stargate speed for `make bench`: draft-5 games per second with random and greedy bots."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DRAFT5 = str(ROOT / "variants" / "stargate" / "draft5.yaml")
TARGETS = {"random": 5000, "greedy": 150}


def bench(seconds: float) -> list[dict]:
    """Rows (game, bots, players, processes, games_per_s, target_per_process, games): 4-player
    games back to back in this process with events recorded, then a whole `simulate` run
    (Parquet written) on every core."""
    from playtest.bench import all_cores, games_per_second
    from playtest.sim.batch import default_workers

    rows: list[dict] = []
    cores = default_workers()
    for bots in ("random", "greedy"):
        rate, n = games_per_second(DRAFT5, bots, 4, seconds)
        rows.append({"game": "stargate draft5", "bots": bots, "players": 4, "processes": 1,
                     "games_per_s": round(rate, 1), "target_per_process": TARGETS[bots], "games": n})
        n_all = max(400, int(rate * seconds * 4))
        rows.append({"game": "stargate draft5", "bots": bots, "players": 4, "processes": cores,
                     "games_per_s": round(all_cores(DRAFT5, bots, 4, n_all), 1),
                     "target_per_process": None, "games": n_all})
    return rows


if __name__ == "__main__":
    for row in bench(3.0):
        print(row)
