// The FIFO of every queue in kncsim's RTL (a router's input channel, a ring interface's ring
// buffer and queues, the ring node's retransmission and CPU queues): Depth entries, one push
// and one pop per cycle, and with Drop a drop of the newest entries (stomp: the flits of a
// packet taken in that did not fit after all; without Drop, drop_i is unused). Written at the
// clock edge; the front is the oldest entry, readable the cycle after its write (a caller that
// uses an entry in the cycle it arrives bypasses it and pops it with its push). With FrontReg
// the front is kept in a register of its own, loaded at the edges where it changes: reading it
// then costs no access to the storage, which pays for wide entries (a simulator evaluates every
// read port in every cycle); a 64-bit one is cheaper read from the storage.
`include "kncsim_prim_assert.svh"

module kncsim_prim_fifo #(
  parameter int unsigned Depth = 4,
  parameter int unsigned Width = 8,
  parameter bit          Drop  = 1'b0,
  parameter bit          FrontReg = 1'b0,
  localparam int unsigned CntW = $clog2(Depth + 1)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  input  logic [CntW-1:0]  drop_i,   // newest entries to forget (before the push); Drop only
  output logic [Width-1:0] data_o,
  output logic [CntW-1:0]  count_o
);

  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;

  logic [Width-1:0] mem_q [Depth];
  logic [PtrW-1:0]  rd_q, wr_q;
  logic [CntW-1:0]  count_q, drop;
  logic             drop_too_many;  // for the assertions

  function automatic logic [PtrW-1:0] bump(logic [PtrW-1:0] p);
    return (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  // The write pointer moved back over the dropped entries, modulo Depth (without Drop, wr_q
  // itself: a function, so that a simulator keeps no copy of the pointer).
  function automatic logic [PtrW-1:0] after_drop(logic [PtrW-1:0] wr, logic [CntW-1:0] n);
    logic [PtrW:0] back;
    if (!Drop) return wr;
    back = {1'b0, wr} + (PtrW+1)'(Depth) - (PtrW+1)'(n);
    return (32'(back) >= Depth) ? PtrW'(32'(back) - Depth) : PtrW'(back);
  endfunction
  assign drop          = Drop ? drop_i : '0;
  if (Drop) begin : gen_drop
    assign drop_too_many = 32'(drop_i) > 32'(count_q);
  end else begin : gen_no_drop
    assign drop_too_many = 1'b0;
  end

  // The write side reads the pins only at the edge: no input ripples through logic here. The
  // pointers and the count are enabled by a push, a pop or a drop (most edges of a quiet input
  // have none).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_q    <= '0;
      wr_q    <= '0;
      count_q <= '0;
    end else if (push_i || pop_i || drop != '0) begin
      rd_q    <= pop_i ? bump(rd_q) : rd_q;
      wr_q    <= push_i ? bump(after_drop(wr_q, drop_i)) : after_drop(wr_q, drop_i);
      count_q <= count_q - drop + CntW'(push_i) - CntW'(pop_i);
    end
  end

  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[after_drop(wr_q, drop_i)] <= data_i;
  end

  if (FrontReg) begin : gen_front_reg
    // The front changes with a pop, a drop, or a push into an empty queue; the entry then at
    // the front is the one pushed now if the queue was left empty, else the stored one.
    logic [Width-1:0] front_q;
    logic [PtrW-1:0]  rd_next;
    logic             front_moves;
    assign rd_next     = pop_i ? bump(rd_q) : rd_q;
    assign front_moves = pop_i || drop != '0 || (push_i && count_q == '0);
    always_ff @(posedge clk_i) begin
      if (front_moves) front_q <= (push_i && after_drop(wr_q, drop_i) == rd_next) ? data_i : mem_q[rd_next];
    end
    assign data_o = front_q;
  end else begin : gen_front_read
    assign data_o = mem_q[rd_q];
  end
  assign count_o = count_q;

`ifndef SYNTHESIS
  // Protocol: never more entries than storage (its sender counts credits), never a pop or a
  // drop of entries not there. The rules are bits of one vector under one assertion in every
  // module of the RTL, worked out in the clocked block itself: a simulator carries one failure
  // report per module in its per-edge code, not one per rule, and nothing per evaluation.
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic overflow, input int held);
    /*verilator no_inline_task*/
    $fatal(1, "kncsim_prim_fifo %m: %s (%0d of %0d slots held)",
           string'(overflow ? "FifoOverflow_A: an entry pushed into a full FIFO (its sender had no credit)"
                            : "FifoUnderflow_A: a pop or a drop of an entry not there"), held, Depth);
  endtask
  always_ff @(posedge clk_i) begin
    // Only an edge that pushes, pops or drops can break them: at the others the count stays.
    if (rst_ni && (push_i || pop_i || drop != '0)) begin : check
      logic [1:0] broken;
      broken[0] = 32'(count_q) - 32'(drop) + 32'(push_i) - 32'(pop_i) > Depth;  // FifoOverflow_A
      broken[1] = drop_too_many ||                                             // FifoUnderflow_A
                  (pop_i && 32'(count_q) - 32'(drop) + 32'(push_i) < 1);
      assert (broken == '0) else report_broken(broken[0] && !broken[1], int'(count_q));
    end
  end
  // Known values after reset: pointers and count at zero, whatever the state before.
  `KNCSIM_ASSERT_RESET_STATE("kncsim_prim_fifo", "FifoResetKnown_A: pointers or count not zero after reset",
                             !$isunknown({rd_q, wr_q, count_q}) && rd_q == '0 && wr_q == '0 && count_q == '0)

  // Functional coverage (--coverage-user): the FIFO filled up.
  FifoFull_C: cover property (@(posedge clk_i) disable iff (!rst_ni) 32'(count_q) == Depth);
`endif

endmodule
