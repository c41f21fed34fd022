#pragma once
// Where each process runs: Chittor's mapping mu: V(G_p) -> V(G_m) (Definition 21), one-to-one
// (at most one process per node; nodes beyond the processes stay idle).
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

using ProcessMapping = std::vector<uint32_t>;  // process -> node

// Process p on node p.
ProcessMapping identity_mapping(uint32_t processes);
// The processes on distinct nodes drawn uniformly (Chittor 3.4: "tasks are mapped onto a
// randomly-selected system node that is free"), a pure function of the seed on any machine.
ProcessMapping random_mapping(uint32_t processes, uint32_t nodes, uint64_t seed);
// A file of lines 'process node' ('#' starts a comment), every process exactly once, no node
// twice. A malformed line, a process or node out of range, or a mapping that is not
// one-to-one is a GraphFileError naming the file and line.
ProcessMapping read_mapping_file(const std::string& path, uint32_t processes, uint32_t nodes);

}  // namespace kncsim
