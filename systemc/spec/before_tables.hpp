#pragma once
// What a decoding knows once the rules between keys have passed, before it builds any per-node
// table, and the hook it calls then: the command line prints the warnings and checks the output
// files and the memory estimate (experiment/), so that a run too large or with a bad output path
// is refused before anything is built, in the order kncsim has always checked them.
#include <functional>
#include <string>
#include <vector>

#include "spec/run_outputs.hpp"
#include "spec/run_sizing.hpp"

namespace kncsim {

struct DecodedSoFar {
  const std::vector<std::string>& warnings;
  const RunSizing& sizing;
  const RunOutputs& outputs;
};
using BeforeTables = std::function<void(const DecodedSoFar&)>;

}  // namespace kncsim
