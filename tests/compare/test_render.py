"""compare's rendering leads with its answer: the notable differences in words, their charts
first, metrics titled in words, metrics that cannot differ left out of charts."""

from __future__ import annotations

import html
import json

import numpy as np
import polars as pl

from playtest.analysis import columns as C
from playtest.compare import render
from playtest.compare.compare import compare_samples
from playtest.compare.jackknife import Sample


def _metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
    return C.metric_frame([
        {C.METRIC: "game_length_rounds", C.GROUP: "all", **_interval(float(games["rounds"].mean()))},
        {C.METRIC: "crew_pick_rate", C.GROUP: "bays", **_interval(float(games["bays"].mean()))},
        {C.METRIC: "win_rate_by_bot", C.GROUP: "random", C.ESTIMATE: 0.25},  # one-bot line-up: constant
    ])


def _interval(estimate: float) -> dict[str, float]:
    """A variant's value with an interval (a chart draws only values that have one)."""
    return {C.ESTIMATE: estimate, C.CI_LOW: estimate - 0.1, C.CI_HIGH: estimate + 0.1}


STARGATE = {"game": "stargate"}
"""The samples' run info: Stargate titles its crew_pick_rate (GameSpec.metric_info)."""


def _sample(rng: np.random.Generator, rounds: float, bays: float) -> Sample:
    """300 games whose length is about `rounds` and in which Bays is taken with chance `bays`."""
    g = pl.DataFrame({"game": np.arange(300), "rounds": rng.normal(rounds, 0.5, 300),
                      "bays": (rng.random(300) < bays).astype(float)})
    return Sample(STARGATE, g, pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)}))


def _comparison():
    rng = np.random.default_rng(11)
    return compare_samples([_sample(rng, 6.0, 0.3), _sample(rng, 5.6, 0.3)], ["draft5", "draft6"], metric_fn=_metrics)


def test_the_verdict_names_each_notable_difference_in_words_with_its_interval():
    cmp = _comparison()
    lines = render.verdict_lines(cmp)
    assert lines[0] == "1 difference is significant and notable (of 2 distinct tests, Holm-adjusted):"
    [sentence] = lines[1:]
    row = cmp.differences.filter(pl.col(C.METRIC) == "game_length_rounds").row(0, named=True)
    assert sentence == (f"Game length (rounds): draft6 is {abs(row[C.ESTIMATE]):.2f} rounds lower than draft5 "
                        f"[{row[C.CI_LOW]:+.2f} rounds, {row[C.CI_HIGH]:+.2f} rounds]")


def test_every_number_of_a_verdict_sentence_says_what_it_counts():
    """New Frontiers' gold read 'start: no-compensation is 0.50 lower than base' beside rates
    'in points', which read as score points: a count carries its declared unit, a share's
    difference is in percentage points (the 'pts' of its interval)."""
    from playtest.games.newfrontiers.metric_info import METRIC_INFO

    row = {C.METRIC: "gold_by_source", C.GROUP: "trade", C.ESTIMATE: -0.5, C.CI_LOW: -0.9, C.CI_HIGH: -0.1,
           "variant": "no-compensation", "baseline": "base", "test": "tested"}
    assert render.difference_sentence(row, METRIC_INFO) == (
        "Gold gained per player, by source, trade: no-compensation is 0.50 gold lower than base [-0.90 gold, -0.10 gold]")
    rate = row | {C.METRIC: "development_purchase_rate", C.GROUP: "d03", C.ESTIMATE: 0.116, C.CI_LOW: 0.077,
                  C.CI_HIGH: 0.154}
    assert render.difference_sentence(rate, METRIC_INFO) == (
        "Development bought (share of players), d03: no-compensation is 11.6 percentage points higher than base "
        "[+7.7 pts, +15.4 pts]")
    # Every count or mean of the three games' own metrics declares its unit
    from playtest.games import get_game
    from playtest.report import format as F

    for game in ("stargate", "ohseven", "newfrontiers"):
        declared = get_game(game).metric_info
        bare = [m for m in declared if F.kind(m, declared) in ("count", "number") and not F.unit(m, declared)]
        assert bare == [], (game, bare)


