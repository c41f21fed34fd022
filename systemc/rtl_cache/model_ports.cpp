#include "rtl_cache/model_ports.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>

#include "io/child_process.hpp"
#include "io/text_file.hpp"
#include "rtl/model_toolchain.hpp"
#include "rtl_cache/model_cache.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
namespace pt = boost::property_tree;

std::string direction(bool output) { return output ? "output" : "input"; }

// "h,8,33,8,38" and the file table: "/dir/top.sv:8".
std::string where(const std::string& loc, const std::map<std::string, std::string>& files) {
  const auto comma = loc.find(',');
  if (comma == std::string::npos) return loc;
  const auto f = files.find(loc.substr(0, comma));
  const auto line_end = loc.find(',', comma + 1);
  return (f == files.end() ? loc.substr(0, comma) : f->second) + ":" + loc.substr(comma + 1, line_end - comma - 1);
}

}  // namespace

std::string verilator_messages(const std::string& log) {
  std::istringstream in(log);
  std::string out;
  int n = 0;
  for (std::string line; std::getline(in, line) && n < 12;)
    if (line.rfind("%Error", 0) == 0 || line.rfind("%Warning", 0) == 0) out += "  " + line + "\n", ++n;
  return out.empty() ? log.substr(0, 2000) : out;
}

Elaboration elaborate_top(const ModelSpec& spec, const std::string& work_dir) {
  const std::string xml_dir = (fs::path(work_dir) / "elaborated").string();
  std::vector<std::string> cmd{rtl_build::kVerilator, "--xml-only", "--top-module", spec.top(), "--Mdir", xml_dir, "-Wno-fatal"};
  if (rtl_build::kAssert) cmd.push_back("--assert");
  cmd.insert(cmd.end(), spec.parameters.begin(), spec.parameters.end());
  const auto includes = model_include_flags(spec);
  cmd.insert(cmd.end(), includes.begin(), includes.end());
  const auto sources = model_sources(spec);
  cmd.insert(cmd.end(), sources.begin(), sources.end());
  const std::string log = (fs::path(work_dir) / "elaborate.log").string(),
                    build_log = (fs::path(work_dir) / "build.log").string();
  int raw = 0;
  const pid_t pid = spawn_child(cmd, log, log);
  while (waitpid(pid, &raw, 0) < 0 && errno == EINTR) {
  }
  const std::string said = read_text_file(log);
  {
    std::string line = "$";
    for (const auto& a : cmd) line += " " + a;
    std::ofstream(build_log, std::ios::app) << line << "\n" << said;
  }
  fs::remove(log);
  if (!WIFEXITED(raw) || WEXITSTATUS(raw) != 0)
    throw RtlSourceError(fmt::format("Verilator refused the {} sources in {}:\n{}(the whole log: {})",
                                     spec.family_name(), model_sources_dir(spec), verilator_messages(said), build_log));

  pt::ptree doc;
  pt::read_xml((fs::path(xml_dir) / ("V" + spec.top() + ".xml")).string(), doc);
  const pt::ptree& root = doc.get_child("verilator_xml");
  std::map<std::string, std::string> files;
  for (const auto& [tag, f] : root.get_child("files"))
    if (tag == "file") files[f.get<std::string>("<xmlattr>.id")] = f.get<std::string>("<xmlattr>.filename");
  // Widths of the types (a port's type is a basic one: logic [left:right]).
  std::map<std::string, int> bits;
  const pt::ptree none;
  const auto types = root.get_child_optional("netlist.typetable");
  for (const auto& [tag, t] : types ? *types : none)
    if (const auto id = t.get_optional<std::string>("<xmlattr>.id")) {
      const auto l = t.get_optional<int>("<xmlattr>.left"), r = t.get_optional<int>("<xmlattr>.right");
      bits[*id] = l && r ? std::abs(*l - *r) + 1 : 1;
    }
  std::vector<std::pair<int, TopPort>> ports;
  for (const auto& [tag, m] : root.get_child("netlist"))
    if (tag == "module" && m.get<std::string>("<xmlattr>.name", "") == spec.top())
      for (const auto& [vtag, v] : m)
        if (vtag == "var")
          if (const auto dir = v.get_optional<std::string>("<xmlattr>.dir")) {
            TopPort p{v.get<std::string>("<xmlattr>.name"), *dir == "output",
                      bits[v.get<std::string>("<xmlattr>.dtype_id", "")], where(v.get<std::string>("<xmlattr>.loc", ""), files)};
            if (*dir == "inout") p.output = false, p.bits = -1;
            ports.emplace_back(v.get<int>("<xmlattr>.pinIndex", 0), std::move(p));
          }
  std::stable_sort(ports.begin(), ports.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Elaboration out;
  for (auto& p : ports) out.ports.push_back(std::move(p.second));
  std::istringstream lines(said);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("%Warning", 0) == 0) out.warnings += "  " + line + "\n";
  fs::remove_all(xml_dir);
  return out;
}

std::vector<std::string> port_differences(const ModelSpec& spec, const std::vector<TopPort>& top) {
  std::vector<std::string> errors;
  const auto& want = spec.ports;
  const auto pin = [](const std::string& name, bool output, int bits) {
    return bits < 0 ? fmt::format("{} (inout)", name) : fmt::format("{} ({}, {} bits)", name, direction(output), bits);
  };
  for (size_t i = 0; i < std::max(want.size(), top.size()); ++i) {
    if (i >= want.size()) {
      errors.push_back(fmt::format("port {} of {} is {} at {}, which the port table does not have", i + 1, spec.top(),
                                   pin(top[i].name, top[i].output, top[i].bits), top[i].where));
      continue;
    }
    const ModelPort& w = want[i];
    if (i >= top.size()) {
      errors.push_back(fmt::format("{} has no port {}: expected {}", spec.top(), i + 1, pin(w.name, w.output, w.bits)));
      continue;
    }
    const TopPort& g = top[i];
    if (g.name != w.name || g.output != w.output || g.bits != w.bits)
      errors.push_back(fmt::format("port {} of {} is {} at {}; expected {}", i + 1, spec.top(),
                                   pin(g.name, g.output, g.bits), g.where, pin(w.name, w.output, w.bits)));
  }
  return errors;
}

void check_model_ports(const ModelSpec& spec, const std::string& work_dir) {
  const Elaboration top = elaborate_top(spec, work_dir);
  const auto errors = spec.ports.empty() ? std::vector<std::string>{} : port_differences(spec, top.ports);
  if (errors.empty()) {
    if (!top.warnings.empty())
      throw RtlSourceError(fmt::format("Verilator warns about the {} sources in {} (kncsim Verilates with warnings as "
                                       "errors; a waiver goes in a .vlt file there):\n{}(the whole log: {})",
                                       spec.family_name(), model_sources_dir(spec), top.warnings,
                                       (fs::path(work_dir) / "build.log").string()));
    return;
  }
  std::string text;
  for (size_t i = 0; i < errors.size() && i < 8; ++i) text += "  " + errors[i] + "\n";
  if (errors.size() > 8) text += fmt::format("  ... and {} more\n", errors.size() - 8);
  throw RtlSourceError(fmt::format("the {} sources in {} do not have the port contract of {} ({}):\n{}",
                                   spec.family_name(), model_sources_dir(spec), spec.top(), spec.port_table, text));
}

}  // namespace kncsim
