#!/usr/bin/env python3
"""Start-up cost of linking GtkHUD. Runs gtkhud-startup-bare (gtk_init, a
window, its first painted frame) and gtkhud-startup-linked (the same program
linking GtkHUD; with --prepare it also makes a first GtkHUD call, which parses
GtkHUD's stylesheet) in turns, `runs` times each; each run prints its CPU time
since exec and its resident set. Prints the medians' differences as figures.

usage: startup.py BARE LINKED RUNS"""
import statistics
import subprocess
import sys
import time

bare, linked, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
variants = {"bare": [bare], "linked": [linked], "prepared": [linked, "--prepare"]}
samples = {name: {"startup_cpu_ms": [], "startup_rss_kib": [], "wall_ms": []} for name in variants}
for index in range(runs + 1):  # the first round warms the page cache and is not counted
    for name, command in (variants.items() if index % 2 == 0 else reversed(list(variants.items()))):
        start = time.monotonic()
        out = subprocess.run(command, capture_output=True, text=True, timeout=60)
        wall = (time.monotonic() - start) * 1000
        if out.returncode != 0:
            print(f"[bench] startup: {' '.join(command)} exited {out.returncode}: {out.stderr.strip()[-400:]}", file=sys.stderr)
            sys.exit(1)
        if index == 0:
            continue
        values = dict(line.split(": ") for line in out.stdout.splitlines() if ": " in line)
        samples[name]["startup_cpu_ms"].append(float(values["startup_cpu_ms"]))
        samples[name]["startup_rss_kib"].append(float(values["startup_rss_kib"]))
        samples[name]["wall_ms"].append(wall)

med = {name: {key: statistics.median(v) for key, v in figures.items()} for name, figures in samples.items()}
for name in variants:
    m = med[name]
    print(f"[bench] startup {name}: {m['startup_cpu_ms']:.1f} ms CPU, {m['startup_rss_kib']:.0f} KiB resident, "
          f"{m['wall_ms']:.0f} ms wall (medians of {runs})", file=sys.stderr)
print(f"startup_bare_cpu_ms: {med['bare']['startup_cpu_ms']:.2f}")
print(f"startup_bare_rss_kib: {med['bare']['startup_rss_kib']:.0f}")
print(f"startup_linked_cpu_ms_delta: {med['linked']['startup_cpu_ms'] - med['bare']['startup_cpu_ms']:.2f}")
print(f"startup_linked_rss_kib_delta: {med['linked']['startup_rss_kib'] - med['bare']['startup_rss_kib']:.0f}")
print(f"startup_cpu_ms_delta: {med['prepared']['startup_cpu_ms'] - med['bare']['startup_cpu_ms']:.2f}")
print(f"startup_rss_kib_delta: {med['prepared']['startup_rss_kib'] - med['bare']['startup_rss_kib']:.0f}")
