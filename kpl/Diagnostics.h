// User-facing diagnostics: `file:line:col: error: message`, then the source line and a
// caret under the column. Bad input is reported here and never crashes the tool; a bug in
// sdvmc itself is an assert, not a diagnostic (../shared/style.md).
#pragma once

#include "kpl/Ast.h"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace sdvmc::kpl {

/// A file's text, kept so that diagnostics can quote the offending line.
class SourceFile {
public:
  SourceFile() = default;
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  /// The text of 1-based line `line`, without its newline; empty when out of range.
  std::string_view lineText(uint32_t line) const;
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }

private:
  std::string path_;
  std::string text_;
  std::vector<size_t> lineStarts_;
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  std::string file;
  SourceLoc loc;
  std::string message;
};

/// Collects every diagnostic of a run (as many errors as can be found, not just the
/// first), and renders them in the order they were reported.
class DiagnosticEngine {
public:
  /// `source` may be null (no quoted line is printed then). It must outlive the engine.
  explicit DiagnosticEngine(const SourceFile* source = nullptr) : source_(source) {}

  void error(SourceLoc loc, std::string message);
  void warning(SourceLoc loc, std::string message);
  void note(SourceLoc loc, std::string message);
  void report(Diagnostic d);

  bool hasErrors() const { return errors_ != 0; }
  size_t errorCount() const { return errors_; }
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }

  /// Writes every diagnostic as `file:line:col: error: message`, followed by the source
  /// line and a caret when the source is known.
  void render(std::ostream& os) const;

private:
  const SourceFile* source_;
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
};

/// Formats one diagnostic (with the quoted line when `source` is given).
std::string formatDiagnostic(const Diagnostic& d, const SourceFile* source);

}  // namespace sdvmc::kpl
