#pragma once
// Where a sweep keeps its results: one file per point that ran (DIR/points/<id>.json, written
// atomically, so a point is either done or not) holding its result or its error. What a point
// is (its index, task, keys) and its status come from the sweep file as it is now, never from
// an old file: a saturated point ends its load series, and the points above it are skipped,
// with the current latency bound. When every point has a status the results are gathered, in
// point order, into DIR/results.jsonl and DIR/summary.csv; whichever backend ran the points,
// these are the same bytes.
#include <nlohmann/json.hpp>
#include <memory>
#include <string>
#include <vector>

#include "io/file_lock.hpp"

#include "sweep/sweep_spec.hpp"

namespace kncsim {

std::string point_file(const SweepSpec& s, const SweepPoint& p);

// One process at a time runs a point: its lock (DIR/locks/<id>.lock), held by whoever runs it,
// waited for by another sweep into the same folder that reaches the point meanwhile. The waiter
// then finds the point's result (point_ran) and runs nothing. A stop signal ends the wait
// without the lock (held() false); a filesystem without flock runs the point unlocked, with a
// warning.
std::unique_ptr<FileLock> lock_point(const SweepSpec& s, const SweepPoint& p);
// Whether the point has run: its file holds a result or an error (a skipped marker does not
// count: an edited sweep may run the point after all).
bool point_ran(const SweepSpec& s, const SweepPoint& p);

// A point's file: {"id", "result"} or {"id", "error"} (a run that failed), or a skipped marker
// (for the progress count; never read as a result).
void write_point_result(const SweepSpec& s, const SweepPoint& p, nlohmann::ordered_json result);
void write_point_error(const SweepSpec& s, const SweepPoint& p, const std::string& message);
void write_point_skipped(const SweepSpec& s, const SweepPoint& p);

// Whether a result ends its load series (stop_at_saturation: not converged, or T over the bound).
bool saturates(const SweepSpec& s, const nlohmann::ordered_json& result);

struct PointStatus {
  int index = 0;
  std::string status;           // done, saturated, skipped, error, or missing (still to run)
  nlohmann::ordered_json body;  // the result, or the error message
};
// Task t's points, in the order they run, as the sweep sees them now.
std::vector<PointStatus> task_status(const SweepSpec& s, int t);

struct SweepTally {
  int done = 0, saturated = 0, skipped = 0, errors = 0, missing = 0;
};
SweepTally tally(const SweepSpec& s);
// Tasks with a point still to run.
std::vector<int> unfinished_tasks(const SweepSpec& s);
// Points with a file (existence only: cheap enough for a progress display).
int count_point_files(const SweepSpec& s);

// Removes results.jsonl and summary.csv, so that a sweep stopped before it gathers leaves none
// that look complete.
void forget_gathered(const SweepSpec& s);
// --fresh: every point's result file goes (only regular files: anything else in points/ stays).
void forget_points(const SweepSpec& s);
// Writes results.jsonl and summary.csv; throws SweepError if a point is still to run.
SweepTally gather(const SweepSpec& s);

}  // namespace kncsim
