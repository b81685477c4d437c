"""`playtest compare A.yaml B.yaml [C.yaml ...]`: every metric side by side, paired differences."""

from __future__ import annotations

import math
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

from playtest.cli.app import app
from playtest.cli.common import (
    PLAYERS_HELP,
    SetOption,
    from_bots_option,
    load_each,
    make_console,
    out_console,
    print_notes,
    split_bots,
    status_console,
)
from playtest.errors import UsageError
from playtest.io import (
    check_free,
    check_not_input,
    check_output_path,
    default_output,
    default_place,
    staged_dir,
    write_atomic,
)

if TYPE_CHECKING:
    from rich.table import Table

    from playtest.core.spec import MetricInfos

# Heavy libraries (polars, scipy, altair) are imported inside the commands: `playtest --help`
# and `playtest validate` start in a fraction of a second.

FORMATS = ("text", "md", "json")


def parse_seeds(text: str, n_variants: int, independent: bool = False) -> list[int]:
    """`7` → the same seed for every variant (common random numbers); `1,2` → one per variant;
    `7` with `independent` → 7, 8, 9, ... (each variant its own games)."""
    parts = text.split(",")
    for i, part in enumerate(parts, 1):
        if not part.strip():  # `1,` is not one seed for every variant: a seed left out
            raise UsageError(f"--seed {text}: seed {i} is empty (give one integer, or one per variant)")
    try:
        seeds = [int(s) for s in parts]
    except ValueError:
        raise UsageError(f"--seed {text}: expected an integer, or one integer per variant separated by commas") from None
    from playtest.sim.batch import check_seed

    for s in seeds:  # every seed, before any variant is played (not only the first's)
        check_seed(s)
    if len(seeds) == 1 and independent and seeds[0] + n_variants - 1 >= 2**63:
        raise UsageError(f"--seed {seeds[0]}: with --independent-seeds the {n_variants} variants play seeds --seed to "
                         f"--seed + {n_variants - 1}, so --seed must be from 0 to 2**63 - {n_variants}")
    if len(seeds) == 1:
        return [seeds[0] + i for i in range(n_variants)] if independent else seeds * n_variants
    if independent:
        raise UsageError("--independent-seeds takes one --seed (the first variant's); the others follow it")
    if len(seeds) != n_variants:
        raise UsageError(f"--seed names {len(seeds)} seeds for {n_variants} variants (give one, or one per variant)")
    return seeds


def check_format(fmt: str, allowed: tuple[str, ...]) -> None:
    if fmt not in allowed:
        raise UsageError(f"--format {fmt}: expected one of {', '.join(allowed)}")


def check_output_dir(out_dir: Path, force: bool, inputs: list[Path]) -> None:
    """An output folder given to compare/sweep/diff: checked before anything is simulated."""
    check_output_path(out_dir, "--out", folder=True)
    check_not_input(out_dir, inputs, "--out")
    check_free(out_dir, force, "--out")


def command_line() -> str:
    return "playtest " + " ".join(shlex.quote(a) for a in sys.argv[1:])


HEADLINE_METRICS = frozenset({
    "win_rate_by_seat", "first_player_advantage", "win_rate_by_bot", "game_length_rounds", "tie_rate",
    "margin_of_victory",
})
"""Rows the terminal table always shows, with those of the game's metrics it declares headline
(GameSpec.metric_info, `MetricInfo.headline`); the others only when their difference is notable."""


def is_headline(metric: str, declared: MetricInfos) -> bool:
    own = declared.get(metric)
    return metric in HEADLINE_METRICS or (own is not None and own.headline)


def terminal_tables(rows: list[dict], labels: tuple[str, ...], width: int, interval: str = "95% interval (unadjusted)",
                    declared: MetricInfos | None = None, label: Callable[[str], str] = str) -> list[Table]:
    """The terminal's metric table: every variant side by side when it fits in `width` columns,
    else one table per variant against the first (its value, the first's, the difference). Seven
    variants side by side were 33 columns cut to '…' at 120 columns. The files keep one table."""
    from rich.measure import Measurement

    wide = terminal_table(rows, labels, interval, declared, label)
    unbounded = make_console(width=100_000)  # a measurement is clamped to the console's width
    if len(labels) <= 2 or Measurement.get(unbounded, unbounded.options, wide).maximum <= width:
        return [wide]
    return [terminal_table(rows, (labels[0], other), interval, declared, label,
                           title=f"Metrics: {other} against {labels[0]} ({i} of {len(labels) - 1})")
            for i, other in enumerate(labels[1:], 1)]


