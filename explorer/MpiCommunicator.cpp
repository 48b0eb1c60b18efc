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

  /// Point to point, each rank's buffer sent where it lies (no packing into one array):
  /// the sizes first (an all-to-all) unless the caller knows them, then a receive and a
  /// send posted for every other rank, waited for together.
  void exchange(const std::vector<std::vector<uint8_t>>& send, std::vector<std::span<const uint8_t>>& recv,
                const std::vector<uint64_t>* sizes) override {
    const size_t k = size_t(size_);
    std::vector<uint64_t> sendSizes(k), recvSizes(k);
    for (size_t r = 0; r < k; ++r) sendSizes[r] = send[r].size();
    if (sizes) {
      recvSizes = *sizes;
    } else {
      MPI_Request request;
      check(MPI_Ialltoall(sendSizes.data(), 1, MPI_UINT64_T, recvSizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD,
                          &request));
      wait(1, &request);
    }
    in_.resize(k);
    recv.resize(k);
    std::vector<MPI_Request> requests;
    requests.reserve(2 * k);
    constexpr int kTag = 17;
    for (size_t r = 0; r < k; ++r) {
      if (int(r) == rank_) continue;
      if (recvSizes[r] > uint64_t(INT_MAX) || sendSizes[r] > uint64_t(INT_MAX)) fail("a batch over 2 GiB");
      if (in_[r].size() < recvSizes[r]) in_[r].resize(recvSizes[r]);  // (only grows: no zero-filling each round)
      if (recvSizes[r]) {
        requests.emplace_back();
        check(MPI_Irecv(in_[r].data(), int(recvSizes[r]), MPI_BYTE, int(r), kTag, MPI_COMM_WORLD, &requests.back()));
      }
    }
    for (size_t r = 0; r < k; ++r) {
      if (int(r) == rank_ || sendSizes[r] == 0) continue;
      requests.emplace_back();
      check(MPI_Isend(send[r].data(), int(sendSizes[r]), MPI_BYTE, int(r), kTag, MPI_COMM_WORLD, &requests.back()));
    }
    wait(int(requests.size()), requests.data());
    for (size_t r = 0; r < k; ++r)
      recv[r] = int(r) == rank_ ? std::span<const uint8_t>(send[r])
                                : std::span<const uint8_t>(in_[r].data(), recvSizes[r]);
  }

  void allGather(const void* mine, size_t bytes, void* all) override {
    MPI_Request request;
    check(MPI_Iallgather(mine, int(bytes), MPI_BYTE, all, int(bytes), MPI_BYTE, MPI_COMM_WORLD, &request));
    wait(1, &request);
  }

private:
  /// Waits for a collective: polling (MPI makes progress only inside its calls), first
  /// in a tight loop, then sleeping a little longer each time (at most 0.5 ms), so that a
  /// rank that waits for a slower one leaves the core to it, or to the other ranks on a
  /// shared or oversubscribed machine, instead of spinning (MPI's blocking calls spin).
  static void wait(int count, MPI_Request* requests) {
    int done = 0;
    long sleepNs = 0;
    for (int polls = 0;; ++polls) {
      check(MPI_Testall(count, requests, &done, MPI_STATUSES_IGNORE));
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
  std::vector<std::vector<uint8_t>> in_;  ///< from each rank, kept from call to call (no page faults)
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
