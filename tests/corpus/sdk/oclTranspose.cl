// launch: --local-size 4,4 --global-size 8,8 --buffer odata=64 --buffer idata=64 --buffer block=20 --param offset=0 --param width=8 --param height=8
// origin: NVIDIA OpenCL SDK oclTranspose sample style (padded __local block argument, mad24 indexing)
#define BLOCK_DIM 4

__kernel void transpose(__global float *odata, __global float *idata, int offset, int width, int height, __local float* block)
{
	// read the matrix tile into shared memory
	unsigned int xIndex = get_global_id(0);
	unsigned int yIndex = get_global_id(1);

	if((xIndex + offset < width) && (yIndex < height))
	{
		unsigned int index_in = mad24(yIndex, (unsigned int)width, xIndex + offset);
		block[get_local_id(1)*(BLOCK_DIM+1)+get_local_id(0)] = idata[index_in];
	}

	barrier(CLK_LOCAL_MEM_FENCE);

	// write the transposed matrix tile to global memory
	xIndex = get_group_id(1) * BLOCK_DIM + get_local_id(0);
	yIndex = get_group_id(0) * BLOCK_DIM + get_local_id(1);
	if((xIndex < height) && (yIndex + offset < width))
    {
		unsigned int index_out = mad24(yIndex, (unsigned int)height, xIndex);
		odata[index_out] = block[get_local_id(0)*(BLOCK_DIM+1)+get_local_id(1)];
	}
}
