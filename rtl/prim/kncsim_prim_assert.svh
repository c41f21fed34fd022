// Assertion macros of kncsim's RTL, in the manner of OpenTitan's prim_assert.sv: a module
// states a rule in one line, and the checker behind it lives in the prim layer once. Every
// macro expands to nothing in synthesis. Include it inside a module, after its state:
//   `include "kncsim_prim_assert.svh"
`ifndef KNCSIM_PRIM_ASSERT_SVH
`define KNCSIM_PRIM_ASSERT_SVH

// Known values after reset: at the first clock edge after a reset, while the state still holds
// what the reset gave it, `ok_` (an expression over the module's state) must be 1; the report
// names the module `name_`, the instance and the rule `rule_` ("RuleName_A: what broke").
// `ok_` is worked out only at that edge, so a costly check (a loop over every entry, a
// function) costs nothing in the rest of the run. Clocked by clk_i, reset by rst_ni.
`ifndef SYNTHESIS
`define KNCSIM_ASSERT_RESET_STATE(name_, rule_, ok_)                                          \
  logic reset_check_due, reset_check_ok;                                                       \
  always_comb begin                                                                            \
    reset_check_ok = 1'b1;                                                                     \
    if (reset_check_due) reset_check_ok = (ok_);                                               \
  end                                                                                          \
  kncsim_prim_reset_check #(.Name(name_), .Rule(rule_)) u_reset_check (                        \
    .clk_i, .rst_ni, .ok_i(reset_check_ok), .due_o(reset_check_due));
`else
`define KNCSIM_ASSERT_RESET_STATE(name_, rule_, ok_)
`endif

`endif  // KNCSIM_PRIM_ASSERT_SVH
