#include "verify_command.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include "config/config.hpp"
#include "experiment/rtl_attach.hpp"
#include "io/child_process.hpp"
#include "io/output_target.hpp"
#include "regress/junit_xml.hpp"
#include "regress/verify_case.hpp"
#include "rtl_command.hpp"
#include "sched/stop_request.hpp"
#include "spec/experiment_spec.hpp"
#include "verify/network_coverage.hpp"
#include "verify/sci_coverage.hpp"
#include "violation_hint.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Outcome {
  bool passed = false;
  std::string failure;  // the report's first line
  std::string report;   // what the run said about it
  double seconds = 0;
  int64_t cycles = 0;   // simulated, drain included
  std::vector<std::string> hit;
};

// The case's run, as a command line (argv[0] is `self`).
std::vector<std::string> case_argv(const VerifyOptions& o, const VerifyCase& c, const std::string& json) {
  std::vector<std::string> a{o.self, "run"};
  if (!o.config_path.empty()) a.push_back(o.config_path);
  for (const auto& s : o.sets) a.insert(a.end(), {"--set", s});
  for (const auto& s : c.sets) a.insert(a.end(), {"--set", s});
  a.insert(a.end(), {"--json", json, "--quiet"});
  return a;
}

std::string command_line(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& w : argv) s += (s.empty() ? "" : " ") + shell_word(w);
  return s;
}

// What a failed run said: its lines but the warnings, the first of them (without kncsim's
// prefix) as the failure.
void read_failure(const std::string& log, Outcome& out) {
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);)
    if (l.rfind("kncsim: warning:", 0) != 0 && !l.empty()) lines.push_back(l);
  for (size_t i = 0; i < lines.size() && i < 40; ++i) out.report += lines[i] + "\n";
  if (lines.size() > 40) out.report += fmt::format("... ({} more lines in {})\n", lines.size() - 40, log);
  for (const std::string& l : lines) {
    std::string first = l;
    for (const char* prefix : {"kncsim: error: ", "kncsim: "})
      if (first.rfind(prefix, 0) == 0) {
        first = first.substr(std::string(prefix).size());
        break;
      }
    out.failure = first.size() > 300 ? first.substr(0, 297) + "..." : first;
    break;
  }
  if (out.failure.empty()) out.failure = "the run failed without a message (see " + log + ")";
}

Outcome judge(int status, const std::string& json, const std::string& log, double seconds) {
  Outcome out;
  out.seconds = seconds;
  const bool exited = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!exited) {
    read_failure(log, out);
    if (WIFSIGNALED(status)) out.failure = fmt::format("killed by signal {}: {}", WTERMSIG(status), out.failure);
    return out;
  }
  try {
    std::ifstream in(json);
    const nlohmann::json r = nlohmann::json::parse(in);
    const nlohmann::json& v = r.at("verify");
    out.passed = v.at("drained").get<bool>();
    if (!out.passed) out.failure = "the network was not drained";
    out.cycles = r.at("curtime").get<int64_t>();
    for (const auto& h : v.at("coverage").at("hit")) out.hit.push_back(h.get<std::string>());
  } catch (const std::exception& e) {
    out.passed = false;
    out.failure = fmt::format("its result {} cannot be read: {}", json, e.what());
  }
  return out;
}

