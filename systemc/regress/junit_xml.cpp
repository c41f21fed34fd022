#include "regress/junit_xml.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <fmt/format.h>

#include <sstream>

#include "io/output_file.hpp"

namespace kncsim {

void write_junit(const std::string& path, const std::string& suite, const std::vector<JUnitCase>& cases, double seconds) {
  namespace pt = boost::property_tree;
  pt::ptree s;
  int failures = 0;
  for (const auto& c : cases) failures += !c.passed;
  s.put("<xmlattr>.name", suite);
  s.put("<xmlattr>.tests", cases.size());
  s.put("<xmlattr>.failures", failures);
  s.put("<xmlattr>.errors", 0);
  s.put("<xmlattr>.time", fmt::format("{:.3f}", seconds));
  for (const auto& c : cases) {
    pt::ptree t;
    t.put("<xmlattr>.classname", suite);
    t.put("<xmlattr>.name", c.name);
    t.put("<xmlattr>.time", fmt::format("{:.3f}", c.seconds));
    if (!c.passed) {
      pt::ptree f(c.details);
      f.put("<xmlattr>.message", c.failure);
      f.put("<xmlattr>.type", "violation");
      t.add_child("failure", f);
    }
    if (!c.output.empty()) t.put("system-out", c.output);
    s.add_child("testcase", t);
  }
  pt::ptree root;
  root.add_child("testsuites.testsuite", s);
  std::ostringstream out;
  pt::write_xml(out, root, pt::xml_writer_make_settings<std::string>(' ', 2));
  write_output_file(path, out.str(), "--junit");
}

}  // namespace kncsim
