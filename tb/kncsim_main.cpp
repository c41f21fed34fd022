// kncsim: run an experiment, or print the analytic figures of a configuration.
//   kncsim run [CONFIG.yaml] [--set key=value]... [--json PATH|-] [--csv DIR] [--vcd PATH] [--quiet]
//   kncsim analytic [CONFIG.yaml] [--set key=value]... [--json PATH|-] [--optimize | --mesh-vs-hypercube]
//   kncsim contention [CONFIG.yaml] [--set key=value]... [--json PATH|-] [--top N] [--applied A,...]
//   kncsim check RESULT.json --expect 'T<30' [--expect 'p99<80']...
//   kncsim sweep SWEEP.yaml [-j N] [--backend local|slurm] [--out DIR] [--dry-run]
//   kncsim rtl build [CONFIG.yaml] [--set key=value]... [--sweep SWEEP.yaml] [--tests] [-j N] | list | clean
//   kncsim rtl check [CONFIG.yaml] [--set key=value]... [--tests]
//   kncsim diverge [CONFIG.yaml] [--set key=value]... [--out DIR] [--window CYCLES]
//   kncsim verify [CONFIG.yaml] [--set key=value]... [--seeds N] [--junit FILE] [--coverage-goal P] [-j N] [--out DIR]
//   kncsim keys [--markdown]
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>
#include <cstdio>
#include <iostream>

#include "report/energy_report.hpp"
#include "report/contention_report.hpp"
#include "report/mesh_vs_hypercube_report.hpp"
#include "diverge_command.hpp"
#include "report/expectations.hpp"
#include "report/rings_optimum_report.hpp"
#include "keys_command.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "experiment/run_outputs_check.hpp"
#include "spec/contention_spec.hpp"
#include "io/output_file.hpp"
#include "sc/vcd_file.hpp"
#include "progress_line.hpp"
#include "rtl_cache/model_cache.hpp"
#include "rtl_command.hpp"
#include "rtl_adapt/rtl_protocol_stop.hpp"
#include "verify_command.hpp"
#include "violation_hint.hpp"
#include "report/statistics_report.hpp"
#include "sweep/sweep_run.hpp"
#include "sweep/sweep_store.hpp"
#include "sched/stop_request.hpp"
#include "traffic/trace_packet.hpp"

namespace {

struct Common {
  std::string config_path;
  std::vector<std::string> sets;
  std::string json_path;
  std::string vcd_path;
  std::string csv_dir;
  bool quiet = false;
};

void add_common(CLI::App* cmd, Common& c) {
  cmd->add_option("config", c.config_path, "YAML experiment file (omit for the built-in default: 8x8 mesh, A=0.3)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--set", c.sets, "override one key, e.g. --set traffic.load=0.5 (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--json", c.json_path, "write the result as JSON to PATH, or - for stdout");
}

// The configuration file and --set overrides, each key checked against the schema.
kncsim::Config load(const Common& c) {
  kncsim::Config config;
  if (!c.config_path.empty()) config.merge_file(c.config_path);
  for (const auto& s : c.sets) config.apply_set(s);
  if (!c.vcd_path.empty()) config.set_value("trace.vcd", c.vcd_path, "--vcd");
  return config;
}

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::cerr << "kncsim: warning: " << w << "\n";
}

// load, then decode: the rules between keys (their warnings printed), and the typed spec.
kncsim::ExperimentSpec load_spec(const Common& c) {
  return kncsim::decode(load(c), [](const kncsim::DecodedSoFar& d) { print_warnings(d.warnings); });
}

// The same for a command that writes files: the warnings, the output paths and, for a run, the
// memory estimate are checked as soon as the rules between keys pass, before the decoding builds
// any per-node table (in the order kncsim has always checked them).
kncsim::ExperimentSpec load_spec_checked(const Common& c, bool run) {
  return kncsim::decode(load(c), [&c, run](const kncsim::DecodedSoFar& d) {
    print_warnings(d.warnings);
    kncsim::check_run_outputs(d.outputs, c.json_path, c.csv_dir);
    if (run) kncsim::check_run_memory(d);
  });
}

