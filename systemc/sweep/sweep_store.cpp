#include "sweep/sweep_store.hpp"

#include <iostream>

#include "sched/stop_request.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "io/output_file.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// record: summary keeps a result's figures and drops its per-channel and per-node arrays.
void drop_arrays(ojson& r) {
  if (r.contains("channels"))
    for (const char* k : {"node", "dim", "dir", "flits", "address", "data", "echo", "nack", "utilisation"}) r["channels"].erase(k);
  if (r.contains("per_node"))
    for (const char* k : {"offered", "accepted", "delivered", "mean_latency"}) r["per_node"].erase(k);
  if (r.contains("energy"))
    for (const char* k : {"per_router", "per_link"}) r["energy"].erase(k);
}

std::string csv_cell(const ojson& x) {
  if (x.is_null()) return "";
  if (x.is_number_float()) return fmt::format("{:.6g}", x.get<double>());
  std::string s = x.is_string() ? x.get<std::string>() : x.dump();
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

// The file's content if it is whole and this point's, else null.
ojson read_file(const SweepSpec& s, const SweepPoint& p) {
  std::ifstream in(point_file(s, p));
  if (!in) return nullptr;
  try {
    ojson j = ojson::parse(in);
    if (j.is_object() && j.value("id", "") == p.id) return j;
  } catch (const std::exception&) {  // damaged, or written by something else: run it again
  }
  return nullptr;
}

void write(const SweepSpec& s, const SweepPoint& p, const ojson& j) {
  fs::create_directories(fs::path(point_file(s, p)).parent_path());
  write_output_file(point_file(s, p), j.dump() + "\n", "sweep point");
}

const ojson* field(const ojson& x, std::initializer_list<const char*> path) {
  const ojson* at = &x;
  for (const char* k : path) {
    if (!at->is_object() || !at->contains(k)) return nullptr;
    at = &(*at)[k];
  }
  return at;
}

}  // namespace

std::string point_file(const SweepSpec& s, const SweepPoint& p) {
  return (fs::path(s.output_dir) / "points" / (p.id + ".json")).string();
}

std::unique_ptr<FileLock> lock_point(const SweepSpec& s, const SweepPoint& p) {
  const fs::path dir = fs::path(s.output_dir) / "locks";
  fs::create_directories(dir);
  auto lock = std::make_unique<FileLock>(
      (dir / (p.id + ".lock")).string(),
      fmt::format("kncsim: point {} waits for another sweep into {} that is running it", p.index, s.output_dir),
      stop_requested);
  if (lock->unsupported())
    std::cerr << fmt::format("kncsim: warning: {} does not support file locks: point {} runs unlocked (a second "
                             "sweep into this folder at once may run it too)\n",
                             dir.string(), p.index);
  return lock;
}

bool point_ran(const SweepSpec& s, const SweepPoint& p) {
  const ojson f = read_file(s, p);
  return f.contains("result") || f.contains("error");  // not a skipped marker: its series may go on
}

void write_point_result(const SweepSpec& s, const SweepPoint& p, ojson result) {
  if (!s.full_record) drop_arrays(result);
  write(s, p, ojson{{"id", p.id}, {"result", std::move(result)}});
}

void write_point_error(const SweepSpec& s, const SweepPoint& p, const std::string& message) {
  write(s, p, ojson{{"id", p.id}, {"error", message}});
}

void write_point_skipped(const SweepSpec& s, const SweepPoint& p) {
  if (!fs::exists(point_file(s, p))) write(s, p, ojson{{"id", p.id}, {"skipped", true}});
}

bool saturates(const SweepSpec& s, const ojson& r) {
  if (!s.stop_at_saturation) return false;
  const bool converged = r.value("converged", false);
  const ojson* T = field(r, {"T"});
  const bool over = s.latency_bound > 0 && (!T || !T->is_number() || T->get<double>() > s.latency_bound);
  return !converged || over;
}

std::vector<PointStatus> task_status(const SweepSpec& s, int t) {
  std::vector<PointStatus> out;
  bool stopped = false;  // a lower load of the series saturated or failed
  for (int i : s.tasks[size_t(t)]) {
    PointStatus st{i, "missing", nullptr};
    if (stopped) {
      st.status = "skipped";
    } else if (ojson f = read_file(s, s.points[size_t(i)]); f.contains("error")) {
      st.status = "error";
      st.body = f["error"];
      stopped = s.stop_at_saturation;
    } else if (f.contains("result")) {
      stopped = saturates(s, f["result"]);
      st.status = stopped ? "saturated" : "done";
      st.body = std::move(f["result"]);
    }
    out.push_back(std::move(st));
  }
  return out;
}

