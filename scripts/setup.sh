#!/usr/bin/env bash
# Installs every Debian 12 package sdvmc needs to build and test. Idempotent: it only
# calls apt-get when something is missing. Run as root (or with sudo available).
set -euo pipefail
pkgs=(build-essential cmake ninja-build pkg-config
      libboost-graph-dev libtbb-dev libxxhash-dev libz3-dev catch2
      libcli11-dev libfmt-dev nlohmann-json3-dev
      clang-14 libclang-rt-14-dev libclang-cpp14-dev libclang-14-dev llvm-14-dev
      lib32stdc++-12-dev libc6-dev-i386  # libstdc++'s and glibc's headers for the frontend's i386 host target (<algorithm> …)
      zlib1g-dev libxml2-dev libtinfo-dev libffi-dev  # what the static Clang/LLVM link names (-lz -lxml2 -ltinfo; LLVMConfig probes ffi)
      oclgrind pocl-opencl-icd ocl-icd-opencl-dev opencl-headers
      chromium   # chromium: the headless screenshot of crosscheck's HTML report (tests/crosscheck)
      spin time valgrind)  # the benchmarks (tests/bench): SPIN to compare with, /usr/bin/time, callgrind
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
