// launch: --local-size 8 --global-size 8 --kernel mvt_kernel1 --buffer a=64 --buffer x1=8 --buffer y_1=8 --param n=8
// origin: PolyBench/GPU mvt (OpenCL) style: matrix-vector product and transposed product as two kernels
typedef float DATA_TYPE;

__kernel void mvt_kernel1(__global DATA_TYPE *a, __global DATA_TYPE *x1, __global DATA_TYPE *y_1, int n)
{
	int i = get_global_id(0);

	if (i < n)
	{
		int j;
		for (j=0; j < n; j++)
		{
			x1[i] += a[i * n + j] * y_1[j];
		}
	}
}

__kernel void mvt_kernel2(__global DATA_TYPE *a, __global DATA_TYPE *x2, __global DATA_TYPE *y_2, int n)
{
	int i = get_global_id(0);

	if (i < n)
	{
		int j;
		for (j=0; j < n; j++)
		{
			x2[i] += a[j * n + i] * y_2[j];
		}
	}
}
