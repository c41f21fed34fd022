"""Runs `kncsim run` (or another command with --json, e.g. contention) with --set keys and returns
its JSON result (for the study scripts)."""
import json
import subprocess


def run_kncsim(kncsim, sets, command="run"):
    """sets: {key: value}; raises CalledProcessError (with kncsim's stderr) if the run fails."""
    args = [kncsim, command, "--json", "-"] + (["--quiet"] if command == "run" else [])
    for k, v in sets.items():
        args += ["--set", f"{k}={v}"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)
