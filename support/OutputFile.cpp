// Checking and writing output files (see OutputFile.h).
#include "support/OutputFile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace sdvmc::support {

std::optional<std::string> cannotWrite(const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) return "the file name is empty";
  std::error_code ec;
  const fs::path p(path);
  if (fs::is_directory(p, ec)) return "it is a folder";
  if (fs::exists(p, ec)) {
    if (access(path.c_str(), W_OK) != 0) return std::strerror(errno);
    return std::nullopt;
  }
  fs::path dir = p.parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec)) return "its folder " + dir.string() + " does not exist";
  if (access(dir.c_str(), W_OK) != 0) return "its folder " + dir.string() + ": " + std::strerror(errno);
  return std::nullopt;
}

bool writeFile(const std::string& path, const std::string& text, std::string& error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out << text;
  if (out) out.flush();
  if (!out) {
    error = std::strerror(errno ? errno : EIO);
    return false;
  }
  return true;
}

}  // namespace sdvmc::support
