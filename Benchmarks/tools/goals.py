#!/usr/bin/env python3
"""Checks gtkhud-bench figures against the goals of issues #14 and #21 (and those
kept from #7). $1 is a file of `renderer.name: value` lines; the other arguments
name the renderers that were run (default: cairo default). Prints, per
renderer and goal: the ratio (or figure), what it is made of, the goal, and
pass/MISS (n/a where this platform lacks the anchor, e.g. AdwSpinner before
libadwaita 1.6); exits 1 when a goal is missed or a figure is missing."""
import re
import sys

figures = {}
for line in open(sys.argv[1]):
    match = re.match(r"^([a-z]+)\.([a-z_0-9]+): (-?[\d.]+|-?nan|-?inf)\s*$", line.strip())
    if match:
        figures.setdefault(match.group(1), {})[match.group(2)] = float(match.group(3))
renderers = sys.argv[2:] or ["cairo", "default"]


def at_most(limit):
    return (lambda v: v <= limit), f"<= {limit:g}"


def at_least(limit):
    return (lambda v: v >= limit), f">= {limit:g}"


def exactly(value):
    return (lambda v: v == value), f"== {value:g}"


# name, (test, goal text), what the figure is made of (figure names shown beside it), optional
GOALS = [
    ("spinner_system_cpu_per_frame_ratio", at_most(0.5),
     "HUD {spinner_hud_app_cpu_ms_per_frame:.3f}+X {spinner_hud_xserver_cpu_ms_per_frame:.3f} ms vs "
     "GtkSpinner {spinner_gtk_app_cpu_ms_per_frame:.3f}+X {spinner_gtk_xserver_cpu_ms_per_frame:.3f} ms CPU/frame; "
     "floor (a square recoloured each frame) {spinner_floor_vs_gtkspinner_system_cpu_per_frame_ratio:.2f}x", False),
    ("spinner_vs_adwspinner_system_cpu_per_frame_ratio", at_most(1.0),
     "HUD vs 38 px AdwSpinner {spinner_adw_app_cpu_ms_per_frame:.3f}+X {spinner_adw_xserver_cpu_ms_per_frame:.3f} ms CPU/frame; "
     "vs 32 px AdwSpinner {spinner_vs_adwspinner32_system_cpu_per_frame_ratio:.2f}x", False),
    ("native_system_cpu_per_frame_ratio", at_most(1.1),
     ".native HUD {spinner_native_app_cpu_ms_per_frame:.3f}+X {spinner_native_xserver_cpu_ms_per_frame:.3f} ms vs "
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
     "ProgressHUD.show {show_to_first_frame_ms:.2f} ms vs AdwToast {adwtoast_show_to_first_frame_ms:.2f} ms", False),
    ("banner_show_to_first_frame_vs_adwtoast_ratio", at_most(0.8),
     "banner {banner_show_to_first_frame_ms:.2f} ms vs AdwToast {adwtoast_show_to_first_frame_ms:.2f} ms", False),
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

missed = 0
rows = []
for renderer in renderers:
    values = figures.get(renderer, {})
    for name, (test, goal), detail, optional in GOALS:
        if name not in values:
            if optional:
                continue
            if name in NOT_APPLICABLE and values.get(NOT_APPLICABLE[name][0]) == 0:
                rows.append((renderer, name, "n/a", NOT_APPLICABLE[name][1], goal, "n/a"))
                continue
            rows.append((renderer, name, "MISSING", "", goal, "MISS"))
            missed += 1
            continue
        value = values[name]
        ok = test(value)
        # A figure whose noise is wider than its goal cannot pass: it is unsure (and counts as missed).
        unsure = ok and name in UNCERTAINTY and values.get(UNCERTAINTY[name], 0) > LIMITS[name]
        missed += 0 if ok and not unsure else 1
        try:
            text = detail.format(**values)
        except (KeyError, ValueError):
            text = ""
        rows.append((renderer, name, f"{value:g}", text, goal, "UNSURE" if unsure else "pass" if ok else "MISS"))

widths = [max(len(row[i]) for row in rows) for i in range(6)] if rows else [0] * 6
print("[bench] goals (figure: ratio or value | made of | goal | result):")
for row in rows:
    renderer, name, value, detail, goal, result = row
    print(f"[bench]   {result:6}  {renderer:7}  {name:{widths[1]}}  {value:>{widths[2]}}  {goal:>8}   {detail}")
print(f"[bench] {'every goal met' if missed == 0 else f'{missed} goal(s) missed'}")
sys.exit(1 if missed else 0)
