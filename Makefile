# playtest — set-up, demo, tests, benchmarks. Every target creates the virtualenv it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Modules compiled with mypyc (playtest/_build.py): an edit to one of them means a rebuild.
COMPILED := $(shell $(PYTHON) -c "import runpy; b = runpy.run_path('playtest/_build.py'); print(' '.join(map(b['source_path'], b['COMPILED'])))")

.PHONY: venv demo test bench lint findings ladder clean

venv: $(STAMP)

$(STAMP): pyproject.toml setup.py playtest/_build.py $(COMPILED)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/playtest validate variants/stargate/draft5.yaml
	$(BIN)/playtest simulate variants/stargate/draft5.yaml -n 1000 --players 4 \
		--bots greedy,greedy,random,scripted:bays-first --seed 1 --out reports/demo-stargate --force

test: $(STAMP)
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/python -m playtest.bench $(BENCH_ARGS)

# The designer's three Stargate observations on every shipped draft at two skill levels: 20 runs
# (5 drafts × 4 line-ups) per level → docs/stargate-findings.md. FINDINGS_GAMES is the games per
# run at the first (greedy) level, FINDINGS_SEARCH_GAMES at the search level. Budget (plain Python,
# measured 2026-12-01): greedy ≈ 0.05 CPU-s a game, mcts:200 ≈ 1.1 CPU-s per search seat a game,
# so 400 greedy games and 24 mcts:200 games per run ≈ 3 + 11 min on 2 cores.
FINDINGS_RUNGS        ?= greedy,mcts:200
FINDINGS_GAMES        ?= 400
FINDINGS_SEARCH_GAMES ?= 24
findings: $(STAMP)
	$(BIN)/python -m playtest.findings --rungs $(FINDINGS_RUNGS) --games $(FINDINGS_GAMES) \
		--search-games $(FINDINGS_SEARCH_GAMES) --seed 2024 --workers 2 --out docs/stargate-findings.md

# Balance as a function of skill on Stargate draft 5 and Oh-Seven → reports/ladder-*/ladder.html
# (and .md, .json). LADDER_GAMES self-play games per rung and per pairing.
LADDER_GAMES ?= 100
ladder: $(STAMP)
	$(BIN)/playtest ladder variants/stargate/draft5.yaml --rungs random,greedy,mcts:200 \
		-n $(LADDER_GAMES) --seed 1 --out reports/ladder-stargate --force
	$(BIN)/playtest ladder variants/ohseven/base.yaml --rungs random,heuristic,ismcts:200 \
		-n $(LADDER_GAMES) --seed 1 --out reports/ladder-ohseven --force

lint: $(STAMP)
	$(BIN)/ruff check playtest tests

clean:
	rm -rf $(VENV) reports/demo-* build .mypy_cache
	find . -maxdepth 1 -name '*__mypyc*.so' -delete
	find playtest -name '*.so' -delete
