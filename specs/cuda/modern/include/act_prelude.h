// Included before the kernel's file with -include (specs/cuda/modern/namespace_template_launch.cu).
#define ACT_BIAS 100
