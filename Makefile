# Pocket Kalaha: every target sets up what it needs by itself.
#   make play     the game (desktop simulator; default settings)
#   make check    lint, types and the CPython tests but the device and slow ones: about 2 minutes, every edit
#   make test     the whole test suite (lint, types, CPython, CircuitPython 9 and 10, emulator smoke run)
#                 (both on two workers: JOBS=0 runs the tests in one process)
#   make device [CP=9|10]   build/CIRCUITPY: exactly what goes on the drive (.mpy for that CircuitPython)
#   make deploy CIRCUITPY=/media/you/CIRCUITPY [DRY_RUN=1] [FORCE=1]   copy it to a mounted drive
#   make uf2 [FIRMWARE=adafruit-circuitpython-...macropad...uf2 CP=9|10]   one file: CircuitPython and the drive
#            (without FIRMWARE: our firmware, firmware/, whose search runs as machine code; the drive as
#            .mpy, with Adafruit's mpy-cross fetched once into build/mpy-cross when none is here)
#   make firmware SRC=circuitpython-9.2.9-tree TC=toolchain   rebuild our firmware (firmware/README.md)
#   make memory   where the heap goes, and the smallest heap the game needs (CircuitPython 10.x)
#   make emulate [LEVEL=strong] [FIRMWARE=...uf2] [MUSIC=1-5] [TURNS=N]   a whole game on the emulated MacroPad (our firmware unless FIRMWARE=): heap, frames, thinking times, the audio DMA (LEVEL=two: two players; ring, ring6: 3 players; seven, two7: 7 pits; puzzles: the main menu's Puzzles, a few tried and stepped; MUSIC: with that tune, chosen in Settings, and in a game against the computer its game menu's Music pushed off and on twice after its first turn, the frames and heap after each push; TURNS: only the computer's first N turns; PONDER=MS: a game whose player plays as Expert and thinks MS before each sowing, the computer's pondering measured)
#   make puzzles  kalaha/puzzles.txt: the puzzle set, from games between the levels, solved exactly (about 2 minutes)
#   make bench    search speed here, and estimated RP2040 times (CircuitPython + valgrind)
#   make web      build/web: the handheld as a web page (MicroPython's WebAssembly port runs the game)
#   make serve    serve build/web on http://localhost:8000/ (make web && make serve)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CP ?= 10
LEVEL ?= strong
# The tests run on JOBS workers (pytest-xdist; JOBS=0: in this process). Tests that share build/
# are one group on one worker (tests/conftest.py).
JOBS ?= 2
PYTEST := $(PY) -m pytest -n $(JOBS) --dist loadgroup

.PHONY: play check test typecheck venv bench puzzles device deploy uf2 firmware memory emulate pictures web serve clean

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

# The device build needs only Python's standard library and pip (no simulator packages).
device:
	$(PYTHON) -m tools.build device --cp $(CP)

deploy: device
	@test -n "$(CIRCUITPY)" || { echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY [DRY_RUN=1] [FORCE=1]"; exit 2; }
	$(PYTHON) -m tools.build deploy "$(CIRCUITPY)" $(if $(DRY_RUN),--dry-run,) $(if $(FORCE),--force,)

# Our firmware is CircuitPython 9: the drive is built for 9 with it, as .mpy (Adafruit's mpy-cross
# is fetched once into build/mpy-cross without MPY_CROSS or ../shared's), for CP with another.
uf2: $(STAMP)
	$(PYTHON) -m tools.build device --cp $(if $(FIRMWARE),$(CP),9 --mpy)
	$(PY) -m tools.uf2 $(if $(FIRMWARE),"$(FIRMWARE)",)

firmware:
	@test -n "$(SRC)" -a -n "$(TC)" || { echo "usage: make firmware SRC=circuitpython-9.2.9-source-tree TC=toolchain-folder (firmware/README.md)"; exit 2; }
	MPYCROSS="$$($(PYTHON) -c 'from tools.circuitpython import mpy_cross; print(mpy_cross("10"))')" \
	  firmware/build.sh "$(SRC)" "$(TC)" build/firmware

memory: device
	$(PYTHON) -m tools.build memory

emulate: device node_modules/.installed
	$(PYTHON) -m tools.emulate --level $(LEVEL) $(if $(FIRMWARE),--firmware "$(FIRMWARE)",) $(if $(MUSIC),--music $(MUSIC),) $(if $(TURNS),--turns $(TURNS),) $(if $(PONDER),--ponder $(PONDER),)

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

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .ruff_cache
