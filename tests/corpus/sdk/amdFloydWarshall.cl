// launch: --local-size 4,4 --global-size 8,8 --buffer pathDistanceBuffer=64 --buffer pathBuffer=64 --param numNodes=8 --param pass=0
// origin: AMD APP SDK FloydWarshall sample style (one pass of the relaxation over a 2-D NDRange, distance and path matrices)
__kernel void floydWarshallPass(__global uint * pathDistanceBuffer,
                                __global uint * pathBuffer,
                                const unsigned int numNodes,
                                const unsigned int pass)
{
    int xValue = get_global_id(0);
    int yValue = get_global_id(1);

    int k = pass;
    int oldWeight = pathDistanceBuffer[yValue * numNodes + xValue];
    int tempWeight = (pathDistanceBuffer[yValue * numNodes + k] + pathDistanceBuffer[k * numNodes + xValue]);

    if (tempWeight < oldWeight)
    {
        pathDistanceBuffer[yValue * numNodes + xValue] = tempWeight;
        pathBuffer[yValue * numNodes + xValue] = k;
    }
}
