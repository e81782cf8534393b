#!/usr/bin/env python3
"""Checks gtkhud-bench figures against the goals of issues #14, #21 and #28 (and
those kept from #7), over one or more runs.

usage: goals.py [--renderers "cairo default"] [--once FILE] RUN [RUN...]
       goals.py --summary RUN [RUN...]

Each file holds `renderer.name: value` lines; every RUN file is one run (one set
of processes, each subject beside its anchors); the --once file holds the
figures taken once whatever the number of runs (callgrind's instruction counts,
which do not move with the machine's load, and memcheck's leaks).

Default: the goal table on stdout, per renderer and goal: the figure's range
over the runs and each run's value, the goal, and whether it is met in every
run, missed in every run (MISSED) or in some (MISSED k/N), with by how much at
worst and at best; n/a where this platform lacks the anchor (AdwSpinner before
libadwaita 1.6). Exits 1 when a goal is not met in every run or a figure is
missing from a run.

--summary: one `renderer.name: median` line per figure (the median run's value
as printed; for two runs the mean of both), and where there is more than one
run a `renderer.name.runs: v1 v2 v3 (min–max)` line after it."""
import re
import statistics
import sys

# `renderer.name: value`; a name may hold dots (`cairo.burst.banner_fps`).
LINE = re.compile(r"^([a-z]+)\.([a-z_0-9.]+): (-?[\d.]+|-?nan|-?inf)\s*$")


def read_runs(paths):
    """Per run: {renderer: {name: (value, text)}}."""
    runs = []
    for path in paths:
        run = {}
        with open(path) as lines:
            for line in lines:
                match = LINE.match(line.strip())
                if match:
                    run.setdefault(match.group(1), {})[match.group(2)] = (float(match.group(3)), match.group(3))
        runs.append(run)
    return runs


def values_of(runs, renderer, name):
    """(value, text) of each run that has the figure, in run order (runs[0] may be the figures taken once)."""
    return [run[renderer][name] for run in runs if name in run.get(renderer, {})]


