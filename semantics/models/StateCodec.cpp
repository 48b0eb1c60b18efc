// Canonical state encodings (see StateCodec.h).
#include "semantics/models/StateCodec.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

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

/// A cell index: zig-zag, then LEB128 through a raw pointer (at most 10 bytes; an index that
/// fits 32 bits gives putVar(zigzag(index))'s bytes).
inline uint8_t* putIndex(uint8_t* o, Index i) {
  uint64_t v = (static_cast<uint64_t>(i) << 1) ^ static_cast<uint64_t>(i >> 63);
  while (v >= 0x80) {
    *o++ = static_cast<uint8_t>(v | 0x80);
    v >>= 7;
  }
  *o++ = static_cast<uint8_t>(v);
  return o;
}

inline Index getIndex(const uint8_t*& p) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    const uint64_t b = *p++;
    v |= (b & 0x7f) << shift;
    if (!(b & 0x80)) break;
  }
  return static_cast<Index>((v >> 1) ^ (uint64_t{0} - (v & 1)));
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

/// A log (sorted by address, each address once): its length, then each entry. An entry
/// whose array is the previous entry's and whose index is at most 2^31 past the previous
/// index is one variable-length integer, (index - previous - 1) << 1 (usually one byte);
/// any other is (array << 1) | 1 and the zig-zag index (64-bit: up to 10 bytes). The form is a function of the
/// log, so the encoding stays canonical.
inline uint8_t* putLog(uint8_t* o, const std::vector<LogEntry>& log, bool withValues) {
  o = putVar(o, static_cast<uint32_t>(log.size()));
  const LogEntry* prev = nullptr;
  for (const LogEntry& e : log) {
    // (sorted: within one array the index grows, so the difference is positive)
    const uint64_t delta = static_cast<uint64_t>(e.addr.index) - static_cast<uint64_t>(prev ? prev->addr.index : 0) - 1;
    if (prev && prev->addr.array == e.addr.array && delta < 0x80000000u) {
      o = putVar(o, static_cast<uint32_t>(delta) << 1);
    } else {
      o = putVar(o, (e.addr.array << 1) | 1);
      o = putIndex(o, e.addr.index);
    }
    if (withValues) o = putVar(o, zigzag(e.value));
    prev = &e;
  }
  return o;
}

template <bool withValues>
inline void getLog(const uint8_t*& p, std::vector<LogEntry>& log) {
  log.resize(getVar(p));
  Address prev{};
  for (LogEntry& e : log) {
    const uint32_t head = getVar(p);
    if (head & 1) {
      prev.array = head >> 1;
      prev.index = getIndex(p);
    } else {
      prev.index += static_cast<Index>(head >> 1) + 1;
    }
    e.addr = prev;
    e.value = withValues ? unzigzag(getVar(p)) : 0;
    e.at = kNone;
  }
}

/// kSpread[b]: the 8 bits of b as 8 bytes of 0 or 1 (bit k in byte k, little-endian).
constexpr std::array<uint64_t, 256> spreadTable() {
  std::array<uint64_t, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    for (unsigned k = 0; k < 8; ++k)
      if (b >> k & 1) t[b] |= uint64_t(1) << (8 * k);
  return t;
}
constexpr std::array<uint64_t, 256> kSpread = spreadTable();

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
      if (hasUnknown) {  // the flags, 8 a byte (cell i: bit i % 8 of byte i / 8)
        const std::vector<uint8_t>& u = m.unknown[a];
        uint8_t* o = w.room(unknownBytes(u.size()));
        for (size_t i = 0; i < u.size(); i += 8) {
          uint8_t b = 0;
          for (size_t k = 0; k < 8 && i + k < u.size(); ++k) b |= static_cast<uint8_t>((u[i + k] ? 1 : 0) << k);
          *o++ = b;
        }
        w.advance(o);
      }
    } else {
      const Memory::Cells& cells = m.cells(static_cast<ArrayId>(a));
      w.var(static_cast<uint32_t>(cells.size()));
      for (const auto& [addr, value] : cells) {
        w.svar64(addr);
        w.svar(value);
      }
    }
  }
}

