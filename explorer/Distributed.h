// Distributed breadth-first search over ranks (processes, usually MPI's): the design of
// Stern & Dill's parallel Murphi, DiVinE and PReach. A state belongs to the rank its
// fingerprint names; each rank keeps the visited set of its partition and expands the
// states it owns; successors are batched and sent to their owners in all-to-all rounds.
//
// The levels, counts and witness are those of one process with one job (Explorer.h):
// every candidate travels with its discoverer (the global index of its parent in its
// level, the successor's number), the owner keeps the smallest, and each level's new
// states get their global indices, the serial search's order, from a distributed
// counting step (DISTRIBUTED.md in tests/bench describes the protocol and its cost).
//
// The transport is the Communicator interface: MPI (MpiCommunicator.cpp, built when MPI
// is found) or threads of one process (LocalCommunicator, for tests and simulations).
#pragma once

#include "explorer/Explorer.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace sdvmc::explore {

/// The collective operations the distributed search needs; every rank calls them in the
/// same order.
class Communicator {
public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// send[r] goes to rank r; recv[r] is what rank r sent to this one (recv is resized; the
  /// bytes stay valid until the next exchange). `sizes`, when the caller knows them, are the
  /// sizes of recv[r] (it saves a collective).
  virtual void exchange(const std::vector<std::vector<uint8_t>>& send, std::vector<std::span<const uint8_t>>& recv,
                        const std::vector<uint64_t>* sizes) = 0;
  /// Every rank's `bytes` bytes at `mine`, in rank order, into `all` (size() * bytes).
  virtual void allGather(const void* mine, size_t bytes, void* all) = 0;
};

/// Runs the distributed breadth-first search of `model` on this rank; every rank of
/// `comm` calls it with the same model and options and gets the same Result (counts,
/// status, path, verdict) with `ranks` filled. Options::depthFirst, exact and
/// collectTerminals are not supported (the caller refuses them). Progress, when asked
/// for, is printed by rank 0.
Result exploreDistributed(const sem::Model& model, const Options& options, Communicator& comm);
/// The same with batches of about `batchBytes` bytes of records per round (at least 64
/// states) instead of 2 MiB: tests use small ones for levels of many rounds, where records
/// travel without their states and the owners ask for them.
Result exploreDistributed(const sem::Model& model, const Options& options, Communicator& comm, uint64_t batchBytes);

/// The MPI world (MPI_Init_thread on the first call, MPI_Finalize at exit), or null with
/// `error` set when this sdvmc was built without MPI or MPI cannot start.
Communicator* mpiWorld(std::string& error);

/// K ranks as K threads of this process (for tests, and to simulate many ranks on one
/// machine): run(comm) is called on each rank's thread; returns when all have returned.
void runLocalRanks(int ranks, const std::function<void(Communicator&)>& run);

}  // namespace sdvmc::explore