// The RTL models a configuration's nodes use.
std::vector<kncsim::ModelSpec> rtl_models_of(const Common& c) {
  kncsim::ExperimentSpec spec = load_spec(c);
  kncsim::attach_rtl(spec);
  return kncsim::rtl_models_of(spec);
}

// The JSON goes to stdout, and the summary to stderr: --json - or a path that is our stdout.
bool json_on_stdout(const std::string& path) {
  if (path.empty()) return false;
  try {
    const kncsim::OutputTarget t = kncsim::resolve_output_target(path, "--json");
    return t.kind == kncsim::OutputTarget::Kind::standard_output ||
           (t.kind == kncsim::OutputTarget::Kind::descriptor && t.fd == 1);
  } catch (const kncsim::OutputError&) {
    return false;  // the check reports it
  }
}

// A result that cannot be written at the end is not lost: it goes to stdout instead.
void write_json(const std::string& path, const nlohmann::ordered_json& j) {
  if (path.empty()) return;
  try {
    kncsim::write_output_file(path, j.dump(2) + "\n", "--json");
  } catch (const kncsim::OutputError& e) {
    if (json_on_stdout(path)) throw;
    std::cout << j.dump(2) << "\n";
    throw std::runtime_error(std::string(e.what()) + "; the result was printed on stdout instead");
  }
}

struct SweepCli {
  std::string path, backend = "local", out;
  int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  int task = -1, point = -1;
  bool dry_run = false, quiet = false, fresh = false;
};

