#!/usr/bin/env python3
"""Start-up cost of linking GtkHUD. Three builds of one small program (gtk_init,
a 400x300 window, the end of its first painted frame; it then prints its CPU
time since exec and its resident set): gtkhud-startup-bare (GTK and libadwaita),
-foundation (also linking Foundation, which GtkHUD's default FoundationInterop
trait links) and -linked (linking GtkHUD; with --prepare it also makes an app's
first GtkHUD call, an HUDOverlay, which parses GtkHUD's stylesheet), the last
also built without default traits ($GTKHUD_BENCH_LEAN_PROBE: no Foundation). They run in turns, `runs` times each after
one uncounted round; the figures are differences of medians.

usage: startup.py BINDIR RUNS"""
import os
import statistics
import subprocess
import sys
import time

bindir, runs = sys.argv[1], int(sys.argv[2])
# GtkHUD is a library for libadwaita apps (it links libadwaita and uses its
# style manager): the goal figures compare programs that call adw_init; the
# "gtk" pair shows the cost for a plain GTK app, where GtkHUD's first call also
# starts libadwaita's style manager (its stylesheet).
variants = {
    "bare": [os.path.join(bindir, "BenchStartupBare"), "--adw"],
    "foundation": [os.path.join(bindir, "BenchStartupFoundation"), "--adw"],
    "linked": [os.path.join(bindir, "BenchStartupLinked"), "--adw"],
    "prepared": [os.path.join(bindir, "BenchStartupLinked"), "--adw", "--prepare"],
    "gtk_bare": [os.path.join(bindir, "BenchStartupBare")],
    "gtk_prepared": [os.path.join(bindir, "BenchStartupLinked"), "--prepare"],
    # Linking GtkHUD built without its FoundationInterop trait (scripts/bench builds it): no Foundation at all.
    "lean_prepared": [os.environ.get("GTKHUD_BENCH_LEAN_PROBE", os.path.join(bindir, "BenchStartupLinked")), "--adw", "--prepare"],
}
keys = ["startup_cpu_ms", "startup_main_cpu_ms", "startup_frame_cpu_ms", "startup_first_call_cpu_ms", "startup_rss_kib", "startup_rss_anon_kib", "startup_rss_file_kib", "wall_ms"]
samples = {name: {key: [] for key in keys} for name in variants}
for index in range(runs + 1):  # the first round warms the page cache and is not counted
    order = list(variants.items())
    for name, command in (order if index % 2 == 0 else reversed(order)):
        start = time.monotonic()
        out = subprocess.run(command, capture_output=True, text=True, timeout=60)
        wall = (time.monotonic() - start) * 1000
        if out.returncode != 0:
            print(f"[bench] startup: {' '.join(command)} exited {out.returncode}: {out.stderr.strip()[-400:]}", file=sys.stderr)
            sys.exit(1)
        if index == 0:
            continue
        values = dict(line.split(": ") for line in out.stdout.splitlines() if ": " in line)
        values["wall_ms"] = wall
        for key in keys:
            samples[name][key].append(float(values.get(key, 0)))

med = {name: {key: statistics.median(v) for key, v in figures.items()} for name, figures in samples.items()}
for name in variants:
    m = med[name]
    print(f"[bench] startup {name}: {m['startup_cpu_ms']:.1f} ms CPU, {m['startup_rss_kib']:.0f} KiB resident, "
          f"{m['wall_ms']:.0f} ms wall (medians of {runs})", file=sys.stderr)
bare, foundation, linked, prepared, gtk_bare, gtk_prepared, lean = (med[k] for k in variants)
if "GTKHUD_BENCH_LEAN_PROBE" not in os.environ:
    print("[bench] startup: GTKHUD_BENCH_LEAN_PROBE is not set; the lean figures measure the default build", file=sys.stderr)
# A whole process's CPU time varies by +-15 ms from run to run on this machine
# (page faults, caches, the other load), far more than the goal, so the CPU
# figure adds up its phases, each measured inside the process: CPU time at the
# first statement of main (exec, dynamic loader, constructors), the first
# GtkHUD call, and the window's first frame (GTK now also matches GtkHUD's
# stylesheet).
def delta(a, b, key):
    return a[key] - b[key]
