// launch: --local-size 8 --global-size 8 --buffer output=16 --buffer input=16 --buffer block=16 --param length=16
// origin: AMD APP SDK PrefixSum sample style (work-efficient up-sweep/down-sweep in __local memory, two elements per work-item)
__kernel void group_prefixSum(__global float * output,
                              __global float * input,
                              __local  float * block,
                              const uint length)
{
	int tid = get_local_id(0);

	int offset = 1;

	/* Cache the computational window in shared memory */
	block[2*tid]     = input[2*tid];
	block[2*tid + 1] = input[2*tid + 1];

	/* build the sum in place up the tree */
	for(int d = length>>1; d > 0; d >>=1)
	{
		barrier(CLK_LOCAL_MEM_FENCE);

		if(tid<d)
		{
			int ai = offset*(2*tid + 1) - 1;
			int bi = offset*(2*tid + 2) - 1;

			block[bi] += block[ai];
		}
		offset *= 2;
	}

	/* scan back down the tree */

	/* clear the last element */
	if(tid == 0)
	{
		block[length - 1] = 0;
	}

	/* traverse down the tree building the scan in the place */
	for(int d = 1; d < length ; d *= 2)
	{
		offset >>=1;
		barrier(CLK_LOCAL_MEM_FENCE);

		if(tid < d)
		{
			int ai = offset*(2*tid + 1) - 1;
			int bi = offset*(2*tid + 2) - 1;

			float t = block[ai];
			block[ai] = block[bi];
			block[bi] += t;
		}
	}

	barrier(CLK_LOCAL_MEM_FENCE);

	/*write the results back to global memory */
	output[2*tid]     = block[2*tid];
	output[2*tid + 1] = block[2*tid + 1];
}
