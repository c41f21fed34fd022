#include "rtl_cache/model_build.hpp"

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "io/text_file.hpp"
#include "io/child_process.hpp"
#include "rtl/model_toolchain.hpp"
#include "rtl_cache/model_clocks.hpp"
#include "rtl_cache/model_ports.hpp"
#include "rtl_cache/model_toggles.hpp"
#include "sched/stop_request.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;

void append(const std::string& log, const std::string& text) { std::ofstream(log, std::ios::app) << text; }

std::string quoted_command(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

int exit_status(int raw) { return WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw); }

// Waits for one of `children` to end: its pid and raw status; pid -1 if none can be waited for.
std::pair<pid_t, int> wait_any(const std::map<pid_t, size_t>& children) {
  for (int round = 0;; ++round) {
    for (const auto& [pid, unit] : children) {
      int raw = 0;
      const pid_t r = waitpid(pid, &raw, WNOHANG);
      if (r == pid) return {pid, raw};
      if (r < 0 && errno != EINTR) return {pid, 127 << 8};
    }
    if (children.empty()) return {-1, 0};
    usleep(round < 100 ? 2000 : 20000);
  }
}

int wait_child(pid_t pid) {
  int raw = 0;
  while (waitpid(pid, &raw, 0) < 0)
    if (errno != EINTR) return 127;
  return exit_status(raw);
}

// The model's evaluation code, compiled for speed; the rest (construction, settling, trace
// declarations) runs once.
bool evaluation_code(const std::string& file) {
  return file.find("Slow") == std::string::npos && file.find("__Syms") == std::string::npos &&
         file.find("ConstPool") == std::string::npos;
}

// The design, for any Verilator command: its parameters, include directories and sources.
void append_design(const ModelSpec& spec, std::vector<std::string>& a) {
  a.insert(a.end(), spec.parameters.begin(), spec.parameters.end());
  const auto includes = model_include_flags(spec);
  a.insert(a.end(), includes.begin(), includes.end());
  const auto sources = model_sources(spec);
  a.insert(a.end(), sources.begin(), sources.end());
}

}  // namespace

std::vector<std::string> verilator_arguments(const ModelSpec& spec, const std::string& obj_dir) {
  std::vector<std::string> a{spec.binding == RtlBinding::signals ? "--sc" : "--cc"};
  if (spec.binding == RtlBinding::signals) a.push_back("--trace");
  if (rtl_build::kCoverage) {
    // The build's coverage option (KNCSIM_RTL_COVERAGE). -O0: Verilator's optimizer may
    // evaluate a block from copies that carry no coverage counters. -finline --inline-mult 0:
    // but inline every module (toggle coverage makes them too big for the default limit), or a
    // module instantiated several times (a FIFO per input) shares one counter per cover point,
    // labelled with its first instance. -fgate: -O0 turns gate optimisation off, which
    // Verilator warns "may cause ordering problems"; with the modules inlined it did (the SCI
    // switch's assertion saw a body flit before its head that no other build sees).
    for (const char* f : {"-O0", "-finline", "-fgate", "--inline-mult", "0", "--coverage-line", "--coverage-toggle",
                          "--coverage-user"})
      a.push_back(f);
  } else {
    a.push_back("-O3");
  }
  if (rtl_build::kAssert) a.push_back("--assert");
  for (const char* f : {"--prefix", "Vmodel", "--top-module"}) a.push_back(f);
  a.push_back(spec.top());
  a.push_back("--Mdir");
  a.push_back(obj_dir);
  append_design(spec, a);
  return a;
}

std::vector<std::string> verilator_xml_arguments(const ModelSpec& spec, const std::string& xml_path) {
  std::vector<std::string> a{"--xml-only", "--xml-output", xml_path, "--top-module", spec.top()};
  append_design(spec, a);
  return a;
}

std::vector<std::string> model_compile_flags(const ModelSpec& spec, const std::string& obj_dir, bool fast) {
  const std::string inc = rtl_build::kVerilatorInclude;
  const std::string root = rtl_build::kSourceRoot;
  // -fno-semantic-interposition (and -Bsymbolic-functions at the link): the model's calls to
  // its own functions go straight to them, not through the PLT, as in a program.
  // -ftls-model=initial-exec: the thread-locals it reads are the runtime's, in the program, which
  // is loaded at start; without it each read is a call to __tls_get_addr.
  std::vector<std::string> f{"-std=c++17", "-fPIC", "-fno-semantic-interposition", "-ftls-model=initial-exec",
                             fast ? "-O3" : "-O1", "-DNDEBUG", "-ffp-contract=off", "-w",
                             fmt::format("-DVM_COVERAGE={}", rtl_build::kCoverage ? 1 : 0),
                             // A C++ model (direct binding) needs no SystemC: without VM_SC its
                             // files do not parse <systemc>, a third of their compile time. (VM_SC
                             // changes no layout in Verilator's headers, only what the inline
                             // VerilatedContext::timeprecision checks, in the model's own copy.)
                             fmt::format("-DVM_SC={}", spec.binding == RtlBinding::signals ? 1 : 0), "-DVM_TRACE=1",
                             "-DVM_TRACE_FST=0", "-DVM_TRACE_VCD=1", "-I" + obj_dir, "-I" + inc, "-I" + inc + "/vltstd",
                             "-I" + root + "/systemc", "-include", root + "/systemc/rtl_adapt/verilator_to_stderr.hpp"};
  if (*rtl_build::kSystemcInclude) f.push_back(std::string("-I") + rtl_build::kSystemcInclude);
  return f;
}

