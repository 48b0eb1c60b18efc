// The KPL lexer: bytes to tokens, each with the source position it starts and ends at.
//
// It never fails: a byte that begins no token is reported as "unexpected character" and
// skipped, an unterminated block comment is reported at its start, and an integer literal
// above 2^32-1 is reported as out of range. The token stream always ends with one Eof
// token, so the parser can look ahead without bounds checks.
#pragma once

#include "kpl/Ast.h"
#include "kpl/Diagnostics.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sdvmc::kpl {

enum class TokenKind {
  Eof,
  Ident,
  Number,
  // keywords
  KwThreads, KwGroup, KwShared, KwProcedure, KwMain, KwLocal, KwIf, KwElse, KwWhile,
  KwBreak, KwContinue, KwReturn, KwBarrier, KwRd, KwWr, KwLid, KwGid, KwAssert, KwAssume,
  KwTrue, KwFalse, KwSkip,
  // punctuation and operators
  LParen, RParen, LBrace, RBrace, LBracket, RBracket,
  Semi, Comma, Colon, Question, Assign /* := */, Eq /* = */,
  Plus, Minus, Star, Slash, Percent,
  Shl, Shr, Lt, Le, Gt, Ge, EqEq, Ne,
  Amp, Caret, Pipe, AmpAmp, PipePipe, Bang, Tilde,
};

struct Token {
  TokenKind kind = TokenKind::Eof;
  SourceRange range;
  std::string text;    ///< the identifier's name, or the literal as written
  int32_t value = 0;   ///< Number: the literal wrapped to 32 bits
  uint32_t uvalue = 0; ///< Number: the literal as written (at most 2^32-1)
};

struct LexResult {
  std::vector<Token> tokens;  ///< always ends with exactly one Eof token
  size_t errors = 0;          ///< lexical errors reported
  bool stopped = false;       ///< reached `maxErrors` and gave up (a note says so)
};

/// Splits `source` into tokens, reporting lexical errors to `diags`. After `maxErrors`
/// errors it notes "too many errors" and ends the stream there.
LexResult lex(const SourceFile& source, DiagnosticEngine& diags, size_t maxErrors = 100);

/// How a token kind is spelled in messages, e.g. "':='" or "identifier".
std::string_view tokenKindName(TokenKind k);

}  // namespace sdvmc::kpl
