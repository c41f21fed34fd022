// Round-robin channel assignment (router.arbitration round_robin, as the SystemC
// allocate_channels): the ready input channels in turn from NEXT, each taking the lowest free
// output channel it may use; NEXT moves past the first input granted. Ports counts channels.
`include "kncsim_prim_assert.svh"

module kncsim_vc_rr_alloc #(
  parameter int unsigned Chans = 10
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [Chans-1:0]       ready_i,
  input  logic [Chans*Chans-1:0] allowed_i,  // [in*Chans +: Chans]: output channels `in` may take
  output logic [Chans*Chans-1:0] grant_o     // [in*Chans + out]
);

  localparam int unsigned ChW = $clog2(Chans);

  logic [ChW-1:0] next_q, next_d;

  always_comb begin
    logic [Chans-1:0] pending, free, cand, lowest;
    logic first;
    int unsigned in;
    pending = ready_i;
    free    = '1;
    cand    = '0;
    lowest  = '0;
    first   = 1'b1;
    in      = 0;
    grant_o = '0;
    next_d  = next_q;
    // The ready inputs one by one in turn from NEXT (the round-robin pick of those left).
    for (int unsigned i = 0; i < Chans; i++) begin
      if (pending != '0) begin
        in = kncsim_prim_pkg::round_robin_index(kncsim_prim_pkg::PickW'(pending), 32'(next_q));
        pending[in] = 1'b0;
        cand = allowed_i[in*Chans +: Chans] & free;
        if (cand != '0) begin
          lowest = Chans'(kncsim_prim_pkg::lowest_one(kncsim_prim_pkg::PickW'(cand)));  // its lowest bit
          grant_o[in*Chans +: Chans] = lowest;
          free = free & ~lowest;
          if (first) next_d = ChW'((in + 1) % Chans);
          first = 1'b0;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) next_q <= '0;
    else         next_q <= next_d;
  end

  kncsim_grant_check #(.Name("kncsim_vc_rr_alloc"), .Ins(Chans), .Outs(Chans)) u_grant_check (
    .clk_i, .rst_ni, .ready_i, .allowed_i, .free_i('1), .grant_i(grant_o));

`ifndef SYNTHESIS
  // PointerRange_A: NEXT names an input channel, channel 0 at first.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (32'(next_q) < Chans)
        else $fatal(1, "kncsim_vc_rr_alloc %m: PointerRange_A: NEXT %0d past %0d channels", next_q, Chans);
    end
  end
  `KNCSIM_ASSERT_RESET_STATE("kncsim_vc_rr_alloc", "AllocResetKnown_A: NEXT not 0 after reset",
                             !$isunknown(next_q) && next_q == '0)

  // Functional coverage: two inputs granted in a cycle; a ready input that had channels to
  // ask for went without, because inputs before it in the turn took them.
  // verilator lint_off UNUSEDSIGNAL
  logic starved;
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    starved = 1'b0;
    for (int unsigned c = 0; c < Chans; c++) begin
      starved = starved || (ready_i[c] && allowed_i[c*Chans +: Chans] != '0 && grant_o[c*Chans +: Chans] == '0);
    end
  end
  TwoGrants_C: cover property (@(posedge clk_i) disable iff (!rst_ni) !$onehot0(grant_o));
  Starved_C:   cover property (@(posedge clk_i) disable iff (!rst_ni) starved);
`endif

endmodule
