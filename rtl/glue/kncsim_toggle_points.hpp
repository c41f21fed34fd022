// Forced into every file of a model built with its toggles counted (ModelSpec::toggles,
// rtl_cache/model_build.cpp), before Verilator's own headers. Verilator's --coverage-toggle
// makes a counter per bit of every signal, incremented when the bit flips, and hands each to
// VL_COVER_INSERT as the model is made, with its hierarchy, its page ("v_toggle/<module>") and
// the signal's name. Here that macro hands them to the glue instead (kncsim_model_glue.cpp), which
// sums them by module; Verilator's coverage database is not used, so the process needs none.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "verilated_cov.h"

// A point's text, from VL_COVER_INSERT's key/value pairs.
struct KncsimTogglePointText {
  std::string hier, page, signal;
};

inline void kncsim_toggle_text(KncsimTogglePointText&) {}
template <class V, class... Rest>
void kncsim_toggle_text(KncsimTogglePointText& t, const char* key, const V& value, const Rest&... rest) {
  if constexpr (std::is_convertible_v<const V&, std::string>) {
    if (!std::strcmp(key, "hier")) t.hier = value;
    else if (!std::strcmp(key, "page")) t.page = value;
    else if (!std::strcmp(key, "comment")) t.signal = value;
  }
  kncsim_toggle_text(t, rest...);
}

// Defined in the glue: takes the point of the model being made.
__attribute__((visibility("hidden"))) void kncsim_toggle_point(uint32_t* counter, const KncsimTogglePointText& text);

template <class... KeyValues>
void kncsim_toggle_insert(uint32_t* counter, const KeyValues&... kv) {
  KncsimTogglePointText t;
  kncsim_toggle_text(t, kv...);
  kncsim_toggle_point(counter, t);
}

#undef VL_COVER_INSERT
#define VL_COVER_INSERT(covcontextp, countp, ...) kncsim_toggle_insert(countp, __VA_ARGS__)
