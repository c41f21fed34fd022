// The picks every allocator and buffer of kncsim's RTL makes: of a mask of candidates (ports,
// channels, entries, sources: up to PickW), the lowest one, as a one-hot mask or as its index;
// and the round-robin pick, the first one at or after a start, wrapping past the top.
package kncsim_prim_pkg;

  parameter int unsigned PickW = 64;

  // The lowest set bit of `mask` alone (0 for an empty mask).
  function automatic logic [PickW-1:0] lowest_one(logic [PickW-1:0] mask);
    return mask & (~mask + 1'b1);
  endfunction

  // The index of the lowest set bit of `mask` (0 for an empty mask: callers test the mask): an
  // encoder of the one-hot lowest bit, one OR of a bit-plane per index bit.
  function automatic int unsigned lowest_index(logic [PickW-1:0] mask);
    logic [PickW-1:0] one;
    one = lowest_one(mask);
    return int'({|(one & 64'hFFFF_FFFF_0000_0000), |(one & 64'hFFFF_0000_FFFF_0000),
                 |(one & 64'hFF00_FF00_FF00_FF00), |(one & 64'hF0F0_F0F0_F0F0_F0F0),
                 |(one & 64'hCCCC_CCCC_CCCC_CCCC), |(one & 64'hAAAA_AAAA_AAAA_AAAA)});
  endfunction

  // The round-robin pick: the index of the first set bit of `mask` at or after `start`, else
  // (none there) the lowest set bit, so candidates are served start, start + 1, ... wrapping.
  // Two priority encoders, one over the candidates at or above the start and one over all of
  // them. 0 for an empty mask: callers test the mask. `mask` holds no bit past the candidates.
  function automatic int unsigned round_robin_index(logic [PickW-1:0] mask, int unsigned start);
    logic [PickW-1:0] from_start;
    from_start = mask & ({PickW{1'b1}} << start);
    return lowest_index(from_start != '0 ? from_start : mask);
  endfunction

endpackage
