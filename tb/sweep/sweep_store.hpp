#pragma once
// Where a sweep keeps its results: one file per finished point (DIR/points/<id>.json, written
// atomically, so a point is either done or not), from which the results are gathered in point
// order into DIR/results.jsonl (one record per line) and DIR/summary.csv. Whichever backend
// ran the points, the gathered files are the same bytes.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "sweep/sweep_spec.hpp"

namespace kncsim {

std::string point_file(const SweepSpec& s, const SweepPoint& p);
// The point's record if its file exists and is whole, else nothing.
std::optional<nlohmann::ordered_json> read_point(const SweepSpec& s, const SweepPoint& p);
void write_point(const SweepSpec& s, const SweepPoint& p, const nlohmann::ordered_json& record);

// A record: {"point", "task", "id", "params", "seed", "status", "result" | "error"}. status is
// "done", "saturated" (this run ended its load series), "skipped" (a lower load saturated) or
// "error" (the run failed; its message).
nlohmann::ordered_json point_record(const SweepSpec& s, const SweepPoint& p, const std::string& status,
                                    nlohmann::ordered_json result);

struct SweepTally {
  int done = 0, saturated = 0, skipped = 0, errors = 0, missing = 0;
};
SweepTally tally(const SweepSpec& s);
// Points with a result file (existence only: cheap enough for a progress display).
int count_point_files(const SweepSpec& s);

// Writes results.jsonl and summary.csv from the point files; throws SweepError if any is missing.
SweepTally gather(const SweepSpec& s);

}  // namespace kncsim
