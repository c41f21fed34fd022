#!/usr/bin/python3
"""Every script under scripts/ runs with the interpreter that has its libraries, whatever PATH
says: on a machine whose first python3 on PATH is not Debian's (pyenv, a virtualenv), the
scripts must not pick that one up, which lacks matplotlib. The test puts a python3 without
site-packages (so without matplotlib) first on PATH, checks that it really lacks matplotlib,
then runs each executable script's --help, and the README tour's plot command on a small curve.

    tests/scripts/interpreter_test.py --kncsim BIN
"""
import argparse
import json
import os
import pathlib
import stat
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
SCRIPTS = ROOT / "scripts"
KNCSIM = None


class ScriptsUseTheirInterpreter(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="interpreter_test_")
        shim = pathlib.Path(cls.tmp.name) / "bin"
        shim.mkdir()
        python = shim / "python3"
        python.write_text('#!/bin/sh\nexec /usr/bin/python3 -S "$@"\n')  # -S: no site-packages
        python.chmod(python.stat().st_mode | stat.S_IXUSR)
        cls.env = dict(os.environ, PATH=f"{shim}{os.pathsep}{os.environ.get('PATH', '')}")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_shimmed(self, *cmd, cwd=None):
        return subprocess.run(list(cmd), env=self.env, cwd=cwd, capture_output=True, text=True, timeout=120)

    def test_the_first_python3_lacks_matplotlib(self):
        r = self.run_shimmed("python3", "-c", "import matplotlib")
        self.assertNotEqual(r.returncode, 0, "the shim's python3 imports matplotlib: the test proves nothing")

    def test_every_script_runs_with_its_own_interpreter(self):
        scripts = [p for p in sorted(SCRIPTS.glob("*.py")) if os.access(p, os.X_OK)]
        self.assertGreater(len(scripts), 10)
        for path in scripts:
            with self.subTest(script=path.name):
                self.assertTrue(path.read_text().startswith("#!/usr/bin/python3\n"),
                                f"{path.name}: its first line must be #!/usr/bin/python3")
                r = self.run_shimmed(str(path), "--help")
                self.assertEqual(r.returncode, 0, f"{path.name} --help:\n{r.stderr}")

    def test_the_readme_tours_plot_command(self):
        # The tour: kncsim sweep ... then scripts/plot.py curve curve/results.jsonl --out curve.
        work = pathlib.Path(self.tmp.name) / "tour"
        (work / "curve").mkdir(parents=True)
        lines = []
        for i, load in enumerate((0.2, 0.4)):
            out = subprocess.run([KNCSIM, "run", "--json", "-", "--set", "network.radix=4", "--set",
                                  f"traffic.load={load}", "--set", "run.statistics=basic"],
                                 check=True, capture_output=True, text=True).stdout
            lines.append(json.dumps({"point": i, "task": i, "params": {"traffic.load": load}, "seed": None,
                                     "status": "done", "result": json.loads(out)}))
        (work / "curve" / "results.jsonl").write_text("\n".join(lines) + "\n")
        r = self.run_shimmed(str(SCRIPTS / "plot.py"), "curve", "curve/results.jsonl", "--out", "curve", cwd=work)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue((work / "curve.png").is_file() and (work / "curve.svg").is_file())


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kncsim", required=True)
    args, rest = ap.parse_known_args()
    KNCSIM = args.kncsim
    unittest.main(argv=[sys.argv[0]] + rest)
