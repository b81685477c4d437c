"""Oh-Seven speed for `make bench`: 7-round matches per second at 4 and 8 players."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BASE = str(ROOT / "variants" / "ohseven" / "base.yaml")
TARGETS = {("random", 4): 2000, ("heuristic", 4): 500}


def bench(seconds: float) -> list[dict]:
    """Rows (game, bots, players, processes, games_per_s, target_per_process, games): matches
    played back to back in this process with events recorded, as `simulate` plays them, then
    whole `simulate` runs (Parquet written) on every core at 4 players."""
    from playtest.bench import all_cores, games_per_second
    from playtest.sim.batch import default_workers

    rows: list[dict] = []
    cores = default_workers()
    for bots in ("random", "heuristic"):
        for players in (4, 8):
            rate, n = games_per_second(BASE, bots, players, seconds)
            rows.append({"game": "ohseven base", "bots": bots, "players": players, "processes": 1,
                         "games_per_s": round(rate, 1), "target_per_process": TARGETS.get((bots, players)),
                         "games": n})
            if players == 4 and cores > 1:
                n_all = max(200, int(rate * seconds * 2))
                rows.append({"game": "ohseven base", "bots": bots, "players": players, "processes": cores,
                             "games_per_s": round(all_cores(BASE, bots, players, n_all), 1),
                             "target_per_process": None, "games": n_all})
    return rows


if __name__ == "__main__":
    for row in bench(3.0):
        print(row)
