#pragma once
// Chittor's simulator shell as his chapter 5 runs it: the SystemC mesh with 2-flit wormhole FIFOs,
// each node computing, sending one message to its next neighbour and waiting for its arrival.
// The `kncsim run` arguments the paper tests share; each adds its graph, arbitration and loads.
namespace kncsim::test {

inline constexpr const char* kChittorShell =
    " --set router.impl=systemc --set router.flow_control=wormhole --set router.fifo_flits=2"
    " --set traffic.workload=closed_loop --set traffic.loop_classes=shell";

}  // namespace kncsim::test
