"""What a game registers: its schema, rules, bots, tables and transcript support.

A game's package exports one GameSpec and names it in the `playtest.games` entry-point group
(playtest/games/__init__.py reads them; docs/extending.md, "Adding a game")."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

from playtest.core.protocol import Bot, Rules
from playtest.variants.model import VariantModel

if TYPE_CHECKING:
    import polars as pl


@dataclass(frozen=True)
class Off:
    """A mechanism the variant switches off, and the metric rows that would measure it. Such a
    row could only ever read 0 ("0.0%", "the same in every rung"), which says the mechanism was
    measured and never happened: the reports leave it out and name the mechanism instead, and
    `compare` says "off in <variant>" rather than test a change (GameSpec.switched_off)."""

    what: str
    """The mechanism in words, e.g. 'forced rebids'."""
    why: str
    """The variant's setting that switches it off, e.g. 'bidding.rebid.triggers: every trigger false'."""
    rows: tuple[tuple[str, str], ...]
    """(metric, group) of the rows that measure it, as shell-style patterns (`*` is any text):
    ('rebids_mean', '*'), ('end_trigger_share', 'worlds')."""

    def covers(self, metric: str, group: str) -> bool:
        return any(fnmatchcase(metric, m) and fnmatchcase(group, g) for m, g in self.rows)

    def text(self) -> str:
        """'forced rebids (bidding.rebid.triggers: every trigger false)'."""
        return f"{self.what} ({self.why})"

    @staticmethod
    def score_part(part: str) -> tuple[tuple[str, str], ...]:
        """The rows of the score metrics every game has about score part `part` (the score
        distribution's '<who> / <part>' groups, the terminal's mean_score_<part>) and of the
        `vp_share_by_source` table a game may add (group <part>)."""
        return (("score_*", f"* / {part}"), (f"mean_score_{part}", "*"), ("vp_share_by_source", part))


KINDS = ("rate", "diff", "count", "number")
"""How a metric's numbers are written (playtest.report.format.kind): a share as a % ('rate'), a
difference of shares in points ('diff'), a whole count ('count'), anything else as a plain number."""


@dataclass(frozen=True)
class MetricInfo:
    """What the generic reports need to know about one of the game's own metrics beyond its rows
    (GameSpec.metric_info): how `compare` and the ladder name it, how its numbers are written
    when its name does not say, and how `calibrate` bounds it. Every field is optional: a metric
    without an entry is named by its id and written by its name (report/format.py)."""

    title: str | None = None
    """The metric in words, as `compare` titles its rows: 'Crew taken (share of turns)'.
    None: the id with its underscores as spaces ('crew pick rate')."""
    phrase: str | None = None
    """The ladder's words for one row, lower case, `{g}` standing for the row's group (its
    variant name): '{g} pick rate' gives 'ベイス Bays pick rate rises from …'. Without `{g}` the
    group follows in parentheses ('exact-bid rate (seat 2)'); None: the id in words."""
    group_words: Mapping[str, str] = field(default_factory=dict)
    """Group id → the words the ladder's sentences and tables put for `{g}`, for a group whose id
    reads wrong in them. The id stays what gates files and the JSON name: Oh-Seven's exact-bid
    rate of 'other players' (every player of a round but its highest bidder) read as the other
    bots beside 'the rung's bot', in a ladder whose every seat plays the one bot. None given: the
    group's label."""
    former_groups: Mapping[str, str] = field(default_factory=dict)
    """Group id the metric once gave and gives no more → what took its place, as a clause that
    follows the old id: a gates file or tune goal that still names it is told so rather than
    offered the nearest name. New Frontiers' `gold_by_source` 'action bonus' (split into 'retreat
    bonus' and 'goals bonus' on 2026-12-07): a gate on it was answered "did you mean 'goals
    bonus'?" in a goals draft, the other action's gold, and with no hint in a base draft."""
    kind: str | None = None
    """One of KINDS, for a metric whose name does not say it (a share's name ends in `_rate` or
    `_share`, or starts with `rate` or `share`; a difference's holds `advantage`, `lift`, `gap`
    or `_diff`): New Frontiers' `selected_in_round` is a share. None: by the name."""
    unit: str | None = None
    """What one of its numbers counts, as the number is followed by it ('gold', 'cubes', 'VP'),
    for a metric of kind 'number' or 'count' (a share is written as a %, a difference of shares
    in points): `compare`'s sentences and the charts' axes say it. None: the unit of a metric
    every game has (report/format.py: `unit`), else none."""
    groups: str | None = None
    """What its rows are, as the title of the report chart's axis that lists them ('crew',
    'source'), for groups that do not say it themselves (labels such as 'seat 1', 'round 3' or
    'bid 2' give the axis 'seat', 'round', 'bid'; the run's bot names give 'bot'). None: 'group'."""
    non_negative: bool = False
    """The metric cannot be negative but has no upper limit (a count or a mean of counts):
    `calibrate` keeps the values it compares within [0, ∞)."""
    headline: bool = False
    """`compare`'s terminal table always shows its rows, notable or not (the files show every row)."""
    variant_groups: bool = False
    """Its groups (or, nested as 'round 3 / bays', their last part) name things of the variant,
    such as Stargate's crews. The flagged metrics of a run's table, taken together, name every
    thing its variant has (crew_pick_rate lists every crew, a crew nobody took at 0%,
    GameSpec.summary_variant; crew_pick_rate_by_round lists only the crews taken, and relies on
    it): a group none of them names is not in the run's variant (Vance, a crew only draft 6 has).
    `compare`, `sweep` and the ladder leave it missing there ('–', not tested) rather than fill
    it in as a 0% never seen, which read as "draft6-new-crews takes Vance 4.0 points more often
    than draft5". So flag a metric only beside one that lists every thing."""

    def __post_init__(self) -> None:
        if self.kind is not None and self.kind not in KINDS:
            raise ValueError(f"MetricInfo.kind must be one of {', '.join(KINDS)} (got {self.kind!r})")


