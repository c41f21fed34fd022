// The router's pin-level top for Verilation: one 64-bit flit port and one credit port per
// router port, up to 7 ports (3 dimensions), so every pin maps to a plain integer signal,
// and the VC of each credit (routers with virtual channels).
// Ports beyond 2*Dims+1 are unused: their outputs are 0.
module kncsim_router_top
  import kncsim_pkg::*;
#(
  parameter int unsigned Dims       = 2,
  parameter int unsigned Depth      = 4,
  parameter bit          Adaptive   = 1'b0,
  parameter bit          CutThrough = 1'b0,
  parameter bit          Torus      = 1'b0,
  parameter int unsigned Vcs        = 1,  // 1: kncsim_router; more: kncsim_vc_router
  parameter int unsigned Arb        = 0   // with Vcs > 1: 0 priority token, 1 round robin, 2 oldest first
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [MaxDims*CoordW-1:0] coord_i,
  input  logic [MaxDims*CoordW-1:0] last_i,  // per dimension: the last coordinate (radix - 1)
  input  logic [MaxPorts-1:0]       in_valid_i,
  output logic [MaxPorts-1:0]       in_pop_o,
  output logic [MaxPorts-1:0]       out_valid_o,
  output logic                      idle_o,
  input  logic [FlitW-1:0]          in_flit0_i, in_flit1_i, in_flit2_i, in_flit3_i,
  input  logic [FlitW-1:0]          in_flit4_i, in_flit5_i, in_flit6_i,
  output logic [FlitW-1:0]          out_flit0_o, out_flit1_o, out_flit2_o, out_flit3_o,
  output logic [FlitW-1:0]          out_flit4_o, out_flit5_o, out_flit6_o,
  input  logic [CreditW-1:0]        credit0_i, credit1_i, credit2_i, credit3_i,
  input  logic [CreditW-1:0]        credit4_i, credit5_i, credit6_i,
  output logic [CreditW-1:0]        credit0_o, credit1_o, credit2_o, credit3_o,
  output logic [CreditW-1:0]        credit4_o, credit5_o, credit6_o,
  input  logic [MaxPorts*VcW-1:0]   credit_vc_i,  // per port: the VC of credit<p>_i
  output logic [MaxPorts*VcW-1:0]   credit_vc_o,  // per port: the VC of credit<p>_o
  // Per port: the age of the packet of in_flit<p>_i (oldest-first routers; others ignore it).
  input  logic [AgeW-1:0]           in_age0_i, in_age1_i, in_age2_i, in_age3_i,
  input  logic [AgeW-1:0]           in_age4_i, in_age5_i, in_age6_i
);

  localparam int unsigned Ports = 2 * Dims + 1;

  // The flits a port each, a 64-bit word apiece: a simulator then moves a flit as one word,
  // where a vector of all the ports' flits would be sliced and assembled word by word.
  flit_t                       in_flits [MaxPorts], out_flits [MaxPorts];
  logic [MaxPorts*AgeW-1:0]    in_age;
  logic [MaxPorts*CreditW-1:0] in_credit, out_credit;
  logic [Ports-1:0]            pop, valid;

  assign in_flits  = '{in_flit0_i, in_flit1_i, in_flit2_i, in_flit3_i, in_flit4_i, in_flit5_i, in_flit6_i};
  assign in_age    = {in_age6_i, in_age5_i, in_age4_i, in_age3_i, in_age2_i, in_age1_i, in_age0_i};
  assign in_credit = {credit6_i, credit5_i, credit4_i, credit3_i, credit2_i, credit1_i, credit0_i};
  assign {out_flit0_o, out_flit1_o, out_flit2_o, out_flit3_o} = {out_flits[0], out_flits[1], out_flits[2], out_flits[3]};
  assign {out_flit4_o, out_flit5_o, out_flit6_o} = {out_flits[4], out_flits[5], out_flits[6]};
  assign {credit6_o, credit5_o, credit4_o, credit3_o, credit2_o, credit1_o, credit0_o} = out_credit;
  assign in_pop_o    = MaxPorts'(pop);
  assign out_valid_o = MaxPorts'(valid);

  logic [Ports*VcW-1:0] out_credit_vc;
  if (Vcs == 1) begin : g_router
    kncsim_router #(
      .Dims(Dims), .Depth(Depth), .Adaptive(Adaptive), .CutThrough(CutThrough), .Torus(Torus)
    ) u_router (
      .clk_i,
      .rst_ni,
      .coord_i,
      .last_i,
      .in_valid_i (in_valid_i[Ports-1:0]),
      .in_flit_i  (in_flits[0:Ports-1]),
      .in_pop_o   (pop),
      .credit_o   (out_credit[Ports*CreditW-1:0]),
      .out_valid_o(valid),
      .out_flit_o (out_flits[0:Ports-1]),
      .credit_i   (in_credit[Ports*CreditW-1:0]),
      .idle_o
    );
    assign out_credit_vc = '0;
    // verilator lint_off UNUSEDSIGNAL
    logic unused_vc;
    assign unused_vc = ^{credit_vc_i, in_age};
    // verilator lint_on UNUSEDSIGNAL
  end else begin : g_vc_router
    // The VC router takes its ports' flits as one vector.
    logic [Ports*FlitW-1:0] in_flit, out_flit;
    for (genvar p = 0; p < Ports; p++) begin : g_port
      assign in_flit[p*FlitW +: FlitW] = in_flits[p];
      assign out_flits[p]              = flit_t'(out_flit[p*FlitW +: FlitW]);
    end
    kncsim_vc_router #(
      .Dims(Dims), .Depth(Depth), .Adaptive(Adaptive), .Torus(Torus), .Vcs(Vcs), .Arb(Arb)
    ) u_router (
      .clk_i,
      .rst_ni,
      .coord_i,
      .last_i,
      .in_valid_i (in_valid_i[Ports-1:0]),
      .in_flit_i  (in_flit),
      .in_age_i   (in_age[Ports*AgeW-1:0]),
      .in_pop_o   (pop),
      .credit_o   (out_credit[Ports*CreditW-1:0]),
      .credit_vc_o(out_credit_vc),
      .out_valid_o(valid),
      .out_flit_o (out_flit),
      .credit_i   (in_credit[Ports*CreditW-1:0]),
      .credit_vc_i(credit_vc_i[Ports*VcW-1:0]),
      .idle_o
    );
    if (Ports < MaxPorts) begin : g_unused_vc
      // verilator lint_off UNUSEDSIGNAL
      logic unused_vc;
      assign unused_vc = ^{credit_vc_i[MaxPorts*VcW-1:Ports*VcW], in_age[MaxPorts*AgeW-1:Ports*AgeW]};
      // verilator lint_on UNUSEDSIGNAL
    end
  end
  assign credit_vc_o = (MaxPorts*VcW)'(out_credit_vc);

  if (Ports < MaxPorts) begin : g_unused
    logic [(MaxPorts-Ports)*FlitW-1:0] unused_flits;
    for (genvar p = Ports; p < MaxPorts; p++) begin : g_no_flit
      assign out_flits[p] = '0;
      assign unused_flits[(p-Ports)*FlitW +: FlitW] = in_flits[p];
    end
    assign out_credit[MaxPorts*CreditW-1:Ports*CreditW] = '0;
    // verilator lint_off UNUSEDSIGNAL
    logic unused;
    assign unused = ^{unused_flits, in_credit[MaxPorts*CreditW-1:Ports*CreditW],
                      in_valid_i[MaxPorts-1:Ports]};
    // verilator lint_on UNUSEDSIGNAL

`ifndef SYNTHESIS
    // UnusedPortDriven_A: no flit and no credit on a port the router does not have (a
    // neighbour wired for more dimensions than were built).
    always_ff @(posedge clk_i) begin
      if (rst_ni) begin
        assert (in_valid_i[MaxPorts-1:Ports] == '0 && in_credit[MaxPorts*CreditW-1:Ports*CreditW] == '0)
          else $fatal(1, "kncsim_router_top %m: UnusedPortDriven_A: a flit or credit on a port past the %0d built", Ports);
      end
    end
`endif
  end

endmodule