def test_a_verdict_on_identical_games_says_so_and_how_to_get_independent_ones():
    """A same-seed A/A (one seed, a copy that changes nothing) replays the very same games: the
    verdict read "No difference ... among 0 distinct tests", leaving the designer to guess why
    nothing was tested. Different games keep the usual sentence."""
    rng = np.random.default_rng(11)
    same = _sample(rng, 6.0, 0.3)
    lines = render.verdict_lines(compare_samples([same, same], ["a", "copy"], metric_fn=_metrics))
    assert lines == ["No metric differs in any game: the variants played identical games — one seed and rules that "
                     "change nothing these bots meet replay the same games; give one seed per variant (--seed 1,2) "
                     "or --independent-seeds for independent games."]
    other = _sample(rng, 6.0, 0.3)
    assert render.verdict_lines(compare_samples([same, other], ["a", "b"], metric_fn=_metrics))[0].startswith(
        "No difference is both significant and notable among 2 distinct tests")


def test_markdown_and_html_open_with_the_verdict_and_leave_constants_out_of_charts():
    cmp = _comparison()
    run = {"players": 4, "lineup": ["random"] * 4, "seeds": [1, 2], "games": 300, "command": "playtest compare"}
    md = render.compare_markdown(cmp, run)
    assert md.splitlines()[2:5] == ["### Verdict", "", "1 difference is significant and notable (of 2 distinct "
                                                     "tests, Holm-adjusted; 300 games per variant, bots "
                                                     "random,random,random,random):"]
    assert "- ★ Game length (rounds): draft6 is" in md
    assert "| Win rate by bot | random | 25.0% | 25.0% | +0.0 pts |  | one value in every game of both |  |" in md
    html = render.compare_html(cmp, run)
    assert html.index("Verdict") < html.index("Charts of the notable differences") < html.index("Other charts")
    charts = html[html.index("Charts of the notable differences"):html.index("Every metric")]
    assert "Game length (rounds)" in charts and "Crew taken (share of turns)" in charts
    assert "Win rate by bot" not in charts  # it cannot differ
    assert html.index("Game length (rounds)", html.index("Charts of the notable")) < html.index("Other charts")


def test_the_interval_labels_say_the_level_and_blocks_the_intervals_have():
    """--alpha 0.2 gives 80% intervals (1 − alpha, the level tested), and 12 games make 12 blocks
    of one game: the labels said 95% and 30 blocks whatever the run."""
    from playtest.compare.compare import Settings
    rng = np.random.default_rng(3)
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def sample(rounds: float) -> Sample:
        g = pl.DataFrame({"game": np.arange(12), "rounds": rng.normal(rounds, 0.5, 12),
                          "bays": (rng.random(12) < 0.3).astype(float)})
        return Sample({}, g, empty)

    samples = [sample(6.0), sample(5.6)]
    cmp = compare_samples(samples, ["a", "b"], metric_fn=_metrics, settings=Settings(alpha=0.2))
    wide = compare_samples(samples, ["a", "b"], metric_fn=_metrics)
    row, row95 = (c.differences.filter(pl.col(C.METRIC) == "game_length_rounds").row(0, named=True) for c in (cmp, wide))
    assert row[C.CI_HIGH] - row[C.CI_LOW] < row95[C.CI_HIGH] - row95[C.CI_LOW]  # 80%, not 95%
    run = {"players": 4, "lineup": ["random"] * 4, "seeds": [1, 1], "games": 12, "command": "playtest compare"}
    md, html = render.compare_markdown(cmp, run), render.compare_html(cmp, run)
    assert "95%" not in md and "| 80% interval (unadjusted) |" in md
    assert "paired jackknife over 12 blocks of games, 80% intervals" in md
    assert "80% interval (unadjusted)" in html and "95% interval (unadjusted)" not in html
    assert json.loads(render.compare_json(cmp, run))["settings"]["blocks"] == 12
    assert "| 95% interval (unadjusted) |" in render.compare_markdown(wide, run)


def test_a_definition_that_names_the_variants_rules_is_given_for_each_variant():
    """New Frontiers' win rate by start position names the compensation gold "in this variant":
    compare gave the first variant's text for every variant, so the no-compensation draft was said
    to pay +1 gold at positions 3 and 4."""
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return C.metric_frame([
            {C.METRIC: "win_rate_by_start_position", C.GROUP: "position 1", C.ESTIMATE: float(games["w"].mean()),
             C.DEFINITION: f"Win rate from this place; compensation gold in this variant: {info['gold']}."},
            {C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: float(games["w"].mean()),
             C.DEFINITION: "Rounds per game."}])

    rng = np.random.default_rng(5)
    samples = [Sample({"gold": gold}, pl.DataFrame({"game": np.arange(40), "w": rng.random(40)}), empty)
               for gold in ("position 4 +1", "none")]
    cmp = compare_samples(samples, ["base", "no-comp"], metric_fn=metrics)
    defs = dict(cmp.differences.select(C.METRIC, C.DEFINITION).iter_rows())
    assert defs["win_rate_by_start_position"] == (
        "base: Win rate from this place; compensation gold in this variant: position 4 +1. "
        "no-comp: Win rate from this place; compensation gold in this variant: none.")
    assert defs["game_length_rounds"] == "Rounds per game."


