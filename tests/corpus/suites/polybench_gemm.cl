// launch: --local-size 4,4 --global-size 8,8 --buffer a=64 --buffer b=64 --buffer c=64 --param alpha=1065353216 --param beta=1065353216 --param ni=8 --param nj=8 --param nk=8
// origin: PolyBench/GPU gemm (OpenCL) style: DATA_TYPE typedef with an optional double pragma, sizes as kernel arguments
#if defined(cl_khr_fp64)  // Khronos extension available?
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#elif defined(cl_amd_fp64)  // AMD extension available?
#pragma OPENCL EXTENSION cl_amd_fp64 : enable
#endif

typedef float DATA_TYPE;

__kernel void gemm(__global DATA_TYPE *a, __global DATA_TYPE *b, __global DATA_TYPE *c, DATA_TYPE alpha, DATA_TYPE beta, int ni, int nj, int nk)
{
    	int j = get_global_id(0);
	int i = get_global_id(1);

	if ((i < ni) && (j < nj))
	{
		c[i * nj + j] *= beta;
		int k;
		for(k=0; k < nk; k++)
		{
			c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj +j];
		}
	}
}
