# Pocket Kalaha: every target sets up what it needs by itself.
#   make play     the game (desktop simulator; default settings)
#   make test     the whole test suite (lint, types, CPython, MicroPython VM, mpy-cross gate)
#   make device   build/CIRCUITPY: exactly what goes on the drive
#   make deploy CIRCUITPY=/media/you/CIRCUITPY [DRY_RUN=1]   copy it to a mounted drive
#   make memory   bytecode sizes and the app's heap in the MicroPython VM

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test typecheck venv bench device deploy memory clean

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
	$(PY) -m tools.typecheck
	$(PY) -m pytest

typecheck: $(STAMP)
	$(PY) -m tools.typecheck

device: $(STAMP)
	$(PY) -m tools.build device

deploy: device
	@test -n "$(CIRCUITPY)" || { echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY [DRY_RUN=1]"; exit 2; }
	$(PY) -m tools.build deploy "$(CIRCUITPY)" $(if $(DRY_RUN),--dry-run,)

memory: $(STAMP) node_modules/.installed
	$(PY) -m tools.build memory

bench: $(STAMP) node_modules/.installed
	$(PY) -m kalaha bench

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .ruff_cache
