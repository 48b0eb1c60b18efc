// Unit tests of diagnostics: the line table and the exact rendered form, with the quoted
// line and the caret (tabs kept in the padding, non-printable bytes made safe).
#include "kpl/Diagnostics.h"
#include "kpl/Parser.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace sdvmc::kpl;

TEST_CASE("SourceFile splits lines", "[kpl][diagnostics]") {
  SourceFile f("f.kpl", "one\ntwo\r\n\nfour\n");
  CHECK(f.lineCount() == 4);
  CHECK(f.lineText(1) == "one");
  CHECK(f.lineText(2) == "two");
  CHECK(f.lineText(3) == "");
  CHECK(f.lineText(4) == "four");
  CHECK(f.lineText(5) == "");
  CHECK(f.lineText(0) == "");
  SourceFile empty("e", "");
  CHECK(empty.lineCount() == 1);
  CHECK(empty.lineText(1) == "");
}

TEST_CASE("an error renders as file:line:col, the line and a caret", "[kpl][diagnostics]") {
  SourceFile f("k.kpl", "main: {\n  x := 1 +;\n}\n");
  DiagnosticEngine d(&f);
  d.error({2, 10}, "expected an expression");
  d.warning({1, 1}, "careful");
  d.note({3, 1}, "here");
  std::ostringstream os;
  d.render(os);
  CHECK(os.str() ==
        "k.kpl:2:10: error: expected an expression\n"
        "  x := 1 +;\n"
        "         ^\n"
        "k.kpl:1:1: warning: careful\n"
        "main: {\n"
        "^\n"
        "k.kpl:3:1: note: here\n"
        "}\n"
        "^\n");
  CHECK(d.errorCount() == 1);
  CHECK(d.hasErrors());
}

TEST_CASE("tabs are kept in the caret padding; other bytes are made printable",
          "[kpl][diagnostics]") {
  SourceFile f("t.kpl", std::string("\tx\x01\xff := y;", 10));
  Diagnostic diag{Severity::Error, "t.kpl", {1, 10}, "bad"};
  CHECK(formatDiagnostic(diag, &f) == "t.kpl:1:10: error: bad\n\tx?? := y;\n\t        ^\n");
}

TEST_CASE("line 0 has no position and no quote; no source, no quote", "[kpl][diagnostics]") {
  SourceFile f("a.kpl", "x\n");
  CHECK(formatDiagnostic({Severity::Error, "a.kpl", {}, "no position"}, &f) ==
        "a.kpl: error: no position\n");
  CHECK(formatDiagnostic({Severity::Error, "a.kpl", {1, 1}, "m"}, nullptr) == "a.kpl:1:1: error: m\n");
  DiagnosticEngine none;
  none.error({}, "x");
  CHECK(none.diagnostics()[0].file.empty());
  CHECK(formatDiagnostic(none.diagnostics()[0], nullptr) == "<input>: error: x\n");
}

TEST_CASE("a parse error renders with the caret under the offending token", "[kpl][diagnostics]") {
  SourceFile f("p.kpl", "threads: 2;\ngroup: 0;\nmain: {\n  x := (1 + );\n  barrier;\n}\n");
  DiagnosticEngine d(&f);
  CHECK_FALSE(parseProgram(f, d));
  std::ostringstream os;
  d.render(os);
  CHECK(os.str() ==
        "p.kpl:4:13: error: expected an expression, found ')'\n"
        "  x := (1 + );\n"
        "            ^\n");
}

TEST_CASE("an error at end of file points just after the last character", "[kpl][diagnostics]") {
  SourceFile f("e.kpl", "threads: 2;\ngroup: 0;\nmain: {\n  barrier;\n");
  DiagnosticEngine d(&f);
  CHECK_FALSE(parseProgram(f, d));
  std::ostringstream os;
  d.render(os);
  CHECK(os.str() ==
        "e.kpl:4:11: error: expected '}', found end of file\n"
        "  barrier;\n"
        "          ^\n"
        "e.kpl:3:7: note: to match this '{'\n"
        "main: {\n"
        "      ^\n");
}
