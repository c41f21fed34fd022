"""What the paper-figure study scripts share: their options, their runs on every core with a
progress bar (or one `kncsim sweep`), and the paper's conclusions printed as checked (the exit
status says whether all hold)."""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

from tqdm import tqdm

import kncsim_output


def study_options(doc, json_help=None, sweep=False):
    """The options every study takes: --kncsim, --plot and (given its help) --json; a sweep's also
    -j, --fresh and --out. The caller adds its own, then calls parse_study_options."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    if sweep:
        ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
        ap.add_argument("--fresh", action="store_true", help="run every point again")
        ap.add_argument("--out", metavar="DIR", help="the sweep's directory (default: tb/sweeps/ beside its file)")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    if json_help:
        ap.add_argument("--json", metavar="PATH", help=json_help)
    return ap


def parse_study_options(ap):
    """The options, with --kncsim checked to be a program."""
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    return a


def run_sweep(a, sweep_file, out_dir):
    """`kncsim sweep` of sweep_file into out_dir with the options' -j and --fresh (it resumes
    otherwise); prints its wall time."""
    t0 = time.monotonic()
    subprocess.run([a.kncsim, "sweep", str(sweep_file), "-j", str(a.jobs), "--out", str(out_dir)]
                   + (["--fresh"] if a.fresh else []), check=False)
    print(f"sweep: {time.monotonic() - t0:.0f} s")


def run_all(calls):
    """calls: {key: (function, *args)}; returns {key: function(*args)}, run on every core."""
    out = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {pool.submit(fn, *args): key for key, (fn, *args) in calls.items()}
        for f in tqdm(concurrent.futures.as_completed(futures), total=len(futures), desc="runs", file=sys.stderr):
            out[futures[f]] = f.result()
    return out


def report(held, title="the paper's conclusions"):
    """held: [(text, holds)]; prints them and returns the exit status (0: all hold)."""
    print(f"\n{title}:")
    for text, ok in held:
        print(f"  [{'holds' if ok else 'FAILS'}] {text}")
    return 0 if all(ok for _, ok in held) else 1


def write_study_json(path, data, held):
    """The study's figures (a dict) and its checked conclusions [(text, holds)] as JSON at path."""
    kncsim_output.write_json(path, {**data, "conclusions": [{"text": t, "holds": ok} for t, ok in held]})


def pyplot():
    """matplotlib's pyplot, drawing to files only (no display needed)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save_study_figure(fig, title, path):
    """The figure's title, its layout, and the file (PNG or SVG) it is written to."""
    fig.suptitle(title)
    fig.tight_layout()
    kncsim_output.save_figure(fig, path, dpi=110)
    print(f"plot: {path}")
