#pragma once
// Chittor's contention framework (thesis chapter 3): a process graph mapped onto a mesh or
// torus with dimension-order routing (or the mapping's own routes) gives each directed edge u -> v a path of channels.
//   channel load chi(e)   paths that use channel e (Definition 27)
//   physical length D     channels on the path
//   logical length d      channels where the path meets a path not met before (Definition 29)
//   contention level nu   other paths sharing at least one channel with it (Definition 30)
// and from them the saturation traffic, as fractions of a channel's bandwidth:
//   path            1 / (nu + 1)                              (eq 3.11)
//   average node    delta_avg / (nu_avg + 1)                  (Lemma 3)
//   worst node      delta_avg / (nu_max + 1)                  (Lemma 4)
//   each node       delta (1 - nu_m / (nu_max + 1))           (Lemma 5; nu_m: its worst path)
// Channels are the network's directed node-to-node links (4 sqrt(N)(sqrt(N)-1) on a square
// 2D mesh); injection and ejection are not channels here.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "topo/mesh_geometry.hpp"
#include "traffic/process_graph.hpp"
#include "traffic/process_mapping.hpp"

namespace kncsim {

struct ContentionPath {
  uint32_t from, to;          // processes
  uint32_t src, dst;          // their nodes
  int physical = 0;           // D
  int logical = 0;            // d
  int nu = 0;                 // path contention level
  int bottleneck_channel = -1;  // its most loaded channel (index into channels)
};

struct ContentionChannel {
  uint32_t node;  // the sender
  int port;       // its output (MeshGeometry numbering)
  int load = 0;   // chi
};

struct ContentionNode {
  uint32_t node;
  uint32_t process;
  int degree = 0;    // paths from it
  int worst_nu = 0;  // nu_m
  double bound = 0;  // Lemma 5
};

struct ContentionSummary {
  double physical_avg = 0, logical_avg = 0, chi_avg = 0, nu_avg = 0;
  int physical_max = 0, logical_max = 0, chi_max = 0, nu_max = 0;
  double degree_avg = 0;  // delta_avg over processes (eq 3.2)
  int degree_max = 0;
  double path_saturation_min = 0;  // 1 / (nu_max + 1)
  double avg_node_saturation = 0;  // Lemma 3
  double worst_node_saturation = 0;  // Lemma 4
  double least_node_bound = 0;  // the smallest Lemma 5 bound over nodes with paths
};

struct ContentionResult {
  std::vector<ContentionChannel> channels;  // every directed link of the network
  std::vector<ContentionPath> paths;        // every edge of the process graph with a nonzero path
  std::vector<ContentionNode> nodes;        // every node that runs a process
  ContentionSummary summary;
};

// mapping[p] is the node of process p (one-to-one). Edges whose processes share a node carry
// no traffic over the network and are left out; the degree counts every edge. Growing the
// contention sets takes sum(chi^2) steps (a complete graph's grow as N^3): past `max_steps`
// it throws ContentionTooLarge before it starts.
struct ContentionTooLarge : std::length_error {
  using std::length_error::length_error;
};
// `routes`: the mapping's own paths for the edges it names (youn_singh's), dimension order for
// the rest; a route whose nodes are not neighbours, or that does not join the edge's nodes,
// throws std::invalid_argument.
ContentionResult analyse_contention(const MeshGeometry& g, const ProcessGraph& pg, const ProcessMapping& mapping,
                                    double max_steps = 1e18, const PathRoutes* routes = nullptr);

// Chittor's closed forms for a random mapping onto a square 2D mesh of N nodes (section 3.4):
// C = delta_avg sqrt(N); D avg 2 sqrt(N)/3 - 2/(3 sqrt(N)) (3.18), max 2(sqrt(N) - 1) (3.17);
// Table 3.1: chi avg C/6, max 3C/8; nu avg C/2, max C; Lemma 6: average node 2/sqrt(N);
// Lemma 7: worst node 1/sqrt(N).
struct RandomMappingEstimates {
  double c = 0;
  double physical_avg = 0, physical_max = 0;
  double chi_avg = 0, chi_max = 0, nu_avg = 0, nu_max = 0;
  double avg_node_saturation = 0, worst_node_saturation = 0;
};
RandomMappingEstimates random_mapping_estimates(double degree_avg, uint32_t nodes);

}  // namespace kncsim
