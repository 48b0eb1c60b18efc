// Canonical byte encodings of states, for hashing and storing by the explorer.
//
// The encoding leaves out what the semantics cannot observe, so that states which agree
// on it have one representation (the "fresh locations" implementation note): only live
// locations are written (slots below the deepest scope open on ss; the others are dead
// and are reset when their scope opens again), and the provenance of log entries (which
// statement made an access, kept for witnesses) is dropped.
#pragma once

#include "semantics/Ir.h"
#include "semantics/State.h"

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
  void raw(const void* p, size_t n) {
    if (pos_ + n > out_.size()) out_.resize(std::max(out_.size() * 2, pos_ + n + 64));
    if (n) std::memcpy(out_.data() + pos_, p, n);
    pos_ += n;
  }
  size_t size() const { return pos_; }

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
  void raw(void* p, size_t n) {
    if (n) std::memcpy(p, in_.data() + pos_, n);  // p may be null when n == 0
    pos_ += n;
  }
  bool done() const { return pos_ == in_.size(); }
  size_t position() const { return pos_; }

private:
  std::span<const uint8_t> in_;
  size_t pos_ = 0;
};

/// Number of locations live in a state whose statements to run are `ss`.
uint32_t liveSlots(const Ir& ir, const std::vector<Item>& ss);

void encodeMemory(const Ir& ir, const Memory& m, ByteWriter& w);
void decodeMemory(const Ir& ir, Memory& m, ByteReader& r);

/// ss, the live locations of every thread, and each thread's read and write log
/// (addresses, and the written values when `withValues`).
void encodeThreads(const Ir& ir, const GroupState& s, bool withValues, ByteWriter& w);
/// The inverse of encodeThreads into `s`, whose n, lidBase and locals size are already
/// set; dead locations are zeroed.
void decodeThreads(const Ir& ir, GroupState& s, bool withValues, ByteReader& r);

}  // namespace sdvmc::sem
