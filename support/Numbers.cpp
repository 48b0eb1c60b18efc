// Numbers as people type them (see Numbers.h).
#include "support/Numbers.h"

#include <cctype>
#include <charconv>
#include <climits>

namespace sdvmc::support {

bool parseInteger(const std::string& text, int64_t lo, int64_t hi, int64_t& out) {
  std::string t = text;
  bool neg = !t.empty() && t[0] == '-';
  if (neg) t.erase(0, 1);
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    base = 16;
    t.erase(0, 2);
  }
  if (t.empty() || t.size() > 18) return false;
  int64_t v = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (ec != std::errc() || p != t.data() + t.size()) return false;
  if (neg) v = -v;
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}

bool parseRange(const std::string& text, int64_t lo, int64_t hi, int64_t& first, int64_t& last) {
  auto dots = text.find("..");
  if (dots == std::string::npos) {
    if (!parseInteger(text, lo, hi, first)) return false;
    last = first;
    return true;
  }
  return parseInteger(text.substr(0, dots), lo, hi, first) &&
         parseInteger(text.substr(dots + 2), lo, hi, last) && first <= last;
}

bool parseByteSize(const std::string& text, uint64_t& out) {
  if (text.empty()) return false;
  uint64_t mult = 1;
  std::string t = text;
  char suffix = static_cast<char>(std::toupper(static_cast<unsigned char>(t.back())));
  if (suffix == 'K' || suffix == 'M' || suffix == 'G') {
    mult = suffix == 'K' ? 1ull << 10 : suffix == 'M' ? 1ull << 20 : 1ull << 30;
    t.pop_back();
  }
  int64_t v = 0;
  if (!parseInteger(t, 1, INT64_MAX / static_cast<int64_t>(mult), v)) return false;
  out = static_cast<uint64_t>(v) * mult;
  return true;
}

bool parseDims(const std::string& text, std::array<uint32_t, 3>& dims, unsigned& count) {
  std::string t = text;
  if (t.size() >= 2 && t.front() == '[' && t.back() == ']') t = t.substr(1, t.size() - 2);
  dims = {1, 1, 1};
  count = 0;
  size_t pos = 0;
  while (true) {
    size_t comma = t.find(',', pos);
    std::string part = t.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    while (!part.empty() && part.back() == ' ') part.pop_back();
    int64_t v = 0;
    if (count == 3 || !parseInteger(part, 1, INT32_MAX, v)) return false;
    dims[count++] = static_cast<uint32_t>(v);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return true;
}

}  // namespace sdvmc::support
