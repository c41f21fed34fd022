// Chittor's Table 3.2 (saturation node traffic of the average and the worst node, Lemmas 3 and 4,
// for "a specific instance" of a random mapping) under issue 34's hypothesis of how that instance
// was drawn: each process in turn to node rand() % N, drawn again while the node is taken (3.4:
// "tasks are mapped onto a randomly-selected system node that is free"), rand() 4.3BSD's LCG,
// whose low bits rand() % N keeps. Over srand seeds 1..5, the median of every one of the 24
// cells is within a factor of 1.5 of the printed value (2026-11-27: 0.92 to 1.31; a uniform
// mapping puts the 2D-mesh and hypercube rows far below the printed ones). A hypothesis about
// how the table was made, not a fact: scripts/chittor_lcg_mapping_study.py prints the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "contention/contention_parameters.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/process_graph.hpp"
#include "traffic/process_mapping.hpp"

namespace kncsim {
namespace {

struct Printed {
  uint32_t nodes;
  GraphKind graph;
  double avg, worst;  // percent
};
// Table 3.2 as printed.
const Printed kTable32[] = {
    {64, GraphKind::mesh2d, 47, 23},   {64, GraphKind::binary_tree, 31, 14},   {64, GraphKind::mesh3d, 36, 19},
    {64, GraphKind::hypercube, 41, 22}, {256, GraphKind::mesh2d, 19, 10},     {256, GraphKind::binary_tree, 12, 6},
    {256, GraphKind::mesh3d, 13, 7},   {256, GraphKind::hypercube, 17, 9},    {1024, GraphKind::mesh2d, 8, 4},
    {1024, GraphKind::binary_tree, 5, 3}, {1024, GraphKind::mesh3d, 5, 3},    {1024, GraphKind::hypercube, 7, 4}};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

TEST(ChittorTable32, EveryCellWithinOneAndAHalfUnderTheLcgLowBitsMapping) {
  for (const Printed& row : kTable32) {
    const int radix = int(std::lround(std::sqrt(double(row.nodes))));
    const MeshGeometry g(2, radix);
    // The 3D mesh on 1024 nodes: 10x10x10 (1000 processes), the cube that fits.
    const std::vector<int64_t> shape = row.graph == GraphKind::mesh3d && row.nodes == 1024
                                           ? std::vector<int64_t>{10, 10, 10}
                                           : default_graph_shape(row.graph, row.nodes);
    const ProcessGraph pg = builtin_graph(row.graph, shape);
    std::vector<double> avg, worst;
    for (uint32_t seed = 1; seed <= 5; ++seed) {
      const ProcessMapping m =
          lcg_low_bits_mapping(uint32_t(num_vertices(pg)), g.nodes(), LcgGenerator::bsd_rand, seed);
      const ContentionSummary s = analyse_contention(g, pg, m).summary;
      avg.push_back(100 * s.avg_node_saturation);
      worst.push_back(100 * s.worst_node_saturation);
    }
    const std::string what = "N " + std::to_string(row.nodes) + " graph " + std::to_string(int(row.graph));
    const double ra = row.avg / median(avg), rw = row.worst / median(worst);
    EXPECT_GE(ra, 1 / 1.5) << what << ": average node " << median(avg) << "% against " << row.avg;
    EXPECT_LE(ra, 1.5) << what << ": average node " << median(avg) << "% against " << row.avg;
    EXPECT_GE(rw, 1 / 1.5) << what << ": worst node " << median(worst) << "% against " << row.worst;
    EXPECT_LE(rw, 1.5) << what << ": worst node " << median(worst) << "% against " << row.worst;
  }
}

// Table 3.2 as it can be reproduced under a uniform random mapping (issue 34 item 2): the binary
// tree's and the 3D mesh's rows, 12 cells, are within a factor of 1.5 of the median over 25
// mappings (2026-11-27: 0.97-1.48). The 2D mesh's and the hypercube's are not: no uniform mapping
// reaches them (docs/models/chittor.md gives the best of 2000 and the lemmas).
TEST(ChittorTable32, TreeAnd3DMeshRowsWithinOneAndAHalfOverUniformMappings) {
  for (const Printed& row : kTable32) {
    if (row.graph != GraphKind::binary_tree && row.graph != GraphKind::mesh3d) continue;
    const MeshGeometry g(2, int(std::lround(std::sqrt(double(row.nodes)))));
    const ProcessGraph pg = builtin_graph(row.graph, default_graph_shape(row.graph, row.nodes));
    std::vector<double> avg, worst;
    for (uint64_t seed = 1; seed <= 25; ++seed) {
      const ContentionSummary s = analyse_contention(g, pg, random_mapping(uint32_t(num_vertices(pg)), g.nodes(), seed)).summary;
      avg.push_back(100 * s.avg_node_saturation);
      worst.push_back(100 * s.worst_node_saturation);
    }
    const std::string what = "N " + std::to_string(row.nodes) + " graph " + std::to_string(int(row.graph));
    const double ra = row.avg / median(avg), rw = row.worst / median(worst);
    EXPECT_TRUE(ra >= 1 / 1.5 && ra <= 1.5) << what << ": average node " << median(avg) << "% against " << row.avg;
    EXPECT_TRUE(rw >= 1 / 1.5 && rw <= 1.5) << what << ": worst node " << median(worst) << "% against " << row.worst;
  }
}

}  // namespace
}  // namespace kncsim
