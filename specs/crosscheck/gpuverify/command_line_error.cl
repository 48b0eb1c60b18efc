//xfail:COMMAND_LINE_ERROR
//--local_size=0 --num_groups=1

// A group of 0 items: GPUVerify rejects the command line. sdvmc rejects it too (exit 2);
// the expectation is a tool error, not a verdict: class "not-comparable".
__kernel void nothing(__global int *A) {
  A[get_local_id(0)] = 0;
}
