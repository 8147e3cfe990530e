# Pocket Kalaha: every target sets up what it needs by itself.
#   make play   the game (desktop simulator; default settings)
#   make test   the whole test suite (CPython, MicroPython VM, mpy-cross gate, lint)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint venv bench clean

$(STAMP): requirements-dev.txt requirements-sim.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt -r requirements-sim.txt
	touch $(STAMP)

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch node_modules/.installed

venv: $(STAMP) node_modules/.installed

play: $(STAMP)
	$(PY) code.py

test: $(STAMP) node_modules/.installed
	$(PY) -m ruff check .
	$(PY) -m pytest

bench: $(STAMP) node_modules/.installed
	$(PY) -m kalaha bench

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .ruff_cache
