#!/bin/bash
# firmware/build.sh SRC TC [OUT]: CircuitPython 9.2.9 for the Adafruit MacroPad RP2040 with its
# machine-code emitter on (CIRCUITPY_ENABLE_MPY_NATIVE=1): the firmware kept in this folder.
#
#   SRC  a CircuitPython 9.2.9 source tree with the submodules the board needs (firmware/README.md)
#   TC   the toolchain folder made by firmware/make-toolchain.sh (TC/bin/arm-none-eabi-gcc: GCC 13)
#   OUT  where firmware.uf2 and its sha256 go (default: build/firmware)
# Environment: VENV (a Python venv with the build's packages; default: TC/venv), JOBS (make -j,
# default 2), CLEAN=1 (delete the board's build folder first).
set -euo pipefail
[ $# -ge 2 ] || { sed -n 2,9p "$0"; exit 2; }
SRC=$(readlink -f "$1"); TC=$(readlink -f "$2")
OUT=${3:-build/firmware}; mkdir -p "$OUT"; OUT=$(readlink -f "$OUT")
VENV=$(readlink -f "${VENV:-$TC/venv}")
PORT=$SRC/ports/raspberrypi
BUILD=build-kalaha-native
[ -d "$PORT" ] || { echo "no CircuitPython source tree at $SRC" >&2; exit 1; }
[ -x "$TC/bin/arm-none-eabi-gcc" ] || { echo "no $TC/bin/arm-none-eabi-gcc (firmware/make-toolchain.sh)" >&2; exit 1; }
[ -x "$VENV/bin/python3" ] || { echo "no Python venv with the build packages at $VENV (firmware/README.md)" >&2; exit 1; }
[ "${CLEAN:-0}" = 1 ] && rm -rf "${PORT:?}/$BUILD"
cd "$PORT"
# CP_VERSION: a source tree without .git cannot name its version by git describe
PATH=$TC/bin:$VENV/bin:$PATH CP_VERSION=9.2.9 make -j"${JOBS:-2}" BOARD=adafruit_macropad_rp2040 \
  BUILD=$BUILD CIRCUITPY_ENABLE_MPY_NATIVE=1 > "$OUT/build.log" 2>&1 \
  || { tail -30 "$OUT/build.log" >&2; exit 1; }
cp "$BUILD/firmware.uf2" "$OUT/"
cd "$OUT" && sha256sum firmware.uf2 | tee firmware.uf2.sha256
