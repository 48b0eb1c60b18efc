// launch: --block-dim 8 --grid-dim 2 --buffer d_locations=16 --buffer d_distances=16 --param numRecords=16 --param lat=1101004800 --param lng=1101004800
// origin: Rodinia nn (nearest neighbour, CUDA) style: LatLong struct array, 2-D grid flattened, sqrtf distance
#include <cuda.h>

typedef struct latLong
{
    float lat;
    float lng;
} LatLong;

__global__ void euclid(LatLong *d_locations, float *d_distances, int numRecords, float lat, float lng)
{
    // int globalId = gridDim.x * blockDim.x * blockIdx.y + blockDim.x * blockIdx.x + threadIdx.x;
    int globalId = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x; // more efficient
    LatLong *latLong = d_locations + globalId;
    if (globalId < numRecords)
    {
        float *dist = d_distances + globalId;
        *dist = (float)sqrt((lat - latLong->lat) * (lat - latLong->lat) + (lng - latLong->lng) * (lng - latLong->lng));
    }
}
