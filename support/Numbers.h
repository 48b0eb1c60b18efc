// Numbers as people type them on a command line or in an annotation: integers (decimal or
// 0x hex, optionally negative), ranges `A..B`, byte sizes `512M`, and launch sizes `X,Y,Z`.
// Each says only whether the text is well-formed and in range; the message is the caller's.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace sdvmc::support {

/// Parses one integer within [lo, hi].
bool parseInteger(const std::string& text, int64_t lo, int64_t hi, int64_t& out);
/// Parses `N` or `A..B` within [lo, hi] into first/last. False when malformed, out of range
/// or empty (A > B).
bool parseRange(const std::string& text, int64_t lo, int64_t hi, int64_t& first, int64_t& last);
/// Parses a byte size: a number with an optional K, M, G suffix (powers of 1024).
bool parseByteSize(const std::string& text, uint64_t& out);
/// Parses `X`, `X,Y`, `X,Y,Z` or `[X,Y,Z]` (each 1 … 2^31−1); the missing sizes are 1.
bool parseDims(const std::string& text, std::array<uint32_t, 3>& dims, unsigned& count);

}  // namespace sdvmc::support
