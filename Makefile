# playtest — set-up, demo, tests, benchmarks. Every target creates the virtualenv it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Modules compiled with mypyc (playtest/_build.py): an edit to one of them means a rebuild.
COMPILED := $(shell $(PYTHON) -c "import runpy; b = runpy.run_path('playtest/_build.py'); print(' '.join(map(b['source_path'], b['COMPILED'])))")

.PHONY: venv demo test bench lint findings clean

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

# The designer's three Stargate observations, measured on every shipped draft (≈8 min on 2 cores):
# 20 runs of 400 games (5 drafts × 4 bot line-ups) → docs/stargate-findings.md.
findings: $(STAMP)
	$(BIN)/python -m playtest.games.stargate.findings --games 400 --seed 2024 --workers 2 --out docs/stargate-findings.md

lint: $(STAMP)
	$(BIN)/ruff check playtest tests

clean:
	rm -rf $(VENV) reports/demo-* build .mypy_cache
	find . -maxdepth 1 -name '*__mypyc*.so' -delete
	find playtest -name '*.so' -delete
