// Protocol assertions of an allocator's grant matrix, shared by every channel allocator
// (assertions only: nothing here drives logic). At each clock edge out of reset:
//   GrantNotAllowed_A     a grant to an input that is not ready, or of an output it may not
//                         take or that is not free
//   InputGrantedTwice_A   an input granted two outputs
//   OutputGrantedTwice_A  an output granted to two inputs
module kncsim_grant_check #(
  parameter string       Name = "allocator",
  parameter int unsigned Ins  = 5,
  parameter int unsigned Outs = 5
) (
  input logic                clk_i,
  input logic                rst_ni,
  input logic [Ins-1:0]      ready_i,
  input logic [Ins*Outs-1:0] allowed_i,  // [in*Outs +: Outs]
  input logic [Outs-1:0]     free_i,
  input logic [Ins*Outs-1:0] grant_i     // [in*Outs + out]
);

`ifndef SYNTHESIS
  // Per rule, the inputs that break it (OutputGrantedTwice_A: the second input granted the
  // output). Worked out only for the report: the clocked check below folds the rules into
  // one bit each with whole-row operations.
  function automatic logic [2:0][Ins-1:0] broken_rules(logic [Ins-1:0] ready, logic [Ins*Outs-1:0] allowed,
                                                       logic [Outs-1:0] free, logic [Ins*Outs-1:0] grant);
    logic [Ins-1:0] not_allowed, twice_in, twice_out;
    logic [Outs-1:0] row, taken;
    taken       = '0;
    not_allowed = '0;
    twice_in    = '0;
    twice_out   = '0;
    for (int unsigned i = 0; i < Ins; i++) begin
      row = grant[i*Outs +: Outs];
      not_allowed = not_allowed | Ins'(row != '0 && (!ready[i] || (row & ~(allowed[i*Outs +: Outs] & free)) != '0)) << i;
      twice_in    = twice_in | Ins'(!$onehot0(row)) << i;
      twice_out   = twice_out | Ins'((row & taken) != '0) << i;
      taken = taken | row;
    end
    return {twice_out, twice_in, not_allowed};
  endfunction
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic [Ins-1:0] ready, input logic [Ins*Outs-1:0] allowed,
                               input logic [Outs-1:0] free, input logic [Ins*Outs-1:0] grant);
    /*verilator no_inline_task*/
    logic [2:0][Ins-1:0] rules;
    int unsigned rule, in;
    rules = broken_rules(ready, allowed, free, grant);
    rule = rules[0] != '0 ? 0 : rules[1] != '0 ? 1 : 2;
    in   = 0;
    for (int unsigned i = Ins; i > 0; i--) if (rules[rule][i-1]) in = i - 1;
    $fatal(1, "%s %m: %s %0d",
           Name, string'(rule == 0 ? "GrantNotAllowed_A: a grant not ready, allowed and free, input"
                       : rule == 1 ? "InputGrantedTwice_A: two outputs granted to input"
                                   : "OutputGrantedTwice_A: an output granted to two inputs, the second"), in);
  endtask
  // Worked out in the clocked block, once per edge, not per evaluation: the grants outside the
  // allowed and free outputs in one operation, then per row whether it is granted while not
  // ready, holds two grants, or takes an output an earlier row took.
  always_ff @(posedge clk_i) begin
    if (rst_ni) begin : check
      logic [Outs-1:0] row, taken;
      logic bad;
      taken = '0;
      bad   = (grant_i & ~(allowed_i & {Ins{free_i}})) != '0;
      for (int unsigned i = 0; i < Ins; i++) begin
        row   = grant_i[i*Outs +: Outs];
        bad   = bad || (row != '0 && !ready_i[i]) || (row & (row - 1'b1)) != '0 || (row & taken) != '0;
        taken = taken | row;
      end
      assert (!bad) else report_broken(ready_i, allowed_i, free_i, grant_i);
    end
  end
`else
  // verilator lint_off UNUSEDSIGNAL
  logic unused;
  assign unused = ^{clk_i, rst_ni, ready_i, allowed_i, free_i, grant_i};
  // verilator lint_on UNUSEDSIGNAL
`endif

endmodule
