# The two commands in the README: `make play` launches the app, `make test` runs every test.
# Both create a local virtual environment (.venv) on first use, so a machine needs only Python 3.11+.
# The test extra brings textual-serve and Playwright for the browser test, which drives the
# system's Chromium (.ci/run installs Debian's when it can) and skips, saying why, without one.
PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed
PLAY := $(VENV)/.installed-play
ORACLES := $(VENV)/.oracles

.PHONY: play test test-fast lint bench clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --upgrade pip

# Playing needs the app and its dependencies only; the test tools come with `make test`.
$(PLAY): pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --quiet -e .
	touch $(PLAY)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# OpenSpiel is the tests' independent oracle (Connect Four rules and values), and Ray runs a
# tournament's games in the tests against a real local instance. A machine without a wheel
# for either still runs the suite: those tests skip, saying why.
$(ORACLES): $(STAMP)
	$(VENV)/bin/python -m pip install --quiet -e '.[test,oracle]' || \
		echo "OpenSpiel could not be installed; its oracle tests will be skipped"
	$(VENV)/bin/python -m pip install --quiet -e '.[ray]' || \
		echo "Ray could not be installed; the tournament's Ray tests will be skipped"
	touch $(ORACLES)

play: $(PLAY)
	$(VENV)/bin/adversa

test: $(ORACLES)
	$(VENV)/bin/ruff check adversa tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest -n auto

# The quick loop while working: lint, types, and every test not marked slow (the browser
# test, the longest property tests). `make test` stays the whole suite, as CI runs it.
test-fast: $(ORACLES)
	$(VENV)/bin/ruff check adversa tests benchmarks
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest -n auto -m "not slow"

# Benchmarks report ratios against baselines measured in the same run (see benchmarks/README.md).
bench: $(STAMP)
	$(VENV)/bin/python -m pip install --quiet -e '.[test,bench]'
	for script in benchmarks/bench_*.py; do $(VENV)/bin/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
