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
  // output), with whole-row operations in a function: Verilator keeps a function's variables
  // as C++ locals, a clocked block's as members of the model.
  function automatic logic [2:0][Ins-1:0] broken_rules();
    logic [Ins-1:0] not_allowed, twice_in, twice_out;
    logic [Outs-1:0] row, taken;
    {not_allowed, twice_in, twice_out, taken} = '0;
    for (int unsigned i = 0; i < Ins; i++) begin
      row = grant_i[i*Outs +: Outs];
      not_allowed = not_allowed | Ins'(row != '0 && (!ready_i[i] || (row & ~(allowed_i[i*Outs +: Outs] & free_i)) != '0)) << i;
      twice_in    = twice_in | Ins'((row & (row - 1'b1)) != '0) << i;
      twice_out   = twice_out | Ins'((row & taken) != '0) << i;
      taken = taken | row;
    end
    return {twice_out, twice_in, not_allowed};
  endfunction
  // The report, out of line: a simulator's per-cycle code then holds only a call.
  task automatic report_broken(input logic [2:0][Ins-1:0] rules);
    /*verilator no_inline_task*/
    int unsigned rule, in;
    rule = rules[0] != '0 ? 0 : rules[1] != '0 ? 1 : 2;
    in   = 0;
    for (int unsigned i = Ins; i > 0; i--) if (rules[rule][i-1]) in = i - 1;
    $fatal(1, "%s %m: %s %0d",
           Name, string'(rule == 0 ? "GrantNotAllowed_A: a grant not ready, allowed and free, input"
                       : rule == 1 ? "InputGrantedTwice_A: two outputs granted to input"
                                   : "OutputGrantedTwice_A: an output granted to two inputs, the second"), in);
  endtask
  // Worked out in the clocked block: once per edge, not per evaluation; and only at an edge
  // with a grant (with none, no rule can break), which is most edges.
  always_ff @(posedge clk_i) begin
    if (rst_ni && grant_i != '0) begin : check
      logic [2:0][Ins-1:0] bad;
      bad = broken_rules();
      assert (bad == '0) else report_broken(bad);
    end
  end
`else
  // verilator lint_off UNUSEDSIGNAL
  logic unused;
  assign unused = ^{clk_i, rst_ni, ready_i, allowed_i, free_i, grant_i};
  // verilator lint_on UNUSEDSIGNAL
`endif

endmodule