def test_a_metric_equal_in_every_game_of_changed_rules_is_not_called_identical_games():
    """New Frontiers without the chips end trigger: some games ran a round longer, yet every
    winner stayed the same, and the win-rate rows read "identical games" beside game lengths that
    differed."""
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})
    rng = np.random.default_rng(8)
    wins = (rng.random(60) < 0.25).astype(float)
    rounds = rng.normal(12, 1, 60)

    def sample(extra: float) -> Sample:
        return Sample(STARGATE, pl.DataFrame({"game": np.arange(60), "rounds": rounds + extra * (np.arange(60) % 7 == 0),
                                              "bays": wins}), empty)

    cmp = compare_samples([sample(0.0), sample(1.0)], ["base", "no-chips"], metric_fn=_metrics)
    md = render.compare_markdown(cmp, {"players": 4, "lineup": ["greedy"], "seeds": [1, 1], "games": 60})
    row = next(line for line in md.splitlines() if line.startswith("| Crew taken (share of turns) | bays |"))
    assert row.endswith("| +0.0 pts |  | equal in every game |  |")
    assert "identical games" not in md


def test_a_sweep_chart_gives_each_points_definition_when_they_differ():
    """A sweep of New Frontiers' compensation gold captioned every point's chart with the first
    point's gold."""
    table = pl.DataFrame({
        "point": ["c=[0, 1]", "c=[1, 1]", "c=[0, 1]", "c=[1, 1]"], "c": ["[0, 1]", "[1, 1]", "[0, 1]", "[1, 1]"],
        C.METRIC: ["win_rate_by_start_position"] * 2 + ["game_length_rounds"] * 2,
        C.GROUP: ["position 1", "position 1", "all", "all"], C.ESTIMATE: [0.5, 0.4, 12.0, 12.5],
        C.CI_LOW: [0.3, 0.2, 11.0, 11.5], C.CI_HIGH: [0.7, 0.6, 13.0, 13.5], C.N: [40] * 4,
        C.DEFINITION: ["Win rate; gold: position 2 +1.", "Win rate; gold: position 1 +1, position 2 +1.",
                       "Rounds.", "Rounds."]})
    defs = render.sweep_definitions(table)
    assert defs == {"win_rate_by_start_position": "c=[0, 1]: Win rate; gold: position 2 +1. c=[1, 1]: Win rate; "
                                                  "gold: position 1 +1, position 2 +1.",
                    "game_length_rounds": "Rounds."}
    html = render.sweep_html(table, ["win_rate_by_start_position"], ["c"],
                             {"variant": "v.yaml", "games": 40, "players": 2, "lineup": ["random"], "seed": 1})
    assert "c=[1, 1]: Win rate; gold: position 1 +1, position 2 +1." in html


def test_a_sweep_chart_s_definition_names_no_test_the_sweep_does_not_show():
    """sweep.html captioned its seat chart 'Share of games won from this seat (ties split); p:
    chi-square test that all seats win equally.' where no p-value is shown (compare and the ladder
    leave that clause out: without_report_test; a first morning's walkthrough, h253)."""
    said = "Share of games won from this seat (ties split); p: chi-square test that all seats win equally."
    table = pl.DataFrame({
        "point": ["k=1", "k=2"], "k": ["1", "2"], C.METRIC: ["win_rate_by_seat"] * 2, C.GROUP: ["seat 1"] * 2,
        C.ESTIMATE: [0.3, 0.2], C.CI_LOW: [0.2, 0.1], C.CI_HIGH: [0.4, 0.3], C.N: [40] * 2, C.DEFINITION: [said] * 2})
    assert render.sweep_definitions(table) == {"win_rate_by_seat": "Share of games won from this seat (ties split)."}
    html = render.sweep_html(table, ["win_rate_by_seat"], ["k"],
                             {"variant": "v.yaml", "games": 40, "players": 4, "lineup": ["random"], "seed": 1})
    assert "chi-square" not in html and "Share of games won from this seat (ties split)." in html


