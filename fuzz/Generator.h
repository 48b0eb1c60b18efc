// Random KPL kernels for compiler testing (`sdvmc fuzz`), in the spirit of CLsmith
// (Lidbury et al., PLDI'15) but written for this project: the generator aims at what GPU
// compilers get wrong, and the reference semantics, not the generator, decides whether a
// kernel's result is defined (fuzz/Oracle.h keeps only kernels `check` proves race-,
// divergence- and error-free).
//
// A kernel is one group of 4 or 8 threads with every input given (array initialisers, a
// fixed group id), so `check` explores one configuration and `run` gives the expected
// memory. Its main body is a sequence of segments:
//   - deep expressions over 32-bit words at the edges: wrap-around (INT_MIN, INT_MAX,
//     0xffff…), shifts by masked amounts, division and remainder by constants (and by
//     `e | 1`), mixed signedness (udiv, urem, lshr, unsigned comparisons), conditionals,
//     and the 64-bit builtins (ladd, lmul, ludiv, shifts, comparisons on word pairs);
//   - shared-memory exchanges between threads with barriers: neighbour, reverse,
//     butterfly (lid ^ m), transpose, and tree reductions in a loop with a barrier;
//   - barriers inside loops with uniform trip counts and inside uniform branches;
//   - thread-dependent branches and loops without barriers;
//   - "vector" segments (the same operation on four locals, component-wise) and
//     "struct" layouts (each thread's record of 8 fields in array O);
//   - atomics on a counter array (one commutative operation per kernel, results unused, so
//     the final memory does not depend on the order of the threads);
//   - helper procedures, with and without barriers.
// Drawing uses fuzz/Prng.h only, so a seed gives the same kernel on every machine.
#pragma once

#include "kpl/Ast.h"

#include <cstdint>
#include <string>

namespace sdvmc::fuzz {

struct GenOptions {
  unsigned segments = 6;  ///< top-level segments of main (at least 1)
  unsigned maxDepth = 2;  ///< nesting of loops and branches
};

/// The kernel for `seed` (a kernel's own seed: kernelSeed(run seed, index)). `name` becomes
/// Program::file. Printed with kpl::printProgram it parses and verifies.
kpl::Program generateKernel(uint64_t seed, const std::string& name, const GenOptions& options = {});

/// The seed of kernel `index` of a run with seed `runSeed` (splitmix64 of the pair).
uint64_t kernelSeed(uint64_t runSeed, uint64_t index);

}  // namespace sdvmc::fuzz
