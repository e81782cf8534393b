#!/usr/bin/env bash
# Runs inside scripts/bench's headless session: $1 is the gtkhud-bench binary,
# then scripts/bench's options. Runs every figure on each renderer (cairo, then
# GTK's default, GSK_RENDERER unset), prefixing each `name: value` line with
# the renderer (`cairo.`, `default.`), then checks the goals.
#
# --runs N (default 3, or 1 with --quick) does that N times. One run is one set
# of processes per renderer (gtkhud-bench, the start-up probes), each subject
# measured beside its anchors in it. With one run the figures stream to stdout
# as they come; with more, each run's lines go to stderr as they come
# (`[bench] run 2/3: cairo.name: value`) and stdout gets, per figure, the
# median run's `renderer.name: value` and `renderer.name.runs: v1 v2 v3
# (min–max)`. Callgrind's instruction counts and memcheck's leaks do not move
# with the machine's load: taken once, after the runs. The goal table judges
# each goal on every run's value (goals.py).
#
# pipefail: a benchmark that crashes (or exits non-zero) fails this script,
# also when its output goes through tee and sed.
set -uo pipefail
bin="$1"; shift
leaks=0 strict=0 quick=0 runs=""
while [ $# -gt 0 ]; do
    case "$1" in
        --leaks) leaks=1 ;;
        --strict) strict=1 ;;
        --quick) quick=1 ;;
        --runs) runs="${2:-}"; shift ;;
        --runs=*) runs="${1#--runs=}" ;;
        *) echo "[bench] unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ -n "$runs" ] || runs=$([ "$quick" = 1 ] && echo 1 || echo 3)
case "$runs" in ''|*[!0-9]*|0) echo "[bench] --runs needs a whole number of runs, 1 or more (got '$runs')" >&2; exit 2 ;; esac
here="$(cd "$(dirname "$0")" && pwd)"
bindir="$(dirname "$bin")"
# One file of figures per run (run1, run2, …), and `once` for those taken once.
figures="$(mktemp -d)"
trap 'rm -rf "$figures"' EXIT
status=0

# The session's X server is this script's sibling (headless-session.sh started
# both); the bench counts its CPU time alongside the app's.
xserver="$(pgrep -P "$PPID" -x Xvfb | head -n1 || true)"
if [ -n "$xserver" ]; then
    export GTKHUD_BENCH_XSERVER_PID="$xserver"
else
    echo "[bench] no Xvfb found next to run-bench.sh: the X server's CPU is not counted" >&2
fi
echo "[bench] machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start" >&2

bench_args=()
[ "$quick" = 1 ] && bench_args+=(--quick)
startup_runs=$([ "$quick" = 1 ] && echo 6 || echo 25)

# Keeps a run's figure lines in its file, and shows them: on stdout with one
# run, as `[bench] run R/N: …` on stderr with more (stdout then gets the summary).
keep_run_figures() { # run
    if [ "$runs" = 1 ]; then
        tee -a "$figures/run$1"
    else
        tee -a "$figures/run$1" | sed -u "s|^|[bench] run $1/$runs: |" >&2
    fi
}

for run in $(seq 1 "$runs"); do
    [ "$runs" = 1 ] || echo "[bench] run $run of $runs: load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    for renderer in ${GTKHUD_BENCH_RENDERERS:-cairo default}; do
        if [ "$renderer" = default ]; then unset GSK_RENDERER; else export GSK_RENDERER="$renderer"; fi
        echo "[bench] renderer: $renderer" >&2
        # In-process figures: spinners, main-actor latency, progress, show, settled, memory, cycles, the banner
        # burst (its `burst.name` lines become `cairo.burst.name`, so the renderers' bursts stay apart).
        "$bin" "${bench_args[@]}" | sed -u "s/^\([a-z_0-9.]*\): /$renderer.\1: /" | keep_run_figures "$run" || status=1
        # Start-up cost of linking GtkHUD (separate processes).
        python3 "$here/tools/startup.py" "$bindir" "$startup_runs" \
            | sed -u "s/^\([a-z_0-9]*\): /$renderer.\1: /" | keep_run_figures "$run" || status=1
    done