def test_a_sweep_chart_s_definition_keeps_what_follows_the_test_it_leaves_out():
    """New Frontiers' seat table is also its start-position table, and its definition says so
    after the test, with each point's compensation gold: leaving out the test took all of it, so
    a sweep over the gold gave one definition for every point and named no gold (15599566)."""
    said = ("Share of games won from this seat (ties split); p: chi-square test that all seats win equally. (expected "
            "counts below 5: p simulated from 20,000 seeded multinomial draws) This is also the table of "
            "win_rate_by_start_position: start. win_rate_by_start_position: Win rate; compensation gold in this "
            "variant: {}.")
    gold = ["position 2 +1", "position 1 +1, position 2 +1"]
    table = pl.DataFrame({
        "point": ["c=1", "c=2"], "c": ["1", "2"], C.METRIC: ["win_rate_by_seat"] * 2, C.GROUP: ["seat 1"] * 2,
        C.ESTIMATE: [0.3, 0.2], C.CI_LOW: [0.2, 0.1], C.CI_HIGH: [0.4, 0.3], C.N: [40] * 2,
        C.DEFINITION: [said.format(g) for g in gold]})
    kept = ("Share of games won from this seat (ties split). This is also the table of win_rate_by_start_position: "
            "start. win_rate_by_start_position: Win rate; compensation gold in this variant: {}.")
    assert render.sweep_definitions(table) == {
        "win_rate_by_seat": f"c=1: {kept.format(gold[0])} c=2: {kept.format(gold[1])}"}


def test_a_sweep_draws_no_chart_of_a_metric_without_an_interval_at_any_point():
    """A sweep of draft 5 with random bots drew 'Win rate by bot' as a flat 25% line without
    intervals (one bot wins 1/4 of the seats by construction): no chart, the table keeps it."""
    table = pl.DataFrame({
        "point": ["t=1", "t=2"] * 2, "t": ["1", "2"] * 2,
        C.METRIC: ["win_rate_by_bot"] * 2 + ["game_length_rounds"] * 2, C.GROUP: ["random"] * 2 + ["all"] * 2,
        C.ESTIMATE: [0.25, 0.25, 4.5, 4.4], C.CI_LOW: [None, None, 4.3, 4.2], C.CI_HIGH: [None, None, 4.7, 4.6],
        C.N: [160, 160, 40, 40], C.DEFINITION: ["Win rate of the bot.", "Win rate of the bot.", "Rounds.", "Rounds."]})
    html = render.sweep_html(table, ["win_rate_by_bot", "game_length_rounds"], ["t"],
                             {"variant": "v.yaml", "games": 40, "players": 4, "lineup": ["random"] * 4, "seed": 0})
    specs = json.loads(html.split('id="chart-specs"', 1)[1].split(">", 1)[1].split("</script>", 1)[0])
    assert len(specs) == 1
    [rows] = specs["chart-0"]["datasets"].values()
    assert {r[C.GROUP] for r in rows} == {"all"}
    assert "win_rate_by_bot" in html.split("<h2>Table</h2>", 1)[1]


def test_the_verdict_keeps_each_variant_s_differences_together():
    """Five drafts against draft 5 gave 245 differences in one p-value order: the verdict lists
    the first candidate's, then the next one's, each clearest first."""
    rng = np.random.default_rng(5)

    def sample(rounds: float, bays: float) -> Sample:
        return _sample(rng, rounds, bays)

    # short's clearer difference is its crew pick rate, long's its game length: the table lists
    # game length first, so only the ordering puts short's crew pick rate first
    cmp = compare_samples([sample(6.0, 0.3), sample(5.65, 0.9), sample(7.0, 0.1)], ["base", "short", "long"],
                          metric_fn=_metrics)
    groups = render.notable_by_variant(cmp)
    assert [label for label, _ in groups] == ["short", "long"]
    assert all(len(sentences) == 2 for _, sentences in groups)
    p_of = {render.difference_sentence(r, cmp.declared, cmp.label): r["p_holm"]
            for r in cmp.differences.iter_rows(named=True)}
    for _, sentences in groups:  # clearest first
        ps = [p_of[s] for s in sentences]
        assert ps == sorted(ps)
    assert [s.split(":")[0] for s in groups[0][1]] != [s.split(":")[0] for s in groups[1][1]]
    lines = render.verdict_lines(cmp)
    assert lines[0].startswith("4 differences are significant and notable")
    assert [line.split(": ", 1)[1].split(" is ")[0] for line in lines[1:]] == ["short", "short", "long", "long"]


