// Running external programs (see Process.h).
#include "support/Process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace sdvmc::support {

namespace {

using Clock = std::chrono::steady_clock;

/// What the child reports through its exec pipe when it cannot run the program.
struct ExecFailure {
  int stage;  ///< 0: chdir, 1: exec, 2: the parent died before the child was set up
  int error;  ///< errno
};

void closeAll(std::initializer_list<int> fds) {
  for (int fd : fds)
    if (fd >= 0) close(fd);
}

/// This process's environment with `changes` applied, as NAME=VALUE strings.
std::vector<std::string> environment(const ProcessOptions& o) {
  std::vector<std::string> out;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    const bool changed = std::any_of(o.env.begin(), o.env.end(), [&](const auto& c) { return c.first == name; });
    if (!changed) out.push_back(entry);
  }
  for (const auto& [name, value] : o.env)
    if (value) out.push_back(name + "=" + *value);
  return out;
}

}  // namespace

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

std::optional<std::string> findProgram(const std::string& name) {
  if (name.empty() || name.find('/') != std::string::npos) return std::nullopt;
  const char* path = std::getenv("PATH");
  const std::string p = path ? path : "/usr/bin:/bin";
  size_t pos = 0;
  while (pos <= p.size()) {
    const size_t colon = p.find(':', pos);
    const std::string dir = p.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
    const std::string full = fmt::format("{}/{}", dir.empty() ? "." : dir, name);
    struct stat st {};
    if (stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(full.c_str(), X_OK) == 0) return full;
    if (colon == std::string::npos) break;
    pos = colon + 1;
  }
  return std::nullopt;
}

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& o) {
  ProcessResult r;
  r.command = shellJoin(argv);
  const auto start = Clock::now();
  if (argv.empty() || argv[0].empty()) {
    r.error = "no program to run";
    return r;
  }
  // Everything the child needs is made here: between fork and exec it may only call
  // async-signal-safe functions (another thread may hold malloc's lock).
  std::string program = argv[0];
  if (program.find('/') == std::string::npos) {
    std::optional<std::string> found = findProgram(program);
    if (!found) {
      r.error = fmt::format("no such program: {} (not in PATH)", program);
      return r;
    }
    program = *found;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::vector<std::string> envStrings = environment(o);
  std::vector<char*> envp;
  for (const std::string& e : envStrings) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);

  int out[2] = {-1, -1}, err[2] = {-1, -1}, exec[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 || pipe2(exec, O_CLOEXEC) != 0) {
    r.error = fmt::format("cannot run {}: pipe: {}", argv[0], std::strerror(errno));
    closeAll({out[0], out[1], err[0], err[1], exec[0], exec[1]});
    return r;
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    r.error = fmt::format("cannot run {}: fork: {}", argv[0], std::strerror(errno));
    closeAll({out[0], out[1], err[0], err[1], exec[0], exec[1]});
    return r;
  }
  if (pid == 0) {
    auto fail = [&](int stage) {
      const ExecFailure f{stage, errno};
      [[maybe_unused]] ssize_t ignored = write(exec[1], &f, sizeof f);
      _exit(127);
    };
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) fail(2);
    dup2(out[1], 1);
    dup2(err[1], 2);
    const int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    if (!o.cwd.empty() && chdir(o.cwd.c_str()) != 0) fail(0);
    execve(program.c_str(), args.data(), envp.data());
    fail(1);
  }
  setpgid(pid, pid);  // also from here, so the group exists before any kill
  closeAll({out[1], err[1], exec[1]});

  // The exec pipe closes on a successful exec; a failure arrives as an ExecFailure.
  ExecFailure failure{};
  ssize_t got = 0;
  do got = read(exec[0], &failure, sizeof failure);
  while (got < 0 && errno == EINTR);
  close(exec[0]);
  if (got == static_cast<ssize_t>(sizeof failure)) {
    closeAll({out[0], err[0]});
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    r.error = failure.stage == 0 ? fmt::format("cannot run {}: cannot enter {}: {}", argv[0], o.cwd,
                                               std::strerror(failure.error))
                                 : fmt::format("cannot run {}: {}", argv[0], std::strerror(failure.error));
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return r;
  }

  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  bool live[2] = {true, true};
  std::string* sinks[2] = {&r.out, &r.err};
  const auto deadline = start + std::chrono::duration<double>(o.seconds);
  char buf[65536];
  while (live[0] || live[1]) {
    const auto now = Clock::now();
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
      const ssize_t count = read(fds[i].fd, buf, sizeof buf);
      if (count <= 0) {
        live[i] = false;
        continue;
      }
      if (sinks[i]->size() < o.maxOutput)
        sinks[i]->append(buf, std::min<size_t>(static_cast<size_t>(count), o.maxOutput - sinks[i]->size()));
    }
  }
  closeAll({out[0], err[0]});
  int status = 0;
  // The streams are closed; the process may still run (it closed them itself): wait for
  // it until the deadline too.
  while (true) {
    const pid_t w = waitpid(pid, &status, r.timedOut ? 0 : WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) break;
    if (w == 0) {
      if (Clock::now() >= deadline) {
        r.timedOut = true;
        kill(-pid, SIGKILL);
        continue;
      }
      usleep(2000);
    }
  }
  if (r.timedOut) kill(-pid, SIGKILL);  // whatever of its group is left
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace sdvmc::support
