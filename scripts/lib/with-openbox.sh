#!/usr/bin/env bash
# Usage: with-openbox.sh COMMAND...: runs COMMAND with openbox managing $DISPLAY
# (GTKHUD_WINDOW_MANAGER=openbox tells the tests), then stops it. For tests whose
# input goes through a window manager, as a user's does (window activation).
set -u
openbox --sm-disable >/dev/null 2>&1 &
wm_pid=$!
deadline=$(( SECONDS + ${GTKHUD_START_TIMEOUT:-60} ))
# The start-up wait is for the event (openbox announces itself on the root window), with a deadline.
until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"; do
    kill -0 "$wm_pid" 2>/dev/null && [ $SECONDS -lt $deadline ] || { echo "[gtkhud] openbox did not start" >&2; kill "$wm_pid" 2>/dev/null; exit 1; }
    sleep 0.05
done
GTKHUD_WINDOW_MANAGER=openbox "$@"
status=$?
kill "$wm_pid" 2>/dev/null
wait "$wm_pid" 2>/dev/null
exit $status
