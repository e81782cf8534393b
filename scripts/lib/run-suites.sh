#!/usr/bin/env bash
# Runs every suite inside the headless session; appends "passed failed" per suite to $1.
set -u
results="$1"
cd "$(dirname "$0")/../.."
source scripts/lib/common.sh
status=0
# The suite expects GtkHUD's English words whatever the developer's language;
# the translation tests set the language they test (LocalizationTests,
# test_orca_languages.py).
export LANGUAGE=en
unset LC_ALL LC_MESSAGES

swift_log="$(mktemp)"
swift test --skip-build 2>&1 | tee "$swift_log"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
# XCTest: the overall summary reads "Executed N tests, with F failures (U unexpected)",
# or "Executed N tests, with K tests skipped and F failures ..." when tests were skipped
# (a skipped test still counts as executed). F counts failed assertions, not tests, and
# a test that fails and then skips (XCTFail + XCTSkip) is in both F and K, so failed and
# skipped tests are counted from each test's one final line instead.
xc="$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with " "$swift_log" | tail -n1)"
xc_total="$(echo "$xc" | sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p')"
xc_failed="$(grep -cE "^Test Case '.*' failed \(" "$swift_log")"
xc_skipped="$(grep -cE "^Test Case '.*' skipped \(" "$swift_log")"
if [ -z "$xc_total" ]; then
    # No summary (the run crashed): count the tests that reported, plus one failure.
    echo "[gtkhud] no XCTest summary line: counting the XCTest run as failed" >&2
    xc_total="$(grep -cE "^Test Case '.*' (passed|failed|skipped) \(" "$swift_log")"
    xc_total=$(( xc_total + 1 )); xc_failed=$(( xc_failed + 1 ))
    status=1
fi
echo "$(( xc_total - xc_skipped - xc_failed )) $xc_failed $xc_skipped" >> "$results"
[ "$xc_skipped" -gt 0 ] && grep -E "^Test Case .* skipped \(" "$swift_log" | sed 's/^/[gtkhud] skipped: /' >&2
st="$(grep -E "Test run with [0-9]+ tests?" "$swift_log" | tail -n1)"
st_total="$(echo "$st" | sed -E 's/.*Test run with ([0-9]+) tests?.*/\1/')"
if echo "$st" | grep -q "passed"; then echo "${st_total:-0} 0 0" >> "$results"; else
    st_failed="$(grep -cE "^✘ Test .* failed" "$swift_log")"
    echo "$(( ${st_total:-0} - st_failed )) $st_failed 0" >> "$results"; status=1; fi

# run_pass NAME FILTER COMMAND...: the FILTER tests again under COMMAND (a prefix
# such as `env VAR=value`), counted like the main run's XCTest tests.
run_pass() {
    local name="$1" filter="$2"; shift 2
    local pass_log; pass_log="$(mktemp)"
    echo "[gtkhud] pass: $name" >&2
    "$@" swift test --skip-build --filter "$filter" 2>&1 | tee "$pass_log"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    local total failed skipped
    total="$(grep -cE "^Test Case '.*' (passed|failed|skipped) \(" "$pass_log")"
    failed="$(grep -cE "^Test Case '.*' failed \(" "$pass_log")"
    skipped="$(grep -cE "^Test Case '.*' skipped \(" "$pass_log")"
    [ "$total" -gt 0 ] || { echo "[gtkhud] the $name pass ran no tests" >&2; failed=1; status=1; }
    echo "$(( total - failed - skipped )) $failed $skipped" >> "$results"
}
# The pixel tests again on a 2x display (GDK_SCALE is read when GTK opens the
# display) and the contrast tests under libadwaita's high-contrast style and
# GTK's HighContrast theme (both read at start-up). GTKHUD_EXPECT_SCALE: every
# test window of a scale pass fails unless it is drawn at that scale.
pixel_tests="GtkHUDTests.(RingSharpnessTests|TextScaleTests|ContrastTests|ShadowBandsTests)"
run_pass GDK_SCALE=2 "$pixel_tests" env GDK_SCALE=2 GTKHUD_EXPECT_SCALE=2
run_pass ADW_DEBUG_HIGH_CONTRAST=1 "GtkHUDTests.(ContrastTests|TextScaleTests)" env ADW_DEBUG_HIGH_CONTRAST=1
run_pass GTK_THEME=HighContrast "GtkHUDTests.(ContrastTests|TextScaleTests)" env GTK_THEME=HighContrast
# Window switches through a window manager, as a user's Alt+Tab goes (xdotool windowactivate),
# and the desktop notifications with a manager that reads the urgency hint.
run_pass "window manager (openbox)" "GtkHUDTests.(WindowAttentionInputTests|DesktopNotificationTests)" bash scripts/lib/with-openbox.sh

# Wayland at 1x, at fractional scales (125 %, 150 %) and at 2x: a headless
# mutter per scale, in its own D-Bus session (scripts/lib/mutter-session.sh).
# GTK 4.14+ only: older GTK has no fractional-scale protocol and draws at the
# integer scale above the fractional one. Besides the pixel tests, layout tests
# whose rounding a fractional scale changes (banner text fit and placement, the
# HUD's modes, masks and bar widths). Not the tests that need X input, nor those
# that catch an entrance animation mid-way: a Wayland window's first frames come
# at the compositor's pace, and once, at 1.5 under load, a bottom banner's spring
# had already reached its resting place.
wayland_tests="GtkHUDTests.(RingSharpnessTests|TextScaleTests|ContrastTests|ShadowBandsTests|BannerTextFitTests|HUDWidgetTests"
wayland_tests+="|BannerPlacementTests/test(StackedBanners|RightToLeft))"
if gtkhud_has_fractional_scales; then
    for scale in 1 1.25 1.5 2; do
        # GTK's own renderer (GL), as on a Wayland desktop; the X passes use cairo.
        # No accessibility bus in that session (these tests read pixels, not the tree).
        run_pass "Wayland at scale $scale (headless mutter)" "$wayland_tests" \
            env -u GSK_RENDERER GTKHUD_EXPECT_SCALE="$scale" GTK_A11Y=none dbus-run-session -- bash scripts/lib/mutter-session.sh "$scale"
    done
    # Contexts (panes, stack pages, dialog windows, an app's windows) on Wayland, where
    # focus, mapping and window activity come from the compositor: at one scale, the
    # layout is not what they test.
    run_pass "contexts on Wayland (headless mutter)" "GtkHUDTests.(ContextTests|PresentationContextTests|ApplicationWindowTests)" \
        env -u GSK_RENDERER GTKHUD_EXPECT_SCALE=1 GTK_A11Y=none dbus-run-session -- bash scripts/lib/mutter-session.sh 1
else
    echo "[gtkhud] skipped: the fractional-scale pass (Wayland under headless mutter at 100 %, 125 %, 150 % and 200 %):" \
        "GTK $(pkg-config --modversion gtk4) has no fractional-scale protocol (4.14+)" >&2
    echo "0 0 1" >> "$results"
fi

# The README's example app: it checks what it showed and exits non-zero otherwise.
hello="Examples/HelloHUD/.build/debug/HelloHUD"
if [ -x "$hello" ]; then
    if timeout 120 "$hello"; then echo "1 0 0" >> "$results"; else echo "[gtkhud] Examples/HelloHUD failed" >&2; echo "0 1 0" >> "$results"; status=1; fi
fi

if [ -d Tests/Accessibility ] && ls Tests/Accessibility/test_*.py >/dev/null 2>&1; then
    py_log="$(mktemp)"
    /usr/bin/python3 -m unittest discover -s Tests/Accessibility -p 'test_*.py' -v 2>&1 | tee "$py_log"
    [ "${PIPESTATUS[0]}" = 0 ] || status=1
    py_total="$(grep -E "^Ran [0-9]+ tests?" "$py_log" | sed -E 's/Ran ([0-9]+).*/\1/')"
    py_failed="$(grep -E "^FAILED \(" "$py_log" | grep -oE "(failures|errors)=[0-9]+" | cut -d= -f2 | awk "{s+=\$1} END {print s+0}")"
    py_skipped="$(grep -E "^(OK|FAILED) \(" "$py_log" | grep -oE "skipped=[0-9]+" | cut -d= -f2)"
    echo "$(( ${py_total:-0} - ${py_failed:-0} - ${py_skipped:-0} )) ${py_failed:-0} ${py_skipped:-0}" >> "$results"
fi
exit $status
