#!/usr/bin/env bash
# Runs inside scripts/bench's headless session: $1 is the gtkhud-bench binary,
# then scripts/bench's options. Prints `name: value` lines, then the goals.
set -u
bin="$1"; shift
leaks=0 strict=0 quick=0
for option in "$@"; do
    case "$option" in
        --leaks) leaks=1 ;;
        --strict) strict=1 ;;
        --quick) quick=1 ;;
        *) echo "[bench] unknown option $option" >&2; exit 2 ;;
    esac
done
here="$(cd "$(dirname "$0")" && pwd)"
figures="$(mktemp)"
status=0

# In-process figures: spinner CPU, show to first frame, settled frames, cycles, progress.
"$bin" | tee -a "$figures" || status=1

# Instructions per frame (callgrind): repeatable where CPU time is not. Each
# subject paints a fixed number of frames; a run with --frames 0 (same set-up,
# no frames) is subtracted. The four runs go two at a time.
if [ "$quick" = 0 ]; then
    frames="${GTKHUD_BENCH_FRAMES:-60}"
    work="$(mktemp -d)"
    run_callgrind() { # mode frames
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --mode "$1" --frames "$2" \
            >"$work/$1.$2.log" 2>&1
        sed -n 's/.*Collected : \([0-9][0-9]*\).*/\1/p' "$work/$1.$2.log" | tail -n1 >"$work/$1.$2"
    }
    echo "[bench] callgrind: ${frames} frames of each spinner (about a minute)" >&2
    run_callgrind spinner-hud 0 & run_callgrind spinner-gtk 0 & wait
    run_callgrind spinner-hud "$frames" & run_callgrind spinner-gtk "$frames" & wait
    python3 - "$work" "$frames" <<'PY' | tee -a "$figures"
import sys, pathlib
work, frames = pathlib.Path(sys.argv[1]), int(sys.argv[2])
def count(name):
    text = (work / name).read_text().strip()
    return int(text) if text else None
values = {k: count(k) for k in ["spinner-hud.0", f"spinner-hud.{frames}", "spinner-gtk.0", f"spinner-gtk.{frames}"]}
if None in values.values():
    print("[bench] callgrind failed: " + ", ".join(k for k, v in values.items() if v is None), file=sys.stderr)
    sys.exit(0)
hud = (values[f"spinner-hud.{frames}"] - values["spinner-hud.0"]) / frames
gtk = (values[f"spinner-gtk.{frames}"] - values["spinner-gtk.0"]) / frames
print(f"spinner_hud_instructions_per_frame: {hud:.0f}")
print(f"spinner_gtk_instructions_per_frame: {gtk:.0f}")
print(f"spinner_instructions_per_frame_ratio: {hud / gtk:.3f}")
PY
    rm -rf "$work"
fi

# Leaks (valgrind memcheck): definitely-lost blocks whose allocation GtkHUD code made.
if [ "$leaks" = 1 ]; then
    "$here/tools/memcheck-leaks.sh" "$bin" 1000 | tee -a "$figures" || status=1
fi

python3 "$here/tools/goals.py" "$figures" >&2
goals=$?
rm -f "$figures"
if [ "$strict" = 1 ] && [ "$goals" != 0 ]; then status=1; fi
exit $status
