#pragma once
// Where each process runs: Chittor's mapping mu: V(G_p) -> V(G_m) (Definition 21), one-to-one
// (at most one process per node; nodes beyond the processes stay idle).
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace kncsim {

using ProcessMapping = std::vector<uint32_t>;  // process -> node

// Process p on node p.
ProcessMapping identity_mapping(uint32_t processes);
// The processes on distinct nodes drawn uniformly (Chittor 3.4: "tasks are mapped onto a
// randomly-selected system node that is free"), a pure function of the seed on any machine.
ProcessMapping random_mapping(uint32_t processes, uint32_t nodes, uint64_t seed);
// The rand() of a C program of 1991 (traffic.mapping_generator): 4.3BSD's, x <- 1103515245 x +
// 12345 mod 2^31, returning x; or the 69069 generator, x <- 69069 x + 1 mod 2^32, returning x.
// srand(seed) sets x = seed (4.3BSD's: mod 2^31).
enum class LcgGenerator { bsd_rand, lcg69069 };
class Lcg {
 public:
  Lcg(LcgGenerator g, uint32_t seed) : g_(g), x_(g == LcgGenerator::bsd_rand ? seed & 0x7fffffffu : seed) {}
  uint32_t next() {
    x_ = g_ == LcgGenerator::bsd_rand ? (1103515245u * x_ + 12345u) & 0x7fffffffu : 69069u * x_ + 1u;
    return x_;
  }

 private:
  LcgGenerator g_;
  uint32_t x_;
};
// Chittor 3.4's random mapping drawn as a program of the time would draw it ("tasks are mapped
// onto a randomly-selected system node that is free"): each process in turn to node rand() % N,
// drawn again while that node is taken. rand() % N keeps only the generator's low bits, and an
// LCG's low k bits repeat with period 2^k: for N a power of two the processes land on an affine
// sequence of nodes, n(p+1) = (a n(p) + c) mod N (traffic.mapping random_lcg_low_bits, the
// hypothesis of how Table 3.2's mapping was made).
ProcessMapping lcg_low_bits_mapping(uint32_t processes, uint32_t nodes, LcgGenerator generator, uint32_t seed);
// A careful mapping for a binary tree (Chittor 3.5.1, Gordon's property: chi_max = 1, nu_max =
// 0, at the price of extra nodes): the complete tree of height h (processes in heap order, p's
// children 2p + 1 and 2p + 2) laid out as an H-tree on a 2D mesh, a node's two children on
// either side of it at distance 2^floor((h - 1 - t) / 2), t its depth, rows and columns in turn.
// Every tree edge is then a straight run of channels no other edge's run shares, so dimension
// order routes each pair on its own channels. The layout takes (2 sum_even + 1) x (2 sum_odd
// + 1) nodes (a 127-process tree 15 x 15, 255 processes 31 x 15), turned to fit; it sits
// centred on the radices. An empty mapping when it does not fit (h_tree_extent says how much
// it needs).
ProcessMapping h_tree_mapping(uint32_t processes, const std::vector<int>& radices);
std::pair<int, int> h_tree_extent(uint32_t processes);  // columns, rows (unturned)
// A mapping's own routes: for a directed edge (from process, to process), the nodes its path
// visits, the sender's first and the receiver's last. Edges without one take dimension order.
using PathRoutes = std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>>;
struct RoutedMapping {
  ProcessMapping mapping;
  PathRoutes routes;
};
// Youn and Singh's tiles (Chittor 3.5.1, Fig. 3.11; traffic/tree_tiles.hpp): a binary tree in
// heap order on the 2^h nodes of a 2^ceil(h/2) x 2^floor(h/2) block (h the height of the
// smallest complete tree holding the processes), one node spare, with every edge's path (the
// same channels both ways) such that no channel carries more than two edges: chi_max = 2 on
// N_p + 1 nodes. Turned and centred as the H-tree; empty when it does not fit.
RoutedMapping youn_singh_mapping(uint32_t processes, const std::vector<int>& radices);
std::pair<int, int> youn_singh_extent(uint32_t processes);  // columns, rows (unturned)
// Chittor's scheme A for a 3D mesh (3.5.2, Fig. 3.12): the a x b x c graph's z-planes side by
// side along a row of the 2D mesh, each plane an a x b block in its own layout (process
// x + a (y + b z) on node (a z + x, y)). No extra nodes: on an a c x b mesh every node runs a
// process. In-plane edges are single hops; a z-edge runs a hops along its row. The channel from a
// plane's first column to its second carries a - 1 z-edges arriving, one leaving for the next
// plane and the in-plane edge: chi_max = a + 1 (the thesis's cube root of N_p, plus 1) with
// three planes or more, a with two. Turned and centred as the H-tree; empty when it does not fit.
ProcessMapping planes_in_a_row_mapping(const std::vector<int64_t>& shape, const std::vector<int>& radices);
// Chittor's scheme B (3.5.2: more nodes, about half scheme A's channel load): each plane folded
// along y into a 2a x ceil(b/2) block, its rows y < ceil(b/2) on the even columns and the others
// on the odd columns, back up (the fold's edge a single hop), and the planes stacked along the
// columns. A z-edge then runs straight down its column, ceil(b/2) rows: a channel inside a plane
// carries ceil(b/2) z-edges and one in-plane edge, chi_max = ceil(b/2) + 1 (the thesis's cube root
// of N_p over 2, plus 1) for b >= 3. An odd b leaves a spare node at the top of each odd column.
ProcessMapping folded_planes_mapping(const std::vector<int64_t>& shape, const std::vector<int>& radices);
// Columns and rows (unturned) the mesh3d layout `mapping` (planes_in_a_row, folded_planes) takes.
std::pair<int64_t, int64_t> mesh3d_layout_extent(const std::string& mapping, const std::vector<int64_t>& shape);
// A file of lines 'process node' ('#' starts a comment), every process exactly once, no node
// twice. A malformed line, a process or node out of range, or a mapping that is not
// one-to-one is a GraphFileError naming the file and line.
ProcessMapping read_mapping_file(const std::string& path, uint32_t processes, uint32_t nodes);

}  // namespace kncsim
