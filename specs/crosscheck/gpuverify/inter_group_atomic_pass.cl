//pass
//--local_size=4 --num_groups=4

// Every item of every group increments one global counter with atomic_add: atomic accesses
// do not race with each other, in a group or across groups; nothing else is shared: pass.
__kernel void count(__global int *counter) {
  atomic_add(&counter[0], 1);
}
