"""Metric builders: hand-built tables with known answers, and a real run checked against
independent polars computations."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from playtest.analysis import columns as C
from playtest.analysis import common
from playtest.analysis.metrics import all_metrics
from playtest.analysis.stats import wilson
from playtest.games.stargate import metrics as stargate


def games_table(rows):
    """(game, seat, total, win_share, rounds) → a games table with one score part."""
    return pl.DataFrame(
        [{"game": g, "seed": 0, "seat": s, "bot": f"b{(s + g) % 2}", "score_a": t - 1.0, "score_b": 1.0, "total": t,
          "rank": 1, "win_share": w, "rounds": r, "turns": 4 * r} for g, s, t, w, r in rows],
        schema_overrides={"seat": pl.Int8},
    )


GAMES = games_table([
    (0, 0, 10, 1.0, 3), (0, 1, 7, 0.0, 3),
    (1, 0, 9, 0.5, 4), (1, 1, 9, 0.5, 4),
    (2, 0, 5, 0.0, 3), (2, 1, 8, 1.0, 3),
    (3, 0, 12, 1.0, 3), (3, 1, 2, 0.0, 3),
])


def one(df: pl.DataFrame, metric: str, group: str) -> dict:
    rows = df.filter((pl.col(C.METRIC) == metric) & (pl.col(C.GROUP) == group)).to_dicts()
    assert len(rows) == 1, (metric, group, rows)
    return rows[0]


def test_hand_built_outcomes():
    out = common.outcome_shape(GAMES)
    assert one(out, "margin_of_victory", "all")[C.ESTIMATE] == pytest.approx((3 + 0 + 3 + 10) / 4)
    assert one(out, "tie_rate", "all")[C.ESTIMATE] == pytest.approx(0.25)
    assert one(out, "points_tie_rate", "all")[C.ESTIMATE] == pytest.approx(0.25)
    assert one(out, "game_length_share", "3 rounds")[C.ESTIMATE] == pytest.approx(0.75)
    fpa = one(common.first_player_advantage(GAMES), "first_player_advantage", "seat 1")
    assert fpa[C.ESTIMATE] == pytest.approx(2.5 / 4 - 0.5)
    _, lo, hi = wilson(2.5, 4)
    assert (fpa[C.CI_LOW], fpa[C.CI_HIGH]) == pytest.approx((lo - 0.5, hi - 0.5))
    bal = one(common.balance(GAMES), "balance", "seats")
    assert bal[C.ESTIMATE] == pytest.approx(1 - (2.5 - 1.5) / 4)
    assert bal[C.CI_LOW] <= bal[C.ESTIMATE] <= bal[C.CI_HIGH]


def test_a_one_round_game_length_reads_1_round():
    """A draft whose round_cap is 1 read 'Games of this length, 1 rounds' (compare) and 'Share of
    games lasting 1 rounds' (ladder), in Stargate and New Frontiers alike (both from the
    outcome table every game's report holds)."""
    short = games_table([(0, 0, 5, 1.0, 1), (0, 1, 3, 0.0, 1), (1, 0, 4, 0.0, 2), (1, 1, 6, 1.0, 2)])
    shares = common.outcome_shape(short).filter(pl.col(C.METRIC) == "game_length_share")
    assert shares[C.GROUP].to_list() == ["1 round", "2 rounds"]


def test_leader_after_round():
    events = pl.DataFrame(
        [{"game": g, "round": r, "seat": s, "kind": "round_end", "score": sc}
         for g, r, s, sc in [(0, 1, 0, 5.0), (0, 1, 1, 3.0), (1, 1, 0, 2.0), (1, 1, 1, 2.0),
                             (2, 1, 0, 6.0), (2, 1, 1, 1.0), (3, 1, 0, 1.0), (3, 1, 1, 4.0)]],
        schema_overrides={"seat": pl.Int8})
    row = one(common.leader_wins(GAMES, events), "leader_after_round_wins", "round 1")
    # game 0: seat 0 leads, wins; game 1 tied lead (left out); game 2: seat 0 leads, loses; game 3: seat 1 leads, loses.
    assert (row[C.ESTIMATE], row[C.N]) == (pytest.approx(1 / 3), 3)


