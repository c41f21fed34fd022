// Switch allocation for a router with virtual channels (as the SystemC allocate_switch): of
// the input channels with a flit for the output channel they hold, at most one per input
// port and one per output port crosses. Outputs are served from START; each takes, of its
// candidates whose input port has not crossed yet, the first after its last winner (the
// round-robin pick; Oldest: of those with the oldest packet). START moves on after every cycle
// in which a flit crossed.
`include "kncsim_prim_assert.svh"

module kncsim_switch_alloc
  import kncsim_pkg::AgeW;
#(
  parameter int unsigned Ports = 5,
  parameter int unsigned Vcs   = 2,
  parameter bit          Oldest = 1'b0,
  localparam int unsigned Chans = Ports * Vcs
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [Chans-1:0] wants_i [Ports],  // per output port: input channels (port * Vcs + vc)
  input  logic [AgeW-1:0]  age_i [Chans],    // the age of each channel's front packet (Oldest)
  output logic [Chans-1:0] cross_o           // the input channels that cross
);

  localparam int unsigned IdxW = $clog2(Ports);
  localparam int unsigned ChW  = $clog2(Chans);

  logic [IdxW-1:0] start_q, start_d;
  logic [ChW-1:0]  last_q [Ports];
  logic [ChW-1:0]  last_d [Ports];

  always_comb begin
    logic [Ports-1:0] port_free;
    logic [Chans-1:0] free_chans, cand;
    logic [AgeW-1:0]  oldest;
    logic [IdxW-1:0]  o;
    int unsigned best;
    port_free  = '1;
    free_chans = '0;
    cand       = '0;
    oldest     = '0;
    o          = '0;
    best       = 0;
    cross_o    = '0;
    last_d     = last_q;
    for (int unsigned i = 0; i < Ports; i++) begin
      o = IdxW'((32'(start_q) + i) % Ports);
      for (int unsigned c = 0; c < Chans; c++) free_chans[c] = port_free[c / Vcs];
      cand = wants_i[o] & free_chans;
      // Oldest: only the candidates with the oldest packet (the smallest age) stay in the pick.
      if (Oldest && cand != '0) begin
        oldest = '1;
        for (int unsigned c = 0; c < Chans; c++) if (cand[c] && age_i[c] < oldest) oldest = age_i[c];
        for (int unsigned c = 0; c < Chans; c++) if (age_i[c] != oldest) cand[c] = 1'b0;
      end
      if (cand != '0) begin
        // The first candidate after the output's last winner, wrapping.
        best = kncsim_prim_pkg::round_robin_index(kncsim_prim_pkg::PickW'(cand), (32'(last_q[o]) + 1) % Chans);
        cross_o[best] = 1'b1;
        port_free[best / Vcs] = 1'b0;
        last_d[o] = ChW'(best);
      end
    end
    start_d = port_free != '1 ? IdxW'((32'(start_q) + 1) % Ports) : start_q;
  end

  // last resets to the final channel, so that channel 0 is the first after it.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      start_q <= '0;
      for (int unsigned o = 0; o < Ports; o++) last_q[o] <= ChW'(Chans - 1);
    end else begin
      start_q <= start_d;
      last_q  <= last_d;
    end
  end

`ifndef SYNTHESIS
  // Protocol rules, one bit each under one assertion (see kncsim_prim_fifo):
  //   CrossNotWanted_A     a channel crosses that wants no output
  //   InputPortTwice_A     two channels of one input port cross in a cycle
  //   OutputPortTwice_A    two channels cross to one output port in a cycle
  //   PointerRange_A       START past the ports, or an output's last winner past the channels
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic [2:0] rules, input logic [Chans-1:0] crossing);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_switch_alloc %m: %s (crossing channels %b)",
           string'(rules[0] ? "CrossNotWanted_A: a channel crossed that wants no output"
                 : rules[1] ? "InputPortTwice_A: two channels of one input port crossed"
                 : rules[2] ? "OutputPortTwice_A: two channels crossed to one output port"
                            : "PointerRange_A: START or a last winner out of range"), crossing);
  endtask
  // Worked out in the clocked block: once per edge, not per evaluation.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [3:0] broken;
      logic [Chans-1:0] wanted;
      logic [Ports-1:0] took;
      wanted = '0;
      took   = '0;
      broken = '0;
      for (int unsigned o = 0; o < Ports; o++) begin
        wanted = wanted | wants_i[o];
        broken[2] = broken[2] || !$onehot0(cross_o & wants_i[o]);
        broken[3] = broken[3] || 32'(last_q[o]) >= Chans;
      end
      broken[0] = (cross_o & ~wanted) != '0;
      for (int unsigned c = 0; c < Chans; c++) begin
        if (cross_o[c]) begin
          broken[1] = broken[1] || took[c / Vcs];
          took[c / Vcs] = 1'b1;
        end
      end
      broken[3] = broken[3] || 32'(start_q) >= Ports;
      assert (broken == '0) else report_broken(broken[2:0], cross_o);
    end
  end
  // Known values after reset: START at port 0, every output's last winner the last channel.
  function automatic logic reset_state_ok();
    logic bad;
    bad = $isunknown(start_q) || start_q != '0;
    for (int unsigned o = 0; o < Ports; o++) bad = bad || 32'(last_q[o]) != Chans - 1;
    return !bad;
  endfunction
  `KNCSIM_ASSERT_RESET_STATE("kncsim_switch_alloc", "AllocResetKnown_A: START or last winners not reset",
                             reset_state_ok())

  // Functional coverage: START rotates through every output; each output is contended.
  for (genvar o = 0; o < Ports; o++) begin : gen_cover
    StartAt_C:   cover property (@(posedge clk_i) disable iff (!rst_ni) 32'(start_q) == o);
    Contended_C: cover property (@(posedge clk_i) disable iff (!rst_ni) !$onehot0(wants_i[o]));
  end
`endif

endmodule
