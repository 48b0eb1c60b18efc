// Included by include_kernel_dir.cl through GPUVerify's --clang-opt=-I${KERNEL_DIR}.
#define TILE 4