def test_a_game_s_last_round_is_not_a_leader_going_on_to_win():
    """After a game's last round its leader is the winner by definition where the final score is
    the running one: a 5-round Oh-Seven draft read 'round 5: 100%' against the 7-round base's
    72%, and compare starred it. Round r counts only the games that go on after it."""
    events = pl.DataFrame(
        [{"game": g, "round": r, "seat": s, "kind": "round_end", "score": sc}
         for g, r, s, sc in [(0, 3, 0, 10.0), (0, 3, 1, 7.0), (1, 3, 0, 6.0), (1, 3, 1, 4.0), (2, 3, 0, 5.0),
                             (2, 3, 1, 8.0), (3, 3, 0, 12.0), (3, 3, 1, 2.0), (1, 4, 0, 9.0), (1, 4, 1, 9.0)]],
        schema_overrides={"seat": pl.Int8})
    out = common.leader_wins(GAMES, events)
    row = one(out, "leader_after_round_wins", "round 3")
    assert (row[C.ESTIMATE], row[C.N]) == (pytest.approx(0.5), 1)  # game 1 alone goes on (to round 4): a shared win
    assert out.filter(pl.col(C.GROUP) == "round 4").is_empty()  # game 1's last round, a tie anyway


def test_score_distribution_rows():
    df = common.score_distribution(GAMES)
    assert one(df, "score_mean", "seat 1 / total")[C.ESTIMATE] == pytest.approx(9.0)
    assert one(df, "score_median", "all / total")[C.ESTIMATE] == pytest.approx(8.5)
    assert one(df, "score_sd", "b0 / a")[C.N] == 4
    assert set(df[C.METRIC]) == {"score_mean", "score_sd", "score_q10", "score_q25", "score_median", "score_q75", "score_q90"}


def test_real_run_against_independent_computation(stargate_run):
    info, games, events = stargate_run
    m = all_metrics(info, games, events)
    assert m.schema == pl.Schema(C.METRIC_SCHEMA)
    assert m.select(C.METRIC, C.GROUP).is_duplicated().sum() == 0
    assert m[C.DEFINITION].str.len_chars().min() > 10
    # Seat win rates = mean win share by seat.
    for seat, rate in games.group_by("seat").agg(pl.col("win_share").mean()).iter_rows():
        assert one(m, "win_rate_by_seat", f"seat {seat + 1}")[C.ESTIMATE] == pytest.approx(rate)
    # Crew pick rate by round = count / turns in that round.
    dec = events.filter(pl.col("kind") == "decision")
    r1 = dec.filter(pl.col("round") == 1)
    bays = r1.filter(pl.col("crew") == "bays").height
    assert one(m, "crew_pick_rate_by_round", "round 1 / bays")[C.ESTIMATE] == pytest.approx(bays / r1.height)
    # VP share by source = sum of the part / sum of totals.
    share = games["score_color"].sum() / games["total"].sum()
    assert one(m, "vp_share_by_source", "color")[C.ESTIMATE] == pytest.approx(share)
    # Planet fill rate over all dealt planets.
    final = events.filter(pl.col("kind") == "planet_final")
    full = (final["slots_filled"] == final["slots_total"]).mean()
    assert one(m, "planet_fill_rate", "all")[C.ESTIMATE] == pytest.approx(full)
    # Lift = crew win rate − 1/4.
    for crew in dec["crew"].unique():
        assert (one(m, "crew_win_lift", crew)[C.ESTIMATE]
                == pytest.approx(one(m, "crew_win_rate", crew)[C.ESTIMATE] - 0.25))
    # Every interval that exists brackets its estimate.
    iv = m.filter(pl.col(C.CI_LOW).is_not_null() & pl.col(C.CI_LOW).is_not_nan())
    bad = iv.filter((pl.col(C.CI_LOW) > pl.col(C.ESTIMATE) + 1e-9) | (pl.col(C.CI_HIGH) < pl.col(C.ESTIMATE) - 1e-9))
    assert bad.height == 0, bad
    # The game hook contributes the Stargate tables.
    assert {t for t, _ in stargate.summary_tables(games, events)} >= {"Crew pick rate by round", "VP by source"}