def terminal_table(rows: list[dict], labels: tuple[str, ...], interval: str = "95% interval (unadjusted)",
                   declared: MetricInfos | None = None, label: Callable[[str], str] = str,
                   title: str = "Metrics") -> Table:
    from rich.table import Table

    from playtest.analysis import columns as C
    from playtest.compare import render
    table = Table(title=Text(title), title_justify="left", show_edge=False, pad_edge=False)
    # Variant labels, groups and values as plain Text: rich would read "v[red]w" as markup.
    # Every cell folds onto another line rather than end in '…' where its column is narrow: an
    # interval read '-8.9 pts … -3.3' (its unit cut), a crew 'アームストロン…', a draft 'draft6-crew-va…'.
    table.add_column(Text("metric"), overflow="fold")
    table.add_column(Text("group"), overflow="fold")
    for col in labels:
        table.add_column(Text(col), justify="right", overflow="fold")
    for lb in labels[1:]:
        table.add_column(Text(f"{lb} − {labels[0]}"), justify="right", overflow="fold")
        table.add_column(interval, justify="right", overflow="fold")
        table.add_column("p (Holm)", justify="right", overflow="fold")
        table.add_column("")
    for row in rows:
        m = row["metric"]
        cells = [render.metric_title(m, declared), label(row["group"])]
        cells += [render.value_cell(row, lb, declared) for lb in labels]
        notable = False
        for lb in labels[1:]:
            d = row["differences"][lb]
            if d is None:
                cells += ["–", "", "", ""]
                continue
            notable = notable or bool(d["notable"])
            cells += [render.fmt_diff(d[C.ESTIMATE], m, declared),
                      render.fmt_diff_ci(d[C.CI_LOW], d[C.CI_HIGH], m, declared),
                      render.F.p_value(d["p_holm"]) or render.untested_text(d), "★" if d["notable"] else ""]
        table.add_row(*map(Text, cells), style="bold yellow" if notable else None)
    return table


VERDICT_LINES = 12
"""The terminal's verdict: at most this many differences per variant, the clearest first (the
files list every one): five drafts against draft 5 gave 245 lines before the table."""


