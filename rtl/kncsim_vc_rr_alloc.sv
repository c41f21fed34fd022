// Round-robin channel assignment (router.arbitration round_robin, as the SystemC
// allocate_channels): the ready input channels in turn from NEXT, each taking the lowest free
// output channel it may use; NEXT moves past the first input granted. Ports counts channels.
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
    logic [Chans-1:0] free, cand, lowest;
    logic first;
    int unsigned in;
    free    = '1;
    cand    = '0;
    lowest  = '0;
    first   = 1'b1;
    grant_o = '0;
    next_d  = next_q;
    for (int unsigned i = 0; i < Chans; i++) begin
      in = (32'(next_q) + i) % Chans;
      cand = allowed_i[in*Chans +: Chans] & free;
      if (ready_i[in] && cand != '0) begin
        lowest = cand & (~cand + 1'b1);  // its lowest bit
        grant_o[in*Chans +: Chans] = lowest;
        free = free & ~lowest;
        if (first) next_d = ChW'((in + 1) % Chans);
        first = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) next_q <= '0;
    else         next_q <= next_d;
  end

endmodule
