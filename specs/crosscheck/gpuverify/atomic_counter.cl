//pass
//--local_size=4 --num_groups=2

// Every item of both groups increments counter[0] atomically: atomics never race with
// atomics, within or between groups.
__kernel void count(__global int *counter) {
  atomic_add(&counter[0], 1);
}