@app.command()
def compare(
    variants: Annotated[list[Path], typer.Argument(help="Two or more variant YAML files; the first is the baseline.", metavar="VARIANT")],
    n: Annotated[int, typer.Option("-n", "--games", help="Games per variant.", min=2)] = 1000,
    players: Annotated[int | None, typer.Option("--players", "-p", help=PLAYERS_HELP)] = None,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bots by seat, or one name for every seat.")] = "random",
    seed: Annotated[str, typer.Option("--seed", help="Root seed shared by every variant (common random numbers), "
                                      "or one seed per variant separated by commas (independent runs).")] = "0",
    independent_seeds: Annotated[bool, typer.Option("--independent-seeds", help="Give variant i the seed --seed + i: "
                                                    "independent games instead of common random numbers (an honest "
                                                    "A/A check of a variant against a copy of itself).")] = False,
    alpha: Annotated[float, typer.Option("--alpha", help="Family-wise significance level (Holm over the distinct, non-constant tests of "
                                                 "every variant against the first, one family).", min=0.0001, max=0.5)] = 0.05,
    min_effect: Annotated[float, typer.Option("--min-effect", help="Smallest difference worth highlighting for rates, at most 1 (0.02 = 2 percentage points).", min=0)] = 0.02,
    min_rel_effect: Annotated[float, typer.Option("--min-rel-effect", help="... and for other metrics, as a fraction of the baseline (0.05 = 5%).", min=0)] = 0.05,
    fmt: Annotated[str, typer.Option("--format", "-f", help="What to print: text (terminal table), md or json.")] = "text",
    all_rows: Annotated[bool, typer.Option("--all", help="Print every metric in the terminal table and every notable difference in the "
                                           "verdict (default: the headline metrics and every notable difference in the table, "
                                           f"at most {VERDICT_LINES} differences per variant in the verdict; files hold all).")] = False,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Output folder (default reports/compare-<time>): runs, compare.html/.md/.json.")] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (0 = every core; at most the cores there are).", min=0)] = 0,
    force: Annotated[bool, typer.Option("--force", help="Replace --out if it exists (only once the new comparison is complete).")] = False,
    set_: SetOption = None,
) -> None:
    """Simulate every variant on the same deals and bot dice and compare them metric by metric.

    With one --seed every variant plays the same deals and bot dice (common random numbers):
    differences are measured precisely, but a copy that changes nothing (even only its title)
    replays the very same games, so every difference is exactly 0. Give one seed per variant
    (--seed 1,2) or --independent-seeds for independent games.

    Prints the verdict first (each difference that is significant and notable, in words with its
    interval), then the rule keys that differ, then every metric of the report for each variant,
    the difference from the first variant with its interval (95%, or 1 − --alpha) and Holm-adjusted
    p-value (one family over every variant's differences); ★ marks a difference that is significant and at least --min-effect (rates) or
    --min-rel-effect (other metrics). Metrics with one value in every game of both (constants in the games
    played) and duplicate tests are shown but not counted in Holm's family. --set overrides apply to every variant. Writes compare.html (self-contained,
    offline), compare.md and compare.json to --out.
    """
    from playtest.compare import render
    from playtest.compare.compare import Settings, compare_samples, unique_labels
    from playtest.compare.runs import Runs, common_lineup
    from playtest.sim.batch import RunConfig, check_disk, check_games, check_run
    check_format(fmt, FORMATS)
    for name, value in (("--min-effect", min_effect), ("--min-rel-effect", min_rel_effect)):
        if not math.isfinite(value):  # inf passed the range check and was written into compare.json as Infinity (not JSON)
            raise UsageError(f"{name} {value}: must be a finite number ≥ 0")
    if min_effect > 1:  # no rate differs by more than 1: every difference read "smaller than the stated minimum"
        hint = f" ({min_effect:g} percentage points are {min_effect / 100:g})" if min_effect <= 100 else ""
        raise UsageError(f"--min-effect {min_effect:g}: a difference of rates is at most 1{hint}")
    if len(variants) < 2:
        raise UsageError("compare needs at least two variant files")
    loaded = load_each(variants, set_)
    seeds = parse_seeds(seed, len(loaded), independent_seeds)
    try:
        players, lineup = common_lineup(loaded, players, split_bots(bots))
    except UsageError as err:
        raise from_bots_option(err) from None
    labels = unique_labels([v.slug for v in loaded])
    out_dir = out if out is not None else default_output(Path("reports") / f"compare-{time.strftime('%Y%m%d-%H%M%S')}")
    with default_place(out_dir, given=out is not None):
        check_output_dir(out_dir, force, [Path(p) for v in loaded for p in v.chain])
    config = RunConfig(n_games=n, players=players, lineup=lineup, seed=seeds[0], workers=workers, command=command_line())
    check_games(n, least=2)  # (-n takes 2 or more: check_run would say "from 1")
    check_run(config)
    with default_place(out_dir, given=out is not None):
        # every variant's run, before the first is played (each run's own check came after the
        # runs before it, hours in for a large -n, and after the line below)
        check_disk(config, out_dir, runs=len(loaded), reports=True)
    print_notes(loaded, workers=workers)  # once every check has passed (print_notes)
    status = status_console()
    status.print(f"simulating {n} games of each of {len(loaded)} variants …")
    with default_place(out_dir, given=out is not None), staged_dir(out_dir, force=force, option="--out") as staging:
        runs = Runs(loaded, labels, config, staging / "runs", seeds)
        samples = runs.grow_to(n)
        cmp = compare_samples(samples, labels, [v.resolved for v in loaded],
                              settings=Settings(alpha=alpha, min_effect=min_effect, min_rel_effect=min_rel_effect))
        run = {"players": players, "lineup": list(lineup), "seeds": seeds, "games": n, "command": config.command,
               "set": list(set_ or []),
               "variants": [{"label": lb, "path": v.path, "hash": v.hash, "name": v.name}
                            for lb, v in zip(labels, loaded, strict=True)]}
        md = render.compare_markdown(cmp, run)
        js = render.compare_json(cmp, run)
        write_atomic(staging / "compare.md", md)
        write_atomic(staging / "compare.json", js)
        write_atomic(staging / "compare.html", render.compare_html(cmp, run))
    if fmt == "md":
        typer.echo(md, nl=False)
    elif fmt == "json":
        typer.echo(js)
    else:
        console = out_console()
        verdict = render.verdict_lines(cmp, run)
        console.print("Verdict", style="bold")
        console.print(verdict[0], markup=False, highlight=False)
        for label, sentences in render.notable_by_variant(cmp):
            shown_here = (sentences if all_rows else
                          [sentences[i] for i in render.first_of_each_metric(cmp, label, VERDICT_LINES)])
            for line in shown_here:
                console.print(f"  ★ {line}", markup=False, highlight=False)
            if len(shown_here) < len(sentences):
                console.print(f"  … and {len(sentences) - len(shown_here)} more for {label} (compare.md lists every "
                              "one; --all prints them here)", markup=False, highlight=False)
        for note in render.unread_notes(cmp, run):
            console.print(note.text(), markup=False, highlight=False)
        if few := render.few_games_line(cmp.games):
            console.print(few, markup=False, highlight=False)
        console.print()
        console.print("Rule changes", style="bold")
        for line in render.changes_lines(cmp, run):
            console.print(line, markup=False, highlight=False)
        console.print()
        if off := render.switched_off_lines(cmp):
            console.print(render.OFF_HEADING, style="bold", markup=False, highlight=False)
            for line in off:
                console.print(f"  {line}", markup=False, highlight=False)
            console.print()
        rows = render.wide_rows(cmp)
        shown = rows if all_rows else [r for r in rows if is_headline(r["metric"], cmp.declared) or any(
            d is not None and d["notable"] for d in r["differences"].values())]
        for i, table in enumerate(terminal_tables(shown, cmp.labels, console.width, render.interval_header(cmp),
                                                  cmp.declared, cmp.label)):
            if i:
                console.print()
            console.print(table)
        if len(shown) < len(rows):
            # 'none with a notable difference' read as 'none changed much' (README: notable = large
            # enough), where 6 games hid 30-point shifts that were not significant.
            console.print(f"{len(rows) - len(shown)} more rows, none with a difference both significant and notable, "
                          "are in "
                          f"{out_dir / 'compare.md'} and compare.html (--all prints them here).")
        console.print()
        console.print(render.settings_line(cmp, run), markup=False, highlight=False)
    status.print(f"wrote {out_dir / 'compare.html'}, compare.md, compare.json")
