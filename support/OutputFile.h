// Files a command writes besides its output (`--sarif FILE`, `--html FILE`): checked before
// the work starts, so that a path that cannot be written is a command-line error at once
// rather than after a long exploration, and written whole at the end.
#pragma once

#include <optional>
#include <string>

namespace sdvmc::support {

/// Why `path` cannot be written (a folder, a missing or read-only folder, a read-only
/// file), or nullopt when it can. Creates nothing.
std::optional<std::string> cannotWrite(const std::string& path);

/// Replaces `path`'s contents with `text`; false with `error` set when that fails.
bool writeFile(const std::string& path, const std::string& text, std::string& error);

}  // namespace sdvmc::support
