// launch: --local-size 8 --global-size 8 --buffer dst_vector=8 --buffer d_data=32 --buffer d_index=32 --buffer d_perm=8 --buffer x_vec=8 --buffer jds_ptr_int=4 --buffer sh_zcnt_int=1 --param dim=8 --init d_perm=0,1,2,3,4,5,6,7
// origin: Parboil spmv (OpenCL, JDS) style: __constant pointer arguments for the JDS pointers, prefetching loop
__kernel void spmv_jds_naive(__global float *dst_vector, __global float *d_data,
		       __global int *d_index, __global int *d_perm,
		       __global float *x_vec, const int dim,
		       __constant int *jds_ptr_int,
		       __constant int *sh_zcnt_int)
{
	int ix = get_global_id(0);

	if (ix < dim) {
		float sum = 0.0f;
		int	bound=sh_zcnt_int[ix/32];

		for(int k=0;k<bound;k++)
		{
			int j = jds_ptr_int[k] + ix;
			int in = d_index[j];

			float d = d_data[j];
			float t = x_vec[in];

			sum += d*t;
		}

		dst_vector[d_perm[ix]] = sum;
	}
}
