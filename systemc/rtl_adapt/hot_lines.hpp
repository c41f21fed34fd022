#pragma once
// The addresses an RTL node's visit touches first, for its clock domain to prefetch a few nodes
// ahead (RtlNode::hot_lines): in a network of thousands of nodes they are rarely in cache.
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace kncsim::rtl_abi {

// Adds to `lines` the cache line of each address not already there: an adapter's hot members,
// a model's pins (Verilator puts the flit words and the wide counters after every narrow
// signal, lines away from the model's first ones).
inline void add_lines(std::vector<const void*>& lines, std::initializer_list<const void*> at) {
  const auto line = [](const void* a) { return reinterpret_cast<uintptr_t>(a) & ~uintptr_t{63}; };
  for (const void* a : at) {
    bool known = false;
    for (const void* l : lines) known |= line(l) == line(a);
    if (!known) lines.push_back(reinterpret_cast<const void*>(line(a)));
  }
}

}  // namespace kncsim::rtl_abi
