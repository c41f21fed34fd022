"""What the paper-figure study scripts share: their runs on every core with a progress bar, and the
paper's conclusions printed as checked (the exit status says whether all hold)."""
import concurrent.futures
import os
import sys

from tqdm import tqdm

import kncsim_output


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


def save_study_figure(fig, title, path):
    """The figure's title, its layout, and the file (PNG or SVG) it is written to."""
    fig.suptitle(title)
    fig.tight_layout()
    kncsim_output.save_figure(fig, path, dpi=110)
    print(f"plot: {path}")
