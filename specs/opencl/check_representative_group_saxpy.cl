// spec: OpenCL check, representative group: SAXPY over 1,024 groups of 2 work-items; the group id reaches only the addresses get_global_id(0) of unbounded buffers, so group 0 alone is explored (2 states) and the translated accesses show no two groups share a cell
// run: check --local-size 2 --num-groups 1024
// exit: 0
// expect: verdict=ok states=2 transitions=1 terminal_states=1 depth=2
// expect: groups_explored.groups=[0] groups_explored.representative=true
// expect: inter_group.checked=true inter_group.how="translation"
// why: get_global_id(0) is gid * get_local_size(0) + lid (the global offset 0): the group id
//   reaches only the addresses x[i] and y[i] (read and written), k = 2 for both buffers, which
//   are unbounded pointers (no --buffer: no bound to check). x, y and a reach only the value
//   written: all abstract, a single configuration. Group 0's segment runs to the end with no
//   choice: G-SYNC with ss empty, terminal: 2 states, 1 transition, 1 terminal, depth 2.
//   Inter-group: group 0 accesses x[0..1] (reads) and y[0..1] (reads and writes); group g's
//   are 2g + 0..1; within a buffer the cells lie within 1 of each other and every shift 2d
//   (0 < d < 1024) is larger: no two groups meet.
static inline float scaled(float a, float v) { return a * v; }

__kernel void saxpy(__global const float *x, __global float *y, const float a) {
  const size_t i = get_global_id(0);
  y[i] = scaled(a, x[i]) + y[i];
}
