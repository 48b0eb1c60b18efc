// Command-line errors as diagnostics: `<command-line>:1:COL: error: …`, exit status 2,
// where COL points at the offending argument in the command line as typed.
#pragma once

#include <string>
#include <vector>

namespace sdvmc::tool {

class CommandLine {
public:
  CommandLine(int argc, char** argv);
  const std::vector<std::string>& args() const { return args_; }
  /// The 1-based column where the first argument starting with or equal to `needle`
  /// begins in the command line after the program name (1 when not found).
  unsigned columnOf(const std::string& needle) const;
  /// Prints `<command-line>:1:COL: error: message` to stderr.
  void error(const std::string& needle, const std::string& message) const;
  /// error(), plus the JSON error object on stdout when `json`; returns exit status 2.
  int reject(const std::string& needle, const std::string& message, bool json) const;
  /// An output file option (`--sarif FILE`, `--html FILE`), checked before the work: true
  /// when `path` is empty or can be written, else false after reject() said why.
  bool outputWritable(const std::string& option, const std::string& path, bool json) const;
  /// Writes an output file at the end; false after reject() said why it failed.
  bool writeOutput(const std::string& option, const std::string& path, const std::string& text, bool json) const;

private:
  std::vector<std::string> args_;
};

}  // namespace sdvmc::tool