def test_differences_whose_p_values_tie_are_ordered_by_their_strength():
    """Holm's p-values of clear differences tie (all at the floor), and the tie went to the
    metric's name: the difference largest against its interval's width comes first."""
    import dataclasses

    cmp = _comparison()
    rows = [{**cmp.differences.row(0, named=True), C.METRIC: m, C.GROUP: "all", C.ESTIMATE: est, C.CI_LOW: est - w,
             C.CI_HIGH: est + w, C.P_VALUE: 0.0, "p_holm": 0.0, "notable": True, "test": "tested"}
            for m, est, w in (("game_length_rounds", 0.4, 0.3), ("game_length_turns", 2.0, 0.5),
                              ("margin_of_victory", -1.0, 0.2))]
    tied = dataclasses.replace(cmp, differences=pl.DataFrame(rows, schema=cmp.differences.schema))
    [(_, sentences)] = render.notable_by_variant(tied)
    assert [s.split(":")[0] for s in sentences] == ["Winning margin (points)", "Game length (turns)", "Game length (rounds)"]


def test_a_cut_verdict_shows_each_metric_before_a_second_row_of_one():
    """Oh-Seven with a bigger exact bonus: twelve lines of the mean and spread of scores by seat
    and part filled the terminal's verdict, and the winning margin was '… and 4 more'."""
    import dataclasses

    cmp = _comparison()
    rows = [{**cmp.differences.row(0, named=True), C.METRIC: m, C.GROUP: g, C.ESTIMATE: 1.0, C.CI_LOW: 0.5,
             C.CI_HIGH: 1.5, C.P_VALUE: p, "p_holm": p, "notable": True, "test": "tested"}
            for m, g, p in (("score_mean", "all", 0.001), ("score_mean", "seat 1", 0.002),
                            ("score_mean", "seat 2", 0.003), ("margin_of_victory", "all", 0.004),
                            ("score_mean", "seat 3", 0.005), ("game_length_turns", "all", 0.006))]
    cut = dataclasses.replace(cmp, differences=pl.DataFrame(rows, schema=cmp.differences.schema))
    [(label, sentences)] = render.notable_by_variant(cut)
    shown = [sentences[i].split(":")[0] for i in render.first_of_each_metric(cut, label, 4)]
    assert shown == ["Mean final score", "Mean final score, seat 1", "Winning margin (points)",
                     "Game length (turns)"], shown
    assert render.first_of_each_metric(cut, label, 10) == list(range(6))


def test_a_sweep_chart_s_value_axis_names_its_unit_once():
    """The value axis reads the metric's title and, unless the title says it, its unit: 'Skill VP
    per pick: VP' repeated it, the unit compared with the title in lower case."""
    from playtest.games.stargate.metric_info import METRIC_INFO

    assert render._titled_value("crew_vp_per_pick", METRIC_INFO) == "Skill VP per pick"
    assert render._titled_value("crew_cubes_gained_per_pick", METRIC_INFO) == "Cubes gained per pick"
    assert render._titled_value("game_length_turns") == "Game length (turns)"


