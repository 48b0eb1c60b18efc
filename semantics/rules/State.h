// The SDV group state (Σ, ss) as plain data (../shared/sdv-semantics.md, "States").
//
// The thread states σ_i = (lid, l, sh, R, W) are stored for the whole group at once,
// without n copies of shared memory (the "shadow memories" implementation note):
//  - σ_i.lid = i;
//  - σ_i.l   = column i of `locals` (slot-major: locals[slot * n + i]);
//  - σ_i.sh  = `base` (the shared memory at the last barrier) overridden by
//              logs[i].writes, the values thread i wrote since then;
//  - σ_i.W   = the addresses of logs[i].writes; σ_i.R = the addresses of logs[i].reads.
// Merging at a barrier is "apply every write log to base" (G-SYNC).
#pragma once

#include "semantics/rules/Ir.h"

#include <map>
#include <vector>

namespace sdvmc::sem {

/// One address of shared memory: an array and an index in it. The index is 64 bits wide: an
/// unbounded array (the default memory, `NAME[]`, a sparse array) has a cell at every
/// 64-bit index, which KPL's `addr64(h, l)` reaches (the CUDA frontend's 64-bit target); a
/// bounded array's cells are 0 .. extent - 1.
struct Address {
  ArrayId array = 0;
  Index index = 0;
  friend auto operator<=>(const Address&, const Address&) = default;
};

/// One entry of a thread's read or write log. `at` (the first statement that made this
/// access since the last barrier) is provenance for witnesses, not part of the semantic
/// state.
struct LogEntry {
  Address addr;
  Word value = 0;  ///< writes: the value in the thread's shadow copy
  NodeId at = kNone;
};

/// σ_i.R and σ_i.W (with the shadow values written), each sorted by address; and
/// (extension) the addresses of the thread's atomic operations since the last barrier,
/// sorted, which race with other threads' reads and writes but not with their atomics;
/// and (extension, only for a kernel using `at_taken`) the results its atomics have returned
/// since the kernel started: (address, old value) pairs, sorted by both, without duplicates,
/// never emptied by a barrier (specs/KPL.md, "Annotations").
struct ThreadLog {
  std::vector<LogEntry> reads;
  std::vector<LogEntry> writes;
  std::vector<LogEntry> atomics;
  std::vector<LogEntry> taken;
};

/// Shared memory: bounded arrays as vectors, unbounded arrays (the default memory `mem`,
/// `shared A[];`, `global A[];`) as maps (cells absent from them hold `unboundedDefault`).
struct Memory {
  using Cells = std::map<Index, Word>;
  std::vector<std::vector<Word>> bounded;        ///< by ArrayId; empty vector for unbounded arrays
  std::vector<Cells> unbounded;                  ///< by ArrayId (may be shorter: missing = empty)
  Word unboundedDefault = 0;

  /// The set cells of unbounded array `a`.
  const Cells& cells(ArrayId a) const {
    static const Cells kEmpty;
    return a < unbounded.size() ? unbounded[a] : kEmpty;
  }
  Cells& cells(ArrayId a) {
    if (a >= unbounded.size()) unbounded.resize(a + 1);
    return unbounded[a];
  }
  /// (check) unknown[a][i] = 1: cell i of bounded array a still holds an arbitrary initial
  /// value that has not been chosen (it is chosen when first read). Empty vector: none.
  std::vector<std::vector<uint8_t>> unknown;
  /// (check) cells of `mem` absent from `unbounded` are unknown rather than
  /// `unboundedDefault`.
  bool lazyUnbounded = false;

  bool isUnknown(const Ir& ir, Address a) const {
    if (!ir.arrays[a.array].bounded) return lazyUnbounded && !cells(a.array).count(a.index);
    return !unknown.empty() && !unknown[a.array].empty() && unknown[a.array][static_cast<size_t>(a.index)];
  }

  Word load(const Ir& ir, Address a) const {
    if (ir.arrays[a.array].bounded) return bounded[a.array][static_cast<size_t>(a.index)];
    const Cells& c = cells(a.array);
    auto it = c.find(a.index);
    return it == c.end() ? unboundedDefault : it->second;
  }
  void store(const Ir& ir, Address a, Word v) {
    if (ir.arrays[a.array].bounded) {
      bounded[a.array][static_cast<size_t>(a.index)] = v;
      if (!unknown.empty() && !unknown[a.array].empty()) unknown[a.array][static_cast<size_t>(a.index)] = 0;
    } else {
      cells(a.array)[a.index] = v;
    }
  }
};

/// One item of ss: a node with the predicate it was pushed with (Node::pred, or
/// Node::predOpen for an opened loop), and where a sequence has got to.
struct Item {
  NodeId node = 0;
  uint32_t aux = 0;  ///< Seq: index of the next child; While: 0 = while, 1 = while̲ (opened)
  friend bool operator==(const Item&, const Item&) = default;
};

/// (extension) A copy in flight (specs/KPL.md, "Asynchronous copies"): issued and not yet
/// waited for. Its cells are (destination, source) pairs, element 0 first. It is the
/// group's (`async_copy`, rule G-ASYNC-COPY) or its issuing thread's (`cp_async`, T-CP-ASYNC).
struct AsyncCopy {
  uint32_t owner = kNone;  ///< kNone: the group's; else the issuing thread
  Word event = 0;          ///< the group's copies: the event that identifies it
  uint32_t batch = kNone;  ///< a thread's copies: its commit number (T-CP-COMMIT); kNone: not committed
  NodeId at = kNone;       ///< the statement that issued it
  std::vector<std::pair<Address, Address>> cells;
};

/// (Σ, ss). `ss.back()` is the next statement to run.
struct GroupState {
  uint32_t n = 0;                 ///< threads in the group
  Word gid = 0;                   ///< group id
  Word lidBase = 0;               ///< lid of lane 0 (a model running a slice of a group)
  std::vector<Word> locals;       ///< slotCount × n, slot-major
  std::vector<Item> ss;
  Memory base;
  std::vector<ThreadLog> logs;    ///< one per thread
  /// (extension) The asynchronous copies in flight, in the order issued; the number of
  /// commits each thread has made (cp_commit; empty until the first); the next event of
  /// G-ASYNC-COPY.
  std::vector<AsyncCopy> copies;
  std::vector<uint32_t> commits;
  Word nextEvent = 1;

  Word local(Slot s, uint32_t tid) const { return locals[static_cast<size_t>(s) * n + tid]; }
  Word* column(Slot s) { return locals.data() + static_cast<size_t>(s) * n; }
  const Word* column(Slot s) const { return locals.data() + static_cast<size_t>(s) * n; }
  bool done() const { return ss.empty(); }
};

/// σ_i.sh(a): thread `tid`'s shadow copy of address `a`.
Word shadowLoad(const Ir& ir, const GroupState& s, uint32_t tid, Address a);

}  // namespace sdvmc::sem