void decodeMemory(const Ir& ir, Memory& m, ByteReader& r, std::vector<ArrayBytes>* layout) {
  const size_t start = r.position();
  m.bounded.resize(ir.arrays.size());
  m.unknown.resize(ir.arrays.size());
  m.unbounded.resize(ir.arrays.size());
  for (Memory::Cells& c : m.unbounded) c.clear();  // (no reallocation of the maps themselves)
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
        std::vector<uint8_t>& u = m.unknown[a];
        u.resize(ir.arrays[a].size);
        const uint8_t* p = r.cursor();
        const size_t whole = u.size() / 8;
        for (size_t k = 0; k < whole; ++k) std::memcpy(u.data() + 8 * k, &kSpread[p[k]], 8);
        for (size_t i = 8 * whole; i < u.size(); ++i) u[i] = (p[i / 8] >> (i % 8)) & 1;
        r.seek(p + unknownBytes(u.size()));
      } else {
        m.unknown[a].clear();
      }
    } else {
      uint32_t count = r.var();
      for (uint32_t i = 0; i < count; ++i) {
        const Index addr = r.svar64();
        m.unbounded[a].emplace_hint(m.unbounded[a].end(), addr, r.svar());
      }
    }
  }
}

size_t threadsBound(const GroupState& s, bool withValues) {
  // 5 bytes per variable-length integer at most; every live location is a local.
  size_t bound = 5 + 10 * s.ss.size() + 5 * s.locals.size();
  for (const ThreadLog& log : s.logs)
    bound += 20 + 15 * log.reads.size() + (withValues ? 20 : 15) * log.writes.size() + 15 * log.atomics.size() +
             20 * log.taken.size();  // an entry: array 5 bytes, index 10 (64-bit), value 5
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
    o = putLog(o, log.reads, false);
    o = putLog(o, log.writes, withValues);
    if (ir.hasAtomics) o = putLog(o, log.atomics, false);
    if (ir.logsAtomicResults) o = putLog(o, log.taken, true);
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
    getLog<false>(p, log.reads);
    if (withValues)
      getLog<true>(p, log.writes);
    else
      getLog<false>(p, log.writes);
    if (ir.hasAtomics)
      getLog<false>(p, log.atomics);
    else
      log.atomics.clear();
    if (ir.logsAtomicResults)
      getLog<true>(p, log.taken);
    else
      log.taken.clear();
  }
  r.seek(p);
}

void encodeCopies(const Ir& ir, const GroupState& s, ByteWriter& w) {
  if (!ir.firstAsync) return;
  w.var(static_cast<uint32_t>(s.copies.size()));
  for (const AsyncCopy& c : s.copies) {
    w.var(c.owner == kNone ? 0 : c.owner + 1);
    w.svar(c.event);
    w.var(c.batch == kNone ? 0 : c.batch + 1);
    w.var(static_cast<uint32_t>(c.cells.size()));
    for (const auto& [d, from] : c.cells) {
      w.var(d.array);
      w.svar64(d.index);
      w.var(from.array);
      w.svar64(from.index);
    }
  }
  w.var(static_cast<uint32_t>(s.commits.size()));  // 0 (no commit yet) or n
  for (uint32_t k : s.commits) w.var(k);
  w.svar(s.nextEvent);
}

void decodeCopies(const Ir& ir, GroupState& s, ByteReader& r) {
  s.copies.clear();
  s.commits.clear();
  s.nextEvent = 1;
  if (!ir.firstAsync) return;
  s.copies.resize(r.var());
  for (AsyncCopy& c : s.copies) {
    const uint32_t owner = r.var();
    c.owner = owner == 0 ? kNone : owner - 1;
    c.event = r.svar();
    const uint32_t batch = r.var();
    c.batch = batch == 0 ? kNone : batch - 1;
    c.at = kNone;
    c.cells.resize(r.var());
    for (auto& [d, from] : c.cells) {
      d.array = r.var();
      d.index = r.svar64();
      from.array = r.var();
      from.index = r.svar64();
    }
  }
  s.commits.resize(r.var());
  for (uint32_t& k : s.commits) k = r.var();
  s.nextEvent = r.svar();
}

}  // namespace sdvmc::sem
