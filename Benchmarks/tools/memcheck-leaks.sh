#!/usr/bin/env bash
# Runs `gtkhud-bench --mode leak-cycles` under valgrind memcheck (inside a
# display session) and prints the leak figures. $1: binary, $2: cycles.
# The full log is kept in ${GTKHUD_MEMCHECK_LOG:-/tmp/gtkhud-memcheck.log}.
set -u
bin="$1"; cycles="${2:-1000}"
log="${GTKHUD_MEMCHECK_LOG:-/tmp/gtkhud-memcheck.log}"
echo "[bench] memcheck: $cycles show/dismiss cycles (about 4 minutes)" >&2
valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite --num-callers=40 \
    --log-file="$log" "$bin" --mode leak-cycles --cycles "$cycles" >&2
python3 "$(dirname "$0")/memcheck-attribution.py" "$log"
