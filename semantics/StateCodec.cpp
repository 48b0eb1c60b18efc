// Canonical state encodings (see StateCodec.h).
#include "semantics/StateCodec.h"

#include <algorithm>

namespace sdvmc::sem {

uint32_t liveSlots(const Ir& ir, const std::vector<Item>& ss) {
  uint32_t live = 0;
  for (const Item& it : ss) {
    const Node& n = ir.nodes[it.node];
    // An opened loop (while̲) holds its break flag; every other item holds exactly the
    // slots of the scopes around it (its own allocations happen when its rule applies).
    uint32_t d = n.depth + (n.kind == NodeKind::While && it.aux == 1 ? 1 : 0);
    live = std::max(live, d);
  }
  return live;
}

// Bounded arrays are written as fixed-width words, so that a model can patch one cell of
// a state's bytes (memoryCellOffset); everything else (the default memory, ss, locals,
// logs) as variable-length integers: states are short, which is what hashing, comparing
// and storing them costs.

void encodeMemory(const Ir& ir, const Memory& m, ByteWriter& w) {
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (ir.arrays[a].bounded) {
      w.raw(m.bounded[a].data(), m.bounded[a].size() * sizeof(Word));
      bool hasUnknown = !m.unknown.empty() && !m.unknown[a].empty();
      w.u8(hasUnknown);
      if (hasUnknown) w.raw(m.unknown[a].data(), m.unknown[a].size());
    } else {
      w.var(static_cast<uint32_t>(m.unbounded.size()));
      for (const auto& [addr, value] : m.unbounded) {
        w.svar(addr);
        w.svar(value);
      }
    }
  }
}

void decodeMemory(const Ir& ir, Memory& m, ByteReader& r) {
  m.bounded.resize(ir.arrays.size());
  m.unknown.resize(ir.arrays.size());
  m.unbounded.clear();
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (ir.arrays[a].bounded) {
      m.bounded[a].resize(ir.arrays[a].size);
      r.raw(m.bounded[a].data(), m.bounded[a].size() * sizeof(Word));
      if (r.u8()) {
        m.unknown[a].resize(ir.arrays[a].size);
        r.raw(m.unknown[a].data(), m.unknown[a].size());
      } else {
        m.unknown[a].clear();
      }
    } else {
      uint32_t count = r.var();
      for (uint32_t i = 0; i < count; ++i) {
        Word addr = r.svar();
        m.unbounded.emplace_hint(m.unbounded.end(), addr, r.svar());
      }
    }
  }
}

void encodeThreads(const Ir& ir, const GroupState& s, bool withValues, ByteWriter& w) {
  w.var(static_cast<uint32_t>(s.ss.size()));
  for (const Item& it : s.ss) {
    w.var(it.node);
    w.var(it.aux);
  }
  const uint32_t live = liveSlots(ir, s.ss);
  const size_t words = static_cast<size_t>(live) * s.n;
  w.svars(s.locals.data(), words);
  for (const ThreadLog& log : s.logs) {
    w.var(static_cast<uint32_t>(log.reads.size()));
    for (const LogEntry& e : log.reads) {
      w.var(e.addr.array);
      w.svar(e.addr.index);
    }
    w.var(static_cast<uint32_t>(log.writes.size()));
    for (const LogEntry& e : log.writes) {
      w.var(e.addr.array);
      w.svar(e.addr.index);
      if (withValues) w.svar(e.value);
    }
  }
}

void decodeThreads(const Ir& ir, GroupState& s, bool withValues, ByteReader& r) {
  s.ss.resize(r.var());
  for (Item& it : s.ss) {
    it.node = r.var();
    it.aux = r.var();
  }
  const uint32_t live = liveSlots(ir, s.ss);
  const size_t liveWords = static_cast<size_t>(live) * s.n;
  r.svars(s.locals.data(), liveWords);
  std::fill(s.locals.begin() + static_cast<std::ptrdiff_t>(liveWords), s.locals.end(), 0);
  s.logs.resize(s.n);
  for (ThreadLog& log : s.logs) {
    log.reads.resize(r.var());
    for (LogEntry& e : log.reads) {
      e.addr.array = r.var();
      e.addr.index = r.svar();
      e.value = 0;
      e.at = kNone;
    }
    log.writes.resize(r.var());
    for (LogEntry& e : log.writes) {
      e.addr.array = r.var();
      e.addr.index = r.svar();
      e.value = withValues ? r.svar() : 0;
      e.at = kNone;
    }
  }
}

}  // namespace sdvmc::sem
