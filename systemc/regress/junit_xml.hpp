#pragma once
// JUnit XML, as CI systems read it: one <testsuite> with a <testcase> per kncsim verify case,
// a <failure> where one failed, and what reproduces it in <system-out>.
#include <string>
#include <vector>

namespace kncsim {

struct JUnitCase {
  std::string name;
  double seconds = 0;
  bool passed = true;
  std::string failure;  // the first line of what broke (the message attribute)
  std::string details;  // the whole report
  std::string output;   // the command that reproduces it, and its shrunk form
};

// Writes the suite to `path` (throws OutputError naming --junit if it cannot).
void write_junit(const std::string& path, const std::string& suite, const std::vector<JUnitCase>& cases, double seconds);

}  // namespace kncsim
