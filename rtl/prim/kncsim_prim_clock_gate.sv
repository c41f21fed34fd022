// A clock gate, as an ICG cell behaves: clk_o runs while en_i is high. The enable is latched
// while the clock is low, so that what changes after a rising edge (the registers it clocked,
// the logic after them) cannot cut or lengthen that clock's high phase.
module kncsim_prim_clock_gate (
  input  logic clk_i,
  input  logic en_i,
  output logic clk_o
);

  logic en_latch, open;
`ifndef SYNTHESIS
  // A simulator that skips the low phase of the clock (kncsim's direct binding evaluates each
  // cycle once, with the clock high) zeroes edge_seen_q before that evaluation instead: the
  // latch is then open until the rising edge, as it would have been all through the low phase.
  logic edge_seen_q;
  always_ff @(posedge clk_i) edge_seen_q <= 1'b1;
  assign open = !clk_i || !edge_seen_q;
`else
  assign open = !clk_i;
`endif
  always_latch begin
    if (open) en_latch = en_i;
  end
  assign clk_o = en_latch & clk_i;

endmodule
