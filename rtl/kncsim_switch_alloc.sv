// Switch allocation for a router with virtual channels (as the SystemC allocate_switch): of
// the input channels with a flit for the output channel they hold, at most one per input
// port and one per output port crosses. Outputs are served from START; each takes, of its
// candidates whose input port has not crossed yet, the first after its last winner (Oldest:
// the oldest packet). START moves on after every cycle in which a flit crossed.
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
    logic found;
    logic [IdxW-1:0] o;
    logic [ChW-1:0]  best;
    int unsigned in;
    port_free = '1;
    o         = '0;
    in        = 0;
    cross_o   = '0;
    last_d    = last_q;
    for (int unsigned i = 0; i < Ports; i++) begin
      o = IdxW'((32'(start_q) + i) % Ports);
      found = 1'b0;
      best  = '0;
      for (int unsigned j = 1; j <= Chans; j++) begin
        in = (32'(last_q[o]) + j) % Chans;
        if (wants_i[o][in] && port_free[in / Vcs] && (!found || (Oldest && age_i[in] < age_i[best]))) begin
          found = 1'b1;
          best  = ChW'(in);
        end
      end
      if (found) begin
        cross_o[best] = 1'b1;
        port_free[32'(best) / Vcs] = 1'b0;
        last_d[o] = best;
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

endmodule
