//xfail:CLANG_ERROR
//--local_size=4 --num_groups=1

// Not C: GPUVerify's front end (Clang) rejects it, and so must sdvmc (exit 2).
__kernel void broken(__global int *A) {
  A[get_local_id(0)] = ;
}
