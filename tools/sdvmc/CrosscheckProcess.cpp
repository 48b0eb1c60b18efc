// Subprocesses with a deadline (see CrosscheckProcess.h).
#include "tools/sdvmc/CrosscheckProcess.h"

#include <cerrno>
#include <fmt/format.h>
#include <string_view>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sdvmc::tool::crosscheck {

std::string shellJoin(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) {
    if (!out.empty()) out += ' ';
    const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                         "0123456789-_./=,:+[]@%") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out.push_back('\'');
    for (char c : a) {
      if (c == '\'') out.append("'\\''");
      else out.push_back(c);
    }
    out.push_back('\'');
  }
  return out;
}

std::string selfExecutable(const std::string& fallback) {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return fallback;
  buf[n] = 0;
  return buf;
}

bool inPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/bin:/bin";
  size_t pos = 0;
  while (pos <= p.size()) {
    size_t colon = p.find(':', pos);
    const std::string dir = p.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
    const std::string full = fmt::format("{}/{}", dir.empty() ? std::string_view(".") : std::string_view(dir), name);
    struct stat st {};
    if (stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(full.c_str(), X_OK) == 0) return true;
    if (colon == std::string::npos) break;
    pos = colon + 1;
  }
  return false;
}

ProcessResult runProcess(const std::vector<std::string>& argv, double seconds, const std::string& cwd,
                         size_t maxOutput) {
  ProcessResult r;
  r.command = shellJoin(argv);
  const auto start = std::chrono::steady_clock::now();
  int out[2], err[2];
  if (argv.empty() || pipe2(out, O_CLOEXEC) != 0) return r;
  if (pipe2(err, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    return r;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    return r;
  }
  if (pid == 0) {
    setpgid(0, 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    const int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(127);
    execvp(args[0], args.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also from here, so the group exists before any kill
  close(out[1]);
  close(err[1]);
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  bool live[2] = {true, true};
  std::string* sinks[2] = {&r.out, &r.err};
  const auto deadline = start + std::chrono::duration<double>(seconds);
  char buf[65536];
  while (live[0] || live[1]) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      r.timedOut = true;
      kill(-pid, SIGKILL);
      break;
    }
    const int wait = static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    for (int i = 0; i < 2; ++i) fds[i].fd = live[i] ? (i == 0 ? out[0] : err[0]) : -1;
    const int n = poll(fds, 2, std::min(wait, 1000));
    if (n < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (!live[i] || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t got = read(fds[i].fd, buf, sizeof buf);
      if (got <= 0) {
        live[i] = false;
        continue;
      }
      if (sinks[i]->size() < maxOutput) sinks[i]->append(buf, std::min<size_t>(static_cast<size_t>(got), maxOutput - sinks[i]->size()));
    }
  }
  close(out[0]);
  close(err[0]);
  int status = 0;
  // The streams are closed; the process may still run (it closed them itself): wait for
  // it until the deadline too.
  while (true) {
    const pid_t w = waitpid(pid, &status, r.timedOut ? 0 : WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (w == 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        r.timedOut = true;
        kill(-pid, SIGKILL);
        continue;
      }
      usleep(2000);
    }
  }
  if (r.timedOut) kill(-pid, SIGKILL);  // whatever of its group is left
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace sdvmc::tool::crosscheck
