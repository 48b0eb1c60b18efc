// The Communicator over MPI (Open MPI on Debian: libopenmpi-dev), built when CMake finds
// MPI (SDVMC_HAVE_MPI); without it mpiWorld says so. One thread per rank calls MPI (the
// TBB workers never do): MPI_THREAD_FUNNELED.
#include "explorer/Distributed.h"

#include <fmt/format.h>

#if SDVMC_HAVE_MPI
#include <mpi.h>

#include <time.h>
#include <unistd.h>

#include <csignal>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#endif

namespace sdvmc::explore {

#if SDVMC_HAVE_MPI

namespace {

class MpiCommunicator : public Communicator {
public:
  MpiCommunicator() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void exchange(const std::vector<std::vector<uint8_t>>& send, std::vector<std::span<const uint8_t>>& recv,
                const std::vector<uint64_t>* sizes) override {
    const size_t k = size_t(size_);
    std::vector<int> sendCounts(k), recvCounts(k), sendAt(k), recvAt(k);
    std::vector<uint8_t>& out = out_;
    out.clear();
    size_t total = 0;
    for (size_t r = 0; r < k; ++r) total += send[r].size();
    if (total > size_t(INT_MAX)) fail("a batch over 2 GiB");
    out.reserve(total);
    for (size_t r = 0; r < k; ++r) {
      sendAt[r] = int(out.size());
      sendCounts[r] = int(send[r].size());
      out.insert(out.end(), send[r].begin(), send[r].end());
    }
    if (sizes) {
      for (size_t r = 0; r < k; ++r) {
        if ((*sizes)[r] > uint64_t(INT_MAX)) fail("a batch over 2 GiB");
        recvCounts[r] = int((*sizes)[r]);
      }
    } else {
      MPI_Request request;
      check(MPI_Ialltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, MPI_COMM_WORLD, &request));
      wait(request);
    }
    size_t in = 0;
    for (size_t r = 0; r < k; ++r) {
      if (in + size_t(recvCounts[r]) > size_t(INT_MAX)) fail("a batch over 2 GiB");
      recvAt[r] = int(in);
      in += size_t(recvCounts[r]);
    }
    std::vector<uint8_t>& got = in_;
    got.resize(in);
    MPI_Request request;
    check(MPI_Ialltoallv(out.data(), sendCounts.data(), sendAt.data(), MPI_BYTE, got.data(), recvCounts.data(),
                         recvAt.data(), MPI_BYTE, MPI_COMM_WORLD, &request));
    wait(request);
    recv.resize(k);
    for (size_t r = 0; r < k; ++r) recv[r] = std::span<const uint8_t>(got.data() + recvAt[r], size_t(recvCounts[r]));
  }

  void allGather(const void* mine, size_t bytes, void* all) override {
    MPI_Request request;
    check(MPI_Iallgather(mine, int(bytes), MPI_BYTE, all, int(bytes), MPI_BYTE, MPI_COMM_WORLD, &request));
    wait(request);
  }

private:
  /// Waits for a collective: polling (MPI makes progress only inside its calls), first
  /// in a tight loop, then sleeping a little longer each time (at most 0.5 ms), so that a
  /// rank that waits for a slower one leaves the core to it, or to the other ranks on a
  /// shared or oversubscribed machine, instead of spinning (MPI's blocking calls spin).
  static void wait(MPI_Request& request) {
    int done = 0;
    long sleepNs = 0;
    for (int polls = 0;; ++polls) {
      check(MPI_Test(&request, &done, MPI_STATUS_IGNORE));
      if (done) return;
      if (polls < 200) continue;
      sleepNs = std::min(500'000L, sleepNs + 2'000);
      const timespec pause{0, sleepNs};
      nanosleep(&pause, nullptr);
    }
  }

  /// MPI's default handler aborts every rank on an error; this covers what it returns.
  static void check(int code) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    fail(fmt::format("a collective operation failed ({}): another rank has probably failed (killed, or out of "
                     "memory); the search is abandoned", std::string(text, size_t(length))));
  }
  [[noreturn]] static void fail(const std::string& what) {
    std::fprintf(stderr, "sdvmc: --mpi: %s\n", what.c_str());
    MPI_Abort(MPI_COMM_WORLD, 2);
    std::abort();
  }

  int rank_ = 0, size_ = 1;
  std::vector<uint8_t> out_, in_;  ///< kept from call to call (no page faults on fresh memory)
};

/// mpirun ends the other ranks with SIGTERM when one fails: rank 0 says so before going.
void terminated(int) {
  static const char message[] =
      "sdvmc: --mpi: stopped by mpirun: another rank failed (killed, or out of memory); see mpirun's message "
      "below for which\n";
  const ssize_t ignored = ::write(2, message, sizeof message - 1);
  (void)ignored;
  ::_exit(2);
}

void finalize() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

}  // namespace

Communicator* mpiWorld(std::string& error) {
  static MpiCommunicator* world = nullptr;
  if (world) return world;
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
      error = "MPI could not start";
      return nullptr;
    }
    std::atexit(finalize);
  }
  world = new MpiCommunicator();
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);  // errors reach check()
  if (world->rank() == 0) std::signal(SIGTERM, terminated);
  return world;
}

#else

Communicator* mpiWorld(std::string& error) {
  error = "this sdvmc was built without MPI (install libopenmpi-dev, as scripts/setup.sh does, and rebuild)";
  return nullptr;
}

#endif

}  // namespace sdvmc::explore