SweepTally tally(const SweepSpec& s) {
  SweepTally t;
  for (size_t k = 0; k < s.tasks.size(); ++k)
    for (const auto& p : task_status(s, int(k))) {
      t.done += p.status == "done", t.saturated += p.status == "saturated", t.skipped += p.status == "skipped";
      t.errors += p.status == "error", t.missing += p.status == "missing";
    }
  return t;
}

std::vector<int> unfinished_tasks(const SweepSpec& s) {
  std::vector<int> out;
  for (size_t t = 0; t < s.tasks.size(); ++t)
    for (const auto& p : task_status(s, int(t)))
      if (p.status == "missing") {
        out.push_back(int(t));
        break;
      }
  return out;
}

int count_point_files(const SweepSpec& s) {
  int n = 0;
  std::error_code ec;
  for (const auto& p : s.points) n += fs::exists(point_file(s, p), ec);
  return n;
}

void forget_gathered(const SweepSpec& s) {
  // Only a regular file goes: a link (and what it points to), a device or a FIFO named there
  // is the user's, replaced or written through by the next gather.
  for (const char* name : {"results.jsonl", "summary.csv"}) {
    const fs::path p = fs::path(s.output_dir) / name;
    std::error_code ec;
    if (fs::is_regular_file(fs::symlink_status(p, ec))) fs::remove(p, ec);
  }
}

void forget_points(const SweepSpec& s) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(s.output_dir) / "points", ec))
    if (e.path().extension() == ".json" && fs::is_regular_file(e.symlink_status(ec))) fs::remove(e.path(), ec);
}

SweepTally gather(const SweepSpec& s) {
  std::vector<PointStatus> all(s.points.size());
  for (size_t t = 0; t < s.tasks.size(); ++t)
    for (auto& p : task_status(s, int(t))) all[size_t(p.index)] = std::move(p);
  SweepTally t;
  std::string lines;
  std::string csv = "point";
  for (const auto& k : s.varied_keys) csv += "," + k;
  csv += ",seed,status,converged,stop_reason,T,U,TP,D,AQLEN,p50,p90,p99,ci95_half_width,curtime,energy_per_flit_pj,"
         "energy_per_packet_pj,power_mw,energy_total_pj,energy_delay_pj_ns,trace_cycles,trace_slowdown,"
         "trace_latency_mean\n";
  for (const SweepPoint& p : s.points) {
    const PointStatus& st = all[size_t(p.index)];
    if (st.status == "missing") {
      ++t.missing;
      continue;
    }
    t.done += st.status == "done", t.saturated += st.status == "saturated", t.skipped += st.status == "skipped";
    t.errors += st.status == "error";
    const ojson params = point_params_json(p);
    ojson record{{"point", p.index}, {"task", p.task},     {"id", p.id},
                 {"params", params}, {"seed", p.seed ? ojson(*p.seed) : ojson(nullptr)}, {"status", st.status}};
    if (st.status == "error") record["error"] = st.body;
    if (st.status == "done" || st.status == "saturated") record["result"] = st.body;
    lines += record.dump() + "\n";

    csv += std::to_string(p.index);
    for (const auto& k : s.varied_keys) csv += "," + (params.contains(k) ? csv_cell(params[k]) : std::string());
    csv += "," + csv_cell(record["seed"]) + "," + st.status;
    const ojson& r = record.contains("result") ? record["result"] : ojson(nullptr);
    auto at = [&](std::initializer_list<const char*> path) {
      const ojson* x = r.is_object() ? field(r, path) : nullptr;
      return x ? csv_cell(*x) : std::string();
    };
    csv += "," + at({"converged"}) + "," + at({"stop_reason"}) + "," + at({"T"}) + "," + at({"U"}) + "," + at({"TP"}) +
           "," + at({"D"}) + "," + at({"AQLEN"}) + "," + at({"latency", "p50"}) + "," + at({"latency", "p90"}) + "," +
           at({"latency", "p99"}) + "," + at({"latency", "ci95", "half_width"}) + "," + at({"curtime"}) + "," +
           at({"energy", "per_flit_pj"}) + "," + at({"energy", "per_packet_pj"}) + "," + at({"energy", "power_mw"}) + "," +
           at({"energy", "total_pj"}) + "," + at({"energy", "energy_delay_pj_ns"}) + "," + at({"trace", "cycles"}) + "," +
           at({"trace", "slowdown"}) + "," + at({"trace", "latency", "mean"}) + "\n";
  }
  if (t.missing)
    throw SweepError(fmt::format("{}: {} of {} points have no result yet; run the sweep again to run them", s.path,
                                 t.missing, s.points.size()));
  write_output_file((fs::path(s.output_dir) / "results.jsonl").string(), lines, "sweep results");
  write_output_file((fs::path(s.output_dir) / "summary.csv").string(), csv, "sweep summary");
  return t;
}

}  // namespace kncsim
