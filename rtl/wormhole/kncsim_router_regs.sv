// The state both wormhole routers keep from cycle to cycle (kncsim_router over ports,
// kncsim_vc_router over channels): the node's coordinates, strapped at reset; per input, whether
// its packet holds an output and which; per output, whether a packet holds it and the slots its
// far FIFO has in use. Everything clears at reset, and the first edge after checks it did.
`include "kncsim_prim_assert.svh"

module kncsim_router_regs
  import kncsim_pkg::*;
#(
  parameter string       Name = "kncsim_router",  // the router, in the reset check's report
  parameter int unsigned Dims = 2,
  parameter int unsigned Ins  = 5,  // inputs (ports, or input channels)
  parameter int unsigned Outs = 5,  // outputs (ports, or output channels)
  localparam int unsigned OutW = $clog2(Outs)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [MaxDims*CoordW-1:0] coord_i,      // strapped: taken at reset
  input  logic [MaxDims*CoordW-1:0] last_i,
  output logic [MaxDims*CoordW-1:0] coord_o,
  output logic [MaxDims*CoordW-1:0] last_o,
  input  logic [Ins-1:0]            bound_i,      // the next cycle's state (the routers' _d)
  output logic [Ins-1:0]            bound_o,      // this cycle's (the routers' _q)
  input  logic [OutW-1:0]           bound_out_i [Ins],
  output logic [OutW-1:0]           bound_out_o [Ins],
  input  logic [Outs-1:0]           busy_i,
  output logic [Outs-1:0]           busy_o,
  input  logic [CreditW-1:0]        used_i [Outs],
  output logic [CreditW-1:0]        used_o [Outs]
);

  logic [MaxDims*CoordW-1:0] coord_q, last_q;
  logic [Ins-1:0]            bound_q;
  logic [OutW-1:0]           bound_out_q [Ins];
  logic [Outs-1:0]           busy_q;
  logic [CreditW-1:0]        used_q [Outs];

  // The coordinates are taken at reset: routing then depends on registers only, so input pins
  // never ripple through the allocator.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      coord_q <= coord_i;
      last_q  <= last_i;
      bound_q <= '0;
      busy_q  <= '0;
      for (int unsigned i = 0; i < Ins; i++) bound_out_q[i] <= '0;
      for (int unsigned o = 0; o < Outs; o++) used_q[o] <= '0;
    end else begin
      coord_q     <= coord_q;
      last_q      <= last_q;
      bound_q     <= bound_i;
      busy_q      <= busy_i;
      bound_out_q <= bound_out_i;
      used_q      <= used_i;
    end
  end

  assign coord_o     = coord_q;
  assign last_o      = last_q;
  assign bound_o     = bound_q;
  assign bound_out_o = bound_out_q;
  assign busy_o      = busy_q;
  assign used_o      = used_q;

`ifndef SYNTHESIS
  // Known values after reset: nothing bound, nothing owed, the node inside its network.
  function automatic logic reset_state_ok();
    logic bad;
    bad = $isunknown({bound_q, busy_q, coord_q, last_q}) || bound_q != '0 || busy_q != '0;
    for (int unsigned o = 0; o < Outs; o++) bad = bad || used_q[o] != '0;
    for (int unsigned k = 0; k < Dims; k++) begin
      bad = bad || coord_q[k*CoordW +: CoordW] > last_q[k*CoordW +: CoordW];
    end
    return !bad;
  endfunction
  `KNCSIM_ASSERT_RESET_STATE(Name, "RouterResetKnown_A: state not cleared or node outside the radix after reset",
                             reset_state_ok())
`endif

endmodule
