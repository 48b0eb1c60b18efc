// The KPL lexer (kpl-language.md, "Lexical"). Positions are 1-based lines and byte
// columns. Literals: decimal or `0x` hex, up to 2^32-1, wrapped to a 32-bit two's
// complement word (specs/KPL.md); a larger one is an error. A byte that starts no token
// is reported and skipped, one error per run of such bytes, so a stray UTF-8 character
// gives one message.
#include "kpl/Lexer.h"

#include <array>
#include <fmt/format.h>
#include <utility>

namespace sdvmc::kpl {

namespace {

struct Keyword {
  std::string_view text;
  TokenKind kind;
};

constexpr std::array<Keyword, 22> kKeywords{{
    {"threads", TokenKind::KwThreads},   {"group", TokenKind::KwGroup},
    {"shared", TokenKind::KwShared},     {"procedure", TokenKind::KwProcedure},
    {"main", TokenKind::KwMain},         {"local", TokenKind::KwLocal},
    {"if", TokenKind::KwIf},             {"else", TokenKind::KwElse},
    {"while", TokenKind::KwWhile},       {"break", TokenKind::KwBreak},
    {"continue", TokenKind::KwContinue}, {"return", TokenKind::KwReturn},
    {"barrier", TokenKind::KwBarrier},   {"rd", TokenKind::KwRd},
    {"wr", TokenKind::KwWr},             {"lid", TokenKind::KwLid},
    {"gid", TokenKind::KwGid},           {"assert", TokenKind::KwAssert},
    {"assume", TokenKind::KwAssume},     {"true", TokenKind::KwTrue},
    {"false", TokenKind::KwFalse},       {"skip", TokenKind::KwSkip},
}};

bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Lexer {
public:
  Lexer(const SourceFile& source, DiagnosticEngine& diags, size_t maxErrors)
      : text_(source.text()), diags_(diags), maxErrors_(maxErrors) {}

  LexResult run() {
    while (!result_.stopped) {
      skipSpaceAndComments();
      if (result_.stopped || pos_ >= text_.size()) break;
      lexToken();
    }
    Token eof;
    eof.kind = TokenKind::Eof;
    eof.range = {eofLoc(), eofLoc()};
    result_.tokens.push_back(std::move(eof));
    return std::move(result_);
  }

private:
  SourceLoc loc() const { return {line_, col_}; }

  // Where "end of file" is reported: just after the last character, on the last line
  // that has text (not on the empty line after a final newline, which cannot be quoted).
  SourceLoc eofLoc() const {
    if (lastLine_ == 0) return {1, 1};
    return {lastLine_, lastCol_ + 1};
  }

  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      lastLine_ = line_;
      lastCol_ = col_;
      ++col_;
    }
    ++pos_;
  }

  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  bool atEnd(size_t ahead = 0) const { return pos_ + ahead >= text_.size(); }

  void error(SourceLoc at, std::string message) {
    if (result_.stopped) return;
    diags_.error(at, std::move(message));
    if (++result_.errors >= maxErrors_) {
      diags_.note(at, "too many errors; stopping");
      result_.stopped = true;
    }
  }

