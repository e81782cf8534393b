#!/usr/bin/env python3
"""Start-up cost of linking GtkHUD. Three builds of one small program (gtk_init,
a 400x300 window, the end of its first painted frame; it then prints its CPU
time since exec and its resident set): gtkhud-startup-bare (GTK and libadwaita),
-foundation (also linking Foundation, which GtkHUD links) and -linked (linking
GtkHUD; with --prepare it also makes an app's first GtkHUD call, an HUDOverlay,
which parses GtkHUD's stylesheet). They run in turns, `runs` times each after
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
}
keys = ["startup_cpu_ms", "startup_rss_kib", "startup_first_call_cpu_ms", "wall_ms"]
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
bare, foundation, linked, prepared, gtk_bare, gtk_prepared = (med[k] for k in variants)
print(f"startup_bare_cpu_ms: {bare['startup_cpu_ms']:.2f}")
print(f"startup_bare_rss_kib: {bare['startup_rss_kib']:.0f}")
# The goal figures: an app that links GtkHUD and makes its first call, against the same app without GtkHUD.
print(f"startup_cpu_ms_delta: {prepared['startup_cpu_ms'] - bare['startup_cpu_ms']:.2f}")
print(f"startup_rss_kib_delta: {prepared['startup_rss_kib'] - bare['startup_rss_kib']:.0f}")
# Their parts: loading Foundation; GtkHUD's own load-time work; its first call (stylesheet).
print(f"startup_foundation_cpu_ms_delta: {foundation['startup_cpu_ms'] - bare['startup_cpu_ms']:.2f}")
print(f"startup_foundation_rss_kib_delta: {foundation['startup_rss_kib'] - bare['startup_rss_kib']:.0f}")
print(f"startup_load_cpu_ms_delta: {linked['startup_cpu_ms'] - foundation['startup_cpu_ms']:.2f}")
print(f"startup_load_rss_kib_delta: {linked['startup_rss_kib'] - foundation['startup_rss_kib']:.0f}")
print(f"startup_first_call_cpu_ms_delta: {prepared['startup_cpu_ms'] - linked['startup_cpu_ms']:.2f}")
print(f"startup_first_call_rss_kib_delta: {prepared['startup_rss_kib'] - linked['startup_rss_kib']:.0f}")
print(f"startup_first_call_inside_cpu_ms: {prepared['startup_first_call_cpu_ms']:.2f}")
# Without Foundation's share (apps written in Swift usually load it anyway): GtkHUD's own cost.
print(f"startup_own_cpu_ms_delta: {prepared['startup_cpu_ms'] - foundation['startup_cpu_ms']:.2f}")
print(f"startup_own_rss_kib_delta: {prepared['startup_rss_kib'] - foundation['startup_rss_kib']:.0f}")
# A plain GTK app (no adw_init): everything GtkHUD brings, libadwaita's stylesheet included.
print(f"startup_gtk_app_cpu_ms_delta: {gtk_prepared['startup_cpu_ms'] - gtk_bare['startup_cpu_ms']:.2f}")
print(f"startup_gtk_app_rss_kib_delta: {gtk_prepared['startup_rss_kib'] - gtk_bare['startup_rss_kib']:.0f}")
