// Oldest-first channel assignment (router.arbitration oldest_first, as the SystemC
// allocate_channels): the ready input channels in order of their front packet's age (its
// generation time, then its id: older first), each taking the lowest free output channel it
// may use. No state: a packet's age orders it wherever it waits.
module kncsim_vc_age_alloc
  import kncsim_pkg::AgeW;
#(
  parameter int unsigned Chans = 10
) (
  input  logic                   clk_i,      // for the assertions only
  input  logic                   rst_ni,
  input  logic [Chans-1:0]       ready_i,
  input  logic [Chans*Chans-1:0] allowed_i,  // [in*Chans +: Chans]: output channels `in` may take
  input  logic [AgeW-1:0]        age_i [Chans],
  output logic [Chans*Chans-1:0] grant_o     // [in*Chans + out]
);

  localparam int unsigned ChW = $clog2(Chans);

  always_comb begin
    logic [Chans-1:0] free, waiting, cand, lowest;
    logic [ChW-1:0]   oldest;
    logic             found;
    free    = '1;
    waiting = ready_i;
    cand    = '0;
    lowest  = '0;
    oldest  = '0;
    grant_o = '0;
    // One channel a step, the oldest still waiting (ages are distinct: one packet, one front).
    for (int unsigned step = 0; step < Chans; step++) begin
      found = 1'b0;
      for (int unsigned c = 0; c < Chans; c++) begin
        if (waiting[c] && (!found || age_i[c] < age_i[oldest])) begin
          found  = 1'b1;
          oldest = ChW'(c);
        end
      end
      if (found) begin
        waiting[oldest] = 1'b0;
        cand = allowed_i[32'(oldest)*Chans +: Chans] & free;
        lowest = Chans'(kncsim_prim_pkg::lowest_one(kncsim_prim_pkg::PickW'(cand)));
        grant_o[32'(oldest)*Chans +: Chans] = lowest;
        free = free & ~lowest;
      end
    end
  end

  kncsim_grant_check #(.Name("kncsim_vc_age_alloc"), .Ins(Chans), .Outs(Chans)) u_grant_check (
    .clk_i, .rst_ni, .ready_i, .allowed_i, .free_i('1), .grant_i(grant_o));

`ifndef SYNTHESIS
  // Functional coverage: age, not channel order, decided a contest (a younger channel of
  // lower index wanted a channel the older one was granted); two inputs granted in a cycle.
  // verilator lint_off UNUSEDSIGNAL
  logic age_decided;
  // verilator lint_on UNUSEDSIGNAL
  always_comb begin
    age_decided = 1'b0;
    for (int unsigned lo = 0; lo < Chans; lo++) begin
      for (int unsigned hi = lo + 1; hi < Chans; hi++) begin
        age_decided = age_decided || (ready_i[lo] && age_i[hi] < age_i[lo] &&
                                      (allowed_i[lo*Chans +: Chans] & grant_o[hi*Chans +: Chans]) != '0);
      end
    end
  end
  AgeDecided_C: cover property (@(posedge clk_i) disable iff (!rst_ni) age_decided);
  TwoGrants_C:  cover property (@(posedge clk_i) disable iff (!rst_ni) !$onehot0(grant_o));
`endif

endmodule