std::vector<std::string> model_link_flags() { return {"-shared", "-Wl,-Bsymbolic-functions"}; }

void model_build_environment() {
  // ccache keys on the command line, which names no staging directory (see below) and not the
  // working directory: a model built again (another cache, a damaged entry) reuses the objects.
  // Set once, before any thread builds (setenv is not safe beside a fork in another thread).
  if (const char* v = std::getenv("CCACHE_NOHASHDIR"); !v || std::string(v) != "1") setenv("CCACHE_NOHASHDIR", "1", 1);
}

void build_model(const ModelSpec& spec, const std::string& dir, int jobs, BuildProgress* progress) {
  const std::string obj = (fs::path(dir) / "obj").string(), log = (fs::path(dir) / "build.log").string();
  const auto say = [&](const std::string& what) {
    if (progress) progress->step(spec, what);
  };
  jobs = std::max(1, jobs);

  // 1. The sources elaborate, and their top has the family's ports; then Verilate.
  say("checking the ports");
  check_model_ports(spec, dir);
  say("Verilating");
  std::vector<std::string> verilate{rtl_build::kVerilator};
  const auto args = verilator_arguments(spec, obj);
  verilate.insert(verilate.end(), args.begin(), args.end());
  append(log, "$ " + quoted_command(verilate) + "\n");
  const std::string vlog = (fs::path(dir) / "verilator.log").string();
  if (wait_child(spawn_child(verilate, vlog, vlog)) != 0) {
    const std::string text = read_text_file(vlog);
    append(log, text);
    throw RtlSourceError(fmt::format("Verilator refused the {} sources in {}:\n{}(the whole log: {})", spec.family_name(),
                                     model_sources_dir(spec), verilator_messages(text), log));
  }
  append(log, read_text_file(vlog));
  // The model's clocks besides clk_i, for the glue (kncsim_clocks.hpp beside the model's files).
  const ModelClocks clocks = read_model_clocks(read_text_file((fs::path(obj) / "Vmodel___024root.h").string()), spec.top());
  std::ofstream(fs::path(obj) / "kncsim_clocks.hpp") << clocks_header(clocks);
  if (spec.toggles) {  // the members the glue counts toggles of, by module (model_toggles.hpp)
    say("listing the state to count");
    std::vector<std::string> xml{rtl_build::kVerilator};
    const auto xa = verilator_xml_arguments(spec, (fs::path(obj) / "kncsim_hierarchy.xml").string());
    xml.insert(xml.end(), xa.begin(), xa.end());
    append(log, "$ " + quoted_command(xml) + "\n");
    const std::string xlog = (fs::path(dir) / "verilator_xml.log").string();
    if (wait_child(spawn_child(xml, xlog, xlog)) != 0)
      throw RtlSourceError(fmt::format("Verilator could not list the {} design's instances:\n{}(the whole log: {})",
                                       spec.family_name(), verilator_messages(read_text_file(xlog)), xlog));
    std::vector<std::string> apart;  // modules Verilator kept as classes of their own
    for (const auto& e : fs::directory_iterator(obj)) {
      const std::string f = e.path().filename().string();
      if (f.rfind("Vmodel_", 0) == 0 && e.path().extension() == ".h" && f.rfind("Vmodel___024root", 0) != 0 &&
          f.rfind("Vmodel__", 0) != 0)
        apart.push_back(f.substr(7, f.size() - 9));
    }
    if (!apart.empty()) {
      std::sort(apart.begin(), apart.end());
      std::string names;
      for (const auto& a : apart) names += (names.empty() ? "" : ", ") + a;
      throw RtlSourceError(fmt::format(
          "energy.rtl_toggles: Verilator kept the {} design's modules {} as classes of their own (not inlined: "
          "/*verilator no_inline_module*/, or too large for --inline-mult), and their state is not counted; "
          "allowed: designs whose modules Verilator inlines (mark them /*verilator inline_module*/), or "
          "energy.rtl_toggles off",
          spec.family_name(), names));
    }
    const ToggleTableSpec table =
        read_toggle_table(read_text_file((fs::path(obj) / "Vmodel___024root.h").string()),
                          read_text_file((fs::path(obj) / "kncsim_hierarchy.xml").string()), spec.top());
    std::ofstream(fs::path(obj) / "kncsim_toggle_table.hpp") << toggle_table_header(table);
  }

  // 2. Compile the generated C++ and the glue, `jobs` at once. Verilator's files go in two
  // units, as its own makefile builds them (Vmodel__ALL.cpp): each parses Verilator's headers
  // (and for the signal binding SystemC's) once, not once per file, which was half of a
  // model's compile time. The evaluation code at -O3, the once-only code at -O1.
  struct Unit {
    std::string source, object;
    bool fast;
    std::vector<std::string> extra;
  };
  std::vector<std::string> generated;
  for (const auto& e : fs::directory_iterator(obj))
    if (e.path().extension() == ".cpp") generated.push_back(e.path().filename().string());
  std::sort(generated.begin(), generated.end());
  std::string fast_unit, slow_unit;
  for (const auto& f : generated) (evaluation_code(f) ? fast_unit : slow_unit) += "#include \"" + f + "\"\n";
  std::ofstream(fs::path(obj) / "kncsim_fast.cpp") << fast_unit;
  std::ofstream(fs::path(obj) / "kncsim_slow.cpp") << slow_unit;
  // Compiled in `dir`, with paths relative to it: ccache then finds the objects of a model
  // built before in any cache.
  std::vector<Unit> units{{"obj/kncsim_fast.cpp", "obj/kncsim_fast.o", true, {}},
                          {"obj/kncsim_slow.cpp", "obj/kncsim_slow.o", false, {}}};
  units.push_back({std::string(rtl_build::kSourceRoot) + "/rtl/glue/kncsim_model_glue.cpp", "obj/kncsim_model_glue.o",
                   true,
                   {"-DKNCSIM_MODEL=Vmodel", "-DKNCSIM_MODEL_HEADER=\"Vmodel.h\"", "-DKNCSIM_MODEL_SYMS=\"Vmodel__Syms.h\"",
                    "-DKNCSIM_TOP=\"" + spec.top() + "\"",
                    fmt::format("-DKNCSIM_SIGNALS={}", spec.binding == RtlBinding::signals ? 1 : 0),
                    fmt::format("-DKNCSIM_ROUTER={}", spec.family == RtlFamily::router ? 1 : 0),
                    fmt::format("-DKNCSIM_TOGGLES={}", spec.toggles ? 1 : 0)}});
  model_build_environment();
  std::map<pid_t, size_t> running;
  size_t next = 0, done = 0;
  std::string failure;
  while ((next < units.size() && failure.empty()) || !running.empty()) {
    if (stop_requested() && failure.empty()) failure = fmt::format("stopped by signal {}", stop_signal());
    while (failure.empty() && running.size() < size_t(jobs) && next < units.size()) {
      const Unit& u = units[next];
      std::vector<std::string> cc;
      if (*rtl_build::kCcache) cc.push_back(rtl_build::kCcache);
      cc.push_back(rtl_build::kCompiler);
      const auto flags = model_compile_flags(spec, "obj", u.fast);
      cc.insert(cc.end(), flags.begin(), flags.end());
      cc.insert(cc.end(), u.extra.begin(), u.extra.end());
      for (const char* a : {"-c", "-o"}) cc.push_back(a);
      cc.push_back(u.object);
      cc.push_back(u.source);
      append(log, "$ " + quoted_command(cc) + "\n");
      running[spawn_child(cc, u.object + ".log", u.object + ".log", dir)] = next++;
    }
    // Only this build's children: other threads may be building other models.
    const auto [pid, raw] = wait_any(running);
    if (pid < 0) break;
    const auto it = running.find(pid);
    const Unit& u = units[it->second];
    running.erase(it);
    const std::string unit_log = (fs::path(dir) / (u.object + ".log")).string();
    append(log, read_text_file(unit_log));
    if (exit_status(raw) != 0 && failure.empty())
      failure = fmt::format("compiling {} failed:\n{}", fs::path(u.source).filename().string(), read_text_file(unit_log));
    if (failure.empty()) say(fmt::format("compiling {} of {}", ++done, units.size()));
    if (!failure.empty())
      for (const auto& [p, i] : running) kill(p, SIGTERM);
  }
  if (!failure.empty()) {
    append(log, failure + "\n");
    throw std::runtime_error(fmt::format("building the {} model failed: {}(the whole log: {})", spec.family_name(),
                                         failure.substr(0, 2000), log));
  }

  // 3. Link; the process that loads it has Verilator's runtime and SystemC.
  say("linking");
  std::vector<std::string> link{rtl_build::kCompiler};
  for (const auto& f : model_link_flags()) link.push_back(f);
  link.push_back("-o");
  link.push_back((fs::path(dir) / "model.so").string());
  for (const Unit& u : units) link.push_back((fs::path(dir) / u.object).string());
  append(log, "$ " + quoted_command(link) + "\n");
  const std::string llog = obj + "/link.log";
  if (wait_child(spawn_child(link, llog, llog)) != 0) {
    append(log, read_text_file(llog));
    throw std::runtime_error(fmt::format("linking the {} model failed (the whole log: {})", spec.family_name(), log));
  }
  append(log, read_text_file(llog));
  fs::remove_all(obj);
  fs::remove(vlog);
}

}  // namespace kncsim
