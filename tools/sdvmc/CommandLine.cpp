// Locating command-line errors (see CommandLine.h).
#include "tools/sdvmc/CommandLine.h"

#include <cctype>
#include <charconv>
#include <climits>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sdvmc::tool {

CommandLine::CommandLine(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) args_.emplace_back(argv[i]);
}

unsigned CommandLine::columnOf(const std::string& needle) const {
  unsigned col = 1;
  for (const std::string& a : args_) {
    if (!needle.empty() && (a == needle || a.rfind(needle, 0) == 0)) return col;
    col += static_cast<unsigned>(a.size()) + 1;
  }
  return 1;
}

void CommandLine::error(const std::string& needle, const std::string& message) const {
  fmt::print(stderr, "<command-line>:1:{}: error: {}\n", columnOf(needle), message);
}

int CommandLine::reject(const std::string& needle, const std::string& message, bool json) const {
  error(needle, message);
  if (json)
    fmt::print("{{\"verdict\":\"error\",\"diagnostics\":[{{\"severity\":\"error\",\"file\":\"<command-line>\","
               "\"line\":1,\"col\":{},\"message\":{}}}]}}\n",
               columnOf(needle), nlohmann::json(message).dump());
  return 2;
}

}  // namespace sdvmc::tool

namespace sdvmc::tool {

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

}  // namespace sdvmc::tool
