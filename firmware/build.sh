#!/bin/bash
# firmware/build.sh SRC TC [OUT]: CircuitPython 9.2.9 for the Adafruit MacroPad RP2040 with its
# machine-code emitter on (CIRCUITPY_ENABLE_MPY_NATIVE=1): the firmware kept in this folder.
#
#   SRC  a CircuitPython 9.2.9 source tree with the submodules the board needs (firmware/README.md)
#   TC   the toolchain folder made by firmware/make-toolchain.sh (TC/bin/arm-none-eabi-gcc: GCC 13)
#   OUT  where firmware.uf2 and its sha256 go (default: build/firmware)
# The game's modules in FROZEN_SOURCES are frozen into it, each under a top-level name (a package
# on the drive cannot hold a frozen module; the game imports the frozen one first): their
# code runs from flash and costs the game's heap only their functions and dicts. The search's
# inner loop (kalaha/searchcore.py) as machine code (from the drive its 9 KB would sit on the
# heap); the background music's three modules and pondering's as bytecode, imported at start-up
# (hw/startup.py).
# MPYCROSS compiles them: CircuitPython 10's mpy-cross (9.2.9's cannot branch past 2 KB in armv6m
# code); make firmware passes the project's.
# Environment: FIRMWARE_VENV (a Python venv with the build's packages; default: TC/venv), JOBS (make -j,
# default 2), CLEAN=1 (delete the board's build folder first).
set -euo pipefail
[ $# -ge 2 ] || { sed -n 2,16p "$0"; exit 2; }
# SOURCE:NAME, the source from the project's root frozen as the module NAME (firmware/README.md
# names each with its sha256; tests/test_uf2.py checks them against the sources and the firmware).
FROZEN_SOURCES="kalaha/searchcore.py:kalaha_searchcore kalaha/tuneread.py:kalaha_tuneread kalaha/music.py:kalaha_music hw/music.py:hw_music kalaha/ponder.py:kalaha_ponder"
HERE=$(cd "$(dirname "$0")/.." && pwd)
MPYCROSS=$(readlink -f "${MPYCROSS:?MPYCROSS: the path of CircuitPython 10.x mpy-cross}")
SRC=$(readlink -f "$1"); TC=$(readlink -f "$2")
OUT=${3:-build/firmware}; mkdir -p "$OUT"; OUT=$(readlink -f "$OUT")
VENV=$(readlink -f "${FIRMWARE_VENV:-$TC/venv}")
PORT=$SRC/ports/raspberrypi
BUILD=build-kalaha
[ -d "$PORT" ] || { echo "no CircuitPython source tree at $SRC" >&2; exit 1; }
[ -x "$TC/bin/arm-none-eabi-gcc" ] || { echo "no $TC/bin/arm-none-eabi-gcc (firmware/make-toolchain.sh)" >&2; exit 1; }
[ -x "$VENV/bin/python3" ] || { echo "no Python venv with the build packages at $VENV (firmware/README.md)" >&2; exit 1; }
[ -x "$MPYCROSS" ] || { echo "no mpy-cross at $MPYCROSS" >&2; exit 1; }
[ "${CLEAN:-0}" = 1 ] && rm -rf "${PORT:?}/$BUILD"
FROZEN=$OUT/frozen
rm -rf "$FROZEN"; mkdir -p "$FROZEN"
for pair in $FROZEN_SOURCES; do cp "$HERE/${pair%%:*}" "$FROZEN/${pair#*:}.py"; done
cd "$PORT"
# CP_VERSION: a source tree without .git cannot name its version by git describe
PATH=$TC/bin:$VENV/bin:$PATH CP_VERSION=9.2.9 MICROPY_MPYCROSS="$MPYCROSS" make -j"${JOBS:-2}" BOARD=adafruit_macropad_rp2040 \
  BUILD=$BUILD CIRCUITPY_ENABLE_MPY_NATIVE=1 FROZEN_MPY_DIRS="$FROZEN" MPY_CROSS_FLAGS=-march=armv6m \
  > "$OUT/build.log" 2>&1 \
  || { tail -30 "$OUT/build.log" >&2; exit 1; }
cp "$BUILD/firmware.uf2" "$OUT/"
cd "$OUT" && sha256sum firmware.uf2 | tee firmware.uf2.sha256
(cd "$HERE" && for pair in $FROZEN_SOURCES; do sha256sum "${pair%%:*}"; done) | tee frozen.sha256
