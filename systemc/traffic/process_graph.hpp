#pragma once
// A parallel program's communication pattern: Chittor's process graph G_p (Definition 19).
// Vertices are processes; a directed edge u -> v means u sends messages to v, and is one
// "path" once the processes are mapped onto nodes. Chittor's graphs are symmetric (each edge
// both ways); a permutation pattern (transpose, ..) gives one direction only.
#include <boost/graph/adjacency_list.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"
#include "traffic/pattern.hpp"

namespace kncsim {

using ProcessGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

enum class GraphKind { mesh2d, mesh3d, binary_tree, hypercube, ring, pairs, file };

GraphKind graph_kind(const std::string& name);

// Thrown for a graph or mapping file that cannot be read: names the file and line.
struct GraphFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The built-in graphs, each edge both ways. shape: mesh2d {a, b}; mesh3d {a, b, c}; binary_tree
// {processes} (heap order: the parent of p is (p-1)/2); hypercube {dimensions}; ring {processes};
// pairs {processes}: 2k and 2k+1 talk (Chittor's 1NN peers, node(i, j xor 1), under identity).
ProcessGraph builtin_graph(GraphKind kind, const std::vector<int64_t>& shape);
// The shape a built-in graph takes on an N-node network when none is given: as many processes
// as nodes (a complete binary tree of 2^k - 1 on 2^k nodes; the largest hypercube that fits),
// meshes as near to square (cube) as N's factors allow.
std::vector<int64_t> default_graph_shape(GraphKind kind, uint32_t nodes);
// Why `shape` does not fit `kind` on an N-node network, or "".
std::string graph_shape_problem(GraphKind kind, const std::vector<int64_t>& shape, uint32_t nodes);

// An edge-list file:
//   # comment
//   processes 16      (first, before any edge)
//   0 1               (0 and 1 communicate: both directions)
//   2 -> 3            (2 sends to 3 only)
// A malformed line, a process outside 0..processes-1, an edge to itself or a repeated edge is
// a GraphFileError naming the file and line.
ProcessGraph read_graph_file(const std::string& path);

// The destination pattern of a deterministic traffic pattern as a process graph under the
// identity mapping (process i on node i): transpose, bit_complement, bit_reversal and dimension_rotation (by `rotation`) give
// each node its one destination (none if that is itself), nearest_neighbour the mesh
// neighbours, uniform every other node. hotspot and hop_uniform are random, not graphs: std::invalid_argument.
ProcessGraph pattern_graph(PatternKind kind, const MeshGeometry& g, int rotation = 1);

// Out-degree over processes: delta_avg = 2E / N_p (eq 3.2, counting directed edges) and delta_max.
double average_degree(const ProcessGraph& pg);
int max_degree(const ProcessGraph& pg);

}  // namespace kncsim
