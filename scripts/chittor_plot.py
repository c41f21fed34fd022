"""The node-traffic figure of Chittor's studies (chittor_saturation_study.py and
chittor_closed_loop_saturation.py): per pattern, actual against applied node traffic for the
average and the worst node, with the saturation bounds as dashed lines."""
import kncsim_output


def node_traffic_figure(panels, title, stem):
    """panels: [{"title", "mean": (x, y), "worst": (x, y), "bounds": [(value, colour, label)]}];
    writes STEM.png and STEM.svg and prints their names."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4.8), squeeze=False)
    for ax, p in zip(axes[0], panels):
        xs = list(p["mean"][0]) + list(p["worst"][0])
        top_x = max(xs) * 1.05
        ax.plot([0, top_x], [0, top_x], color="lightgrey", lw=1, label="actual = applied")
        ax.plot(*p["mean"], "o-", color="tab:blue", label="average node")
        ax.plot(*p["worst"], "s-", color="tab:red", label="worst node")
        for value, colour, label in p["bounds"]:
            ax.axhline(value, color=colour, ls="--", lw=1, label=label)
        ax.set_xlim(0, top_x)
        ax.set_ylim(0, max(list(p["mean"][1]) + [b[0] for b in p["bounds"]]) * 1.3)
        ax.set_xlabel("applied node traffic (flits per node-cycle)")
        ax.set_ylabel("actual node traffic (flits per node-cycle)")
        ax.set_title(p["title"], fontsize=10)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc=p.get("legend", "lower right"))
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    for ext in ("png", "svg"):
        kncsim_output.save_figure(fig, f"{stem}.{ext}", dpi=110)
        print(f"{stem}.{ext}")
