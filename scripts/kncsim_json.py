"""Runs `kncsim run` (or another command with --json, e.g. contention) with --set keys and returns
its JSON result (for the study scripts)."""
import json
import subprocess


def run_kncsim(kncsim, sets, command="run", config=None, flags=()):
    """sets: {key: value}, over the experiment file `config` if given; flags: more command-line
    arguments (e.g. ["--optimize"]); raises CalledProcessError (with kncsim's stderr) if the run
    fails."""
    args = [kncsim, command] + ([str(config)] if config else []) + ["--json", "-"] + (["--quiet"] if command == "run" else [])
    args += list(flags)
    for k, v in sets.items():
        args += ["--set", f"{k}={v}"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return json.loads(out)
