#pragma once
// A reference-model test case (mesh shape, packet length, load, routing, FIFO) and its name for
// GoogleTest's parameterised suites, shared by the reference model's tests.
#include <ostream>
#include <string>

namespace kncsim {

struct RefCase {
  int dims, radix, flits;
  double load;
  bool adaptive;
  int fifo;  // packets; 0 = unbounded
};

inline void PrintTo(const RefCase& k, std::ostream* os) {
  *os << "d" << k.dims << "_R" << k.radix << "_L" << k.flits << "_A" << k.load << (k.adaptive ? "_adaptive" : "_dor")
      << "_Q" << k.fifo;
}

// A test name: the fields that tell the cases apart, without the load's decimal point.
inline std::string ref_case_name(const RefCase& k) {
  return "d" + std::to_string(k.dims) + "_R" + std::to_string(k.radix) + "_L" + std::to_string(k.flits) +
         (k.adaptive ? "_adaptive" : "_dor") + "_Q" + std::to_string(k.fifo);
}

}  // namespace kncsim
