// A project header of the kernel specs/cuda/modern/namespace_template_launch.cu, found with -I.
#pragma once
namespace vllm {
constexpr int kScale = 3;
}