  void skipSpaceAndComments() {
    while (!atEnd() && !result_.stopped) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        SourceLoc start = loc();
        advance();
        advance();
        bool closed = false;
        while (!atEnd()) {
          if (peek() == '*' && peek(1) == '/' && !atEnd(1)) {
            advance();
            advance();
            closed = true;
            break;
          }
          advance();
        }
        if (!closed) error(start, "unterminated block comment");
      } else {
        return;
      }
    }
  }

  void push(TokenKind kind, SourceLoc begin, std::string text = {}) {
    Token t;
    t.kind = kind;
    t.range = {begin, loc()};
    t.text = std::move(text);
    result_.tokens.push_back(std::move(t));
  }

  void lexToken() {
    SourceLoc begin = loc();
    char c = peek();
    if (isIdentStart(c)) {
      size_t start = pos_;
      while (!atEnd() && isIdentChar(peek())) advance();
      std::string word(text_.substr(start, pos_ - start));
      for (const Keyword& k : kKeywords)
        if (k.text == word) return push(k.kind, begin, std::move(word));
      return push(TokenKind::Ident, begin, std::move(word));
    }
    if (isDigit(c)) return lexNumber(begin);
    auto op = [&](TokenKind kind, int len) {
      for (int i = 0; i < len; ++i) advance();
      push(kind, begin);
    };
    char n = peek(1);
    switch (c) {
      case '(': return op(TokenKind::LParen, 1);
      case ')': return op(TokenKind::RParen, 1);
      case '{': return op(TokenKind::LBrace, 1);
      case '}': return op(TokenKind::RBrace, 1);
      case '[': return op(TokenKind::LBracket, 1);
      case ']': return op(TokenKind::RBracket, 1);
      case ';': return op(TokenKind::Semi, 1);
      case ',': return op(TokenKind::Comma, 1);
      case '?': return op(TokenKind::Question, 1);
      case ':': return n == '=' ? op(TokenKind::Assign, 2) : op(TokenKind::Colon, 1);
      case '=': return n == '=' ? op(TokenKind::EqEq, 2) : op(TokenKind::Eq, 1);
      case '+': return op(TokenKind::Plus, 1);
      case '-': return op(TokenKind::Minus, 1);
      case '*': return op(TokenKind::Star, 1);
      case '/': return op(TokenKind::Slash, 1);
      case '%': return op(TokenKind::Percent, 1);
      case '<':
        if (n == '<') return op(TokenKind::Shl, 2);
        return n == '=' ? op(TokenKind::Le, 2) : op(TokenKind::Lt, 1);
      case '>':
        if (n == '>') return op(TokenKind::Shr, 2);
        return n == '=' ? op(TokenKind::Ge, 2) : op(TokenKind::Gt, 1);
      case '!': return n == '=' ? op(TokenKind::Ne, 2) : op(TokenKind::Bang, 1);
      case '~': return op(TokenKind::Tilde, 1);
      case '&': return n == '&' ? op(TokenKind::AmpAmp, 2) : op(TokenKind::Amp, 1);
      case '|': return n == '|' ? op(TokenKind::PipePipe, 2) : op(TokenKind::Pipe, 1);
      case '^': return op(TokenKind::Caret, 1);
      default: break;
    }
    // Not a token: report the run of such bytes once and skip it.
    unsigned char byte = static_cast<unsigned char>(c);
    std::string what = (byte >= 0x21 && byte < 0x7f) ? fmt::format("'{}'", c)
                                                     : fmt::format("(byte 0x{:02x})", byte);
    advance();
    while (!atEnd() && startsNothing(peek())) advance();
    error(begin, "unexpected character " + what);
  }

  static bool startsNothing(char c) {
    if (isIdentChar(c)) return false;
    switch (c) {
      case ' ': case '\t': case '\n': case '\r': case '\f': case '\v':
      case '(': case ')': case '{': case '}': case '[': case ']': case ';': case ',':
      case '?': case ':': case '=': case '+': case '-': case '*': case '/': case '%':
      case '<': case '>': case '!': case '~': case '&': case '|': case '^':
        return false;
      default:
        return true;
    }
  }

  void lexNumber(SourceLoc begin) {
    size_t start = pos_;
    uint64_t value = 0;
    bool overflow = false;
    bool bad = false;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      advance();
      advance();
      bool any = false;
      while (!atEnd() && hexDigit(peek()) >= 0) {
        value = value * 16 + static_cast<uint64_t>(hexDigit(peek()));
        if (value > 0xFFFFFFFFull) {
          overflow = true;
          value = 0xFFFFFFFFull;
        }
        any = true;
        advance();
      }
      bad = !any;
    } else {
      while (!atEnd() && isDigit(peek())) {
        value = value * 10 + static_cast<uint64_t>(peek() - '0');
        if (value > 0xFFFFFFFFull) {
          overflow = true;
          value = 0xFFFFFFFFull;
        }
        advance();
      }
    }
    // `12abc` or `0x1g` is one malformed literal, not a number then a name.
    if (!atEnd() && isIdentChar(peek())) {
      bad = true;
      while (!atEnd() && isIdentChar(peek())) advance();
    }
    std::string text(text_.substr(start, pos_ - start));
    if (bad) {
      error(begin, fmt::format("invalid integer literal '{}'", text));
      value = 0;
    } else if (overflow) {
      error(begin, fmt::format("integer literal out of range '{}' (the largest is 4294967295)", text));
      value = 0;
    }
    push(TokenKind::Number, begin, std::move(text));
    Token& t = result_.tokens.back();
    t.uvalue = static_cast<uint32_t>(value);
    t.value = static_cast<int32_t>(t.uvalue);
  }

  std::string_view text_;
  DiagnosticEngine& diags_;
  size_t maxErrors_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
  uint32_t lastLine_ = 0;  // the last non-newline character's position
  uint32_t lastCol_ = 0;
  LexResult result_;
};

}  // namespace

