#!/usr/bin/env python3
"""Checks gtkhud-bench figures (`name: value` lines in the file $1) against the
goals of issue #7; prints a summary and exits 1 when a goal is missed or a
figure is missing."""
import re
import sys

figures = {}
for line in open(sys.argv[1]):
    match = re.match(r"^([a-z_]+): (-?[\d.]+|nan|inf)\s*$", line.strip())
    if match:
        figures[match.group(1)] = float(match.group(2))

frame = figures.get("frame_interval_ms", 1000 / 60)
GOALS = [  # name, test, goal as text
    ("spinner_cpu_per_frame_ratio", lambda v: v <= 1.0, "<= 1.0"),
    ("spinner_instructions_per_frame_ratio", lambda v: v <= 1.0, "<= 1.0"),
    ("progress_updates_per_sec", lambda v: v >= 10_000_000, ">= 10,000,000"),
    ("redraws_per_frame", lambda v: v <= 1.0, "<= 1.0"),
    ("progress_vs_idle_add_ratio", lambda v: v >= 100, ">= 100"),
    ("show_to_first_frame_ms", lambda v: v <= frame, f"<= {frame:.1f} (one frame)"),
    ("banner_show_to_first_frame_ms", lambda v: v <= frame, f"<= {frame:.1f} (one frame)"),
    ("show_to_first_frame_vs_adwtoast_ratio", lambda v: v <= 1.0, "<= 1.0"),
    ("banner_show_to_first_frame_vs_adwtoast_ratio", lambda v: v <= 1.0, "<= 1.0"),
    ("settled_frames_per_sec", lambda v: v == 0, "0"),
    ("banner_settled_frames_per_sec", lambda v: v == 0, "0"),
    ("cycle_rss_growth_kib", lambda v: v <= 256, "<= 256"),
    ("live_objects_after", lambda v: v == 0, "0"),
    ("leak_definitely_lost_blocks_gtkhud", lambda v: v == 0, "0"),
]
missed = 0
print("[bench] goals:")
for name, test, goal in GOALS:
    if name not in figures:
        if name.startswith("leak_") or name == "spinner_instructions_per_frame_ratio":
            print(f"[bench]   {name}: not measured in this run (goal {goal})")
            continue
        print(f"[bench]   MISSING {name} (goal {goal})")
        missed += 1
        continue
    ok = test(figures[name])
    missed += 0 if ok else 1
    print(f"[bench]   {'met    ' if ok else 'MISSED '} {name} = {figures[name]:g} (goal {goal})")
print(f"[bench] {'every goal met' if missed == 0 else f'{missed} goal(s) missed'}")
sys.exit(1 if missed else 0)