def median_of(pairs):
    """The median run's (value, text): the middle one of an odd count, the mean of the two middle ones otherwise."""
    ordered = sorted(pairs, key=lambda pair: pair[0])
    if len(ordered) % 2 == 1:
        return ordered[len(ordered) // 2]
    low, high = ordered[len(ordered) // 2 - 1], ordered[len(ordered) // 2]
    decimals = max(len(text.split(".")[1]) if "." in text else 0 for _, text in (low, high))
    value = (low[0] + high[0]) / 2
    return value, f"{value:.{decimals}f}"


def range_text(pairs):
    if len(pairs) == 1:
        return pairs[0][1]
    low = min(pairs, key=lambda pair: pair[0])[1]
    high = max(pairs, key=lambda pair: pair[0])[1]
    return f"{low}–{high}" if low != high else low


def summary(runs):
    """Prints the median line (and each run's values) of every figure, in the order first seen."""
    order = []
    for run in runs:
        for renderer, figures in run.items():
            for name in figures:
                if (renderer, name) not in order:
                    order.append((renderer, name))
    for renderer, name in order:
        pairs = values_of(runs, renderer, name)
        print(f"{renderer}.{name}: {median_of(pairs)[1]}")
        if len(runs) > 1:
            print(f"{renderer}.{name}.runs: {' '.join(text for _, text in pairs)} ({range_text(pairs)})")


class Goal:
    """A test of one value, and how far a value lies from meeting it (0 when it does)."""

    def __init__(self, kind, limit):
        self.kind, self.limit = kind, limit
        self.text = {"at_most": "<=", "at_least": ">=", "exactly": "=="}[kind] + f" {limit:g}"

    def meets(self, value):
        return {"at_most": value <= self.limit, "at_least": value >= self.limit,
                "exactly": value == self.limit}[self.kind]

    def shortfall(self, value):
        if self.meets(value):
            return 0.0
        return abs(value - self.limit)

    def by_how_much(self, value):
        """`over by 0.26 (+23 %)`, `short by 4.1 (-41 %)` or `off by 2`."""
        gap = self.shortfall(value)
        word = {"at_most": "over", "at_least": "short", "exactly": "off"}[self.kind]
        sign = "-" if word == "short" else "+"
        share = f" ({sign}{gap / abs(self.limit):.0%})" if self.limit else ""
        amount = f"{gap:.0f}" if gap >= 100 else f"{gap:.3g}"
        return f"{word} by {amount}{share}"


def at_most(limit):
    return Goal("at_most", limit)


def at_least(limit):
    return Goal("at_least", limit)


def exactly(value):
    return Goal("exactly", value)


# name, goal, what the figure is made of (figure names shown beside it, from the
# median run), optional (absent where not measured). Issue #28's goals first.
GOALS = [
    ("spinner_vs_floor_system_cpu_per_frame_ratio", at_most(1.15),
     "#28: HUD vs the floor (a 38 px square recoloured each frame) {spinner_floor_app_cpu_ms_per_frame:.3f}+X "
     "{spinner_floor_xserver_cpu_ms_per_frame:.3f} ms CPU/frame", False),
    ("memory_per_hud_vs_adwtoast_ratio", at_most(1.0),
     "#28: first HUD in a window {memory_per_hud_kib:.0f} KiB vs first AdwToast {memory_per_adwtoast_kib:.0f} KiB", False),
    ("memory_per_banner_vs_adwtoast_ratio", at_most(1.0),
     "#28: first banner in a window {memory_per_banner_kib:.0f} KiB vs first AdwToast {memory_per_adwtoast_kib:.0f} KiB", False),
    ("spinner_system_cpu_per_frame_ratio", at_most(0.5),
     "HUD {spinner_hud_app_cpu_ms_per_frame:.3f}+X {spinner_hud_xserver_cpu_ms_per_frame:.3f} ms vs "
     "GtkSpinner {spinner_gtk_app_cpu_ms_per_frame:.3f}+X {spinner_gtk_xserver_cpu_ms_per_frame:.3f} ms CPU/frame; "
     "floor (a square recoloured each frame) {spinner_floor_vs_gtkspinner_system_cpu_per_frame_ratio:.2f}x", False),
    ("spinner_vs_adwspinner_system_cpu_per_frame_ratio", at_most(1.0),
     "#21, #28: HUD vs 38 px AdwSpinner {spinner_adw_app_cpu_ms_per_frame:.3f}+X {spinner_adw_xserver_cpu_ms_per_frame:.3f} ms CPU/frame; "
     "vs 32 px AdwSpinner {spinner_vs_adwspinner32_system_cpu_per_frame_ratio:.2f}x", False),
    ("native_system_cpu_per_frame_ratio", at_most(1.1),
     "#21, #28: .native HUD {spinner_native_app_cpu_ms_per_frame:.3f}+X {spinner_native_xserver_cpu_ms_per_frame:.3f} ms vs "
     "32 px GtkSpinner {spinner_gtk32_app_cpu_ms_per_frame:.3f}+X {spinner_gtk32_xserver_cpu_ms_per_frame:.3f} ms", False),
    ("progress_painted_vs_coalescing_idle_ratio", at_least(1.0),
     "{progress_painted_per_sec:.1f} vs {progress_coalescing_idle_painted_per_sec:.1f} values painted/s", False),
    ("progress_painted_vs_naive_idle_ratio", at_least(100),
     "{progress_painted_per_sec:.1f} vs {progress_naive_idle_painted_per_sec:.2f} values painted/s", False),
    ("progress_latency_frames_p90", at_most(2),
     "median {progress_latency_frames_median:.2f}, max {progress_latency_frames_max:.2f} frames", False),
    ("main_actor_job_latency_p99_frames", at_most(1),
     "p99 {main_actor_job_latency_p99_ms:.2f} ms, max {main_actor_job_latency_max_ms:.2f} ms", False),
    ("show_to_first_frame_vs_adwtoast_ratio", at_most(0.8),
     "#28: ProgressHUD.show {show_to_first_frame_ms:.2f} ms vs AdwToast {adwtoast_show_to_first_frame_ms:.2f} ms", False),
    ("banner_show_to_first_frame_vs_adwtoast_ratio", at_most(0.8),
     "#28: banner {banner_show_to_first_frame_ms:.2f} ms vs AdwToast {adwtoast_show_to_first_frame_ms:.2f} ms", False),
    ("startup_cpu_ms_delta", at_most(2),
     "default traits (Foundation linked): Foundation load {startup_foundation_load_cpu_ms_delta:+.2f}, GtkHUD load {startup_gtkhud_load_cpu_ms_delta:+.2f}, "
     "first call {startup_first_call_cpu_ms:.2f}, first frame {startup_first_frame_cpu_ms_delta:+.2f} ms; "
     "without Foundation {startup_own_cpu_ms_delta:.2f} ms", False),
    ("startup_rss_kib_delta", at_most(1024),
     "Foundation {startup_foundation_rss_kib_delta:+.0f}, GtkHUD {startup_gtkhud_rss_kib_delta:+.0f} KiB "
     "(private {startup_gtkhud_rss_anon_kib_delta:+.0f}, mapped files {startup_gtkhud_rss_file_kib_delta:+.0f}); "
     "private memory in all {startup_rss_anon_kib_delta:+.0f} KiB", False),
    ("startup_lean_cpu_ms_delta", at_most(2),
     "without the FoundationInterop trait: load {startup_lean_load_cpu_ms_delta:+.2f}, "
     "first call {startup_lean_first_call_cpu_ms:.2f}, first frame {startup_lean_first_frame_cpu_ms_delta:+.2f} ms", False),
    ("startup_lean_rss_kib_delta", at_most(1024),
     "without the FoundationInterop trait: private {startup_lean_rss_anon_kib_delta:+.0f}, "
     "mapped files {startup_lean_rss_file_kib_delta:+.0f} KiB", False),
    ("memory_per_hud_kib", at_most(200),
     "first HUD in a window; shown again {memory_per_hud_again_kib:.0f} KiB; first AdwToast {memory_per_adwtoast_kib:.0f} KiB", False),
    ("memory_per_banner_kib", at_most(200),
     "first banner in a window; shown again {memory_per_banner_again_kib:.0f} KiB; first AdwToast {memory_per_adwtoast_kib:.0f} KiB", False),
    ("settled_frames_per_sec", exactly(0), "AdwToast {adwtoast_settled_frames_per_sec:g}", False),
    ("banner_settled_frames_per_sec", exactly(0), "", False),
    ("cycle_rss_growth_kib", at_most(256), "per 10,000 HUD + banner cycles, +-{cycle_rss_growth_uncertainty_kib:.0f} KiB", False),
    ("live_objects_after", exactly(0), "", False),
    ("progress_posted_per_sec", at_least(10_000_000), "8 threads calling HUD.setProgress (kept from #7)", False),
    ("spinner_instructions_per_frame_ratio", at_most(1.0),
     "callgrind, kept from #7: {spinner_hud_instructions_per_frame:.0f} vs {spinner_gtk_instructions_per_frame:.0f}", True),
    ("spinner_vs_adwspinner_instructions_per_frame_ratio", at_most(1.0),
     "callgrind: {spinner_hud_instructions_per_frame:.0f} vs AdwSpinner {spinner_adw_instructions_per_frame:.0f}", True),
    ("leak_definitely_lost_blocks_gtkhud", exactly(0), "memcheck, 1,000 cycles", True),
]

# Goals whose anchor this platform may not have: when the figure named here is 0
# (the anchor is missing), the goal prints as n/a, with the reason, and is not counted.
NOT_APPLICABLE = {
    "spinner_vs_adwspinner_system_cpu_per_frame_ratio": ("spinner_adw_available", "n/a (libadwaita < 1.6)"),
}

# Figures that come with their own noise estimate, and the goal's limit it is compared with.
UNCERTAINTY = {"cycle_rss_growth_kib": "cycle_rss_growth_uncertainty_kib"}
LIMITS = {"cycle_rss_growth_kib": 256}


def judge(runs, taken_once, renderers):
    run_count = len(runs)
    runs = taken_once + runs
    missed = 0
    rows = []
    for renderer in renderers:
        for name, goal, detail, optional in GOALS:
            pairs = values_of(runs, renderer, name)
            # A figure taken once (callgrind, memcheck) has one value; the others one per run.
            expected = 1 if any(name in once.get(renderer, {}) for once in taken_once) else run_count
            if not pairs:
                if optional:
                    continue
                anchor = NOT_APPLICABLE.get(name)
                anchor_values = values_of(runs, renderer, anchor[0]) if anchor else []
                if anchor_values and all(value == 0 for value, _ in anchor_values):
                    rows.append((renderer, name, "n/a", goal.text, "n/a", anchor[1]))
                    continue
                rows.append((renderer, name, "MISSING", goal.text, "MISSING", ""))
                missed += 1
                continue
            values = [value for value, _ in pairs]
            # A figure whose noise is wider than its goal cannot pass: it is unsure (and counts as missed).
            noise = [value for value, _ in values_of(runs, renderer, UNCERTAINTY[name])] if name in UNCERTAINTY else []
            unsure = [name in UNCERTAINTY and index < len(noise) and noise[index] > LIMITS[name]
                      for index in range(len(values))]
            failing = [not goal.meets(value) or unsure[index] for index, value in enumerate(values)]
            shown = f"{range_text(pairs)}" + (f" ({' '.join(text for _, text in pairs)})" if len(pairs) > 1 else "")
            if len(pairs) < expected:
                result, how = "MISSING", f"in {expected - len(pairs)} of {expected} runs"
            elif not any(failing):
                result, how = "met", ""
            elif all(not goal.meets(value) for value in values):
                result = "MISSED"
                worst = max(values, key=goal.shortfall)
                best = min(values, key=goal.shortfall)
                how = goal.by_how_much(worst) + ("" if len(values) == 1 else f" at worst, {goal.by_how_much(best)} at best")
            elif all(goal.meets(value) for value in values):
                result, how = "UNSURE", "noise wider than the goal"
            else:
                result = f"MISSED {sum(failing)}/{len(values)}"
                worst = max(values, key=goal.shortfall)
                how = goal.by_how_much(worst) + f" at worst, met in {len(values) - sum(failing)} of {len(values)} runs"
            missed += 0 if result == "met" else 1
            medians = {key: median_of(values_of(runs, renderer, key))[0]
                       for key in {key for run in runs for key in run.get(renderer, {})}}
            try:
                text = detail.format(**medians)
            except (KeyError, ValueError):
                text = ""
            rows.append((renderer, name, shown, goal.text, result, "; ".join(part for part in (how, text) if part)))
    return rows, missed


def main(arguments):
    renderers = ["cairo", "default"]
    if arguments and arguments[0] == "--summary":
        summary(read_runs(arguments[1:]))
        return 0
    once = []
    while arguments and arguments[0] in ("--renderers", "--once"):
        if arguments[0] == "--renderers":
            renderers = arguments[1].split()
        else:
            once = read_runs(arguments[1:2])
        arguments = arguments[2:]
    runs = read_runs(arguments)
    rows, missed = judge(runs, once, renderers)
    count = len(runs)
    widths = [max((len(row[i]) for row in rows), default=0) for i in range(6)]
    print(f"[bench] goals over {count} run{'s' if count != 1 else ''} "
          "(result | renderer | figure | range (each run) | goal | by how much; made of, from the median run):")
    for renderer, name, shown, goal, result, detail in rows:
        print(f"[bench]   {result:{widths[4]}}  {renderer:7}  {name:{widths[1]}}  {shown:>{widths[2]}}  {goal:>8}   {detail}")
    print(f"[bench] {'every goal met in every run' if missed == 0 else f'{missed} goal(s) not met in every run'}")
    return 1 if missed else 0


sys.exit(main(sys.argv[1:]))
