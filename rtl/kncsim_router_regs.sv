// The state both wormhole routers keep from cycle to cycle (kncsim_router over ports,
// kncsim_vc_router over channels): the node's coordinates, strapped at reset; per input, whether
// its packet holds an output and which; per output, whether a packet holds it and the slots its
// far FIFO has in use. Everything clears at reset, and the first edge after checks it did.
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
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,
  output logic [MaxDims*CoordW-1:0] coord_q,
  output logic [MaxDims*CoordW-1:0] last_q,
  input  logic [Ins-1:0]            bound_d,
  output logic [Ins-1:0]            bound_q,
  input  logic [OutW-1:0]           bound_out_d [Ins],
  output logic [OutW-1:0]           bound_out_q [Ins],
  input  logic [Outs-1:0]           busy_d,
  output logic [Outs-1:0]           busy_q,
  input  logic [CreditW-1:0]        used_d [Outs],
  output logic [CreditW-1:0]        used_q [Outs]
);

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
      bound_q     <= bound_d;
      busy_q      <= busy_d;
      bound_out_q <= bound_out_d;
      used_q      <= used_d;
    end
  end

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
  logic reset_due, reset_ok;
  always_comb begin
    reset_ok = 1'b1;
    if (reset_due) reset_ok = reset_state_ok();
  end
  kncsim_prim_reset_check #(.Name(Name), .Rule("RouterResetKnown_A: state not cleared or node outside the radix after reset")) u_reset_check (
    .clk_i, .rst_ni, .ok_i(reset_ok), .due_o(reset_due));
`endif

endmodule
