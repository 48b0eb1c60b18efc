// launch: --block-dim 8 --grid-dim 2 --kernel cuda_compute_step_factor --buffer variables=80 --buffer areas=16 --buffer step_factors=16 --param nelr=16
// origin: Rodinia cfd euler3d (CUDA) style: float3 helpers taking references, __device__ inline flux helpers, structure-of-arrays indexing by nelr
#include <cuda.h>

#define GAMMA 1.4f
#define NDIM 3
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define NVAR (VAR_DENSITY_ENERGY + 1)
#define BLOCK_SIZE_0 8

__device__ inline void compute_velocity(float &density, float3 &momentum, float3 &velocity)
{
    velocity.x = momentum.x / density;
    velocity.y = momentum.y / density;
    velocity.z = momentum.z / density;
}

__device__ inline float compute_speed_sqd(float3 &velocity)
{
    return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

__device__ inline float compute_pressure(float &density, float &density_energy, float &speed_sqd)
{
    return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd);
}

__device__ inline float compute_speed_of_sound(float &density, float &pressure)
{
    return sqrtf(float(GAMMA) * pressure / density);
}

__global__ void cuda_compute_step_factor(int nelr, float *variables, float *areas, float *step_factors)
{
    const int i = (blockDim.x * blockIdx.x + threadIdx.x);

    float density = variables[i + VAR_DENSITY * nelr];
    float3 momentum;
    momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
    momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
    momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];

    float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];

    float3 velocity;
    compute_velocity(density, momentum, velocity);
    float speed_sqd = compute_speed_sqd(velocity);
    float pressure = compute_pressure(density, density_energy, speed_sqd);
    float speed_of_sound = compute_speed_of_sound(density, pressure);

    // dt = float(0.5f) * sqrtf(areas[i]) /  (sqrtf(speed_sqd) + speed_of_sound);
    step_factors[i] = float(0.5f) / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + speed_of_sound));
}
