"""What Scott & Goodman's latency-against-dimensionality studies (Figs. 11 and 12) share: one
`kncsim analytic --optimize` per setting on the N = 4096 ring network, its continuous curves for
PipeMax (every wire the longest's delay: the paper's parts a, b) and PipeAvg (mean wires: c, d)
under constant link width (a, c) and constant node size (b, d), and the four-panel figure."""
from kncsim_json import run_kncsim

CONFIG = "tb/experiments/sci-4096-rings.yaml"
PANELS = [  # (title, constraint, variant)
    ("(a) max wire lengths, constant link width", "link_width", "pipelined_max"),
    ("(b) max wire lengths, constant node size", "node_size", "pipelined_max"),
    ("(c) mean wire lengths, constant link width", "link_width", "pipelined"),
    ("(d) mean wire lengths, constant node size", "node_size", "pipelined"),
]


def optimize(kncsim, sets, bits=None):
    """The --optimize report of the 4096-node network with `sets` (and --bits, if given)."""
    flags = ["--optimize"] + (["--bits", ",".join(str(b) for b in bits)] if bits else [])
    return run_kncsim(kncsim, sets, command="analytic", config=CONFIG, flags=flags)


def panel(report, constraint, variant):
    """(curve [(n, latency)], continuous optimum n) of one panel."""
    o = report["constraints"][constraint][variant]
    return [(p["dims"], p["latency_cycles"]) for p in o["curve"]], o["continuous"]["dims"]


def plot(series, title, ylabel, path):
    """series: {panel index: [(label, curve, optimum n)]}; one panel per PANELS entry."""
    from study_runs import pyplot, save_study_figure
    plt = pyplot()
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), sharex=True)
    for i, (ptitle, _, _) in enumerate(PANELS):
        ax = axes[i // 2][i % 2]
        for label, curve, best in series[i]:
            line, = ax.plot([n for n, _ in curve], [y for _, y in curve], label=label)
            ax.plot([best], [min(y for _, y in curve)], "o", color=line.get_color(), ms=4)
        ax.set_title(ptitle, fontsize=10)
        ax.set_yscale("log")
        ax.grid(True, alpha=0.3)
        if i >= 2:
            ax.set_xlabel("dimensionality n (N = 4096, k = N^(1/n))")
        if i % 2 == 0:
            ax.set_ylabel(ylabel)
    axes[0][0].legend(fontsize=8)
    save_study_figure(fig, title, path)


def study(doc, values, name, sets, bits, scale, conclusions, title, ylabel):
    """One latency-against-n study: a run per value v (sets(v), bits(v)), the optimal n per panel
    printed, conclusions(best) checked, where best[(panel, v)] is that optimum; --plot draws the
    curves, each latency scaled by scale(v, latency). Exits with report()'s status."""
    import sys
    from study_runs import parse_study_options, report, run_all, study_options
    a = parse_study_options(study_options(doc))
    reports = run_all({v: (optimize, a.kncsim, sets(v), bits(v)) for v in values})
    series, best = {}, {}
    print(f"optimal n (continuous) against {name}")
    print(f"{'panel':<46} " + " ".join(f"{name}={v:<6g}" for v in values))
    for i, (ptitle, c, variant) in enumerate(PANELS):
        series[i] = []
        for v in values:
            curve, n = panel(reports[v], c, variant)
            series[i].append((f"{name} = {v:g}", [(x, scale(v, y)) for x, y in curve], n))
            best[(i, v)] = n
        print(f"{ptitle:<46} " + " ".join(f"{best[(i, v)]:<8.2f}" for v in values))
    status = report(conclusions(best))
    if a.plot:
        plot(series, title, ylabel, a.plot)
    sys.exit(status)