def test_each_score_row_keeps_its_own_definition_and_the_score_chart_shows_the_notable_part():
    """Oh-Seven with no sum-7 rebid against the base: part 'rounds' rose by 0.49 points and the
    total did not move (the rebid bonus it lost). Every mean-score row of compare.json was defined
    as the first row's "score part 'rounds' (all players)" — seat 2's total too —, and the chart
    "of the notable differences" drew the totals alone under that caption: two overlapping totals."""
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        rows = []
        for who, by in (("all", "all players"), ("seat 1", "seat")):
            for part, what in (("rounds", "score part 'rounds'"), ("total", "total score")):
                rows.append({C.METRIC: "score_mean", C.GROUP: f"{who} / {part}", **_interval(float(games[part].mean())),
                             C.DEFINITION: f"Mean final {what} per player ({by}); skewness-corrected t interval."})
        return C.metric_frame(rows)

    rng = np.random.default_rng(3)
    base = rng.normal(5, 1, 300)

    def sample(shift: float) -> Sample:
        return Sample({}, pl.DataFrame({"game": np.arange(300), "rounds": base + shift + rng.normal(0, 0.05, 300),
                                        "total": base + 0.5 + rng.normal(0, 0.05, 300)}), empty)

    cmp = compare_samples([sample(0.0), sample(0.5)], ["base", "nosum"], metric_fn=metrics)
    defs = {g: d for g, d in cmp.differences.select(C.GROUP, C.DEFINITION).iter_rows()}
    assert defs["seat 1 / total"] == "Mean final total score per player (seat); skewness-corrected t interval."
    assert defs["all / rounds"] == "Mean final score part 'rounds' per player (all players); skewness-corrected t interval."
    notable = set(cmp.differences.filter(pl.col("notable"))[C.GROUP].to_list())
    assert notable == {"all / rounds", "seat 1 / rounds"}
    html = render.compare_html(cmp, {"players": 4, "lineup": ["heuristic"] * 4, "seeds": [1, 1], "games": 300})
    charts = html[html.index("Charts of the notable differences"):html.index("Every metric")]
    assert ("Mean final total score and score part &#x27;rounds&#x27; per player (all players, each seat and "
            "each bot); skewness-corrected t interval.") in charts
    values = cmp.values.filter(pl.col(C.METRIC) == "score_mean")
    rows, _ = render._score_chart_rows(cmp, values, {})
    assert sorted(set(rows[C.GROUP].to_list())) == ["all / rounds", "all / total", "seat 1 / rounds", "seat 1 / total"]


def test_a_chart_of_groups_with_their_own_definitions_gives_each_once():
    """Oh-Seven's exact_rate holds the rate by bid, by bot, by place in the bidding order and for
    the highest bidder, each defined in its own words; compare's and sweep's one chart of them
    was captioned with the first group's, "a player who bid this", for the bots' rows too."""
    by_bid = "Share of rounds in which a player who bid this took exactly that many tricks."
    by_bot = "Share of rounds in which this bot took exactly the tricks it bid."
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return C.metric_frame([
            {C.METRIC: "exact_rate", C.GROUP: "bid 1", **_interval(float(games["a"].mean())), C.DEFINITION: by_bid},
            {C.METRIC: "exact_rate", C.GROUP: "bid 2", **_interval(float(games["b"].mean())), C.DEFINITION: by_bid},
            {C.METRIC: "exact_rate", C.GROUP: "heuristic", **_interval(float(games["b"].mean())), C.DEFINITION: by_bot}])

    rng = np.random.default_rng(4)
    samples = [Sample({}, pl.DataFrame({"game": np.arange(60), "a": rng.random(60), "b": rng.random(60)}), empty)
               for _ in range(2)]
    cmp = compare_samples(samples, ["base", "draft"], metric_fn=metrics)
    html = render.compare_html(cmp, {"players": 4, "lineup": ["heuristic"] * 4, "seeds": [1, 2], "games": 60})
    assert f'<p class="def">{by_bid} {by_bot}</p>' in html
    table = pl.DataFrame({
        "point": ["x=1"] * 3 + ["x=2"] * 3, C.METRIC: ["exact_rate"] * 6,
        C.GROUP: ["bid 1", "bid 2", "heuristic"] * 2, C.DEFINITION: [by_bid, by_bid, by_bot] * 2})
    assert render.sweep_definitions(table) == {"exact_rate": f"{by_bid} {by_bot}"}


def test_a_compare_chart_s_legend_sits_above_the_plot_where_long_group_names_cannot_push_it_out():
    """New Frontiers' worlds chart: its group names ('color none (no good)') widened the chart
    past its box, and the legend beside the plot was cut to 'senat', 'world', 'trigge'."""
    df = pl.DataFrame({C.GROUP: ["color none (no good)", "kind military"] * 2, "variant": ["base"] * 2 + ["senate"] * 2,
                       C.ESTIMATE: [1.0, 1.2, 1.1, 1.3], C.CI_LOW: [0.9, 1.1, 1.0, 1.2], C.CI_HIGH: [1.1, 1.3, 1.2, 1.4],
                       C.N: [40] * 4})
    spec = render._overlay_chart(df, "worlds_settled", ("base", "senate"))
    legends = [layer["encoding"]["color"].get("legend") for layer in spec["layer"]]
    assert legends and all(lg == {"direction": "horizontal", "orient": "top"} for lg in legends), legends


