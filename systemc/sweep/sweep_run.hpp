#pragma once
// Running a sweep's tasks: one in this process (what every pool worker and every Slurm array
// task does), all of them on a local process pool, or all as one Slurm job array. Points with
// a result file already are never run again; each backend ends by gathering the results.
#include <string>

#include "sweep/sweep_spec.hpp"

namespace kncsim {

struct SweepOptions {
  int jobs = 1;          // local pool size
  bool quiet = false;    // no progress display
  std::string self;      // the kncsim executable, for the workers
};

// Runs task `t`'s points in order (a load series stops at its first saturated point). Returns
// the process exit status: 0, or 128 + signal if interrupted (the point under way is not kept).
int run_sweep_task(const SweepSpec& s, int t);
// Runs one point if it is still to run (a point above its series' saturated one is marked
// skipped instead). The local pool's workers do this: a load series' points run side by side.
int run_sweep_point(const SweepSpec& s, int index);

// Every missing point, on `jobs` worker processes, a load series' points in load order; when
// one saturates, the series' points above it are stopped and skipped. Then gathers. Returns
// the exit status.
int run_sweep_local(const SweepSpec& s, const SweepOptions& o);

// The same as one Slurm job array (sbatch --array, one array task per sweep task), waiting for
// it to end; then gathers. Throws SweepError before submitting if sbatch cannot be run.
void check_slurm_available();
int run_sweep_slurm(const SweepSpec& s, const SweepOptions& o);

// Gathers and prints the closing line; the exit status (1 if a point failed).
int finish_sweep(const SweepSpec& s, int ran_points, double seconds);

}  // namespace kncsim
