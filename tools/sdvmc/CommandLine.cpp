// Locating command-line errors (see CommandLine.h).
#include "tools/sdvmc/CommandLine.h"

#include "support/OutputFile.h"

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

bool CommandLine::outputWritable(const std::string& option, const std::string& path, bool json) const {
  if (path.empty()) return true;
  if (std::optional<std::string> why = support::cannotWrite(path)) {
    reject(option, fmt::format("{}: cannot write '{}': {}", option, path, *why), json);
    return false;
  }
  return true;
}

bool CommandLine::writeOutput(const std::string& option, const std::string& path, const std::string& text,
                              bool json) const {
  std::string why;
  if (support::writeFile(path, text, why)) return true;
  reject(option, fmt::format("{}: cannot write '{}': {}", option, path, why), json);
  return false;
}

}  // namespace sdvmc::tool
