#include "sweep/sweep_store.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "output_file.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// record: summary keeps a result's figures and drops its per-channel and per-node arrays.
void drop_arrays(ojson& r) {
  if (r.contains("channels"))
    for (const char* k : {"node", "dim", "dir", "flits", "address", "data", "echo", "nack", "utilisation"}) r["channels"].erase(k);
  if (r.contains("per_node"))
    for (const char* k : {"offered", "accepted", "mean_latency"}) r["per_node"].erase(k);
}

std::string csv_cell(const ojson& x) {
  if (x.is_null()) return "";
  if (x.is_number_float()) return fmt::format("{:.6g}", x.get<double>());
  if (x.is_string()) {
    const std::string s = x.get<std::string>();
    return s.find_first_of(",\"\n") == std::string::npos ? s : "\"" + s + "\"";
  }
  const std::string s = x.dump();
  return s.find(',') == std::string::npos ? s : "\"" + s + "\"";
}

}  // namespace

std::string point_file(const SweepSpec& s, const SweepPoint& p) {
  return (fs::path(s.output_dir) / "points" / (p.id + ".json")).string();
}

std::optional<ojson> read_point(const SweepSpec& s, const SweepPoint& p) {
  std::ifstream in(point_file(s, p));
  if (!in) return std::nullopt;
  try {
    ojson j = ojson::parse(in);
    if (j.value("id", "") == p.id && j.contains("status")) return j;
  } catch (const ojson::parse_error&) {
  }
  return std::nullopt;  // not ours, or damaged: run it again
}

void write_point(const SweepSpec& s, const SweepPoint& p, const ojson& record) {
  fs::create_directories(fs::path(point_file(s, p)).parent_path());
  write_output_file(point_file(s, p), record.dump() + "\n", "sweep point");
}

ojson point_record(const SweepSpec& s, const SweepPoint& p, const std::string& status, ojson result) {
  ojson j{{"point", p.index}, {"task", p.task}, {"id", p.id}, {"params", point_params_json(p)},
          {"seed", p.seed ? ojson(*p.seed) : ojson(nullptr)}, {"status", status}};
  if (status == "error") {
    j["error"] = std::move(result);
  } else if (!result.is_null()) {
    if (!s.full_record) drop_arrays(result);
    j["result"] = std::move(result);
  }
  return j;
}

int count_point_files(const SweepSpec& s) {
  int n = 0;
  std::error_code ec;
  for (const auto& p : s.points) n += fs::exists(point_file(s, p), ec);
  return n;
}

SweepTally tally(const SweepSpec& s) {
  SweepTally t;
  for (const auto& p : s.points) {
    const auto r = read_point(s, p);
    if (!r) {
      ++t.missing;
      continue;
    }
    const std::string st = (*r)["status"];
    if (st == "done") ++t.done;
    if (st == "saturated") ++t.saturated;
    if (st == "skipped") ++t.skipped;
    if (st == "error") ++t.errors;
  }
  return t;
}

SweepTally gather(const SweepSpec& s) {
  SweepTally t;
  std::string lines;
  std::string csv = "point";
  for (const auto& k : s.varied_keys) csv += "," + k;
  csv += ",seed,status,converged,stop_reason,T,U,TP,D,AQLEN,p50,p90,p99,ci95_half_width,curtime\n";
  std::vector<int> missing;
  for (const auto& p : s.points) {
    const auto r = read_point(s, p);
    if (!r) {
      missing.push_back(p.index);
      continue;
    }
    lines += r->dump() + "\n";
    const ojson& params = (*r)["params"];
    csv += std::to_string(p.index);
    for (const auto& k : s.varied_keys) csv += "," + (params.contains(k) ? csv_cell(params[k]) : std::string());
    csv += "," + csv_cell((*r)["seed"]) + "," + (*r)["status"].get<std::string>();
    const std::string st = (*r)["status"];
    t.done += st == "done", t.saturated += st == "saturated", t.skipped += st == "skipped", t.errors += st == "error";
    if (r->contains("result")) {
      const ojson& x = (*r)["result"];
      auto at = [&](const char* a, const char* b = nullptr) {
        if (!x.contains(a)) return std::string();
        return b ? (x[a].contains(b) ? csv_cell(x[a][b]) : std::string()) : csv_cell(x[a]);
      };
      csv += "," + at("converged") + "," + at("stop_reason") + "," + at("T") + "," + at("U") + "," + at("TP") + "," +
             at("D") + "," + at("AQLEN") + "," + at("latency", "p50") + "," + at("latency", "p90") + "," +
             at("latency", "p99") + "," +
             (x.contains("latency") ? csv_cell(x["latency"]["ci95"]["half_width"]) : std::string()) + "," +
             at("curtime");
    } else {
      csv += ",,,,,,,,,,,,";
    }
    csv += "\n";
  }
  if (!missing.empty())
    throw SweepError(fmt::format("{}: {} of {} points have no result yet (first: point {}); rerun the sweep to run them",
                                 s.path, missing.size(), s.points.size(), missing.front()));
  write_output_file((fs::path(s.output_dir) / "results.jsonl").string(), lines, "sweep results");
  write_output_file((fs::path(s.output_dir) / "summary.csv").string(), csv, "sweep summary");
  return t;
}

}  // namespace kncsim
