#include "ring/sci_design.hpp"

namespace kncsim {

SciParams sci_params(const RingsDesign& d, const SciQueues& q) {
  const RingsAnalytic a = rings_analytic(d);
  const int W = a.width_bits;
  auto flits = [W](int bits) { return (bits + W - 1) / W; };
  SciParams p;
  p.dims = d.dims;
  p.radix = d.radix;
  p.decode_cycles = a.decode_cycles;
  p.t_pass = d.t_pass;
  p.t_switch = d.t_switch;
  // Synchronous links take no wire cycles (the wire stretches the cycle instead); the pipelined
  // variants take theirs as the analysis gives them (own, longest, or one).
  p.wire_cycles = d.mode == RingLinkMode::synchronous ? std::vector<int>(size_t(d.dims), 0) : a.wire_cycles;
  p.width_bits = W;
  p.address_flits = a.address.flits;
  p.data_flits = a.data.flits;
  p.echo_flits = a.echo.flits;
  p.ring_buffer_flits = flits(q.ring_buffer_bits);
  p.input_queue_flits = flits(q.input_queue_bits);
  p.output_queue_flits = flits(q.output_queue_bits);
  return p;
}

}  // namespace kncsim
