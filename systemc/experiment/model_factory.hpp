#pragma once
// The one place a network model is chosen: router.impl (RouterImpl) picks Pertel's reference
// model or the flit-level network (whose RTL nodes, if any, the spec lists), for either family.
#include <memory>

#include "model/network_model.hpp"
#include "ring/ring_model.hpp"
#include "spec/experiment_spec.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/injection_feed.hpp"

namespace kncsim {

// The injections of a mesh's or torus's decoded stream (legacy or counter, through its pattern):
// every model of the mesh draws from it, so each sees the same stimulus.
std::unique_ptr<InjectionStream> make_injection_stream(const MeshStreamSpec& s, const MeshGeometry& g);
// The experiment's traffic: its traffic classes merged, or its one stream.
std::unique_ptr<InjectionStream> make_injection_stream(const MeshExperiment& e, const MeshGeometry& g);

// Meshes and tori: RefNetwork (ref) or WormholeNetwork (systemc, rtl), delivering to `sink`, and
// driven by `source` besides the feed if one is given (a trace).
std::unique_ptr<NetworkModel> make_model(const MeshExperiment& e, const MeshGeometry& g, InjectionFeed& feed,
                                         PacketSink* sink, ReactiveSource* source = nullptr);
// Scott & Goodman's rings: SciRefNetwork (ref) or SciNetwork (systemc, rtl), a SystemC module
// named `name`.
std::unique_ptr<RingModel> make_model(const RingsExperiment& e, const char* name = "sci");

}  // namespace kncsim