MetricInfos = Mapping[str, MetricInfo]
"""A game's MetricInfo by metric id."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the generic parts (loader, runner, CLI, reports) need to know about a game."""

    name: str
    """The entry-point name, and `game:` in variant and transcript files."""
    title: str
    schema: type[VariantModel]
    make_rules: Callable[[Any], Rules[Any, Any]]
    """(a validated variant of `schema`) → the game's rules. The argument is `Any`, not
    VariantModel: each game's function takes its own schema class (a Callable's parameters are
    contravariant, so one typed for a subclass is no Callable[[VariantModel], ...])."""
    make_bot: Callable[[str, Any, int], Bot]
    """(bot spec such as 'greedy' or 'scripted:bays-first', rules, seat) → a fresh bot. The rules
    are `Any`: the game's function takes its own rules class, which is what `make_rules` made."""
    bot_names: Sequence[str]
    """Every bot the game offers, each as make_bot accepts it (the contract test plays each)."""
    event_columns: Mapping[str, pl.DataType]
    """Game-specific columns of events.parquet (beyond game, seed, round, turn, seat, bot, kind)."""
    stat_columns: Mapping[str, pl.DataType] = field(default_factory=dict)
    """Game-specific per-seat columns of games.parquet (beyond the score parts)."""
    later_columns: frozenset[str] = frozenset()
    """Columns of `stat_columns` or `event_columns` added after runs were written without them:
    such a run still reads (the metrics that need one give no rows for it), while a table that
    lacks any other column is refused as another game's. New Frontiers' `start_gold` (2026-12-05):
    `playtest report` refused every New Frontiers run written before it."""
    score_parts: Sequence[str] = ()
    turns_counted: str = "turns"
    """What `GameResult.turns` counts, as a plural noun phrase for the reports' definition of
    `game_length_turns` ("Mean number of <this> a game lasts"): games count different things
    (Stargate one per crew taken, Oh-Seven every bid and card, New Frontiers every decision), and
    a bare "turns" reads as one per player's go in every game."""
    seat_one: str = ""
    """What seat 1 is in this game, as a noun phrase for the reports' definition of
    `first_player_advantage` ("Seat 1's win rate ...; seat 1 is <this>"): Stargate's start player
    of round 1, Oh-Seven's dealer of round 1 (the last to bid when bids are made in turn). Empty:
    seat 1 alone ("start player" was said of every game, and Oh-Seven's seat 1 starts nothing)."""
    notation: Any = None
    """A playtest.core.transcript.Notation: transcripts in the common format (a `moves:` list)."""
    replay: Callable[..., Any] | None = None
    """(transcript path) → replay result with .text() and .to_json(), for a game whose
    transcripts need more than a Notation; when None, `notation` is replayed by the core.
    `.to_json()` starts with core.transcript.common_outcome (the keys every game gives)."""
    bench: Callable[[float], list[dict[str, Any]]] | None = None
    """(seconds per measurement) → rows for `make bench` (see playtest/bench.py)."""
    summary: Callable[..., Any] | None = None
    """(games, events) → the game's own titled metric tables (terminal summary and reports).
    The tables are DataFrames read into memory, unless `summary_lazy` is set."""
    summary_lazy: bool = False
    """`summary` accepts LazyFrame scans of the run's Parquet as well as DataFrames
    (playtest.analysis.frames): then `playtest report` never reads the events into memory."""
    summary_variant: bool = False
    """`summary` takes a third argument: the run's validated variant (None when the run records
    none this version can read, e.g. an old run). A table can then list every choice the variant
    offers rather than only those the games happened to show: Stargate's crew pick rates give a
    crew no one took a 0% row, where it would otherwise be missing from every report."""
    by_round_metrics: frozenset[str] = frozenset()
    """Metrics of `summary` tabulated round by round (a row per round and choice: Stargate's
    `crew_pick_rate_by_round`, New Frontiers' `selected_in_round`). The ladder leaves them out
    (rungs whose games differ in length have different rounds; the per-choice rates summarise
    them), and so does the Markdown report (long; the HTML and JSON keep them). The HTML draws
    one whose groups read 'round r / choice' as a heatmap of rounds × choices."""
    repeats: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Metrics of `summary` that give another metric's table again, row for row, in every game
    the rules allow: metric → (the metric it repeats, why, as a clause). New Frontiers' win rate
    by starting turn-order position is its win rate by seat, as its set-up puts seat n in place
    n of the track. The JSON keeps both (gates and `compare` name either); the terminal,
    Markdown and HTML reports show the repeated metric's table once, its definition saying why
    and what the other's says (two identical tables left the reader to find the difference)."""
    goal_metrics: Callable[[dict[str, Any], Any, Any], pl.DataFrame] | None = None
    """(run.json dict, games, events) → further metric rows a `tune` goal may name beyond the
    report's (Stargate: the measures of its findings, playtest/games/stargate/findings_metrics.py). A
    name the report already has keeps the report's rows."""
    metric_info: MetricInfos = field(default_factory=dict)
    """The game's own metrics (of `summary` and `goal_metrics`) by id → MetricInfo: their titles
    in `compare`, their phrases in the ladder's sentences, the kind of a share whose
    name does not say so. The generic modules name no game's metric: what they must know of one
    is declared here (Stargate's in playtest/games/stargate/metric_info.py)."""
    switched_off: Callable[[Any, int | None], Sequence[Off]] | None = None
    """(the run's validated variant, its players per game or None when not known) → the
    mechanisms it switches off (`Off`): the one way a game says that a metric cannot happen under
    a variant (or under a variant at that player count: Oh-Seven's identical bid cards need two
    decks). The metric functions need not know: every
    report, comparison, sweep and ladder leaves those rows out (playtest.analysis.offs)."""
    score_floors: Callable[[Any], Mapping[str, float]] | None = None
    """(the run's validated variant) → the least value a player's score part can take under it,
    by part: a name in `score_parts`, or 'total'. A mean of values that never go below a floor
    cannot go below it either, so the reports cut the lower end of that part's mean interval
    there (`score_mean`, `mean_score_<part>`, `calibrate`); a part left out keeps its interval
    as it is. Declare only what the rules guarantee for every variant the schema accepts, or
    read the variant: a setting the schema lets a designer make negative (a penalty, an effect's
    `amount`) means no floor for the part it feeds. Declaring nothing is always safe. `simulate`
    and the contract test stop on a result below a declared floor."""
    unread_keys: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Bot name (as `make_bot` accepts it, e.g. 'heuristic', 'scripted:aggressive') → the variant
    keys that bot never reads, each a dotted path standing for the key and every key under it
    ('scoring' covers 'scoring.exact_bonus'). Declare a key only when neither the bot's choices
    nor the course of play can depend on it: the legal moves, the deal and the end of the game
    must not read it either, so that bots which all ignore a change make the same choices under
    both values and only the points and who wins can differ. `compare` and `tune` then say so
    when every bot of the line-up ignores every key that differs (analysis/unread.py). A bot
    not named (the search bots, which read every rule through the rules) reads every key;
    declaring nothing is always safe."""
    sample_state: Callable[..., Any] | None = None
    """(rules, view, *, rng) → state: the search bots' `Rules.sample_state`, for a game whose
    rules class does not define that method itself (the method wins when both exist)."""
    evaluate: Callable[..., Any] | None = None
    """(rules, state) → per-seat values: `Rules.evaluate` for a game whose rules class does not
    define it (the method wins when both exist)."""
    play: Callable[[], Any] | None = None
    """() → the game's playtest.play.session.PlaySupport (imported lazily): `playtest play`."""
    end_keys: Sequence[str] = ()
    """The variant keys (dotted, as `--set` takes them) that decide when a game ends: `simulate`
    names those the variant has when a game never ends ("check end, max_rounds, cubes"). Empty:
    "check the variant's end conditions"."""
    search_depth: int | None = None
    """The rollout cut-off (moves, then the game's evaluation) of a search bot whose name sets
    no `depth=`: for a game whose rollouts to the end are long and mostly noise. None: play
    rollouts to the end. `depth=end` in a bot's name overrides it."""

    def rules_class(self) -> type | None:
        """The class of the rules `make_rules` makes, as far as it is known without a variant:
        `make_rules` itself when it is a class, else the class its return annotation names; None
        when neither says (no annotation, or one that does not resolve: the plugin's, not
        knowable here)."""
        made: Any = self.make_rules
        if not isinstance(made, type):
            try:
                made = typing.get_type_hints(made).get("return")
            except Exception:
                return None
        return made if isinstance(made, type) else None

    def floors(self, variant: Any) -> dict[str, float]:
        """`score_floors` of this validated variant, as floats by part (empty without the hook)."""
        if self.score_floors is None:
            return {}
        return {str(part): float(floor) for part, floor in self.score_floors(variant).items()}
