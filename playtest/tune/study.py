"""The optimiser: an Optuna study (TPE) in an SQLite file, resumable and reproducible from a seed.

Reproducibility across interruptions: the sampler is created afresh for every trial with a seed
drawn from (root seed, number of finished trials). TPE keeps no other state than its random
generator — it reads the finished trials from the storage — so a search that is stopped and
resumed asks for exactly the same candidates as one that ran straight through. A trial that was
running when the search stopped is marked failed on resume and not counted (TPE ignores it).

Candidates already evaluated (small discrete spaces make TPE propose a point twice) are not
simulated again: with common random numbers the result would be identical, so the stored one is
reused and the trial records which trial it repeats. The budget counts distinct candidates (the
simulations paid for); the search also stops when the space is exhausted or when the sampler
proposes only known candidates MAX_REPEATS times in a row (it has converged).
"""

from __future__ import annotations

import contextlib
import logging
import math
import sqlite3
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import optuna
from optuna.distributions import (
    BaseDistribution,
    CategoricalDistribution,
    FloatDistribution,
    IntDistribution,
)
from optuna.trial import TrialState

from playtest.errors import PlaytestError
from playtest.io import OutputError
from playtest.tune.space import CHOICE, INT, Param

STUDY_NAME = "tune"
REPEAT_OF = "repeat_of"
INVALID = "invalid_variant"
"""The trial attribute holding why a candidate's values together make no valid variant: it has
no games to re-evaluate (`best_distinct` skips it)."""
MAX_REPEATS = 25
Evaluate = Callable[[dict[str, Any]], tuple[float, dict[str, Any]]]
"""Candidate values → (objective, attributes to store with the trial)."""

optuna.logging.set_verbosity(logging.WARNING)


def distributions(params: Sequence[Param]) -> dict[str, BaseDistribution]:
    out: dict[str, BaseDistribution] = {}
    for p in params:
        if p.kind == INT:
            out[p.key] = IntDistribution(int(p.low), int(p.high))
        elif p.kind == CHOICE:
            out[p.key] = CategoricalDistribution(list(p.labels()))
        else:
            out[p.key] = FloatDistribution(p.low, p.high)
    return out


def space_size(params: Sequence[Param]) -> float:
    """How many distinct candidates there are (inf with a float range)."""
    size = 1.0
    for p in params:
        size *= len(p.choices) if p.kind == CHOICE else int(p.high - p.low) + 1 if p.kind == INT else math.inf
    return size


def _connect(path: Path) -> sqlite3.Connection:
    """SQLite without an fsync per commit (`synchronous=OFF`): a study commits ~14 times a trial,
    and each fsync cost ~11 ms here — 6 of the 16 s of a 40-trial test search. A killed tune
    loses nothing (the OS still holds every write); only an OS crash or power cut could damage the
    file, and the study is then re-run from its seed."""
    conn = sqlite3.connect(path, check_same_thread=False)
    conn.execute("PRAGMA synchronous=OFF")
    return conn


@contextlib.contextmanager
def storage_errors(path: Path) -> Iterator[None]:
    """A study that cannot be written, as one line naming its file: a full disk was "internal error:
    OperationalError: (sqlite3.OperationalError) database or disk is full", mid-search (the
    finished trials are kept, and the caller says how to go on)."""
    import sqlalchemy.exc

    try:
        yield
    except (sqlite3.Error, sqlalchemy.exc.SQLAlchemyError, optuna.exceptions.StorageInternalError) as exc:
        # (optuna says a failed commit as StorageInternalError, "... e.g. exceeding max length",
        # the database's own reason in its cause)
        cause = exc.__cause__ if isinstance(exc, optuna.exceptions.StorageInternalError) and exc.__cause__ else exc
        said = _first_line(cause)
        if "disk is full" in said:  # (SQLite's SQLITE_FULL)
            said = "no space left on device"
        raise OutputError(f"{path}: cannot write: {said}") from None


def _first_line(exc: BaseException) -> str:
    """A database error's own reason (SQLAlchemy's wraps it as `orig`), its first line, or the
    error's type when it says nothing."""
    reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return reason[0] if reason else type(exc).__name__


def open_study(path: Path) -> optuna.Study:
    if not path.exists():
        _create(path)
    resolved = path.resolve()
    storage = optuna.storages.RDBStorage(f"sqlite:///{resolved}",
                                         engine_kwargs={"creator": lambda: _connect(resolved)})
    return optuna.create_study(study_name=STUDY_NAME, storage=storage, direction="minimize", load_if_exists=True)


def new_study(path: Path) -> Path:
    """Where `_create` makes the study before it is renamed to `path` (a temporary file of
    playtest's, io.OWN_FILES, as SQLite's -journal beside it is)."""
    return path.with_name(f".{path.name}.new.tmp")


def _create(path: Path) -> None:
    """A new study, made beside `path` and renamed into place once it holds the study: optuna
    writes its tables first and the study after, and a tune killed between the two (SIGKILL, a
    few hundred ms after the base's games) left a study.db that --resume refused as holding no
    tuning study ("start again with --force"), the base's games lost with it."""
    import os

    tmp = new_study(path)
    tmp.unlink(missing_ok=True)
    resolved = tmp.resolve()
    storage = optuna.storages.RDBStorage(f"sqlite:///{resolved}", engine_kwargs={"creator": lambda: _connect(resolved)})
    try:
        optuna.create_study(study_name=STUDY_NAME, storage=storage, direction="minimize")
    finally:
        storage.engine.dispose()
    os.replace(tmp, path)


