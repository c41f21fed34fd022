// The smallest wormhole-router top that passes kncsim's port contract
// (docs/rtl-port-contract.md; the table is systemc/rtl_adapt/router_ports.def): every port, in
// order, with its direction and width, and the parameters kncsim sets with -G. It moves no
// flit: replace the body with your router. Check it with
//   kncsim rtl check --set router.impl=rtl --set router.fifo_flits=4 \
//     --set router.flow_control=wormhole --set router.rtl_sources=docs/rtl-templates/router
module kncsim_router_top #(
  parameter int unsigned Dims       = 2,     // 1..3; ports in use: 2*Dims+1 (0 local, then -x, +x, ...)
  parameter int unsigned Depth      = 4,     // input FIFO, flits
  parameter bit          Adaptive   = 1'b0,  // routing: 0 dimension order, 1 adaptive
  parameter bit          CutThrough = 1'b0,  // flow control: 0 wormhole, 1 virtual cut-through
  parameter bit          Torus      = 1'b0,  // wrap-around links
  parameter int unsigned Vcs        = 1,     // virtual channels per link
  parameter int unsigned Arb        = 0      // 0 priority token, 1 round robin, 2 oldest first
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [20:0] coord_i,      // 7 bits per dimension: this router's coordinates
  input  logic [20:0] last_i,       // 7 bits per dimension: the radix - 1
  input  logic [6:0]  in_valid_i,   // per port: a flit on in_flit<p>_i
  output logic [6:0]  in_pop_o,     // per port: the flit on in_flit<p>_i is taken this cycle
  output logic [6:0]  out_valid_o,  // per port: a flit on out_flit<p>_o
  output logic        idle_o,       // nothing held, nothing in flight: the clock may stop
  input  logic [63:0] in_flit0_i, in_flit1_i, in_flit2_i, in_flit3_i, in_flit4_i, in_flit5_i, in_flit6_i,
  output logic [63:0] out_flit0_o, out_flit1_o, out_flit2_o, out_flit3_o, out_flit4_o, out_flit5_o, out_flit6_o,
  input  logic [9:0]  credit0_i, credit1_i, credit2_i, credit3_i, credit4_i, credit5_i, credit6_i,
  output logic [9:0]  credit0_o, credit1_o, credit2_o, credit3_o, credit4_o, credit5_o, credit6_o,
  input  logic [13:0] credit_vc_i,  // 2 bits per port: the VC of credit<p>_i
  output logic [13:0] credit_vc_o,  // 2 bits per port: the VC of credit<p>_o
  input  logic [63:0] in_age0_i, in_age1_i, in_age2_i, in_age3_i, in_age4_i, in_age5_i, in_age6_i
);
  assign in_pop_o    = '0;
  assign out_valid_o = '0;
  assign idle_o      = 1'b1;
  assign {out_flit0_o, out_flit1_o, out_flit2_o, out_flit3_o, out_flit4_o, out_flit5_o, out_flit6_o} = '0;
  assign {credit0_o, credit1_o, credit2_o, credit3_o, credit4_o, credit5_o, credit6_o} = '0;
  assign credit_vc_o = '0;
endmodule
