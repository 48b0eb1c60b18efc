// Diagnostics: the line table of a source file, the engine that collects a run's
// messages, and their rendering in the `file:line:col: error: message` form with the
// offending line quoted and a caret under the column (clang's layout).
//
// The quoted line is made safe to print: tabs are kept (and copied into the caret line's
// padding, so the caret lines up in a terminal), any other control or non-ASCII byte is
// shown as `?`, so rendering garbage input still produces plain text.
#include "kpl/Diagnostics.h"

#include <algorithm>
#include <ostream>
#include <utility>

namespace sdvmc::kpl {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n' && i + 1 < text_.size()) lineStarts_.push_back(i + 1);
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size()) return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = text_.find('\n', begin);
  if (end == std::string::npos) end = text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

void DiagnosticEngine::error(SourceLoc loc, std::string message) {
  report({Severity::Error, source_ ? source_->path() : std::string(), loc, std::move(message)});
}

void DiagnosticEngine::warning(SourceLoc loc, std::string message) {
  report({Severity::Warning, source_ ? source_->path() : std::string(), loc, std::move(message)});
}

void DiagnosticEngine::note(SourceLoc loc, std::string message) {
  report({Severity::Note, source_ ? source_->path() : std::string(), loc, std::move(message)});
}

void DiagnosticEngine::report(Diagnostic d) {
  if (d.severity == Severity::Error) ++errors_;
  diags_.push_back(std::move(d));
}

void DiagnosticEngine::render(std::ostream& os) const {
  for (const Diagnostic& d : diags_) os << formatDiagnostic(d, source_);
}

namespace {

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

bool printable(unsigned char c) { return c == '\t' || (c >= 0x20 && c < 0x7f); }

}  // namespace

std::string formatDiagnostic(const Diagnostic& d, const SourceFile* source) {
  std::string out = d.file.empty() ? std::string("<input>") : d.file;
  if (d.loc.valid()) {
    out += ':' + std::to_string(d.loc.line);
    if (d.loc.col != 0) out += ':' + std::to_string(d.loc.col);
  }
  out += ": ";
  out += severityName(d.severity);
  out += ": ";
  for (char c : d.message) out += printable(static_cast<unsigned char>(c)) ? c : '?';
  out += '\n';
  if (!d.loc.valid() || source == nullptr || d.loc.line > source->lineCount()) return out;

  std::string_view line = source->lineText(d.loc.line);
  for (char c : line) out += printable(static_cast<unsigned char>(c)) ? c : '?';
  out += '\n';
  if (d.loc.col == 0) return out;
  // The caret goes at most one past the end of the line (a synthesised column may not).
  size_t pad = std::min<size_t>(d.loc.col - 1, line.size());
  for (size_t i = 0; i < pad; ++i) out += line[i] == '\t' ? '\t' : ' ';
  out += "^\n";
  return out;
}

}  // namespace sdvmc::kpl
