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

// Bounded arrays are written as fixed-width cells, so that a model can patch one cell of
// a state's bytes (ArrayBytes); everything else (the default memory, ss, locals, logs) as
// variable-length integers: states are short, which is what hashing, comparing and
// storing them costs.

namespace {

inline uint32_t zigzag(int32_t v) { return (static_cast<uint32_t>(v) << 1) ^ static_cast<uint32_t>(v >> 31); }
inline int32_t unzigzag(uint32_t z) { return static_cast<int32_t>((z >> 1) ^ (0u - (z & 1))); }

/// LEB128 through a raw pointer (the caller made room: at most 5 bytes).
inline uint8_t* putVar(uint8_t* o, uint32_t v) {
  while (v >= 0x80) {
    *o++ = static_cast<uint8_t>(v | 0x80);
    v >>= 7;
  }
  *o++ = static_cast<uint8_t>(v);
  return o;
}

inline uint32_t getVar(const uint8_t*& p) {
  uint32_t b = *p++;
  if (b < 0x80) return b;
  uint32_t v = b & 0x7f;
  for (int shift = 7;; shift += 7) {  // at most 5 bytes: shift <= 28
    b = *p++;
    v |= (b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
  }
}

}  // namespace

bool narrowCells(const std::vector<Word>& cells) {
  for (Word v : cells)
    if (!narrowCell(v)) return false;
  return true;
}

void encodeMemory(const Ir& ir, const Memory& m, ByteWriter& w) {
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (ir.arrays[a].bounded) {
      const std::vector<Word>& cells = m.bounded[a];
      const bool hasUnknown = !m.unknown.empty() && !m.unknown[a].empty();
      const bool narrow = narrowCells(cells);
      w.u8(static_cast<uint8_t>((hasUnknown ? 1 : 0) | (narrow ? 0 : 2)));
      if (narrow) {
        uint8_t* o = w.room(cells.size());
        for (Word v : cells) *o++ = static_cast<uint8_t>(v);  // two's complement, v in [-128, 127]
        w.advance(o);
      } else {
        w.raw(cells.data(), cells.size() * sizeof(Word));
      }
      if (hasUnknown) w.raw(m.unknown[a].data(), m.unknown[a].size());
    } else {
      const Memory::Cells& cells = m.cells(static_cast<ArrayId>(a));
      w.var(static_cast<uint32_t>(cells.size()));
      for (const auto& [addr, value] : cells) {
        w.svar(addr);
        w.svar(value);
      }
    }
  }
}

void decodeMemory(const Ir& ir, Memory& m, ByteReader& r, std::vector<ArrayBytes>* layout) {
  const size_t start = r.position();
  m.bounded.resize(ir.arrays.size());
  m.unknown.resize(ir.arrays.size());
  m.unbounded.assign(ir.arrays.size(), {});
  if (layout) layout->resize(ir.arrays.size());
  for (size_t a = 0; a < ir.arrays.size(); ++a) {
    if (ir.arrays[a].bounded) {
      const uint8_t header = r.u8();
      const bool hasUnknown = header & 1, narrow = !(header & 2);
      std::vector<Word>& cells = m.bounded[a];
      cells.resize(ir.arrays[a].size);
      if (layout) (*layout)[a] = ArrayBytes{r.position() - start, narrow ? 1u : 4u, hasUnknown};
      if (narrow) {
        const uint8_t* p = r.cursor();
        for (Word& v : cells) v = static_cast<int8_t>(*p++);
        r.seek(p);
      } else {
        r.raw(cells.data(), cells.size() * sizeof(Word));
      }
      if (hasUnknown) {
        m.unknown[a].resize(ir.arrays[a].size);
        r.raw(m.unknown[a].data(), m.unknown[a].size());
      } else {
        m.unknown[a].clear();
      }
    } else {
      uint32_t count = r.var();
      for (uint32_t i = 0; i < count; ++i) {
        Word addr = r.svar();
        m.unbounded[a].emplace_hint(m.unbounded[a].end(), addr, r.svar());
      }
    }
  }
}

size_t threadsBound(const GroupState& s, bool withValues) {
  // 5 bytes per variable-length integer at most; every live location is a local.
  size_t bound = 5 + 10 * s.ss.size() + 5 * s.locals.size();
  for (const ThreadLog& log : s.logs)
    bound += 15 + 10 * log.reads.size() + (withValues ? 15 : 10) * log.writes.size() + 10 * log.atomics.size();
  return bound;
}

uint8_t* encodeThreadsTo(const Ir& ir, const GroupState& s, bool withValues, uint8_t* o) {
  const uint32_t live = liveSlots(ir, s.ss);
  const size_t words = static_cast<size_t>(live) * s.n;
  o = putVar(o, static_cast<uint32_t>(s.ss.size()));
  for (const Item& it : s.ss) {
    o = putVar(o, it.node);
    o = putVar(o, it.aux);
  }
  for (size_t i = 0; i < words; ++i) o = putVar(o, zigzag(s.locals[i]));
  for (const ThreadLog& log : s.logs) {
    o = putVar(o, static_cast<uint32_t>(log.reads.size()));
    for (const LogEntry& e : log.reads) {
      o = putVar(o, e.addr.array);
      o = putVar(o, zigzag(e.addr.index));
    }
    o = putVar(o, static_cast<uint32_t>(log.writes.size()));
    for (const LogEntry& e : log.writes) {
      o = putVar(o, e.addr.array);
      o = putVar(o, zigzag(e.addr.index));
      if (withValues) o = putVar(o, zigzag(e.value));
    }
    if (ir.hasAtomics) {
      o = putVar(o, static_cast<uint32_t>(log.atomics.size()));
      for (const LogEntry& e : log.atomics) {
        o = putVar(o, e.addr.array);
        o = putVar(o, zigzag(e.addr.index));
      }
    }
  }
  return o;
}

void encodeThreads(const Ir& ir, const GroupState& s, bool withValues, ByteWriter& w) {
  w.advance(encodeThreadsTo(ir, s, withValues, w.room(threadsBound(s, withValues))));
}

void decodeThreads(const Ir& ir, GroupState& s, bool withValues, ByteReader& r) {
  const uint8_t* p = r.cursor();
  s.ss.resize(getVar(p));
  for (Item& it : s.ss) {
    it.node = getVar(p);
    it.aux = getVar(p);
  }
  const uint32_t live = liveSlots(ir, s.ss);
  const size_t liveWords = static_cast<size_t>(live) * s.n;
  for (size_t i = 0; i < liveWords; ++i) s.locals[i] = unzigzag(getVar(p));
  std::fill(s.locals.begin() + static_cast<std::ptrdiff_t>(liveWords), s.locals.end(), 0);
  s.logs.resize(s.n);
  for (ThreadLog& log : s.logs) {
    log.reads.resize(getVar(p));
    for (LogEntry& e : log.reads) {
      e.addr.array = getVar(p);
      e.addr.index = unzigzag(getVar(p));
      e.value = 0;
      e.at = kNone;
    }
    log.writes.resize(getVar(p));
    for (LogEntry& e : log.writes) {
      e.addr.array = getVar(p);
      e.addr.index = unzigzag(getVar(p));
      e.value = withValues ? unzigzag(getVar(p)) : 0;
      e.at = kNone;
    }
    log.atomics.resize(ir.hasAtomics ? getVar(p) : 0);
    for (LogEntry& e : log.atomics) {
      e.addr.array = getVar(p);
      e.addr.index = unzigzag(getVar(p));
      e.value = 0;
      e.at = kNone;
    }
  }
  r.seek(p);
}

}  // namespace sdvmc::sem
