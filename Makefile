# playtest — set-up, demo, tests, benchmarks. Every target creates the virtualenv it needs.
# The interpreter the virtualenv is built from: Debian's /usr/bin/python3 where it is 3.11 or newer
# and can make a virtualenv, as it is built with profile-guided optimisation and the python3 first
# on this machine's PATH (pyenv's 3.11.7, built without) is not. On Debian's, the engines play
# about 1.2x the games per second and make test takes about 0.8x the time (three interleaved
# `bench --ratio-only` pairs and two interleaved runs of make test's tests, 2026-12-07
# 15:37-15:53 UTC). Any other python3 otherwise; `make PYTHON=python3.12 ...` picks one.
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' \
	>/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv demo test test-more test-all bench strength lint typecheck findings calibrate ladder clean tune-example

venv: $(STAMP)

# Plain Python, installed editable: an edit to any module runs at once, no rebuild.
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@# The editable package's bytecode, written once here (pip compiles only what it copies): a
	@# fresh clone's first make test otherwise compiles playtest in every worker process.
	$(BIN)/python -m compileall -q playtest
	@# The same for the tests: pytest keeps each test module's assert-rewritten bytecode, and a fresh
	@# clone's first make test otherwise rewrites all of them in both worker processes at once —
	@# 7-8 s of its wall time (two cold/warm pairs of the fast tier, 2026-12-07 15:22-15:29 UTC).
	@# A test module that cannot be collected is reported by make test itself, not here.
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider >/dev/null 2>&1 || true
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/playtest validate variants/stargate/draft5.yaml
	$(BIN)/playtest simulate variants/stargate/draft5.yaml -n 1000 --players 4 \
		--bots greedy,greedy,random,scripted:bays-first --seed 1 --out reports/demo-stargate --force

# Bytecode caching on for the tests even where the environment turns it off: without it every
# test process (2 pytest workers, the pools and subprocesses they start) compiles playtest and
# pytest rewrites every test module's asserts again — about 10 s of a run (measured 2026-12-01).
test: export PYTHONDONTWRITEBYTECODE=
# --dist worksteal: an idle worker takes queued tests from the busy one, so a few long tests
# at the end do not leave a core idle (85 s against 89.5 s for the default, one run each,
# 2026-12-01 ~23:58 UTC).
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not slow and not system"

# What make test leaves out, which CI runs after it: the tests that start real processes (marker
# `system`: terminals, signals, closed pipes, a fresh Python, Chromium, Dask, worker pools; make
# test keeps a few smoke tests of them) and the slow statistical checks (marker `slow`). About 1½
# minutes on two cores (76-96 s in clean-clone CI runs, 2026-12-07 16:20-16:55 UTC). (`make test-all` is everything, with every pinned game: PLAYTEST_ALL=1.)
test-more: export PYTHONDONTWRITEBYTECODE=
test-more: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "slow or system"

# Everything: the slow statistical checks, the system tests, every pinned game and the full random probes of
# tests/stargate/test_fast_paths.py (PLAYTEST_ALL=1; a few minutes).
test-all: export PYTHONDONTWRITEBYTECODE=
test-all: $(STAMP)
	PLAYTEST_ALL=1 $(BIN)/python -m pytest -n 2

# Speed against a minimal hand-written draft-5 engine (benchmarks/), measured interleaved, then
# games/s per process and on all cores, peak memory, and compare's jackknife from the rows' per-game
# parts against recomputing every metric per block. `make bench BENCH_ARGS=--ratio-only`.
bench: $(STAMP)
	$(BIN)/python -m playtest.bench $(BENCH_ARGS)
	$(BIN)/python -m playtest.bench --scale $(SCALE)

# Peak memory and time of runs and their reports at these sizes (docs/scale.md). The 10^6 run
# takes from ~20 min to over an hour on 2 shared cores; `make bench SCALE="10000 100000"` skips it.
SCALE ?= 10000 100000 1000000

