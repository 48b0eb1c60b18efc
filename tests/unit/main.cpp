// The unit tests' entry point: Catch2 v2 supplies main().
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
