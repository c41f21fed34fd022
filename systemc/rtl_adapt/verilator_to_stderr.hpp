#pragma once
// Force-included into every file of kncsim_rtl (Verilator's runtime and the models): what the
// RTL prints, an assertion's report above all, goes to stderr, since stdout carries results.
#include <cstdio>
#define VL_PRINTF(...) std::fprintf(stderr, __VA_ARGS__)