int run_sweep_command(const SweepCli& c) {
  // A worker stops when its sweep does, even if that dies first (SIGKILL): set before the
  // sweep file is read, then check the parent did not go while it was set.
  const pid_t parent = getppid();
  const bool worker = c.task >= 0 || c.point >= 0;
  if (worker && (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)) return 128 + SIGTERM;
  kncsim::SweepSpec s = kncsim::load_sweep(c.path);  // every point decoded and validated first
  if (!c.out.empty()) s.output_dir = c.out;
  if (c.task >= 0) return kncsim::run_sweep_task(s, c.task);
  if (c.point >= 0) return kncsim::run_sweep_point(s, c.point);
  if (c.backend == "slurm") kncsim::check_slurm_available();  // before anything is removed, written or submitted
  if (!c.dry_run) kncsim::check_output_directory(s.output_dir, "sweep output directory (--out, or the file's output key)");
  if (c.fresh && !c.dry_run) kncsim::forget_points(s);
  if (c.dry_run) {
    std::vector<std::string> status(s.points.size());
    for (size_t t = 0; t < s.tasks.size(); ++t)
      for (const auto& p : kncsim::task_status(s, int(t))) status[size_t(p.index)] = p.status;
    for (const auto& p : s.points)
      std::cout << fmt::format("point {} task {} {}{}: {}\n", p.index, p.task, kncsim::point_params_json(p).dump(),
                               p.seed ? fmt::format(" seed {}", *p.seed) : "",
                               status[size_t(p.index)] == "missing" ? "to run" : status[size_t(p.index)]);
    std::cout << fmt::format("{} points in {} tasks; {} to run; output {}\n", s.points.size(), s.tasks.size(),
                             kncsim::tally(s).missing, s.output_dir);
    return 0;
  }
  kncsim::SweepOptions o;
  o.jobs = c.jobs;
  o.quiet = c.quiet;
  o.self = std::filesystem::read_symlink("/proc/self/exe").string();
  if (c.backend == "slurm") return kncsim::run_sweep_slurm(s, o);
  return kncsim::run_sweep_local(s, o);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"kncsim: k-ary n-cube multicomputer routing network simulator"};
  app.require_subcommand(1);
  Common run_opts, analytic_opts;
  std::string trace_out;  // run --trace-out
  auto* run = app.add_subcommand("run", "simulate until the configured convergence criterion");
  add_common(run, run_opts);
  run->add_option("--vcd", run_opts.vcd_path, "write a VCD waveform of the link pins of trace.nodes (systemc)");
  run->add_option("--trace-out", trace_out,
                  "write the packets the run generates to PATH as a text trace (traffic.trace_format text), to "
                  "replay with traffic.workload trace");
  run->add_option("--csv", run_opts.csv_dir, "write the per-channel and per-node tables to DIR/channels.csv and DIR/nodes.csv");
  run->add_flag("--quiet,-q", run_opts.quiet, "no progress line on stderr (it is shown only on a terminal anyway)");
  auto* analytic = app.add_subcommand("analytic", "print closed-form figures (mean distance, U_max, B)");
  add_common(analytic, analytic_opts);
  bool optimize = false;
  std::vector<int> optimize_bits;
  analytic->add_flag("--optimize", optimize,
                     "rings: Scott & Goodman's optimal dimensionality and radix for the configured N = radix^dims, every "
                     "link.mode variant under every link.constraint (continuous, as their Fig. 4, and the best "
                     "buildable network)");
  analytic
      ->add_option("--bits", optimize_bits,
                   "with --optimize: the message lengths in bits whose unloaded latencies are summed (default: "
                   "traffic.address_bits and traffic.data_bits, the paper's round trip)")
      ->delimiter(',')
      ->check(CLI::Range(1, 65535));
  bool mesh_vs_hypercube = false;
  std::vector<long> chittor_sizes{64, 128, 256, 512, 1024, 2048, 4096};
  std::vector<double> chittor_messages{1, 4, 16, 64, 256, 1024};
  analytic->add_flag("--mesh-vs-hypercube", mesh_vs_hypercube,
                     "Chittor's chapter 2: a 2D mesh against a binary hypercube at equal wire density, for each of "
                     "--sizes: peak widths, channel width, rate and bandwidth ratios under the constant, logarithmic "
                     "and linear delay models (Tables 2.1, 2.2), and the speedup R_e for --messages (Fig. 2.3); "
                     "the configuration is not read");
  analytic
      ->add_option("--sizes", chittor_sizes,
                   "with --mesh-vs-hypercube: the system sizes N, powers of two (default 64,128,...,4096, Table 2.2)")
      ->delimiter(',')
      ->check(CLI::Range(4L, 1L << 24) & CLI::Validator(
                                              [](std::string& v) {
                                                const long n = std::stol(v);
                                                return (n & (n - 1)) ? v + " is not a power of two" : std::string();
                                              },
                                              "POWER OF 2"));
  analytic
      ->add_option("--messages", chittor_messages,
                   "with --mesh-vs-hypercube: the message lengths L' in header lengths (flits with a 1-flit header) "
                   "for R_e (default 1,4,16,64,256,1024)")
      ->delimiter(',')
      ->check(CLI::Range(1.0, 1e9));
  Common contention_opts;
  int contention_top = 10;
  auto* contention = app.add_subcommand(
      "contention", "Chittor's contention parameters (channel loads, path lengths, path contention levels) and "
                    "saturation bounds for the configured traffic pattern or process graph and mapping");
  add_common(contention, contention_opts);
  contention->add_option("--top", contention_top, "bottleneck channels, paths and nodes to rank (default 10)")
      ->check(CLI::Range(0, 1000000));
  std::vector<double> contention_applied;
  contention
      ->add_option("--applied", contention_applied,
                   "applied node traffics lambda_a (0 < lambda_a <= 1, a fraction of a channel's bandwidth) at which "
                   "to predict each node's actual traffic and normalised communication time theta by Chittor's "
                   "single-path model (section 3.2), e.g. 0.01,0.05,0.1")
      ->delimiter(',')
      ->check(CLI::Range(1e-9, 1.0));
  auto* keys = app.add_subcommand("keys", "list every configuration key, its allowed values and default");
  bool keys_markdown = false;
  keys->add_flag("--markdown", keys_markdown, "as the Markdown configuration reference (docs/configuration.md)");
  auto* check = app.add_subcommand("check", "gate a result: exit 1 if an expectation fails (e.g. --expect 'T<30')");
  std::string check_path;
  std::vector<std::string> expects;
  check->add_option("result", check_path, "a result JSON file (kncsim run --json)")->required();
  check->add_option("--expect", expects, "KEY OP NUMBER, e.g. 'T<30', 'p99<=80', 'latency.ci95.half_width<0.5' (repeatable)")
      ->required()
      ->allow_extra_args(false);
  auto* sweep = app.add_subcommand("sweep", "run every point of a sweep file, locally or as a Slurm job array (resumable)");
  SweepCli sweep_opts;
  sweep->add_option("sweep", sweep_opts.path, "sweep file (YAML: base, set, grid, points, seeds, stop_at_saturation, ...)")
      ->required()
      ->check(CLI::ExistingFile);
  sweep->add_option("-j,--jobs", sweep_opts.jobs, "local worker processes (default: the core count)")->check(CLI::Range(1, 4096));
  sweep->add_option("--backend", sweep_opts.backend, "local (a process pool) or slurm (one sbatch job array)")
      ->check(CLI::IsMember({"local", "slurm"}));
  sweep->add_option("--out", sweep_opts.out, "output directory (default: the file's output key, else its path without .yaml)");
  sweep->add_flag("--dry-run", sweep_opts.dry_run, "list the points and tasks and what is done; run nothing");
  sweep->add_flag("--fresh", sweep_opts.fresh,
                  "forget the results already in the output directory and run every point (results are kept across "
                  "kncsim builds otherwise)");
  sweep->add_flag("--quiet,-q", sweep_opts.quiet, "no progress line on stderr (it is shown only on a terminal anyway)");
  sweep->add_option("--task", sweep_opts.task, "run one task in this process (what each Slurm array task does)");
  sweep->add_option("--point", sweep_opts.point, "run one point in this process (what each local worker does)")
      ->excludes("--task");
  auto* diverge = app.add_subcommand(
      "diverge", "find where RTL routers first behave differently from SystemC ones: cycle, node, port, flits, VCDs "
                 "(exit 1 if they diverge)");
  kncsim::DivergeOptions diverge_opts;
  diverge->add_option("config", diverge_opts.config_path, "YAML experiment file with RTL routers (router.impl: rtl, or router.rtl_nodes)")
      ->check(CLI::ExistingFile);
  diverge->add_option("--set", diverge_opts.sets, "override one key, e.g. --set router.impl=rtl (repeatable)")
      ->allow_extra_args(false);
  diverge->add_option("--out", diverge_opts.out_dir, "directory for the flit logs, run logs and VCD files (default kncsim-diverge)");
  diverge->add_option("--window", diverge_opts.window, "cycles of waveform before the divergence (default 200)")
      ->check(CLI::Range(1, 1000000));
  diverge->add_option("--history", diverge_opts.history, "flits listed before the divergence on its output (default 8)")
      ->check(CLI::Range(0, 1000000));
  auto* verify = app.add_subcommand(
      "verify", "a constrained-random regression of an RTL router design, judged by protocol monitors, a scoreboard "
                "and watchdogs (not by equality with kncsim's router); coverage, JUnit; exit 1 if a case fails or the "
                "coverage goal is missed");
  kncsim::VerifyOptions verify_opts;
  verify_opts.jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  verify->add_option("config", verify_opts.config_path, "YAML experiment file of the design (router.rtl_sources: your RTL)")
      ->check(CLI::ExistingFile);
  verify->add_option("--set", verify_opts.sets, "override one key of the design, e.g. --set router.rtl_sources=my_rtl "
                                               "(repeatable)")
      ->allow_extra_args(false);
  verify->add_option("--seeds", verify_opts.seeds, "cases to draw, one from each seed (default 20)")->check(CLI::Range(1, 1000000));
  verify->add_option("--first-seed", verify_opts.first_seed, "the first case's seed (default 1)");
  verify->add_option("--junit", verify_opts.junit, "write JUnit XML to FILE (a testcase per case)");
  verify->add_option("--coverage-goal", verify_opts.coverage_goal,
                     "percent of the reachable coverage points the cases must hit together (default 0: reported only)")
      ->check(CLI::Range(0.0, 100.0));
  verify->add_option("-j,--jobs", verify_opts.jobs, "cases at once (default: the core count)")->check(CLI::Range(1, 4096));
  verify->add_option("--out", verify_opts.out_dir, "directory for each case's log, result and files (default kncsim-verify)");
  std::string verify_mixed = "on";
  verify->add_option("--mixed", verify_mixed,
                     "on (default): some cases put the design on a random subset of nodes among kncsim's SystemC routers; "
                     "off: on every node (a design that routes in another order than kncsim's cannot sit among them)")
      ->check(CLI::IsMember({"on", "off"}));
  bool verify_no_shrink = false;
  verify->add_flag("--no-shrink", verify_no_shrink, "do not shrink failing cases");
  verify->add_flag("--list-unreachable", verify_opts.list_unreachable, "list the unreachable coverage points and why");
  verify->add_flag("--quiet,-q", verify_opts.quiet, "no line per case");
  auto* rtl = app.add_subcommand("rtl", "the cache of Verilated RTL models: build what a configuration, sweep or the tests "
                                        "need, list it, clean it (KNCSIM_CACHE, else ~/.cache/kncsim)");
  rtl->require_subcommand(1);
  Common rtl_opts;
  std::string rtl_sweep;
  bool rtl_tests = false;
  int rtl_jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  auto* rtl_build = rtl->add_subcommand("build", "Verilate and compile the models a configuration (or --sweep, or --tests) "
                                                 "uses, ahead of the runs");
  rtl_build->add_option("config", rtl_opts.config_path, "YAML experiment file (omit for the built-in default)")
      ->check(CLI::ExistingFile);
  rtl_build->add_option("--set", rtl_opts.sets, "override one key, e.g. --set router.impl=rtl (repeatable)")
      ->allow_extra_args(false);
  rtl_build->add_option("--sweep", rtl_sweep, "a sweep file: the models of every point")->check(CLI::ExistingFile);
  rtl_build->add_flag("--tests", rtl_tests, "the models the test suite uses (the reference parameter sets, four "
                                            "of them in both bindings, the ring node in both, and the CI mutants)");
  rtl_build->add_option("-j,--jobs", rtl_jobs, "compilers at once (default: the core count)")->check(CLI::Range(1, 256));
  Common check_opts;
  auto* rtl_check = rtl->add_subcommand("check", "check the RTL a configuration uses (router.rtl_sources) against its "
                                                 "family's port contract, and that Verilator elaborates it without a "
                                                 "warning, without building anything; exit 2 naming what is wrong");
  rtl_check->add_option("config", check_opts.config_path, "YAML experiment file (omit for the built-in default)")
      ->check(CLI::ExistingFile);
  rtl_check->add_option("--set", check_opts.sets, "override one key, e.g. --set router.rtl_sources=my_rtl (repeatable)")
      ->take_all();
  bool check_tests = false;
  rtl_check->add_flag("--tests", check_tests, "the models the test suite uses, instead of a configuration's");
  auto* rtl_list = rtl->add_subcommand("list", "the cached models, with their sizes");
  auto* rtl_clean = rtl->add_subcommand("clean", "remove every cached model");
  (void)rtl_clean;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the error with a pointer to --help
    return code == 0 ? 0 : 2;
  }

  try {
    if (keys->parsed()) {
      if (keys_markdown) kncsim::print_keys_markdown(std::cout);
      else kncsim::print_keys(std::cout);
      return 0;
    }
    if (sweep->parsed()) return run_sweep_command(sweep_opts);
    if (rtl->parsed()) {
      if (rtl_list->parsed()) return kncsim::list_rtl_models();
      if (rtl_check->parsed())
        return kncsim::check_rtl_models(check_tests ? kncsim::rtl_test_models()
                                                    : rtl_models_of(check_opts));
      if (!rtl_build->parsed()) return kncsim::clean_rtl_models();
      kncsim::install_stop_handlers();  // a signal stops the compilers; no entry is left half-built
      std::vector<kncsim::ModelSpec> models;
      if (rtl_tests) models = kncsim::rtl_test_models();
      if (!rtl_sweep.empty())
        for (const auto& p : kncsim::load_sweep(rtl_sweep).points) {
          const auto more = kncsim::rtl_models_of(p.config);
          models.insert(models.end(), more.begin(), more.end());
        }
      if ((rtl_tests || !rtl_sweep.empty()) && rtl_opts.config_path.empty() && rtl_opts.sets.empty())
        return kncsim::build_rtl_models(models, rtl_jobs);
      const auto more = rtl_models_of(rtl_opts);
      if (more.empty() && models.empty())
        std::cout << "this configuration has no RTL routers (router.impl: rtl, or router.rtl_nodes): nothing to build\n";
      models.insert(models.end(), more.begin(), more.end());
      return kncsim::build_rtl_models(models, rtl_jobs);
    }
    if (verify->parsed()) {
      verify_opts.self = std::filesystem::read_symlink("/proc/self/exe").string();
      verify_opts.shrink = !verify_no_shrink;
      verify_opts.mixed = verify_mixed == "on";
      return kncsim::run_verify(verify_opts);
    }
    if (diverge->parsed()) {
      diverge_opts.self = std::filesystem::read_symlink("/proc/self/exe").string();
      return kncsim::run_diverge(diverge_opts);
    }
    if (check->parsed()) {
      std::vector<kncsim::Expectation> parsed;
      for (const auto& e : expects) parsed.push_back(kncsim::parse_expectation(e));  // all well-formed first
      const auto result = kncsim::read_result_file(check_path);
      bool all = true;
      for (const auto& e : parsed) {
        const auto outcome = kncsim::check_expectation(result, e);
        std::cout << outcome.line << "\n";
        all = all && outcome.passed;
      }
      if (!all) std::cerr << "kncsim: check failed: " << check_path << "\n";
      return all ? 0 : 1;
    }
    if (run->parsed()) {
      // The human summary goes to stdout, unless the JSON does.
      std::ostream& text = json_on_stdout(run_opts.json_path) ? std::cerr : std::cout;
      kncsim::ExperimentSpec spec = load_spec_checked(run_opts, true);  // the memory check: before anything is built
      kncsim::request_trace_out(spec, trace_out);
      kncsim::install_stop_handlers();  // Ctrl-C / SIGTERM: stop at a cycle boundary, write what we have
      kncsim::prepare_run(spec);        // the RTL nodes' models named
      kncsim::prepare_rtl_models(spec);  // a model built now is not counted as simulation time
      // A monitor's stop ends with the run again, tracing the node up to it.
      kncsim::rtl::set_protocol_stop_hint([&, self = std::string(argv[0])](uint32_t node, int64_t cycle) {
        return kncsim::trace_again_hint(self, run_opts.config_path, run_opts.sets, node, cycle,
                                        spec.topology_kind == kncsim::NetworkTopology::rings);
      });
      const auto t0 = std::chrono::steady_clock::now();
      kncsim::ProgressLine progress(!run_opts.quiet);
      const auto result = kncsim::run_experiment(spec, nullptr, progress.callback());
      progress.clear();
      const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      text << kncsim::run_summary(spec, result) << kncsim::statistics_summary(result) << kncsim::classes_summary(result)
           << kncsim::energy_summary(result);
      // (The single-node model simulates one node, whatever the network's size.)
      const double simulated_nodes =
          spec.impl == kncsim::RouterImpl::single_node ? 1.0 : double(result["analytic"]["nodes"].get<long>());
      text << fmt::format("simulated in {:.3g} s ({:.3g} node-cycles/s)\n", secs,
                          simulated_nodes * result["curtime"].get<double>() / secs);
      write_json(run_opts.json_path, result);
      kncsim::write_statistics_csv(result, spec.sizing.radices, run_opts.csv_dir);
      kncsim::write_energy_csv(result, run_opts.csv_dir);
      // verify.on_violation count: the results are written, and the run still failed.
      if (result.contains("verify") && result["verify"].contains("violations") &&
          result["verify"]["violations"]["total"].get<int64_t>() > 0) {
        const auto& v = result["verify"]["violations"];
        std::string rules;
        for (const auto& [rule, n] : v["by_rule"].items()) rules += fmt::format("{}{} {}", rules.empty() ? "" : ", ", n.get<int64_t>(), rule);
        std::cerr << fmt::format("kncsim: {} protocol violation(s) counted (verify.on_violation count): {}; the first: {}\n",
                                 v["total"].get<int64_t>(), rules, v["first"][0].get<std::string>());
        return 1;
      }
      if (result["stop_reason"] == "interrupted") {
        const int sig = kncsim::stop_signal();
        std::cerr << fmt::format("kncsim: interrupted by signal {} at cycle {}; results so far written\n", sig,
                                 result["curtime"].get<int64_t>());
        return 128 + sig;
      }
      return 0;
    }
    if (contention->parsed()) {
      const kncsim::ContentionSpec spec =
          kncsim::decode_contention(load(contention_opts), [&](const kncsim::DecodedSoFar& d) {
            print_warnings(d.warnings);
            kncsim::check_run_outputs(d.outputs, contention_opts.json_path, contention_opts.csv_dir);
          });
      const auto report = kncsim::contention_report(spec, contention_top, contention_applied);
      (json_on_stdout(contention_opts.json_path) ? std::cerr : std::cout) << kncsim::contention_summary(report);
      write_json(contention_opts.json_path, report);
      return 0;
    }
    if (mesh_vs_hypercube) {
      if (optimize) throw kncsim::ConfigError("--mesh-vs-hypercube and --optimize: one at a time");
      if (!analytic_opts.config_path.empty() || !analytic_opts.sets.empty())
        throw kncsim::ConfigError("--mesh-vs-hypercube compares whole families of networks and reads no "
                                  "configuration: give --sizes and --messages, not a CONFIG or --set");
      const auto report = kncsim::mesh_vs_hypercube_report(chittor_sizes, chittor_messages);
      (json_on_stdout(analytic_opts.json_path) ? std::cerr : std::cout) << kncsim::mesh_vs_hypercube_summary(report);
      write_json(analytic_opts.json_path, report);
      return 0;
    }
    for (const char* flag : {"--sizes", "--messages"})
      if (analytic->count(flag)) throw kncsim::ConfigError(std::string(flag) + ": only with --mesh-vs-hypercube");
    const kncsim::ExperimentSpec spec = load_spec_checked(analytic_opts, false);
    if (!optimize_bits.empty() && !optimize) throw kncsim::ConfigError("--bits: only with --optimize");
    if (optimize) {
      const auto* rings = std::get_if<kncsim::RingsExperiment>(&spec.topology);
      if (!rings)
        throw kncsim::ConfigError("--optimize: Scott & Goodman's optimum is for networks of rings; allowed: "
                                  "network.topology rings");
      if (optimize_bits.empty()) optimize_bits = {rings->design.address_bits, rings->design.data_bits};
      const auto report = kncsim::rings_optimum_report(spec, *rings, optimize_bits);
      (json_on_stdout(analytic_opts.json_path) ? std::cerr : std::cout) << kncsim::rings_optimum_summary(report);
      write_json(analytic_opts.json_path, report);
      return 0;
    }
    const auto report = kncsim::analytic_report(spec);
    (json_on_stdout(analytic_opts.json_path) ? std::cerr : std::cout) << kncsim::analytic_summary(spec, report);
    write_json(analytic_opts.json_path, report);
    return 0;
  } catch (const kncsim::ConfigError& e) {
    std::cerr << "kncsim: config error: " << e.what() << "\n";
    return 2;
  } catch (const kncsim::SweepError& e) {
    std::cerr << "kncsim: sweep: " << e.what() << "\n";
    return 2;
  } catch (const kncsim::ExpectationError& e) {
    std::cerr << "kncsim: check: " << e.what() << "\n";
    return 2;
  } catch (const kncsim::RtlSourceError& e) {
    std::cerr << "kncsim: RTL sources: " << e.what() << "\n";
    return 2;
  } catch (const kncsim::OutputError& e) {
    std::cerr << "kncsim: output error: " << e.what() << "\n";
    return 2;
  } catch (const kncsim::TraceError& e) {
    std::cerr << "kncsim: trace: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "kncsim: error: " << e.what() << "\n";
    return 1;
  }
}
