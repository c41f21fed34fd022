// One ring interface of an SCI node (Scott & Goodman, Figure 2), for dimension Dim. A flit
// comes in over the ring link already decoded (the link's delay covers T_decode) and is
// registered; in its cycle a head binds its packet's fate: pass through the ring buffer
// (T_pass), leave the ring into the input queue with an echo going on in its place, be dropped
// with a nack instead (no room, or a failed CRC), or be stripped (an echo or nack back at the
// node holding its packet in the active buffer). The output link sends a flit per cycle, a
// packet at a time: when the ring buffer has room for one as long, a nacked packet the active
// buffer sends again, or else the output queue's next if the active buffer has room;
// otherwise the ring buffer's. Everything that happens in a
// cycle is decided from the registers: the ring input only reaches logic through in_q, so no
// ring pin feeds an output combinationally. Time comes in twice: due_now_i, this cycle as the
// registers know it (set at the last edge; stale only while every timed queue is empty), for
// whether a queue's front may leave; stamp_now_i, this cycle from the pins, for stamping
// what this cycle's edge pushes.
module kncsim_sci_ring_if
  import kncsim_sci_pkg::*;
#(
  parameter int unsigned Dim = 0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  sci_cfg_t             cfg_i,
  input  logic [SciTimeW-1:0]  due_now_i,
  input  logic [SciTimeW-1:0]  stamp_now_i,
  // Ring link in (registered) and out.
  input  logic                 in_valid_i,
  input  sci_flit_t            in_flit_i,
  output logic                 out_valid_o,
  output sci_flit_t            out_flit_o,
  // The switch's source: the input queue.
  output logic                 iq_valid_o,
  output sci_flit_t            iq_flit_o,
  input  logic                 iq_pop_i,
  // The switch's destination: the output queue (its T_switch stages count in it).
  output logic                 oq_room_o,
  input  logic                 oq_push_i,
  input  sci_flit_t            oq_flit_i,
  // This cycle's events, for the testbench's counters and flit tally.
  output logic                 echo_o,
  output logic                 nack_o,
  output logic                 corrupt_o,
  output logic                 stomp_o,
  output logic                 retransmit_o,
  output logic [SciLenW:0]     made_o,
  output logic [SciLenW:0]     destroyed_o,
  output logic                 sent_o,        // the output link starts a packet from the output queue
  output logic                 released_o,    // an echo came back: the active buffer lets go
  output logic [4:0]           active_next_o, // active buffer packets after this cycle
  // Registered state, read between cycles.
  output logic [15:0]          held_o,
  output logic                 idle_o
);

  typedef enum logic [1:0] {FatePass, FateAccept, FateDrop, FateStrip} fate_e;
  typedef enum logic [1:0] {SendNone, SendRing, SendOutput, SendAgain} sending_e;
  typedef struct packed {
    logic [SciTimeW-1:0] stamp;  // the cycle it may leave
    sci_flit_t           flit;
  } timed_flit_t;
  localparam int unsigned CntW = SciCountW;

  // ---- registers -------------------------------------------------------------------------
  logic        in_valid_q;
  sci_flit_t   in_q;
  fate_e       fate_q, fate_d;
  logic signed [CntW+1:0] reserved_q, reserved_d;  // input queue flits promised to accepted packets
  logic [SciLenW-1:0] arriving_q, arriving_d;      // the arriving packet's length
  logic        tentative_q, tentative_d;           // stomp: taken in, not yet sure to fit
  logic [CntW-1:0] taken_q, taken_d;               // of its flits, in the input queue
  sci_flit_t   answer_q, answer_d;                 // the echo/nack made for it
  logic [SciLenW-1:0] answer_sent_q, answer_sent_d;
  sending_e    sending_q, sending_d;

  // ---- queues ------------------------------------------------------------------------------
  logic        rb_push, rb_pop, iq_push, oq_pop;
  sci_flit_t   rb_flit;  // into the ring buffer: a passing flit, or one of the answer
  timed_flit_t rb_front, oq_front;
  sci_flit_t   iq_front_mem;
  logic [CntW-1:0] rb_count, iq_count, oq_count, iq_drop;

  kncsim_prim_fifo #(.Depth(SciQueueDepth), .Width($bits(timed_flit_t)), .FrontReg(1'b1)) u_ring_buffer (
    .clk_i, .rst_ni, .push_i(rb_push),
    .data_i(timed_flit_t'{stamp: stamp_now_i + SciTimeW'(cfg_i.t_pass), flit: rb_flit}), .pop_i(rb_pop), .drop_i('0),
    .data_o(rb_front), .count_o(rb_count));
  kncsim_prim_fifo #(.Depth(SciQueueDepth), .Width(SciFlitW), .Drop(1'b1), .FrontReg(1'b1)) u_input_queue (
    .clk_i, .rst_ni, .push_i(iq_push), .data_i(in_q), .pop_i(iq_pop_i), .drop_i(iq_drop),
    .data_o(iq_front_mem), .count_o(iq_count));
  kncsim_prim_fifo #(.Depth(SciQueueDepth), .Width($bits(timed_flit_t)), .FrontReg(1'b1)) u_output_queue (
    .clk_i, .rst_ni, .push_i(oq_push_i),
    .data_i(timed_flit_t'{stamp: stamp_now_i + SciTimeW'(cfg_i.t_switch), flit: oq_flit_i}),
    .pop_i(oq_pop), .drop_i('0), .data_o(oq_front), .count_o(oq_count));

  // ---- receive: the decoded flit goes where its packet's fate sends it ---------------------
  logic        answer_valid, answer_nack;
  logic [SciLenW:0] destroyed;
  logic        made_answer, taken_now;
  always_comb begin
    logic signed [CntW+1:0] room;
    logic accept, more;
    logic [SciLenW-1:0] rest;
    fate_d        = fate_q;
    reserved_d    = reserved_q;
    arriving_d    = arriving_q;
    tentative_d   = tentative_q;
    taken_d       = taken_q;
    answer_d      = answer_q;
    answer_sent_d = answer_sent_q;
    rb_push       = 1'b0;
    rb_flit       = in_q;
    iq_push       = 1'b0;
    iq_drop       = '0;
    destroyed     = '0;
    made_answer   = 1'b0;
    taken_now     = 1'b0;
    answer_valid  = 1'b0;
    answer_nack   = 1'b0;
    echo_o        = 1'b0;
    nack_o        = 1'b0;
    corrupt_o     = 1'b0;
    stomp_o       = 1'b0;
    room          = '0;
    accept        = 1'b0;
    more          = 1'b0;
    rest          = '0;
    if (in_valid_q) begin
      if (in_q.head) begin
        arriving_d = packet_flits(cfg_i, in_q.kind);
        if (!is_send(in_q.kind)) begin
          fate_d = in_q.target == cfg_i.me ? FateStrip : FatePass;
        end else if (coord(cfg_i.me, Dim) != coord(in_q.dest, Dim)) begin
          fate_d = FatePass;
        end else begin
          // Whole packet: accepted with room for all of it. Stomp: also with room for less,
          // taken in flit by flit and held until the rest is sure to fit.
          room = (CntW+2)'(cfg_i.input_queue_flits) - (CntW+2)'(iq_count) - reserved_q;
          accept = in_q.crc_good && (32'(room) >= 32'(arriving_d) || (cfg_i.stomp && room >= 1));
          fate_d = accept ? FateAccept : FateDrop;
          tentative_d = accept && 32'(room) < 32'(arriving_d);
          taken_d = '0;
          corrupt_o = !in_q.crc_good;
          if (accept && !tentative_d) reserved_d = reserved_q + (CntW+2)'(arriving_d);
          answer_d          = '0;
          answer_d.kind     = accept ? KindEcho : KindNack;
          answer_d.crc_good = 1'b1;
          answer_d.src      = cfg_i.me;
          answer_d.dest     = in_q.target;
          answer_d.target   = in_q.target;
          answer_d.id       = in_q.id;
          answer_sent_d     = '0;
        end
      end
      if (fate_d == FateAccept && tentative_d) begin
        if (32'(iq_count) >= 32'(cfg_i.input_queue_flits)) begin
          // The input queue filled up: the flits taken go, and the echo is stomped into a nack.
          iq_drop       = taken_d;
          destroyed     = (SciLenW+1)'(taken_d);
          tentative_d   = 1'b0;
          fate_d        = FateDrop;
          answer_d.kind = KindNack;
          stomp_o       = answer_sent_d != '0;
        end else begin
          iq_push   = 1'b1;
          taken_now = 1'b1;
          taken_d   = taken_d + 1'b1;
          rest      = arriving_d - 1'b1 - in_q.seq;
          if (32'(cfg_i.input_queue_flits) - 32'(iq_count) - 1 >= 32'(rest)) begin
            tentative_d = 1'b0;
            reserved_d  = reserved_d + (CntW+2)'(rest);
          end
        end
      end
      unique case (fate_d)
        FatePass: rb_push = 1'b1;
        FateAccept: begin
          if (!taken_now) begin
            iq_push    = 1'b1;
            reserved_d = reserved_d - 1'b1;
          end
        end
        FateDrop: destroyed = destroyed + 1'b1;
        FateStrip: begin
          destroyed = destroyed + 1'b1;
          answer_valid = in_q.tail;
          answer_nack  = in_q.kind == KindNack;  // a stomped echo's tail says nack
        end
        default: ;
      endcase
      // The answer goes on in the packet's place, a flit per flit that comes in: whole packet
      // with its first flits, stomp with its last ones (so its end is still here if stomped).
      if (fate_d == FateAccept || fate_d == FateDrop) begin
        more = in_q.tail ? answer_sent_d < cfg_i.echo_flits
             : cfg_i.stomp ? 32'(in_q.seq) >= 32'(arriving_d) - 32'(cfg_i.echo_flits)
                           : answer_sent_d < cfg_i.echo_flits;
        if (more) begin
          rb_push               = 1'b1;
          rb_flit               = answer_d;
          rb_flit.seq           = answer_sent_d;
          rb_flit.head          = answer_sent_d == '0;
          rb_flit.tail          = answer_sent_d == cfg_i.echo_flits - 1'b1;
          answer_sent_d         = answer_sent_d + 1'b1;
          made_answer           = 1'b1;
        end
        if (in_q.tail) begin
          echo_o = answer_d.kind == KindEcho;
          nack_o = answer_d.kind == KindNack;
        end
      end
    end
  end

  // ---- the switch's sources, after this cycle's arrival ------------------------------------
  logic [CntW-1:0] iq_left;  // entries before this cycle's push
  assign iq_left    = iq_count - iq_drop;
  assign iq_flit_o  = iq_left != '0 ? iq_front_mem : in_q;
  assign iq_valid_o = (iq_left != '0 || iq_push) &&
                      !(tentative_d && 32'(iq_left) + 32'(iq_push) == 32'(taken_d));
  assign oq_room_o  = 32'(oq_count) < 32'(cfg_i.output_queue_flits) + 32'(cfg_i.t_switch);

  // ---- the active buffer -----------------------------------------------------------------
  logic      ab_room, ab_send, rt_valid, rt_pop;
  logic [4:0] active;
  sci_flit_t send_flit, rt_flit;
  logic [SciLenW-1:0] rt_made;
  logic [SciLenW:0]   rt_flits;
  kncsim_sci_active_buffer u_active (
    .clk_i, .rst_ni, .cfg_i,
    .answer_valid_i(answer_valid),
    .answer_nack_i (answer_nack),
    .answer_id_i   (in_q.id),
    .send_i        (ab_send),
    .send_flit_i   (send_flit),
    .room_o        (ab_room),
    .rt_valid_o    (rt_valid),
    .rt_flit_o     (rt_flit),
    .rt_pop_i      (rt_pop),
    .retransmit_o,
    .made_o        (rt_made),
    .rt_flits_o    (rt_flits),
    .count_o       (active)
  );

  // ---- transmit: a flit per cycle, a packet at a time --------------------------------------
  logic oq_ready, rb_ready;
  always_comb begin  // a front's stamp looked at only when there is a front
    oq_ready = 1'b0;
    rb_ready = 1'b0;
    if (oq_count != '0) oq_ready = due(oq_front.stamp, due_now_i);
    if (rb_count != '0) rb_ready = due(rb_front.stamp, due_now_i);
  end
  // Worked out only with something to send (a packet under way, or a queue holding flits):
  // the output flit is read only when out_valid_o, the active buffer's only when ab_send.
  always_comb begin
    int room;  // in the ring buffer, its pass-stage flits (and this cycle's) counted as taken
    room        = 0;
    send_flit   = '0;
    sending_d   = sending_q;
    ab_send     = 1'b0;
    rb_pop      = 1'b0;
    oq_pop      = 1'b0;
    rt_pop      = 1'b0;
    out_valid_o = 1'b0;
    out_flit_o  = '0;
    if (sending_q != SendNone || rt_valid || oq_count != '0 || rb_count != '0) begin
      room = 32'(cfg_i.ring_buffer_flits) - 32'(rb_count) - 32'(rb_push);
      send_flit          = oq_front.flit;
      send_flit.target   = cfg_i.me;  // echoes come back here
      send_flit.crc_good = 1'b1;
      out_flit_o  = send_flit;
      if (sending_q == SendNone) begin
        if (rt_valid && room >= 32'(packet_flits(cfg_i, rt_flit.kind))) begin
          sending_d = SendAgain;
        end else if (ab_room && oq_ready && room >= 32'(packet_flits(cfg_i, oq_front.flit.kind))) begin
          sending_d = SendOutput;
          ab_send   = 1'b1;
        end else if (rb_ready) begin
          sending_d = SendRing;
        end
      end
      if (sending_d == SendAgain && rt_valid) begin
        out_valid_o = 1'b1;
        out_flit_o  = rt_flit;
        rt_pop      = 1'b1;
      end else if (sending_d == SendOutput && oq_ready) begin
        out_valid_o = 1'b1;
        oq_pop      = 1'b1;
      end else if (sending_d == SendRing && rb_ready) begin
        out_valid_o = 1'b1;
        out_flit_o  = rb_front.flit;
        rb_pop      = 1'b1;
      end
      if (out_valid_o && out_flit_o.tail) sending_d = SendNone;
    end
  end

  assign sent_o        = ab_send;
  assign released_o    = answer_valid && !answer_nack;
  assign active_next_o = active - 5'(released_o) + 5'(ab_send);
  assign made_o      = (SciLenW+1)'(made_answer) + (SciLenW+1)'(rt_made);
  assign destroyed_o = destroyed;
  assign held_o      = 16'(in_valid_q) + 16'(rb_count) + 16'(iq_count) + 16'(oq_count) + 16'(rt_flits);
  assign idle_o      = !in_valid_q && rb_count == '0 && iq_count == '0 && oq_count == '0 && rt_flits == '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_valid_q    <= 1'b0;
      fate_q        <= FatePass;
      reserved_q    <= '0;
      arriving_q    <= '0;
      tentative_q   <= 1'b0;
      taken_q       <= '0;
      answer_sent_q <= '0;
      sending_q     <= SendNone;
    end else begin
      in_valid_q    <= in_valid_i;
      fate_q        <= fate_d;
      reserved_q    <= reserved_d;
      arriving_q    <= arriving_d;
      tentative_q   <= tentative_d;
      taken_q       <= taken_d;
      answer_sent_q <= answer_sent_d;
      sending_q     <= sending_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (in_valid_i) in_q <= in_flit_i;
    answer_q <= answer_d;
  end

`ifndef SYNTHESIS
  // Protocol rules of the ring interface, one bit each under one assertion (see kncsim_prim_fifo).
  // Worked out in the clocked block itself (see kncsim_prim_fifo): once per edge, not per
  // evaluation (the switch's pins reach them, which a simulator evaluates with every input).
  function automatic logic [5:0] broken_rules();
    logic [5:0] b;
    b[0] = 32'(answer_sent_d) > 32'(cfg_i.echo_flits);
    b[1] = reserved_d < 0;
    b[2] = 32'(iq_count) - 32'(iq_drop) + 32'(iq_push) > 32'(cfg_i.input_queue_flits);
    b[3] = oq_push_i && !oq_room_o;
    b[4] = iq_pop_i && !iq_valid_o;
    b[5] = in_valid_q && !in_q.head && in_q.seq == '0;
    return b;
  endfunction
  function automatic string rule(input logic [5:0] b);
    if (b[0]) return "more answer flits than an echo has";
    if (b[1]) return "input queue reservations below zero";
    if (b[2]) return "input queue over its strapped size";
    if (b[3]) return "the switch pushed into a full output queue";
    if (b[4]) return "the switch took a flit the input queue did not offer";
    if (b[5]) return "a flit with sequence 0 that is not a head";
    return "";
  endfunction
  task automatic report_broken(input logic [5:0] b, input int held, input int size);
    /*verilator no_inline_task*/  // out of line: the per-cycle code holds only a call
    $fatal(1, "kncsim_sci_ring_if %m: %s (input queue %0d of %0d flits)", rule(b), held, size);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [5:0] broken;
      broken = broken_rules();
      assert (broken == '0) else report_broken(broken, int'(iq_count), int'(cfg_i.input_queue_flits));
    end
  end

  // Functional coverage (--coverage-user): an echo made for a packet taken in, a nack for one
  // turned away, an echo stomped into a nack (stomp), a nack back here queueing its packet
  // again (retransmission), an echo back freeing it, a packet dropped for its CRC, and the
  // input queue full.
  Echo_C:       cover property (@(posedge clk_i) disable iff (!rst_ni) echo_o);
  Nack_C:       cover property (@(posedge clk_i) disable iff (!rst_ni) nack_o);
  Stomp_C:      cover property (@(posedge clk_i) disable iff (!rst_ni) stomp_o);
  Retransmit_C: cover property (@(posedge clk_i) disable iff (!rst_ni) retransmit_o);
  Released_C:   cover property (@(posedge clk_i) disable iff (!rst_ni) released_o);
  CrcFailure_C: cover property (@(posedge clk_i) disable iff (!rst_ni) corrupt_o);
  QueueFull_C:  cover property (@(posedge clk_i) disable iff (!rst_ni)
                                32'(iq_count) == 32'(cfg_i.input_queue_flits));
`endif

endmodule
