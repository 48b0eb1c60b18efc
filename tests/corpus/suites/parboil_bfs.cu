// launch: --block-dim 8 --grid-dim 1 --buffer q1=16 --buffer q2=16 --buffer g_graph_nodes=16 --buffer g_graph_edges=32 --buffer g_color=16 --buffer g_cost=16 --buffer tail=1 --param no_of_nodes=4 --param gray_shade=16677217 --init q1=0,1,2,3
// origin: Parboil bfs (CUDA, block queue) style: frontier in a __shared__ queue filled with atomicAdd, int2 node records, colour shading, block-level exclusive offset into the global queue
#include <cuda.h>

#define MAX_THREADS_PER_BLOCK 8
#define LOCAL_MEM_SIZE 64
#define INF 2147483647
#define UP_LIMIT 16677216 // 2^24
#define WHITE 16677217
#define GRAY 16677218
#define GRAY0 16677219
#define GRAY1 16677220
#define BLACK 16677221

__global__ void BFS_in_GPU_kernel(int *q1, int *q2, int2 *g_graph_nodes, int2 *g_graph_edges, int *g_color,
                                  int *g_cost, int no_of_nodes, int *tail, int gray_shade)
{
    __shared__ int local_q_tail;           // the tail pointer of the local queue
    __shared__ int local_q[LOCAL_MEM_SIZE]; // local queue
    __shared__ int shift;

    if (threadIdx.x == 0) local_q_tail = 0;
    __syncthreads();

    int tid = blockIdx.x * MAX_THREADS_PER_BLOCK + threadIdx.x;
    if (tid < no_of_nodes)
    {
        int pid = q1[tid]; // the current frontier node
        g_color[pid] = BLACK;
        int cur_cost = g_cost[pid];
        int2 cur_node = g_graph_nodes[pid];

        for (int i = cur_node.x; i < cur_node.y + cur_node.x; i++)
        {
            int2 cur_edge = g_graph_edges[i];
            int id = cur_edge.x;
            int cost = cur_edge.y;
            cost += cur_cost;
            int orig_cost = atomicMin(&g_cost[id], cost);
            if (orig_cost > cost)
            {
                int old_color = atomicExch(&g_color[id], gray_shade);
                if (old_color != gray_shade)
                {
                    // push to the queue
                    int index = atomicAdd(&local_q_tail, 1);
                    local_q[index] = id;
                }
            }
        }
    }
    __syncthreads();

    if (threadIdx.x == 0)
    {
        shift = atomicAdd(tail, local_q_tail);
    }
    __syncthreads();

    // copy the local queue to the global queue
    int local_shift = threadIdx.x;
    while (local_shift < local_q_tail)
    {
        q2[shift + local_shift] = local_q[local_shift];
        local_shift += blockDim.x;
    }
}