LexResult lex(const SourceFile& source, DiagnosticEngine& diags, size_t maxErrors) {
  return Lexer(source, diags, maxErrors).run();
}

std::string_view tokenKindName(TokenKind k) {
  switch (k) {
    case TokenKind::Eof: return "end of file";
    case TokenKind::Ident: return "identifier";
    case TokenKind::Number: return "number";
    case TokenKind::KwThreads: return "'threads'";
    case TokenKind::KwGroup: return "'group'";
    case TokenKind::KwShared: return "'shared'";
    case TokenKind::KwProcedure: return "'procedure'";
    case TokenKind::KwMain: return "'main'";
    case TokenKind::KwLocal: return "'local'";
    case TokenKind::KwIf: return "'if'";
    case TokenKind::KwElse: return "'else'";
    case TokenKind::KwWhile: return "'while'";
    case TokenKind::KwBreak: return "'break'";
    case TokenKind::KwContinue: return "'continue'";
    case TokenKind::KwReturn: return "'return'";
    case TokenKind::KwBarrier: return "'barrier'";
    case TokenKind::KwRd: return "'rd'";
    case TokenKind::KwWr: return "'wr'";
    case TokenKind::KwLid: return "'lid'";
    case TokenKind::KwGid: return "'gid'";
    case TokenKind::KwAssert: return "'assert'";
    case TokenKind::KwAssume: return "'assume'";
    case TokenKind::KwTrue: return "'true'";
    case TokenKind::KwFalse: return "'false'";
    case TokenKind::KwSkip: return "'skip'";
    case TokenKind::LParen: return "'('";
    case TokenKind::RParen: return "')'";
    case TokenKind::LBrace: return "'{'";
    case TokenKind::RBrace: return "'}'";
    case TokenKind::LBracket: return "'['";
    case TokenKind::RBracket: return "']'";
    case TokenKind::Semi: return "';'";
    case TokenKind::Comma: return "','";
    case TokenKind::Colon: return "':'";
    case TokenKind::Question: return "'?'";
    case TokenKind::Assign: return "':='";
    case TokenKind::Eq: return "'='";
    case TokenKind::Plus: return "'+'";
    case TokenKind::Minus: return "'-'";
    case TokenKind::Star: return "'*'";
    case TokenKind::Slash: return "'/'";
    case TokenKind::Percent: return "'%'";
    case TokenKind::Shl: return "'<<'";
    case TokenKind::Shr: return "'>>'";
    case TokenKind::Lt: return "'<'";
    case TokenKind::Le: return "'<='";
    case TokenKind::Gt: return "'>'";
    case TokenKind::Ge: return "'>='";
    case TokenKind::EqEq: return "'=='";
    case TokenKind::Ne: return "'!='";
    case TokenKind::Amp: return "'&'";
    case TokenKind::Caret: return "'^'";
    case TokenKind::Pipe: return "'|'";
    case TokenKind::AmpAmp: return "'&&'";
    case TokenKind::PipePipe: return "'||'";
    case TokenKind::Bang: return "'!'";
    case TokenKind::Tilde: return "'~'";
  }
  return "token";
}

}  // namespace sdvmc::kpl
