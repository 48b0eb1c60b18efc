// spec: a histogram helper's frame names the input it reads and the bins it updates atomically; an atomic is both a read and a write of its cell, so the bins must be in both __reads_from and __writes_to: with both the kernel is ok, without the __reads_from of the bins the atomic fails the frame
// run: run --local-size 4 --buffer in=4 --buffer bins=2 --init in=0,1,1,0
// exit: 0
// expect: verdict=ok final.bins=[2,2]
// run: run --local-size 4 --buffer in=4 --buffer bins=2 --init in=0,1,1,0 -D NO_BIN_READS
// exit: 1
// expect: verdict=assertion rule=T-ASSERT threads=[0] location.line=22
// stderr: note: this read of 'bins' is outside the frame of 'count'
// why: count() reads in[i] (in its frame: __reads_from(in)) and does atomic_add(&bins[in[i]], 1). With
//   both declarations the atomic's read and write of bins are in the frame: ok, and bins counts the
//   values 0, 1, 1, 0: {2, 2}. With NO_BIN_READS the frame of reads is {in} only: the atomic's read of
//   bins (line 22) is outside it, an assert(false) there that work-item 0, the lowest enabled one,
//   fails first (its write is inside __writes_to(bins)).
#include "gpuverify.h"

static void count(__global const int *in, __global int *bins, int i) {
  __reads_from(in);
#ifndef NO_BIN_READS
  __reads_from(bins);
#endif
  __writes_to(bins);
  atomic_add(&bins[in[i]], 1);
}

__kernel void histogram(__global const int *in, __global int *bins) {
  count(in, bins, get_local_id(0));
}
