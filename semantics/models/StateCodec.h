// Canonical byte encodings of states, for hashing and storing by the explorer.
//
// The encoding leaves out what the semantics cannot observe, so that states which agree
// on it have one representation (the "fresh locations" implementation note): only live
// locations are written (slots below the deepest scope open on ss; the others are dead
// and are reset when their scope opens again), and the provenance of log entries (which
// statement made an access, kept for witnesses) is dropped.
#pragma once

#include "semantics/rules/Ir.h"
#include "semantics/rules/State.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace sdvmc::sem {

/// Writes into `out` from its start; `out` holds exactly the bytes written once the
/// writer is gone. Growing by doubling (and never shrinking capacity) keeps the per-field
/// cost at a bounds check and a memcpy.
class ByteWriter {
public:
  explicit ByteWriter(std::vector<uint8_t>& out) : out_(out) {}
  ~ByteWriter() { out_.resize(pos_); }
  ByteWriter(const ByteWriter&) = delete;
  ByteWriter& operator=(const ByteWriter&) = delete;
  void u8(uint8_t v) { raw(&v, 1); }
  void u32(uint32_t v) { raw(&v, 4); }
  void i32(int32_t v) { raw(&v, 4); }
  void i64(int64_t v) { raw(&v, 8); }
  /// LEB128: 7 bits a byte, small values in one byte.
  void var(uint32_t v) {
    if (pos_ + 5 > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + 69));
    while (v >= 0x80) {
      out_[pos_++] = static_cast<uint8_t>(v | 0x80);
      v >>= 7;
    }
    out_[pos_++] = static_cast<uint8_t>(v);
  }
  /// Zig-zag then LEB128: small magnitudes of either sign in one byte.
  void svar(int32_t v) { var((static_cast<uint32_t>(v) << 1) ^ static_cast<uint32_t>(v >> 31)); }
  /// The same for a 64-bit value (a cell index): at most 10 bytes; a value that fits 32 bits
  /// gives svar's bytes.
  void svar64(int64_t v) {
    if (pos_ + 10 > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + 74));
    uint64_t z = (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
    while (z >= 0x80) {
      out_[pos_++] = static_cast<uint8_t>(z | 0x80);
      z >>= 7;
    }
    out_[pos_++] = static_cast<uint8_t>(z);
  }
  /// svar for every word of [p, p + n), with one capacity check.
  void svars(const int32_t* p, size_t n) {
    if (pos_ + 5 * n > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + 5 * n + 64));
    uint8_t* o = out_.data() + pos_;
    for (size_t i = 0; i < n; ++i) {
      uint32_t v = (static_cast<uint32_t>(p[i]) << 1) ^ static_cast<uint32_t>(p[i] >> 31);
      while (v >= 0x80) {
        *o++ = static_cast<uint8_t>(v | 0x80);
        v >>= 7;
      }
      *o++ = static_cast<uint8_t>(v);
    }
    pos_ = static_cast<size_t>(o - out_.data());
  }
  void raw(const void* p, size_t n) {
    if (pos_ + n > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + n + 64));
    if (n) std::memcpy(out_.data() + pos_, p, n);
    pos_ += n;
  }
  /// Room for at most `n` more bytes: returns where they go. Write them through the
  /// pointer, then `advance` to the end of what was written (one capacity check for many
  /// fields).
  uint8_t* room(size_t n) {
    if (pos_ + n > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + n + 64));
    return out_.data() + pos_;
  }
  void advance(const uint8_t* end) { pos_ = static_cast<size_t>(end - out_.data()); }
  size_t size() const { return pos_; }
  /// Overwrites bytes already written at [at, at + n).
  void patch(size_t at, const void* p, size_t n) { std::memcpy(out_.data() + at, p, n); }

private:
  std::vector<uint8_t>& out_;
  size_t pos_ = 0;
};

class ByteReader {
public:
  explicit ByteReader(std::span<const uint8_t> in) : in_(in) {}
  uint8_t u8() { return in_[pos_++]; }
  uint32_t u32() {
    uint32_t v;
    raw(&v, 4);
    return v;
  }
  int32_t i32() {
    int32_t v;
    raw(&v, 4);
    return v;
  }
  int64_t i64() {
    int64_t v;
    raw(&v, 8);
    return v;
  }
  uint32_t var() {
    uint32_t v = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t b = in_[pos_++];
      v |= static_cast<uint32_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
  }
  int32_t svar() {
    const uint32_t z = var();
    return static_cast<int32_t>((z >> 1) ^ (0u - (z & 1)));
  }
  int64_t svar64() {
    uint64_t z = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t b = in_[pos_++];
      z |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) break;
    }
    return static_cast<int64_t>((z >> 1) ^ (uint64_t{0} - (z & 1)));
  }
  void svars(int32_t* p, size_t n) {
    const uint8_t* in = in_.data() + pos_;
    for (size_t i = 0; i < n; ++i) {
      uint32_t z = *in++;
      if (z & 0x80) {
        z &= 0x7f;
        for (int shift = 7;; shift += 7) {
          const uint8_t b = *in++;
          z |= static_cast<uint32_t>(b & 0x7f) << shift;
          if (!(b & 0x80)) break;
        }
      }
      p[i] = static_cast<int32_t>((z >> 1) ^ (0u - (z & 1)));
    }
    pos_ = static_cast<size_t>(in - in_.data());
  }
  void raw(void* p, size_t n) {
    if (n) std::memcpy(p, in_.data() + pos_, n);  // p may be null when n == 0
    pos_ += n;
  }
  bool done() const { return pos_ == in_.size(); }
  size_t position() const { return pos_; }
  /// The next byte to read, and moving there (for decoders that read through a pointer).
  const uint8_t* cursor() const { return in_.data() + pos_; }
  void seek(const uint8_t* p) { pos_ = static_cast<size_t>(p - in_.data()); }

