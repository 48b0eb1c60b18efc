// Unit tests of the KPL lexer: keywords, identifiers, operators, comments, literals
// (decimal, hex, wrapping, out of range) and the errors for bytes that start no token.
#include "kpl/Lexer.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sdvmc::kpl;

namespace {

struct Lexed {
  SourceFile file;
  DiagnosticEngine diags{&file};
  LexResult result;
};

std::unique_ptr<Lexed> lexText(std::string text) {
  auto l = std::make_unique<Lexed>();
  l->file = SourceFile("t.kpl", std::move(text));
  l->result = lex(l->file, l->diags);
  return l;
}

std::vector<TokenKind> kinds(const std::string& text) {
  std::vector<TokenKind> out;
  auto l = lexText(text);
  for (const Token& t : l->result.tokens) out.push_back(t.kind);
  return out;
}

}  // namespace

TEST_CASE("every keyword is its own token, other words are identifiers", "[kpl][lexer]") {
  using K = TokenKind;
  CHECK(kinds("threads group shared procedure main local if else while break continue") ==
        std::vector<K>{K::KwThreads, K::KwGroup, K::KwShared, K::KwProcedure, K::KwMain,
                       K::KwLocal, K::KwIf, K::KwElse, K::KwWhile, K::KwBreak, K::KwContinue,
                       K::Eof});
  CHECK(kinds("return barrier rd wr lid gid assert assume true false skip") ==
        std::vector<K>{K::KwReturn, K::KwBarrier, K::KwRd, K::KwWr, K::KwLid, K::KwGid,
                       K::KwAssert, K::KwAssume, K::KwTrue, K::KwFalse, K::KwSkip, K::Eof});
  auto l = lexText("mainx _a1 Lid mem");
  REQUIRE(l->result.tokens.size() == 5);
  for (int i = 0; i < 4; ++i) CHECK(l->result.tokens[i].kind == K::Ident);
  CHECK(l->result.tokens[0].text == "mainx");
  CHECK(l->result.tokens[1].text == "_a1");
}

TEST_CASE("operators, longest match first", "[kpl][lexer]") {
  using K = TokenKind;
  CHECK(kinds(":= : << < <= >> > >= == = != ! && & || | ^ ~ ? ; , * / % + - ( ) { } [ ]") ==
        std::vector<K>{K::Assign, K::Colon, K::Shl, K::Lt, K::Le, K::Shr, K::Gt, K::Ge,
                       K::EqEq, K::Eq, K::Ne, K::Bang, K::AmpAmp, K::Amp, K::PipePipe,
                       K::Pipe, K::Caret, K::Tilde, K::Question, K::Semi, K::Comma, K::Star,
                       K::Slash, K::Percent, K::Plus, K::Minus, K::LParen, K::RParen,
                       K::LBrace, K::RBrace, K::LBracket, K::RBracket, K::Eof});
  CHECK(kinds("--x") == std::vector<K>{K::Minus, K::Minus, K::Ident, K::Eof});
  CHECK(kinds("a<<=b") == std::vector<K>{K::Ident, K::Shl, K::Eq, K::Ident, K::Eof});
}

TEST_CASE("comments are skipped; positions are 1-based line and byte column", "[kpl][lexer]") {
  auto l = lexText("// c1\n  x /* a\n b */ y // end\n\tz");
  const auto& t = l->result.tokens;
  REQUIRE(t.size() == 4);
  CHECK(t[0].text == "x");
  CHECK(t[0].range.begin == SourceLoc{2, 3});
  CHECK(t[0].range.end == SourceLoc{2, 4});
  CHECK(t[1].text == "y");
  CHECK(t[1].range.begin == SourceLoc{3, 7});
  CHECK(t[2].text == "z");
  CHECK(t[2].range.begin == SourceLoc{4, 2});
  CHECK(t[3].kind == TokenKind::Eof);
  CHECK(t[3].range.begin == SourceLoc{4, 3});
  CHECK_FALSE(l->diags.hasErrors());
}

TEST_CASE("unterminated block comment is reported at its start", "[kpl][lexer]") {
  auto l = lexText("x\n  /* never closed\n y");
  REQUIRE(l->diags.errorCount() == 1);
  CHECK(l->diags.diagnostics()[0].message == "unterminated block comment");
  CHECK(l->diags.diagnostics()[0].loc == SourceLoc{2, 3});
  CHECK(l->result.tokens.back().kind == TokenKind::Eof);
}

TEST_CASE("integer literals: decimal, hex, wrapping to int32, out of range", "[kpl][lexer]") {
  auto l = lexText("0 42 0x10 0XfF 2147483647 2147483648 4294967295 0xFFFFFFFF 0x80000000 007");
  REQUIRE_FALSE(l->diags.hasErrors());
  const auto& t = l->result.tokens;
  std::vector<int32_t> values;
  for (const Token& tk : t)
    if (tk.kind == TokenKind::Number) values.push_back(tk.value);
  CHECK(values == std::vector<int32_t>{0, 42, 16, 255, 2147483647, INT32_MIN, -1, -1, INT32_MIN, 7});
  CHECK(t[6].uvalue == 4294967295u);

  auto big = lexText("x 4294967296 0x100000000 99999999999999999999999");
  REQUIRE(big->diags.errorCount() == 3);
  CHECK(big->diags.diagnostics()[0].message.find("integer literal out of range") == 0);
  CHECK(big->diags.diagnostics()[0].loc == SourceLoc{1, 3});
  CHECK(big->diags.diagnostics()[1].loc == SourceLoc{1, 14});
  CHECK(big->diags.diagnostics()[2].message.find("integer literal out of range") == 0);

  auto bad = lexText("0x 12ab");
  REQUIRE(bad->diags.errorCount() == 2);
  CHECK(bad->diags.diagnostics()[0].message.find("invalid integer literal") == 0);
  CHECK(bad->diags.diagnostics()[1].loc == SourceLoc{1, 4});
}

TEST_CASE("unexpected characters are reported with their location and skipped", "[kpl][lexer]") {
  std::string text = "a @ b\n$c";
  text += '\0';
  text += "d \xc3\xa9 e";
  auto l = lexText(text);
  const auto& d = l->diags.diagnostics();
  REQUIRE(l->diags.errorCount() == 4);
  CHECK(d[0].message == "unexpected character '@'");
  CHECK(d[0].loc == SourceLoc{1, 3});
  CHECK(d[1].loc == SourceLoc{2, 1});
  CHECK(d[2].message == "unexpected character (byte 0x00)");
  CHECK(d[2].loc == SourceLoc{2, 3});
  CHECK(d[3].loc == SourceLoc{2, 6});  // one error for the two bytes of 'é'
  std::vector<std::string> names;
  for (const Token& t : l->result.tokens)
    if (t.kind == TokenKind::Ident) names.push_back(t.text);
  CHECK(names == std::vector<std::string>{"a", "b", "c", "d", "e"});
}

TEST_CASE("the lexer stops after too many errors", "[kpl][lexer]") {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "@ ";
  auto l = lexText(text);
  CHECK(l->result.stopped);
  CHECK(l->diags.errorCount() == 100);
  CHECK(l->diags.diagnostics().back().severity == Severity::Note);
  CHECK(l->diags.diagnostics().back().message.find("too many errors") != std::string::npos);
  CHECK(l->result.tokens.back().kind == TokenKind::Eof);
}