def check_study(path: Path) -> None:
    """A stored study about to be resumed opens and reads whole: a damaged study.db fails here,
    before any game is played, not in the middle of the search. Raises PlaytestError naming the
    file. Opened read-write but nothing is written, except that SQLite rolls back a transaction
    a killed process left half-done (its hot `-journal`), as resuming would: a read-only check
    could not, and refused an intact search (review of 2026-12-02)."""
    import sqlalchemy.exc

    resolved = path.resolve()

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(f"{resolved.as_uri()}?mode=rw", uri=True, check_same_thread=False)

    storage = None
    try:
        conn = connect()
        try:
            found = [row[0] for row in conn.execute("PRAGMA quick_check")]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
        if found != ["ok"]:
            raise sqlite3.DatabaseError(f"database disk image is malformed ({found[0]})")
        if "studies" not in tables:
            # An empty file (or another SQLite database): RDBStorage would write optuna's tables into
            # it, changing the file of a command that then refuses it.
            raise KeyError(STUDY_NAME)
        storage = optuna.storages.RDBStorage(f"sqlite:///{resolved}", engine_kwargs={"creator": connect})
        optuna.load_study(study_name=STUDY_NAME, storage=storage).get_trials(deepcopy=False)
    except KeyError:
        raise PlaytestError(f"{path}: holds no tuning study") from None
    except (sqlite3.Error, sqlalchemy.exc.SQLAlchemyError, optuna.exceptions.OptunaError) as exc:
        raise PlaytestError(f"{path}: cannot read the study: {_first_line(exc)}") from None
    finally:
        if storage is not None:
            storage.engine.dispose()


def _sampler(seed: int, done: int, budget: int) -> optuna.samplers.BaseSampler:
    trial_seed = int(np.random.SeedSequence([seed, done]).generate_state(1)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.TPESampler(seed=trial_seed, n_startup_trials=min(10, max(3, budget // 4)),
                                          multivariate=True)


def complete(study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
    return study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))


def run_study(study: optuna.Study, params: Sequence[Param], *, seed: int, budget: int, evaluate: Evaluate,
              progress: Callable[[int, dict[str, Any], float, bool, dict[str, Any]], None] | None = None) -> None:
    """Ask and evaluate candidates until `budget` distinct candidates are evaluated (see the
    module doc for the other stops). An exception while evaluating marks the trial failed and
    propagates. `progress` gets each trial's number, values, objective, whether it repeats an
    earlier trial, and the attributes stored with it (a repeat's are the earlier trial's)."""
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING, TrialState.WAITING)):
        study.tell(t.number, state=TrialState.FAIL)  # left by an interrupted search
    dists = distributions(params)
    by_params: dict[tuple[tuple[str, str], ...], optuna.trial.FrozenTrial] = {}
    for t in complete(study):  # a candidate's first trial: a resumed search's repeat names it, as the
        by_params.setdefault(_params_key(t.params), t)  # uninterrupted one would (not the last repeat)
    size = space_size(params)
    history = complete(study)
    done = len(history)
    streak = 0  # trailing repeats so far, as an uninterrupted search would have counted them
    for t in reversed(history):
        if REPEAT_OF not in t.user_attrs:
            break
        streak += 1
    while len(by_params) < min(budget, size) and streak < MAX_REPEATS:
        study.sampler = _sampler(seed, done, budget)
        trial = study.ask(dists)
        values = {p.key: p.decode(trial.params[p.key]) for p in params}
        seen = by_params.get(_params_key(trial.params))
        if seen is not None:
            attrs = dict(seen.user_attrs)
            for k, v in attrs.items():
                trial.set_user_attr(k, v)
            trial.set_user_attr(REPEAT_OF, seen.number)
            study.tell(trial, seen.value)
            value = float(seen.value) if seen.value is not None else math.inf
        else:
            try:
                value, attrs = evaluate(values)
            except BaseException:
                study.tell(trial, state=TrialState.FAIL)
                raise
            for k, v in attrs.items():
                trial.set_user_attr(k, v)
            study.tell(trial, value)
            by_params[_params_key(trial.params)] = study.get_trials(deepcopy=False)[trial.number]
        done += 1
        streak = streak + 1 if seen is not None else 0
        if progress:
            progress(trial.number, values, value, seen is not None, attrs)


def _params_key(params: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in params.items()))


def best_distinct(study: optuna.Study, k: int) -> list[optuna.trial.FrozenTrial]:
    """The k best complete trials with distinct candidates (ties: the earlier trial), leaving out
    a candidate that is no valid variant (`INVALID`): ranked last, it was re-evaluated when fewer
    than k others were, and loading it there stopped the tune."""
    out: list[optuna.trial.FrozenTrial] = []
    seen: set[tuple[tuple[str, str], ...]] = set()
    for t in sorted(complete(study), key=lambda t: (t.value if t.value is not None else math.inf, t.number)):
        key = _params_key(t.params)
        if key not in seen and t.value is not None and math.isfinite(t.value) and INVALID not in t.user_attrs:
            seen.add(key)
            out.append(t)
        if len(out) == k:
            break
    return out
