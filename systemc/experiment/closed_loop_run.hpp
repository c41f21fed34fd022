#pragma once
// Running traffic.workload closed_loop on a mesh or torus of SystemC or RTL routers: the loops
// run until every node has run its measured ones, then the same loops are replayed on a
// contention-free network for the applied node traffic. Reported per node and as average and
// worst node:
//   T        loop time, cycles per measured loop
//   t        computation per loop
//   τ        communication time per loop, T − t (Chittor eq 4.1)
//   λ_n      actual node traffic: payload flits sent per cycle (Definition 26; a channel carries
//            one flit a cycle, so it is the fraction of a channel's bandwidth)
//   λ_a      applied node traffic: the same from the contention-free replay (Definition 24)
#include <nlohmann/json.hpp>

#include <string>

#include "spec/experiment_spec.hpp"
#include "model/network_model.hpp"

namespace kncsim {

nlohmann::ordered_json run_closed_loop(const ExperimentSpec& spec, const MeshExperiment& e, PacketSink* sink);
std::string closed_loop_summary(const nlohmann::ordered_json& result);

}  // namespace kncsim
