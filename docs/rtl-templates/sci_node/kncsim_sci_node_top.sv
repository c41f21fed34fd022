// The smallest SCI ring-node top that passes kncsim's port contract
// (docs/rtl-port-contract.md; the table is systemc/rtl_adapt/sci_node_ports.def): every port, in
// order, with its direction and width. The network's parameters are straps, so there are no
// module parameters. It takes and sends nothing: replace the body with your node. Check it with
//   kncsim rtl check --set network.topology=rings --set router.model=sci --set router.impl=rtl \
//     --set router.active_buffer_packets=4 --set router.rtl_sources=docs/rtl-templates/sci_node
module kncsim_sci_node_top (
  input  logic         clk_i,
  input  logic         rst_ni,
  // Straps, constant after reset.
  input  logic [2:0]   dims_i,                // rings in use, 1..4
  input  logic [15:0]  me_i,                  // this node's coordinates, 4 bits per ring
  input  logic [9:0]   address_flits_i,       // packet lengths in flits
  input  logic [9:0]   data_flits_i,
  input  logic [9:0]   echo_flits_i,
  input  logic [6:0]   ring_buffer_flits_i,   // queue sizes in flits
  input  logic [6:0]   input_queue_flits_i,
  input  logic [6:0]   output_queue_flits_i,
  input  logic [3:0]   active_packets_i,      // active buffer, packets
  input  logic [3:0]   t_pass_i,              // cycles to pass a node, and to enter a ring
  input  logic [3:0]   t_switch_i,
  input  logic         stomp_i,               // 1: take packets tentatively (stomp), 0: whole packets
  // Set before each rising edge.
  input  logic [31:0]  now_i,                 // the network's cycle
  input  logic [3:0]   prio_i,                // the switch's first source this cycle
  input  logic [3:0]   ring_in_valid_i,       // per ring: a flit on ring_in<d>_i
  input  logic [126:0] ring_in0_i, ring_in1_i, ring_in2_i, ring_in3_i,
  output logic [3:0]   ring_out_valid_o,      // per ring: a flit on ring_out<d>_o
  output logic [126:0] ring_out0_o, ring_out1_o, ring_out2_o, ring_out3_o,
  input  logic         cpu_in_valid_i,        // the CPU offers cpu_in_i
  input  logic [126:0] cpu_in_i,
  output logic         cpu_take_o,            // ... and the node takes it this cycle
  output logic         cpu_out_valid_o,       // a flit for the CPU
  output logic [126:0] cpu_out_o,
  // Events of this cycle, per ring, and running counts, for the network's counters.
  output logic [3:0]   echo_o,
  output logic [3:0]   nack_o,
  output logic [3:0]   corrupt_o,
  output logic [3:0]   stomp_o,
  output logic [3:0]   retransmit_o,
  output logic [15:0]  made_o,
  output logic [15:0]  destroyed_o,
  output logic [3:0]   sent_o,
  output logic [3:0]   released_o,
  output logic [4:0]   active_max_o,
  output logic [31:0]  held_o,
  output logic         idle_o                 // nothing held: the clock may stop
);
  assign ring_out_valid_o = '0;
  assign {ring_out0_o, ring_out1_o, ring_out2_o, ring_out3_o} = '0;
  assign cpu_take_o = 1'b0;
  assign cpu_out_valid_o = 1'b0;
  assign cpu_out_o = '0;
  assign {echo_o, nack_o, corrupt_o, stomp_o, retransmit_o, sent_o, released_o} = '0;
  assign {made_o, destroyed_o, held_o} = '0;
  assign active_max_o = '0;
  assign idle_o = 1'b1;
endmodule