def test_long_variant_names_stand_one_under_another_in_a_compare_chart_s_legend():
    """Three drafts' file names of about 35 characters in one row ran past the chart's card (it
    scrolled); they now stand one a line, whole."""
    names = ("newfrontiers-base-compensation-off", "newfrontiers-fabricators-cost-five", "newfrontiers-crews-one-more-vp")
    df = pl.DataFrame({C.GROUP: ["all"] * 3, "variant": list(names), C.ESTIMATE: [1.0, 1.2, 1.1],
                       C.CI_LOW: [0.9, 1.1, 1.0], C.CI_HIGH: [1.1, 1.3, 1.2], C.N: [40] * 3})
    spec = render._overlay_chart(df, "game_length_rounds", names)
    legends = [layer["encoding"]["color"]["legend"] for layer in spec["layer"]]
    assert all(lg["orient"] == "top" and lg["columns"] == 1 and lg["labelLimit"] >= 6 * max(map(len, names))
               for lg in legends), legends
    many = tuple(f"draft{i}" for i in range(8))  # eight short names are as wide together (h172)
    spec = render._overlay_chart(df.with_columns(pl.Series("variant", many[:3])), "game_length_rounds", many)
    assert all(layer["encoding"]["color"]["legend"].get("columns") == 1 for layer in spec["layer"])
    # Japanese file names: a wide character is about twice a Latin one (len counted 11 characters
    # each, 288 px together, where they take about 420 px and ran past the card).
    wide = ("ドラフト五版ベイス強化", "ドラフト五版ベイス弱化", "ドラフト六版新クルー案")
    spec = render._overlay_chart(df.with_columns(pl.Series("variant", wide)), "game_length_rounds", wide)
    assert all(layer["encoding"]["color"]["legend"].get("columns") == 1 for layer in spec["layer"])


def test_compare_says_the_set_every_variant_played_with_under_the_rule_changes():
    """compare's --set applies to every variant alike, so no rule change between them shows it:
    the reports now say it under the rule changes (terminal, Markdown and HTML read them there)."""
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        return C.metric_frame([{C.METRIC: "game_length_rounds", C.GROUP: "all", C.ESTIMATE: float(games["x"].mean())}])

    rng = np.random.default_rng(5)
    samples = [Sample({}, pl.DataFrame({"game": np.arange(30), "x": rng.random(30)}), empty) for _ in range(2)]
    cmp = compare_samples(samples, ["base", "draft"], metric_fn=metrics)
    run = {"players": 4, "lineup": ["greedy"] * 4, "seeds": [1, 1], "games": 30}
    said = "Every variant played with --set cubes.replenish=1 (applied to each alike, so not a change between them)."
    assert said not in render.changes_lines(cmp, run)
    run["set"] = ["cubes.replenish=1"]
    assert render.changes_lines(cmp, run)[-1] == said
    assert said in render.compare_markdown(cmp, run) and said in render.compare_html(cmp, run)


def test_a_metric_without_an_interval_in_any_variant_draws_no_chart():
    """Bays' cubes a pick are 2 in every draft-5 game and the metric is off in the drafts beside
    it: compare drew a lone dot without a bar, and Vega logged 'Infinite extent for field
    "ci_low"' in the browser's console. The report leaves such a chart out; compare does too,
    and keeps the value in its table."""
    empty = pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)})

    def metrics(info, games: pl.DataFrame, events: pl.DataFrame) -> pl.DataFrame:
        rows = [{C.METRIC: "game_length_rounds", C.GROUP: "all", **_interval(float(games["rounds"].mean()))}]
        if info.get("bays"):
            rows.append({C.METRIC: "crew_cubes_per_pick", C.GROUP: "bays", C.ESTIMATE: 2.0})
        return C.metric_frame(rows)

    rng = np.random.default_rng(5)
    samples = [Sample(info, pl.DataFrame({"game": np.arange(60), "rounds": rng.normal(5, 1, 60)}), empty)
               for info in ({"bays": True}, {})]
    cmp = compare_samples(samples, ["draft5", "draft6"], metric_fn=metrics)
    html = render.compare_html(cmp, {"players": 4, "lineup": ["random"] * 4, "seeds": [1, 1], "games": 60})
    specs = json.loads(html.split('id="chart-specs"', 1)[1].split(">", 1)[1].split("</script>", 1)[0])
    assert len(specs) == 1
    [rows] = specs["chart-0"]["datasets"].values()
    assert {r["group"] for r in rows} == {"all"}
    assert render.metric_title("crew_cubes_per_pick") in html.split("Every metric", 1)[1]