done
export GSK_RENDERER=cairo
run_files=()
for run in $(seq 1 "$runs"); do run_files+=("$figures/run$run"); done
# With more than one run: per figure the median run's value and every run's.
if [ "$runs" != 1 ]; then
    python3 "$here/tools/goals.py" --summary "${run_files[@]}" || status=1
fi
touch "$figures/once"

# Instructions per frame (callgrind, cairo): repeatable where CPU time is not.
# Each subject spins 600 frames first (every step of the ring's arc drawn once),
# then paints a fixed number of frames inside
# SpinnerBench.paintCountedFrames; callgrind collects only there
# (--toggle-collect), so start-up (whose count moves by tens of millions of
# instructions between runs: fonts, the GL probe) is left out. Runs go two at a time.
if [ "$quick" = 0 ]; then
    frames="${GTKHUD_BENCH_FRAMES:-60}"
    work="$(mktemp -d)"
    run_callgrind() { # mode
        valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*paintCountedFrames*' \
            "$bin" --mode "$1" --frames "$frames" >"$work/$1.log" 2>&1
        sed -n 's/.*Collected : \([0-9][0-9]*\).*/\1/p' "$work/$1.log" | tail -n1 >"$work/$1"
    }
    echo "[bench] callgrind: ${frames} frames of each spinner (about a minute)" >&2
    run_callgrind spinner-hud & run_callgrind spinner-gtk & wait
    # AdwSpinner (libadwaita 1.6+): `--mode spinner-adw` exits 3 where it is missing.
    if "$bin" --mode spinner-adw --frames 0 >/dev/null 2>&1; then
        run_callgrind spinner-adw & run_callgrind spinner-floor & wait
    else
        echo "[bench] callgrind: AdwSpinner n/a (libadwaita < 1.6)" >&2
        run_callgrind spinner-floor
    fi
    python3 - "$work" "$frames" <<'PY' | tee -a "$figures/once" || status=1
import sys, pathlib
work, frames = pathlib.Path(sys.argv[1]), int(sys.argv[2])
def per_frame(name):
    path = work / name
    text = path.read_text().strip() if path.exists() else ""
    return int(text) / frames if text else None
hud, gtk = per_frame("spinner-hud"), per_frame("spinner-gtk")
if hud is None or gtk is None:
    print("[bench] callgrind failed: " + ", ".join(k for k, v in [("spinner-hud", hud), ("spinner-gtk", gtk)] if v is None), file=sys.stderr)
    sys.exit(1)
print(f"cairo.spinner_hud_instructions_per_frame: {hud:.0f}")
print(f"cairo.spinner_gtk_instructions_per_frame: {gtk:.0f}")
print(f"cairo.spinner_instructions_per_frame_ratio: {hud / gtk:.3f}")
floor = per_frame("spinner-floor")
if floor is not None:
    print(f"cairo.spinner_floor_instructions_per_frame: {floor:.0f}")
if (work / "spinner-adw.log").exists():
    adw = per_frame("spinner-adw")
    if adw is None:
        print("[bench] callgrind failed: spinner-adw", file=sys.stderr)
        sys.exit(1)
    print(f"cairo.spinner_adw_instructions_per_frame: {adw:.0f}")
    print(f"cairo.spinner_vs_adwspinner_instructions_per_frame_ratio: {hud / adw:.3f}")
PY
    rm -rf "$work"
fi

# Leaks (valgrind memcheck, cairo): definitely-lost blocks whose allocation GtkHUD code made.
if [ "$leaks" = 1 ]; then
    "$here/tools/memcheck-leaks.sh" "$bin" 1000 | sed -u 's/^\([a-z_0-9]*\): /cairo.\1: /' | tee -a "$figures/once" || status=1
fi

python3 "$here/tools/goals.py" --renderers "${GTKHUD_BENCH_RENDERERS:-cairo default}" --once "$figures/once" "${run_files[@]}" >&2
goals=$?
if [ "$strict" = 1 ] && [ "$goals" != 0 ]; then status=1; fi
[ "$status" = 0 ] || echo "[bench] FAILED: a benchmark exited non-zero (crash or error); figures above are incomplete" >&2
exit $status
