// launch: --local-size 4,4 --global-size 4,4 --buffer A0=216 --buffer Anext=216 --param c0=1056964608 --param c1=1040187392 --param nx=6 --param ny=6 --param nz=6
// origin: Parboil stencil (OpenCL, base) style: 7-point stencil, Index3D macro, loop over z inside the kernel
#define Index3D(_nx,_ny,_i,_j,_k) ((_i)+_nx*((_j)+_ny*(_k)))

__kernel void naive_kernel(float c0,float c1,__global float* A0,__global float *Anext,int nx,int ny,int nz)
{
	int i = get_global_id(0)+1;
	int j = get_global_id(1)+1;

	for (int k = 1; k < nz - 1; k++) {
		Anext[Index3D (nx, ny, i, j, k)] =
		(A0[Index3D (nx, ny, i, j, k + 1)] +
		A0[Index3D (nx, ny, i, j, k - 1)] +
		A0[Index3D (nx, ny, i, j + 1, k)] +
		A0[Index3D (nx, ny, i, j - 1, k)] +
		A0[Index3D (nx, ny, i + 1, j, k)] +
		A0[Index3D (nx, ny, i - 1, j, k)])*c1
		- A0[Index3D (nx, ny, i, j, k)]*c0;
	}
}