def test_every_output_says_holm_family_spans_every_variant_of_the_compare():
    """Holm's family is every tested difference of every variant against the first, together (a
    third draft changes the second's p-values): the outputs said only 'the 5 distinct tests'."""
    rng = np.random.default_rng(11)
    cmp = compare_samples([_sample(rng, 6.0, 0.3), _sample(rng, 5.6, 0.3), _sample(rng, 6.0, 0.5)],
                          ["draft5", "draft6", "draft7"], metric_fn=_metrics)
    run = {"players": 4, "lineup": ["random"] * 4, "seeds": [1, 2, 3], "games": 300, "command": "playtest compare"}
    family = "4 distinct tests of this compare, one family for the metrics of all 2 variants against draft5"
    assert f"p-values Holm-adjusted over the {family} (metrics with one value" in render.settings_line(cmp, run)
    assert family in render.compare_markdown(cmp, run) and family in render.compare_html(cmp, run)
    assert f"Holm over the {family} (the distinct" in json.loads(render.compare_json(cmp, run))["settings"]["method"]
    two = render.settings_line(_comparison(), run)
    assert "over the 2 distinct tests of this compare, one family for draft6's metrics against draft5 (" in two


def test_a_many_variant_compare_is_one_readable_table_per_variant_at_120_columns():
    """Seven variants side by side were 33 columns cut to '…' at 120 columns (no metric, value or
    interval readable): then each variant is a table of its own against the first, nothing cut."""
    import io
    import re

    from rich.console import Console

    import playtest.cli.app  # noqa: F401  (registers the commands: cli.compare is imported from it)
    from playtest.cli import compare as compare_cli

    rng = np.random.default_rng(11)
    labels = ["draft5", *(f"draft6-long-name-{i}" for i in range(1, 7))]
    cmp = compare_samples([_sample(rng, 6.0 - 0.1 * i, 0.3) for i in range(7)], labels, metric_fn=_metrics)
    rows = render.wide_rows(cmp)
    tables = compare_cli.terminal_tables(rows, cmp.labels, 120, render.interval_header(cmp), cmp.declared)
    assert len(tables) == 6
    out = io.StringIO()
    console = Console(file=out, width=120, emoji=False)
    for table in tables:
        console.print(table)
    text = out.getvalue()
    assert max(map(len, text.splitlines())) <= 120
    assert not re.search(r"\w…", text)  # the interval's own ' … ' only: no cell cut short
    assert "Metrics: draft6-long-name-3 against draft5 (3 of 6)" in text
    assert text.count("Game length") == 6
    two = render.wide_rows(_comparison())
    assert len(compare_cli.terminal_tables(two, ("draft5", "draft6"), 120)) == 1  # two variants: one table, as before


def test_a_comparison_of_few_games_says_under_its_verdict_that_they_are_too_few():
    """At `-n 2` compare said 'No difference is both significant and notable among 47 distinct
    tests' and nothing else: a silence over two games read as no difference. Below the 100 games
    per variant at which docs/calibration.md measures the intervals, every format says so under
    the verdict (not as one of its ★ lines); at 300 games none does."""
    rng = np.random.default_rng(5)

    def small(rounds: float) -> Sample:
        g = pl.DataFrame({"game": np.arange(8), "rounds": rng.normal(rounds, 0.5, 8), "bays": rng.random(8).round()})
        return Sample(STARGATE, g, pl.DataFrame({"game": pl.Series([], dtype=pl.Int64)}))

    few = compare_samples([small(6.0), small(6.0)], ["draft5", "draft6"], metric_fn=_metrics)
    run = {"lineup": ["random"] * 4, "command": "playtest compare ..."}
    line = render.few_games_line(few.games)
    assert few.games == 8 and line is not None and line.startswith("Only 8 games per variant: fewer than the 100 ")
    assert all(line not in v for v in render.verdict_lines(few, run))
    assert f"> ⚠️ {line}" in render.compare_markdown(few, run)
    assert json.loads(render.compare_json(few, run))["few_games"] == line
    assert f'<p class="note">{html.escape(line)}</p>' in render.compare_html(few, run)
    many = _comparison()
    assert render.few_games_line(many.games) is None and json.loads(render.compare_json(many, run))["few_games"] is None