# A phase whose median difference comes out negative (noise: the first frame
# with the GL renderer varies by +-10 ms) counts as 0 in the goal figure, so
# noise can make it worse but never better than the phases that did cost.
load = delta(prepared, bare, "startup_main_cpu_ms")
first_call = prepared["startup_first_call_cpu_ms"]
frame = delta(prepared, bare, "startup_frame_cpu_ms")
def positive(value):
    return max(0.0, value)
figures = {
    "startup_bare_cpu_ms": bare["startup_cpu_ms"],
    "startup_bare_rss_kib": bare["startup_rss_kib"],
    # The goal figures: a libadwaita app that links GtkHUD and makes its first call, against the same app without GtkHUD.
    "startup_cpu_ms_delta": positive(load) + positive(first_call) + positive(frame),
    "startup_rss_kib_delta": delta(prepared, bare, "startup_rss_kib"),
    # Their parts.
    "startup_load_cpu_ms_delta": load,
    "startup_foundation_load_cpu_ms_delta": delta(foundation, bare, "startup_main_cpu_ms"),
    "startup_gtkhud_load_cpu_ms_delta": delta(linked, foundation, "startup_main_cpu_ms"),
    "startup_first_call_cpu_ms": first_call,
    "startup_first_frame_cpu_ms_delta": frame,
    "startup_foundation_rss_kib_delta": delta(foundation, bare, "startup_rss_kib"),
    "startup_gtkhud_rss_kib_delta": delta(prepared, foundation, "startup_rss_kib"),
    # Of which: heap and other private memory, and pages of mapped files (code, data: shared, clean).
    "startup_gtkhud_rss_anon_kib_delta": delta(prepared, foundation, "startup_rss_anon_kib"),
    "startup_gtkhud_rss_file_kib_delta": delta(prepared, foundation, "startup_rss_file_kib"),
    "startup_rss_anon_kib_delta": delta(prepared, bare, "startup_rss_anon_kib"),
    # Without Foundation (an app written in Swift usually loads it anyway): GtkHUD's own cost.
    "startup_own_cpu_ms_delta": positive(delta(prepared, foundation, "startup_main_cpu_ms")) + positive(first_call)
                                + positive(delta(prepared, foundation, "startup_frame_cpu_ms")),
    # GtkHUD built without the FoundationInterop trait (it then links no Foundation), against the same app without GtkHUD.
    "startup_lean_cpu_ms_delta": positive(delta(lean, bare, "startup_main_cpu_ms")) + positive(lean["startup_first_call_cpu_ms"])
                                 + positive(delta(lean, bare, "startup_frame_cpu_ms")),
    "startup_lean_load_cpu_ms_delta": delta(lean, bare, "startup_main_cpu_ms"),
    "startup_lean_first_call_cpu_ms": lean["startup_first_call_cpu_ms"],
    "startup_lean_first_frame_cpu_ms_delta": delta(lean, bare, "startup_frame_cpu_ms"),
    "startup_lean_rss_kib_delta": delta(lean, bare, "startup_rss_kib"),
    "startup_lean_rss_anon_kib_delta": delta(lean, bare, "startup_rss_anon_kib"),
    "startup_lean_rss_file_kib_delta": delta(lean, bare, "startup_rss_file_kib"),
    # The whole processes' CPU time (noisy, see above).
    "startup_process_cpu_ms_delta": delta(prepared, bare, "startup_cpu_ms"),
    # A plain GTK app (no adw_init): GtkHUD's first call also starts libadwaita's style manager and stylesheet.
    "startup_gtk_app_cpu_ms_delta": positive(delta(gtk_prepared, gtk_bare, "startup_main_cpu_ms"))
                                    + positive(gtk_prepared["startup_first_call_cpu_ms"])
                                    + positive(delta(gtk_prepared, gtk_bare, "startup_frame_cpu_ms")),
    "startup_gtk_app_rss_kib_delta": delta(gtk_prepared, gtk_bare, "startup_rss_kib"),
}
for name, value in figures.items():
    print(f"{name}: {value:.0f}" if name.endswith("kib") or name.endswith("kib_delta") else f"{name}: {value:.2f}")
