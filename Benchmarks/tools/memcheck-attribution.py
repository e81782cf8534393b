#!/usr/bin/env python3
"""Reads a valgrind memcheck log and prints leak figures as `name: value` lines.

A definitely-lost block counts against GtkHUD when code of GtkHUD (Swift
modules GtkHUD, HUDWidgets, GtkSupport, HUDCore, or the C bridge) is among the
first frames of its allocation stack: it allocated the block (Swift objects,
closure boxes) or created the GObject that owns it. Blocks that fontconfig,
Mesa or the dynamic loader allocate deep inside GTK, with GtkHUD far down the
stack (a measure vfunc that made Pango load a font), are reported separately.
Attributed stacks are printed on stderr.
"""
import re
import sys

OURS = re.compile(r"\$s6GtkHUD|\$s10HUDWidgets|\$s10GtkSupport|\$s7HUDCore|"
                  r"/Sources/(GtkHUD|HUDWidgets|GtkSupport|HUDCore|CGtkHUDRuntime)/|\bgtkhud_")
TOP_FRAMES = 10  # frames looked at, counted from the allocator

blocks, current = [], None
for line in open(sys.argv[1], errors="replace"):
    match = re.match(r"==\d+== (.*)", line.rstrip("\n"))
    if not match:
        continue
    text = match.group(1)
    if "are definitely lost in loss record" in text:
        current = [text]
        blocks.append(current)
    elif current is not None:
        if text.strip():
            current.append(text)
        else:
            current = None

def count(header):
    found = re.search(r"in ([\d,]+) blocks", header)
    return int(found.group(1).replace(",", "")) if found else 1

ours = [b for b in blocks if any(OURS.search(frame) for frame in b[1:1 + TOP_FRAMES])]
for block in ours:
    print("\n".join(["[memcheck] GtkHUD leak:"] + block[:1 + TOP_FRAMES]), file=sys.stderr)
print(f"leak_definitely_lost_blocks_gtkhud: {sum(count(b[0]) for b in ours)}")
print(f"leak_definitely_lost_blocks_other_libraries: {sum(count(b[0]) for b in blocks) - sum(count(b[0]) for b in ours)}")
summary = re.findall(r"definitely lost: ([\d,]+) bytes in ([\d,]+) blocks", open(sys.argv[1], errors="replace").read())
if summary:
    print(f"leak_definitely_lost_bytes_total: {summary[-1][0].replace(',', '')}")