// Runs `cases` -j at once; `done` is told of each as it ends. False if a signal stopped them.
bool run_cases(const VerifyOptions& o, const std::vector<VerifyCase>& cases, const std::string& tag,
               const std::function<void(size_t, Outcome)>& done) {
  std::map<pid_t, std::pair<size_t, Clock::time_point>> running;
  size_t next = 0;
  for (;;) {
    if (stop_requested()) {
      for (const auto& [pid, c] : running) kill(pid, SIGTERM);
      for (const auto& [pid, c] : running) waitpid(pid, nullptr, 0);
      return false;
    }
    while (running.size() < size_t(o.jobs) && next < cases.size()) {
      const VerifyCase& c = cases[next];
      const std::string base = (fs::path(o.out_dir) / fmt::format("case_{}{}", c.index, tag)).string();
      running[spawn_child(case_argv(o, c, base + ".json"), base + ".log", base + ".log")] = {next, Clock::now()};
      ++next;
    }
    if (running.empty()) return true;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0 && running.count(pid)) {
      const auto [i, t0] = running[pid];
      running.erase(pid);
      const std::string base = (fs::path(o.out_dir) / fmt::format("case_{}{}", cases[i].index, tag)).string();
      done(i, judge(status, base + ".json", base + ".log", std::chrono::duration<double>(Clock::now() - t0).count()));
      continue;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// A few bisection steps towards the smallest run that still fails: half the cycles while it
// fails (the traffic's prefix is the same, so a failure before the cut stays), then half the
// load. The smallest failing case, or the case itself.
VerifyCase shrink(const VerifyOptions& o, const VerifyCase& failing) {
  VerifyCase best = failing;
  auto fails = [&](const VerifyCase& c) {
    bool failed = false;
    run_cases(o, {c}, "_shrink", [&](size_t, Outcome out) { failed = !out.passed; });
    return failed;
  };
  for (int step = 0; step < 5 && best.cycles >= 40 && !stop_requested(); ++step) {
    const VerifyCase c = shrink_verify_case(best, true, 0.5);
    if (!fails(c)) break;
    best = c;
  }
  for (int step = 0; step < 3 && !stop_requested(); ++step) {
    const VerifyCase c = shrink_verify_case(best, false, 0.5);
    if (!fails(c)) break;
    best = c;
  }
  return best;
}

}  // namespace

int run_verify(const VerifyOptions& o) {
  if (o.seeds < 1) throw ConfigError("--seeds must be at least 1");
  if (o.coverage_goal < 0 || o.coverage_goal > 100) throw ConfigError("--coverage-goal is a percentage: 0..100");
  Config design;
  if (!o.config_path.empty()) design.merge_file(o.config_path);
  for (const auto& s : o.sets) design.apply_set(s);
  VerifyDesign d = verify_design(design);
  d.mixed = o.mixed;
  if (!o.junit.empty()) (void)resolve_output_target(o.junit, "--junit");
  check_output_directory(o.out_dir, "kncsim verify --out");
  fs::create_directories(o.out_dir);
  // The design's model, built once here (Verilator's own message if its sources do not
  // build); every case's run then loads it from the cache.
  {
    Config all = design;
    all.apply_set("router.impl=rtl");
    ExperimentSpec spec = decode(all);
    prepare_run(spec);
    prepare_rtl_models(spec);
  }
  // The points of the configured network: its routers', or its ring nodes'.
  std::vector<CoveragePoint> points;
  if (d.rings)
    points = SciCoverage(int(d.radices.size()), d.radices[0], d.bounded_active, d.stomp).points();
  else
    points = NetworkCoverage(MeshGeometry(d.radices, d.torus), d.adaptive, d.vcs).points();
  std::vector<VerifyCase> cases;
  for (int i = 1; i <= o.seeds; ++i) cases.push_back(draw_verify_case(design, d, i, o.first_seed + uint64_t(i) - 1, o.out_dir));
  const std::string design_text =
      d.rings ? fmt::format("SCI ring node, {}-ary {}-cube rings", d.radices[0], d.radices.size())
              : fmt::format("{} {}, {} routing, {} VC(s)", fmt::join(d.radices, "x"), d.torus ? "torus" : "mesh",
                            d.adaptive ? "adaptive" : "dor", d.vcs);
  std::cout << fmt::format("kncsim verify: {} cases of the design ({}); {} at once; logs in {}\n", cases.size(),
                           design_text, o.jobs, o.out_dir);
  std::cout.flush();
  install_stop_handlers();
  const auto t0 = Clock::now();
  std::vector<std::optional<Outcome>> outcomes(cases.size());
  const bool finished = run_cases(o, cases, "", [&](size_t i, Outcome out) {
    if (!o.quiet)
      std::cout << fmt::format("case {:>3} {} {:6.2f} s  {}\n", cases[i].index, out.passed ? "pass" : "FAIL", out.seconds,
                               cases[i].label);
    std::cout.flush();
    outcomes[i] = std::move(out);
  });
  // The failures, each with its command and, shrunk, the smallest that still fails.
  std::vector<JUnitCase> junit;
  int passed = 0, shrunk = 0;
  int64_t cycles = 0;
  std::set<std::string> hit;
  for (size_t i = 0; i < cases.size(); ++i) {
    if (!outcomes[i]) continue;
    const Outcome& out = *outcomes[i];
    const VerifyCase& c = cases[i];
    JUnitCase j{fmt::format("case {}: {}", c.index, c.label), out.seconds, out.passed, out.failure, out.report, ""};
    if (out.passed) {
      ++passed;
      cycles += out.cycles;
      hit.insert(out.hit.begin(), out.hit.end());
    } else {
      const std::string base = (fs::path(o.out_dir) / fmt::format("case_{}", c.index)).string();
      j.output = "reproduce: " + command_line(case_argv(o, c, base + ".json"));
      std::cout << fmt::format("\ncase {} FAILED: {}\n  {}\n{}", c.index, c.label, out.failure, j.output + "\n");
      if (o.shrink && shrunk < 3 && finished && !stop_requested()) {
        ++shrunk;
        const VerifyCase s = shrink(o, c);
        if (s.cycles != c.cycles || s.load != c.load) {
          const std::string line = "smallest failing: " + command_line(case_argv(o, s, base + "_shrink.json"));
          std::cout << fmt::format("shrunk to {} cycles at A={:.3g}:\n{}\n", s.cycles, s.load, line);
          j.output += "\n" + line;
        }
      }
      std::cout.flush();
    }
    junit.push_back(std::move(j));
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  int reachable = 0, reached = 0;
  std::vector<std::string> missed;
  for (const auto& p : points) {
    if (!p.reachable) continue;
    ++reachable;
    if (hit.count(p.name)) ++reached;
    else missed.push_back(p.name);
  }
  const double percent = reachable ? 100.0 * reached / reachable : 100.0;
  const int ran = int(junit.size());
  if (!o.junit.empty()) write_junit(o.junit, "kncsim.verify", junit, seconds);
  std::cout << fmt::format("\nkncsim verify: {} cases, {} passed, {} failed; coverage {:.1f} % ({} of {} reachable points; "
                           "{} unreachable); {} cycles in {:.1f} s\n",
                           ran, passed, ran - passed, percent, reached, reachable,
                           points.size() - size_t(reachable), cycles, seconds);
  if (!missed.empty()) std::cout << fmt::format("not covered: {}\n", fmt::join(missed, ", "));
  if (o.list_unreachable)
    for (const auto& p : points)
      if (!p.reachable) std::cout << fmt::format("unreachable: {}: {}\n", p.name, p.why);
  if (!o.junit.empty()) std::cout << "JUnit: " << o.junit << "\n";
  if (!finished) {
    std::cerr << fmt::format("kncsim: verify interrupted by signal {}: {} of {} cases ran (their results above)\n",
                             stop_signal(), ran, cases.size());
    return 128 + stop_signal();
  }
  if (percent + 1e-9 < o.coverage_goal)
    std::cout << fmt::format("coverage {:.1f} % is below the goal of {:g} % (--coverage-goal)\n", percent, o.coverage_goal);
  return passed == ran && percent + 1e-9 >= o.coverage_goal ? 0 : 1;
}

}  // namespace kncsim
