// The SCI ring node's pin-level top for Verilation: plain integer pins (straps, one flit port
// per ring and per CPU direction), so both bindings drive it field by field. The pins match
// SciNode's: per ring link valid and the flit (head, tail, kind, CRC good, sequence, source,
// destination, ...); see kncsim_sci_pkg::sci_flit_t for the flit's bits.
module kncsim_sci_node_top
  import kncsim_sci_pkg::*;
(
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // Straps (constant after reset).
  input  logic [2:0]            dims_i,
  input  logic [SciAddrW-1:0]   me_i,
  input  logic [SciLenW-1:0]    address_flits_i,
  input  logic [SciLenW-1:0]    data_flits_i,
  input  logic [SciLenW-1:0]    echo_flits_i,
  input  logic [SciCountW-1:0]  ring_buffer_flits_i,
  input  logic [SciCountW-1:0]  input_queue_flits_i,
  input  logic [SciCountW-1:0]  output_queue_flits_i,
  input  logic [3:0]            active_packets_i,
  input  logic [3:0]            t_pass_i,
  input  logic [3:0]            t_switch_i,
  input  logic                  stomp_i,
  // This cycle (the network's count) and the switch's first source, set before each edge.
  input  logic [SciTimeW-1:0]   now_i,
  input  logic [3:0]            prio_i,
  input  logic [SciMaxDims-1:0] ring_in_valid_i,
  input  logic [SciFlitW-1:0]   ring_in0_i, ring_in1_i, ring_in2_i, ring_in3_i,
  output logic [SciMaxDims-1:0] ring_out_valid_o,
  output logic [SciFlitW-1:0]   ring_out0_o, ring_out1_o, ring_out2_o, ring_out3_o,
  input  logic                  cpu_in_valid_i,
  input  logic [SciFlitW-1:0]   cpu_in_i,
  output logic                  cpu_take_o,
  output logic                  cpu_out_valid_o,
  output logic [SciFlitW-1:0]   cpu_out_o,
  output logic [SciMaxDims-1:0] echo_o,
  output logic [SciMaxDims-1:0] nack_o,
  output logic [SciMaxDims-1:0] corrupt_o,
  output logic [SciMaxDims-1:0] stomp_o,
  output logic [SciMaxDims-1:0] retransmit_o,
  output logic [15:0]           made_o,
  output logic [15:0]           destroyed_o,
  output logic [SciMaxDims-1:0] sent_o,
  output logic [SciMaxDims-1:0] released_o,
  output logic [4:0]            active_max_o,
  output logic [31:0]           held_o,
  output logic                  idle_o
);

  sci_cfg_t  cfg, cfg_q;
  sci_flit_t ring_in [SciMaxDims];
  sci_flit_t ring_out [SciMaxDims];
  sci_flit_t cpu_out;

  assign cfg = '{dims: dims_i, me: me_i, address_flits: address_flits_i, data_flits: data_flits_i,
                 echo_flits: echo_flits_i, ring_buffer_flits: ring_buffer_flits_i,
                 input_queue_flits: input_queue_flits_i, output_queue_flits: output_queue_flits_i,
                 active_packets: active_packets_i, t_pass: t_pass_i, t_switch: t_switch_i, stomp: stomp_i};
  // The straps are sampled while in reset: the logic reads a register, so a change on the
  // (constant) strap pins never re-evaluates it.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cfg_q <= cfg;
  end

  assign ring_in[0] = sci_flit_t'(ring_in0_i);
  assign ring_in[1] = sci_flit_t'(ring_in1_i);
  assign ring_in[2] = sci_flit_t'(ring_in2_i);
  assign ring_in[3] = sci_flit_t'(ring_in3_i);
  assign ring_out0_o = SciFlitW'(ring_out[0]);
  assign ring_out1_o = SciFlitW'(ring_out[1]);
  assign ring_out2_o = SciFlitW'(ring_out[2]);
  assign ring_out3_o = SciFlitW'(ring_out[3]);
  assign cpu_out_o   = SciFlitW'(cpu_out);

  kncsim_sci_node u_node (
    .clk_i, .rst_ni,
    .cfg_i           (cfg_q),
    .now_i, .prio_i,
    .ring_in_valid_i,
    .ring_in_i       (ring_in),
    .ring_out_valid_o,
    .ring_out_o      (ring_out),
    .cpu_in_valid_i,
    .cpu_in_i        (sci_flit_t'(cpu_in_i)),
    .cpu_take_o,
    .cpu_out_valid_o,
    .cpu_out_o       (cpu_out),
    .echo_o, .nack_o, .corrupt_o, .stomp_o, .retransmit_o,
    .made_o, .destroyed_o, .sent_o, .released_o, .active_max_o, .held_o, .idle_o
  );

endmodule