private:
  std::span<const uint8_t> in_;
  size_t pos_ = 0;
};

/// LEB128 through raw pointers, for code that patches or scans encoded states: the
/// caller made room (at most 5 bytes) or knows the bytes are well formed.
inline uint8_t* putVarint(uint8_t* o, uint32_t v) {
  while (v >= 0x80) {
    *o++ = static_cast<uint8_t>(v | 0x80);
    v >>= 7;
  }
  *o++ = static_cast<uint8_t>(v);
  return o;
}
inline uint32_t varintBytes(uint32_t v) {
  uint32_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}
inline uint32_t getVarint(const uint8_t*& p) {
  uint32_t v = 0;
  for (int shift = 0;; shift += 7) {
    const uint8_t b = *p++;
    v |= static_cast<uint32_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return v;
  }
}
inline void skipVarint(const uint8_t*& p) {
  while (*p++ & 0x80) {
  }
}

/// Number of locations live in a state whose statements to run are `ss`.
uint32_t liveSlots(const Ir& ir, const std::vector<Item>& ss);

/// Memory: each bounded array as a header byte (bit 0: it has unknown cells; bit 1: its
/// cells are wide), then its cells, fixed-width little-endian: 1 byte each (two's
/// complement) when every cell is in [-128, 127] ("narrow"), 4 bytes each otherwise; then,
/// when it has unknown cells, their flags (a bit each, 8 a byte). The width is a function of the
/// cells, so the encoding stays canonical. The default memory is a count and (address,
/// value) pairs. So cell i of bounded array a is at (start of a) + 1 + width·i, and its
/// unknown flag, when present, bit i % 8 of (start of a) + 1 + width·size + i / 8: a model can patch a
/// cell in place as long as its new value keeps the width (ArrayBytes).
void encodeMemory(const Ir& ir, const Memory& m, ByteWriter& w);
/// Where the bytes of a bounded array are, as offsets from the reader's position at the
/// start of decodeMemory.
struct ArrayBytes {
  size_t cells = 0;        ///< offset of cell 0
  uint32_t width = 4;      ///< bytes per cell: 1 (narrow) or 4 (wide)
  bool flags = false;      ///< unknown flags follow the cells
};
/// The inverse of encodeMemory; fills `layout` (one entry per array, unbounded ones
/// unused) when given.
void decodeMemory(const Ir& ir, Memory& m, ByteReader& r, std::vector<ArrayBytes>* layout = nullptr);
/// Whether a bounded array's cells are all narrow (the width encodeMemory gives them).
bool narrowCells(const std::vector<Word>& cells);
/// The bytes of the unknown flags of `cells` cells.
inline size_t unknownBytes(size_t cells) { return (cells + 7) / 8; }
inline bool narrowCell(Word v) { return v >= -128 && v <= 127; }

/// ss, the live locations of every thread, and each thread's read and write log
/// (addresses, and the written values when `withValues`). A log's addresses are
/// delta-coded: a run of cells of one array costs about a byte a cell.
void encodeThreads(const Ir& ir, const GroupState& s, bool withValues, ByteWriter& w);
/// An upper bound on the bytes encodeThreads writes for `s`.
size_t threadsBound(const GroupState& s, bool withValues);
/// encodeThreads through a raw pointer with room for threadsBound bytes; returns the end.
uint8_t* encodeThreadsTo(const Ir& ir, const GroupState& s, bool withValues, uint8_t* o);
/// The inverse of encodeThreads into `s`, whose n, lidBase and locals size are already
/// set; dead locations are zeroed.
void decodeThreads(const Ir& ir, GroupState& s, bool withValues, ByteReader& r);

/// (extension) The asynchronous copies in flight (State.h, AsyncCopy), each thread's commit
/// count and the group's next event: written only for a kernel with an asynchronous copy
/// (Ir::firstAsync), so other kernels' states keep their bytes. The copies keep their
/// order of issue (completion is in that order); the statement that issued a copy is
/// provenance (a witness's replay recovers it) and is not written.
void encodeCopies(const Ir& ir, const GroupState& s, ByteWriter& w);
/// The inverse of encodeCopies.
void decodeCopies(const Ir& ir, GroupState& s, ByteReader& r);

}  // namespace sdvmc::sem