@pytest.mark.parametrize("variant", ["variants/stargate/draft5.yaml", "variants/ohseven/base.yaml"])
def test_the_sections_holding_a_metric_give_its_rows_unchanged(variant, tmp_path):
    """`diff` computes only the report sections its gates read: every metric must come out of
    them exactly as from the whole report (common and game sections alike)."""
    from playtest.analysis.metrics import GAME, section_keys, sections
    from playtest.sim.batch import RunConfig, read_run, run_batch
    from playtest.variants import load_variant
    from tests.conftest import ROOT

    run_batch(load_variant(ROOT / variant), RunConfig(n_games=12, players=4, lineup=("random",) * 4, seed=3,
                                                      workers=1), tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    everything = all_metrics(info, games, events)
    found = sections(info, games, events)
    assert {GAME, "seats"} <= {GAME if s.game else s.key for s in found}
    for metric in everything[C.METRIC].unique().to_list():
        keys = section_keys(found, [metric])
        assert keys and len(keys) < len(found)  # some sections are skipped
        part = all_metrics(info, games, events, keys)
        assert part.filter(pl.col(C.METRIC) == metric).equals(everything.filter(pl.col(C.METRIC) == metric)), metric


def test_leader_wins_sums_the_shares_as_the_join_did():
    """The leaders' win shares matched by arrays (f193385) are summed as the polars join summed
    them: numpy's pairwise sum of sixteen shares of 1/3 is 5.333333333333333 where polars' is
    …332, so the estimate moved in its last bit on runs with three-way shared wins."""
    rows, events = [], []
    for g in range(16):
        for s in range(4):  # seat 0 leads after round 1 and shares the win with seats 1 and 2
            rows.append((g, s, 10 if s < 3 else 1, 1 / 3 if s < 3 else 0.0, 2))
            events.append({"game": g, "round": 1, "seat": s, "kind": "round_end", "score": 5.0 if s == 0 else 1.0})
    games = games_table(rows)
    events = pl.DataFrame(events, schema_overrides={"seat": pl.Int8})
    row = one(common.leader_wins(games, events), "leader_after_round_wins", "round 1")
    wins = float(pl.DataFrame({"won": [1 / 3] * 16})["won"].sum())  # the join's column, summed
    assert row[C.N] == 16
    assert row[C.ESTIMATE] == wilson(wins, 16)[0]


@pytest.mark.parametrize("variant, bots, counted, seat_one", [
    ("variants/stargate/draft5.yaml", ("random",) * 4, "turns (one per crew taken)", "the start player of round 1"),
    ("variants/ohseven/base.yaml", ("random",) * 4, "decisions (every bid", "the dealer of round 1, the last to bid in it when bids are made in turn (bidding.mode: in_turn)"),
    ("variants/new-frontiers/base.yaml", ("random",) * 2, "decisions (every action selected",
     "first on the turn-order track at the start"),
])
def test_game_length_in_turns_says_what_the_game_counts_as_a_turn(variant, bots, counted, seat_one, tmp_path):
    """`GameResult.turns` is one per crew taken in Stargate, but every bid and card in Oh-Seven
    (224 in a 4-player match without rebids) and every decision in New Frontiers (about 200 in a
    4-player game of 13 rounds): the definition read 'Mean number of turns a game lasts' in all
    three, which a designer reads as one go per player. So with seat 1's advantage, which called
    seat 1 the start player in every game: Oh-Seven's seat 1 deals round 1 and bids last in it when
    bids are made in turn (they are made at once in the base game, where "bids last" read wrong)."""
    from playtest.sim.batch import RunConfig, read_run, run_batch
    from playtest.variants import load_variant
    from tests.conftest import ROOT

    run_batch(load_variant(ROOT / variant), RunConfig(n_games=2, players=len(bots), lineup=bots, seed=3, workers=1),
              tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    row = one(all_metrics(info, games, events), "game_length_turns", "all")
    assert row[C.DEFINITION].startswith(f"Mean number of {counted}"), row[C.DEFINITION]
    assert row[C.ESTIMATE] == pytest.approx(games.group_by("game").agg(pl.col("turns").first())["turns"].mean())
    seat = one(all_metrics(info, games, events), "first_player_advantage", "seat 1")
    assert seat[C.DEFINITION] == (f"Seat 1's win rate minus the fair share 1/{len(bots)} (positive = seat 1 is "
                                  f"favoured); seat 1 is {seat_one}.")


def test_win_rate_by_bot_has_no_interval_in_self_play_where_1_over_p_is_fixed():
    """In self-play every game gives the one bot 1 win of P seats: 50% is the rules' arithmetic, and
    an interval (it read 25.0% [20.4, 30.2] in a 4-player run) would suggest a sampling error."""
    mixed = one(common.bot_win_rates(GAMES), "win_rate_by_bot", "b0")
    assert mixed[C.CI_LOW] is not None and mixed[C.CI_LOW] < mixed[C.ESTIMATE] < mixed[C.CI_HIGH]
    alone = one(common.bot_win_rates(GAMES.with_columns(pl.lit("b0").alias("bot"))), "win_rate_by_bot", "b0")
    assert (alone[C.ESTIMATE], alone[C.CI_LOW], alone[C.CI_HIGH]) == (0.5, None, None)
    assert alone[C.DEFINITION].startswith("Every seat of every game is this bot")


def test_a_crew_no_one_took_is_a_zero_row_of_the_pick_rates_not_left_out(tmp_path):
    """A draft's new crew that no bot ever takes was missing from every crew table (the crews came
    from the games' picks): the report never said "no one took it", and a gate on its pick rate
    was refused as naming a group the runs do not have. It is a 0% row, with the interval of a
    crew taken in none of these games (the same as Bays never taken first)."""
    from playtest.analysis.metrics import sections
    from playtest.sim.batch import RunConfig, read_run, run_batch
    from playtest.variants import load_variant
    from tests.conftest import ROOT

    draft = tmp_path / "cursed.yaml"
    draft.write_text(f"extends: {ROOT / 'variants/stargate/draft5.yaml'}\nname: cursed\ncrews:\n"
                     "  - id: cursed\n    time: 0\n    skill: [{effect: color_vp, colors: [red, blue, yellow, green], "
                     "amount: -5, count: on_board}]\n", encoding="utf-8")
    run_batch(load_variant(draft), RunConfig(n_games=6, players=4, lineup=("greedy",) * 4, seed=1, workers=1),
              tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    assert "cursed" not in events["crew"].to_list()  # no one took it
    m = all_metrics(info, games, events)
    for metric in ("crew_pick_rate", "crew_first_pick_rate"):
        cursed, bays = one(m, metric, "cursed"), one(m, metric, "bays")
        assert cursed[C.ESTIMATE] == 0.0 and cursed[C.CI_LOW] == 0.0 and 0.0 < cursed[C.CI_HIGH] < 1.0
        assert cursed[C.N] == bays[C.N]
    assert one(m, "crew_first_pick_rate", "cursed")[C.CI_HIGH] == one(m, "crew_first_pick_rate", "bays")[C.CI_HIGH]
    titles = {s.title: s.table for s in sections(info, games, events)}
    assert "cursed" in titles["Crew pick rate (all turns)"][C.GROUP].to_list()
    # a run that records no variant this version can read keeps the crews its games show
    old = {**info, "variant": {"hash": "", "resolved": {"game": "stargate"}}}
    assert "cursed" not in all_metrics(old, games, events).filter(pl.col(C.METRIC) == "crew_pick_rate")[C.GROUP]


def test_a_development_no_one_bought_is_a_zero_row_of_the_purchase_rates(tmp_path):
    """New Frontiers' purchase rates came from the games' purchases: a development priced out of
    reach (cost 30) was missing from the table, as if the draft had no such tile. It is a 0% row,
    like Stargate's crew no one took; its win lift has no owners to measure and stays out."""
    from playtest.sim.batch import RunConfig, read_run, run_batch
    from playtest.variants import load_variant
    from tests.conftest import ROOT

    draft = tmp_path / "pricey.yaml"
    draft.write_text(f"extends: {ROOT / 'variants/new-frontiers/base.yaml'}\nname: pricey\n"
                     "developments:\n  - {id: d01, cost: 30}\n", encoding="utf-8")
    run_batch(load_variant(draft), RunConfig(n_games=3, players=2, lineup=("greedy",) * 2, seed=1, workers=1),
              tmp_path / "run")
    info, games, events = read_run(tmp_path / "run")
    assert "d01" not in events.filter(pl.col("kind") == "develop")["item"].to_list()
    m = all_metrics(info, games, events)
    row = one(m, "development_purchase_rate", "d01")
    assert (row[C.ESTIMATE], row[C.CI_LOW], row[C.N]) == (0.0, 0.0, 3) and 0.0 < row[C.CI_HIGH] < 1.0
    assert m.filter((pl.col(C.METRIC) == "development_win_lift") & (pl.col(C.GROUP) == "d01")).height == 0
    offered = {d["id"] for d in info["variant"]["resolved"]["developments"]}
    assert set(m.filter(pl.col(C.METRIC) == "development_purchase_rate")[C.GROUP].to_list()) == offered


def test_a_game_table_already_a_metric_table_is_kept_as_it_is_and_another_is_made_one():
    """A game's summary table built with columns.metric_frame is used as it is (compare's
    jackknife asks for every table of every block); one with its columns in another order, of
    other types, or with more columns is still brought to the metric table's schema."""
    from playtest.analysis.metrics import _as_metric_table

    table = C.metric_frame([{C.METRIC: "m", C.GROUP: "g", C.ESTIMATE: 0.5, C.N: 4, C.DEFINITION: "d."}])
    assert _as_metric_table(table) is table
    other = table.with_columns(pl.col(C.N).cast(pl.Int32), pl.lit(1).alias("extra")).select(["extra", *reversed(table.columns)])
    fixed = _as_metric_table(other)
    assert fixed.schema == table.schema and fixed.equals(table)


def test_drop_off_keeps_the_very_table_when_no_row_is_switched_off_and_drops_only_covered_rows():
    """drop_off runs on every section of every block of compare's jackknife and again on their
    whole table: where no row goes, the table is returned as it is, not filtered."""
    from playtest.analysis.offs import drop_off
    from playtest.core.spec import Off

    table = C.metric_frame([{C.METRIC: "score_mean", C.GROUP: g, C.ESTIMATE: 1.0} for g in ("all / a", "all / b")]
                           + [{C.METRIC: "rebids_mean", C.GROUP: "mean per round", C.ESTIMATE: 0.0}])
    elsewhere = Off("x", "y", (("score_mean", "* / c"), ("share_*", "*")))
    assert drop_off(table, (elsewhere,)) is table
    off = Off("x", "y", (("score_mean", "* / b"), ("rebids_*", "*")))
    assert drop_off(table, (off,)).select(C.METRIC, C.GROUP).rows() == [("score_mean", "all / a")]



def test_every_section_but_refuses_a_key_that_names_no_section():
    """`every_section_but("sample-size")` (a misspelt key) computed the section it meant to leave
    out, and said nothing; its callers' keys are real ones."""
    from playtest.analysis.calibration import SKIPPED_SECTIONS
    from playtest.analysis.metrics import COMMON_SECTIONS, GAME, every_section_but
    from playtest.compare.metrics import DESIGN_SECTION
    from playtest.ladder.skill import SKIP_SECTIONS

    every = {key for key, _, _ in COMMON_SECTIONS} | {GAME}
    assert every_section_but("sample_size") == every - {"sample_size"}
    with pytest.raises(ValueError, match=r"^every_section_but: no report section 'sample-size' \(the sections: "):
        every_section_but("bots", "sample-size")
    assert {DESIGN_SECTION, *SKIPPED_SECTIONS, *SKIP_SECTIONS} <= every


@pytest.mark.parametrize(("players", "names"), [(4, 3), (15, 20)])  # 21^15 > 2^62: the line-up as text
def test_game_lineups_codes_each_game_s_bots_by_seat_without_a_string_per_game(monkeypatch, players, names):
    """The line-up of each game was its bots joined into one string, and numpy's unique of those
    Python strings: 4.4 s a call on a 10^6-game scan (a report makes several), which took the seat
    and bot rows from 3-5 s and ~420 MB to 30-34 s and ~1.1 GB. Now one integer a game where it
    fits; the same line-ups, numbered the same whatever the row order."""
    from playtest.analysis.common import game_lineups

    rng = np.random.default_rng(players)
    bots = [f"bot,{i}" if i % 2 else f"b{i}:x" for i in range(names)]
    n = 60
    lineup = [[bots[int(b)] for b in rng.integers(0, names, players)] for _ in range(3)]
    games = pl.DataFrame({"game": np.repeat(np.arange(n), players), "seat": np.tile(np.arange(players), n).astype(np.int8),
                          "bot": [lineup[(g // 7) % 3][(s + g) % players] for g in range(n) for s in range(players)]})
    seen: list[np.dtype] = []
    unique = np.unique

    def spy(values, *args, **kwargs):
        seen.append(np.asarray(values).dtype)
        return unique(values, *args, **kwargs)

    monkeypatch.setattr(np, "unique", spy)
    got = game_lineups(games)
    shuffled = game_lineups(games.sample(fraction=1.0, shuffle=True, seed=1).lazy())
    monkeypatch.undo()
    text = [",".join(games.filter(pl.col("game") == g).sort("seat")["bot"]) for g in range(n)]
    _, expected = np.unique(text, return_inverse=True)
    assert got is not None and shuffled is not None
    assert got.games.tolist() == list(range(n))
    # the same partition of the games into line-ups, and the same numbering from any row order
    assert len(set(zip(got.codes.tolist(), expected.tolist(), strict=True))) == len(set(expected.tolist()))
    assert shuffled.codes.tolist() == got.codes.tolist()
    if names ** players < 2 ** 62:
        assert all(d.kind != "O" for d in seen), seen