# Search-bot strength and cost (a benchmark; ≈1 h on 2 shared cores at these sizes): one search
# bot against three greedy Stargate bots, one ismcts against three Oh-Seven heuristic bots.
STRENGTH_N ?= 100
strength: $(STAMP)
	$(BIN)/python -m playtest.search.strength variants/stargate/draft5.yaml --against greedy -n $(STRENGTH_N) \
		--search mcts:250,mcts:500,mcts:1000,mcts:1000:reward=margin --workers 2
	$(BIN)/python -m playtest.search.strength variants/ohseven/base.yaml --against heuristic -n $(STRENGTH_N) \
		--search ismcts:250:depth=30,ismcts:500:depth=30,ismcts:1000:depth=30 --workers 2

# The designer's three Stargate observations on every shipped draft at two skill levels: 20 runs
# (5 drafts × 4 line-ups) per level → docs/stargate-findings.md. FINDINGS_GAMES is the games per
# run at the first (greedy) level, FINDINGS_SEARCH_GAMES at the search level. Budget (plain Python,
# measured 2026-12-01): greedy ≈ 0.05 CPU-s a game, mcts:200 ≈ 1.1 CPU-s per search seat a game,
# so 400 greedy games and 24 mcts:200 games per run ≈ 3 + 11 min on 2 cores.
FINDINGS_RUNGS        ?= greedy,mcts:200
FINDINGS_GAMES        ?= 400
FINDINGS_SEARCH_GAMES ?= 24
findings: $(STAMP)
	$(BIN)/python -m playtest.games.stargate.findings --rungs $(FINDINGS_RUNGS) --games $(FINDINGS_GAMES) \
		--search-games $(FINDINGS_SEARCH_GAMES) --seed 2024 --workers 2 --out docs/stargate-findings.md

# Balance as a function of skill on Stargate draft 5 and Oh-Seven → reports/ladder-*/ladder.html
# (and .md, .json). LADDER_GAMES self-play games per rung and per pairing.
LADDER_GAMES ?= 100
ladder: $(STAMP)
	$(BIN)/playtest ladder variants/stargate/draft5.yaml --rungs random,greedy,mcts:200 \
		-n $(LADDER_GAMES) --seed 1 --out reports/ladder-stargate --force
	$(BIN)/playtest ladder variants/ohseven/base.yaml --rungs random,heuristic,ismcts:200 \
		-n $(LADDER_GAMES) --seed 1 --out reports/ladder-ohseven --force

# Coverage of every interval family and the A/A false-positive rates of compare, diff and the
# verdict, measured on Stargate and Oh-Seven, coverage also on New Frontiers (random bots; one
# process per game) → docs/calibration.md (5.0 min on 2026-12-07 at 16:44, alone; 4.4 min that morning, niced beside other work; 40 min on 2 busy cores on 2026-12-01;
# CALIBRATE_ARGS="--pairs 20 --reps 60 --nf-reps 0" for a quick look). Not part of `make test`.
calibrate: $(STAMP)
	PYTHONPATH=. $(BIN)/python -m tests.calibration $(CALIBRATE_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check playtest tests benchmarks

# mypy over the whole playtest package (pyproject.toml, [tool.mypy]); no build step. About 40 s
# from a cold cache, 2 s warm (2026-12-04, 2 shared cores).
typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) reports/demo-* build .mypy_cache

# Worked example of docs/tune.md: tune draft 5's Bays time and gain and the majority tie-break
# for fair seats and no late-placer edge (≈10 min on 2 cores), then explain the trials.
TUNE_OUT ?= reports/tune-draft5
tune-example: $(STAMP)
	$(BIN)/playtest tune variants/stargate/draft5.yaml \
		--param crews.bays.time=0..4 --param crews.bays.skill.0.amount=1..4 \
		--param scoring.majority_tiebreak=later_first_cube,earlier_first_cube \
		--target gates/stargate-tune.yaml --budget 20 --confirm 3 --confirm-games 1000 \
		--out $(TUNE_OUT) --force
	$(BIN)/playtest explain $(TUNE_OUT)
