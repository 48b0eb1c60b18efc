#!/usr/bin/env bash
# Installs every Debian 12 package sdvmc needs to build and test. Idempotent: it only
# calls apt-get when something is missing. Run as root (or with sudo available).
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config
      libboost-graph-dev libtbb-dev libxxhash-dev libz3-dev catch2
      libcli11-dev libfmt-dev nlohmann-json3-dev
      clang-14 libclang-rt-14-dev libclang-cpp14-dev libclang-14-dev llvm-14-dev
      lib32stdc++-12-dev libc6-dev-i386  # libstdc++'s and glibc's headers for the frontend's i386 host target (--target 32, crosscheck's CUDA kernels: <algorithm> …)
      zlib1g-dev libxml2-dev libtinfo-dev libffi-dev  # what the static Clang/LLVM link names (-lz -lxml2 -ltinfo; LLVMConfig probes ffi)
      oclgrind pocl-opencl-icd ocl-icd-opencl-dev opencl-headers
      chromium   # chromium: the headless screenshot of crosscheck's HTML report (tests/crosscheck)
      libopenmpi-dev openmpi-bin  # sdvmc check --mpi and its test (tests: specs_mpi)
      python3    # reads --json in the test and bench scripts (tests/prove_crosscheck.sh, tests/bench/production_bugs.sh, …)
      spin time valgrind)  # the benchmarks (tests/bench): SPIN to compare with, /usr/bin/time, callgrind
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm installs the SARIF validator below; Debian's nodejs and npm unless a Node.js with npm
# is already there (another distribution's nodejs package conflicts with Debian's npm).
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The SARIF Multitool (the npm package @microsoft/sarif-multitool, which ships the program
# itself) validates the logs of `--sarif` against the SARIF 2.1.0 schema in
# tests/report/sarif.sh. Installed outside the git tree, once.
tools=${SDVMC_TOOLS:-/opt/sdvmc-tools}
multitool="$tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$multitool" ]; then
  echo "setup: installing @microsoft/sarif-multitool in $tools"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO mkdir -p "$tools"
  $SUDO npm install --prefix "$tools" --no-audit --no-fund --loglevel=error @microsoft/sarif-multitool@5.7.0
  $SUDO chmod u+x "$multitool"  # its postinstall does this, when npm runs install scripts
fi
