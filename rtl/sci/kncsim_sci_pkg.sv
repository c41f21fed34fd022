// Shared types and limits of the SCI ring node RTL (Scott & Goodman, Figure 2). One build
// serves every ring network within these limits: the packet lengths, queue sizes, T_pass,
// T_switch and the number of dimensions are straps (sci_cfg_t, fixed after reset), the
// storage behind them is sized here.
package kncsim_sci_pkg;

  parameter int unsigned SciMaxDims   = 4;   // ring interfaces per node
  parameter int unsigned SciCoordW    = 4;   // radix up to 16
  parameter int unsigned SciAddrW     = SciMaxDims * SciCoordW;  // a node: its coordinates
  parameter int unsigned SciLenW      = 10;  // flits per packet up to 1023
  parameter int unsigned SciRetryW    = 16;  // nacks a message may get
  parameter int unsigned SciNodeW     = SciAddrW;  // a node's index (up to 16^4 nodes; sci_wire.hpp assumes SciAddrW)
  parameter int unsigned SciCountIdW  = 32;  // messages a node may send
  parameter int unsigned SciIdW       = SciNodeW + SciCountIdW;  // a message: its source, its order there
  parameter int unsigned SciTimeW     = 32;  // queue time stamps (cycles, wrapping)
  parameter int unsigned SciQueueDepth = 64; // flits of storage per queue, stages included
  parameter int unsigned SciActiveDepth = 8;  // packets per active buffer
  parameter int unsigned SciMaxDelay  = 8;   // T_pass and T_switch up to this
  parameter int unsigned SciSources   = SciMaxDims + 1;  // the CPU, the input queues
  parameter int unsigned SciDests     = SciMaxDims + 1;      // output queues, CPU
  parameter int unsigned SciCountW    = $clog2(SciQueueDepth + 1);

  typedef enum logic [1:0] {
    KindAddress = 2'd0,
    KindData    = 2'd1,
    KindEcho    = 2'd2,
    KindNack    = 2'd3
  } sci_kind_e;

  // A flit on a ring link. Every flit carries its packet's header, so that a queue's front
  // can always be routed and an active buffer can hold a packet from its head flit. The id is
  // the message's source node and its order there: the testbench's payload (its delivery
  // record), opaque to the logic except that an echo or nack names its packet by id. (The injection cycle is not on the wire: the testbench keeps
  // it by id, so every queue entry is two words narrower.)
  typedef struct packed {
    logic                 head;
    logic                 tail;
    sci_kind_e            kind;      // a stomped echo's later flits say nack
    logic                 crc_good;  // the transmission's CRC, as the receiver finds it
    logic [SciLenW-1:0]   seq;
    logic [SciRetryW-1:0] retries;
    logic [SciAddrW-1:0]  src;
    logic [SciAddrW-1:0]  dest;
    logic [SciAddrW-1:0]  target;    // send packets: the node holding it in its active buffer;
                                     // echo/nack: the node it goes to
    logic [SciIdW-1:0]    id;
  } sci_flit_t;

  parameter int unsigned SciFlitW = $bits(sci_flit_t);

  // Straps: the network's parameters and this node's place, constant after reset.
  typedef struct packed {
    logic [2:0]           dims;            // 1..SciMaxDims
    logic [SciAddrW-1:0]  me;              // this node's coordinates
    logic [SciLenW-1:0]   address_flits;
    logic [SciLenW-1:0]   data_flits;
    logic [SciLenW-1:0]   echo_flits;      // <= address_flits: an answer flit per flit that comes in
    logic [SciCountW-1:0] ring_buffer_flits;
    logic [SciCountW-1:0] input_queue_flits;
    logic [SciCountW-1:0] output_queue_flits;
    logic [3:0]           active_packets;  // 1..SciActiveDepth
    logic [3:0]           t_pass;          // 1..SciMaxDelay
    logic [3:0]           t_switch;        // 1..SciMaxDelay
    logic                 stomp;           // sci_accept: stomp (else whole_packet)
  } sci_cfg_t;

  function automatic logic is_send(sci_kind_e k);
    return k == KindAddress || k == KindData;
  endfunction

  // verilator lint_off UNUSEDSIGNAL
  function automatic logic [SciLenW-1:0] packet_flits(sci_cfg_t cfg, sci_kind_e k);  // (the lengths only)
    return k == KindData ? cfg.data_flits : is_send(k) ? cfg.address_flits : cfg.echo_flits;
  endfunction
  // verilator lint_on UNUSEDSIGNAL

  function automatic logic [SciCoordW-1:0] coord(logic [SciAddrW-1:0] a, int unsigned d);
    return a[d*SciCoordW +: SciCoordW];
  endfunction

  // A time stamp has come: stamps are at most 2^(SciTimeW-1) cycles away.
  function automatic logic due(logic [SciTimeW-1:0] stamp, logic [SciTimeW-1:0] now);
    logic [SciTimeW-1:0] diff;
    diff = now - stamp;
    return !diff[SciTimeW-1];
  endfunction

endpackage
