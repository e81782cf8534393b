#!/usr/bin/env bash
# Runs every suite inside the headless session; appends "passed failed" per suite to $1.
set -u
results="$1"
cd "$(dirname "$0")/../.."
status=0

swift_log="$(mktemp)"
swift test --skip-build 2>&1 | tee "$swift_log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
# XCTest's overall line ("Executed 9 tests, with 1 test skipped and 0 failures" when
# some skipped: skipped tests count as neither passed nor failed), then Swift Testing's.
xc="$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?" "$swift_log" | tail -n1)"
xc_total="$(echo "$xc" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/')"
xc_failed="$(echo "$xc" | sed -E 's/.* ([0-9]+) failures?.*/\1/')"
xc_skipped="$(echo "$xc" | sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p')"
echo "$(( ${xc_total:-0} - ${xc_failed:-0} - ${xc_skipped:-0} )) ${xc_failed:-0}" >> "$results"
st="$(grep -E "Test run with [0-9]+ tests?" "$swift_log" | tail -n1)"
st_total="$(echo "$st" | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')"
if echo "$st" | grep -q "passed"; then echo "${st_total:-0} 0" >> "$results"; else
    st_failed="$(grep -cE "^✘ Test .* failed" "$swift_log")"
    echo "$(( ${st_total:-0} - st_failed )) $st_failed" >> "$results"; status=1; fi

if [ -d Tests/Accessibility ] && ls Tests/Accessibility/test_*.py >/dev/null 2>&1; then
    py_log="$(mktemp)"
    /usr/bin/python3 -m unittest discover -s Tests/Accessibility -p 'test_*.py' -v 2>&1 | tee "$py_log"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    py_total="$(grep -E "^Ran [0-9]+ tests?" "$py_log" | sed -E 's/Ran ([0-9]+).*/\1/')"
    py_failed="$(grep -E "^FAILED \(" "$py_log" | grep -oE "(failures|errors)=[0-9]+" | cut -d= -f2 | awk "{s+=\$1} END {print s+0}")"
    echo "$(( ${py_total:-0} - ${py_failed:-0} )) ${py_failed:-0}" >> "$results"
fi
exit $status
