// A node's switch (Scott & Goodman, Figure 2). Sources, in the order priority rotates over
// them: 0 the CPU, 1..n the input queues (n = dims_i). Destinations: the output queues of the
// n rings, and the CPU. A source
// is bound to a destination for a whole packet; each cycle every bound source moves a flit if
// its destination has room, and each destination takes at most one flit (one freed by a tail
// is bound again from the next cycle). Sources are served in turn from prio_i, the network's
// cycle modulo n+1. A packet goes to the next dimension in which its destination differs
// (else the CPU). Destination d is output queue d, SciMaxDims the CPU.
module kncsim_sci_switch
  import kncsim_sci_pkg::*;
#(
  parameter int unsigned SrcW = $clog2(SciSources)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [2:0]              dims_i,
  input  logic [SciAddrW-1:0]     me_i,
  input  logic [3:0]              prio_i,
  // Each source's front flit, as far as switching it needs: destination, head and tail.
  input  logic [SciSources-1:0]   src_valid_i,
  input  logic [SciAddrW-1:0]     src_dest_i [SciSources],
  input  logic [SciSources-1:0]   src_head_i,
  input  logic [SciSources-1:0]   src_tail_i,
  output logic [SciSources-1:0]   src_pop_o,
  input  logic [SciMaxDims-1:0]   oq_room_i,
  // Each destination takes the front flit of source dst_src_o when dst_push_o.
  output logic [SciDests-1:0]     dst_push_o,
  output logic [SrcW-1:0]         dst_src_o [SciDests]
);

  localparam int unsigned DstW = $clog2(SciDests);
  localparam logic [DstW-1:0] Cpu = DstW'(SciMaxDims);

  logic [SciSources-1:0] bound_q, bound_d;   // source -> destination bindings
  logic [DstW-1:0]       to_q [SciSources];
  logic [DstW-1:0]       to_d [SciSources];
  logic [SciDests-1:0]   busy_q, busy_d;     // destination bound to some source

  // The ring a packet at source `place` (0 the CPU, 1 + d input queue d) takes next.
  function automatic logic [DstW-1:0] route(logic [2:0] dims, logic [SciAddrW-1:0] me, int unsigned place,
                                            logic [SciAddrW-1:0] dest);
    logic [DstW-1:0] r;
    r = Cpu;
    for (int unsigned d = SciMaxDims; d > 0; d--) begin
      if (d - 1 >= place && d - 1 < 32'(dims) && coord(me, d - 1) != coord(dest, d - 1)) r = DstW'(d - 1);
    end
    return r;
  endfunction

  always_comb begin
    logic [SciDests-1:0] taken;
    logic [SciSources-1:0] pending;
    int unsigned place, dst;
    pending = src_valid_i & ~({SciSources{1'b1}} << (32'(dims_i) + 1));  // the sources that exist
    place   = 0;
    dst     = 0;
    bound_d = bound_q;
    to_d    = to_q;
    busy_d  = busy_q;
    taken   = '0;
    src_pop_o  = '0;
    dst_push_o = '0;
    for (int unsigned i = 0; i < SciDests; i++) dst_src_o[i] = '0;
    // The sources with a flit, one by one in turn from prio_i (the round-robin pick of those
    // left); none: nothing (a simulator evaluates this with every input change).
    for (int unsigned i = 0; i < SciSources; i++) begin
      if (pending != '0) begin
        place = kncsim_prim_pkg::round_robin_index(kncsim_prim_pkg::PickW'(pending), 32'(prio_i));
        pending[place] = 1'b0;
        if (!bound_d[place]) begin
          dst = 32'(route(dims_i, me_i, place, src_dest_i[place]));
          if (!busy_d[dst] && !taken[dst]) begin
            bound_d[place] = 1'b1;
            to_d[place]    = DstW'(dst);
            busy_d[dst]    = 1'b1;
          end
        end
        dst = 32'(to_d[place]);
        if (bound_d[place] && (dst == SciMaxDims || oq_room_i[dst])) begin
          dst_push_o[dst] = 1'b1;
          dst_src_o[dst]  = SrcW'(place);
          src_pop_o[place] = 1'b1;
          taken[dst] = 1'b1;
          if (src_tail_i[place]) begin
            bound_d[place] = 1'b0;
            busy_d[dst]    = 1'b0;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bound_q <= '0;
      busy_q  <= '0;
      for (int unsigned i = 0; i < SciSources; i++) to_q[i] <= '0;
    end else begin
      bound_q <= bound_d;
      busy_q  <= busy_d;
      to_q    <= to_d;
    end
  end

`ifndef SYNTHESIS
  // Protocol: a source's flits move as whole packets (a head first, then the rest up to the
  // tail, with no other head between); the first source served is one that exists. One bit a
  // rule under one assertion (see kncsim_prim_fifo).
  logic [SciSources-1:0] moving_q;  // a flit of the bound packet has moved
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) moving_q <= '0;
    else moving_q <= (moving_q | src_pop_o) & ~(src_pop_o & src_tail_i);
  end
  logic [SciSources-1:0] head_inside, body_first;
  logic                  bad_prio;
  assign head_inside = src_pop_o & moving_q & src_head_i;
  assign body_first  = src_pop_o & ~moving_q & ~src_head_i;
  assign bad_prio    = 32'(prio_i) >= 32'(dims_i) + 1;
  task automatic report_broken(input logic [SciSources-1:0] heads, input logic [SciSources-1:0] bodies,
                               input int prio, input int sources);
    /*verilator no_inline_task*/  // out of line: the per-cycle code holds only a call
    $fatal(1, "kncsim_sci_switch %m: %s (sources %b, priority %0d of %0d sources)",
           heads != '0 ? "a source sent a head inside a packet"
           : bodies != '0 ? "a source sent a body flit before its head" : "priority outside the sources",
           heads | bodies, prio, sources);
  endtask
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin
      assert (head_inside == '0 && body_first == '0 && !bad_prio)
        else report_broken(head_inside, body_first, int'(prio_i), int'(dims_i) + 1);
    end
  end
`endif

endmodule
