#!/usr/bin/env bash
# Inside a private D-Bus session: start the accessibility bus and Xvfb, run "$@", clean up.
set -u
# A private runtime directory: the accessibility bus socket lives there, and
# concurrent sessions (parallel test runs) must not share or kill each other's bus.
export XDG_RUNTIME_DIR="$(mktemp -d)"
chmod 700 "$XDG_RUNTIME_DIR"
# GSettings in memory: the accessibility bus proxies desktop keys (IsEnabled,
# ScreenReaderEnabled) that tests set, and they must not reach the developer's dconf.
export GSETTINGS_BACKEND=memory
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
bus_pid=$!
display_file="$(mktemp)"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$display_file" >/dev/null 2>&1 &
xvfb_pid=$!
# Each start-up wait is for an event with a deadline, not a count of tries: on a
# loaded 2-core machine a start-up step can take several seconds.
deadline=$(( SECONDS + ${GTKHUD_START_TIMEOUT:-60} ))
until [ -s "$display_file" ]; do
    kill -0 "$xvfb_pid" 2>/dev/null && [ $SECONDS -lt $deadline ] || { echo "[gtkhud] Xvfb did not start" >&2; exit 1; }
    sleep 0.05
done
export DISPLAY=":$(head -n1 "$display_file")"
rm -f "$display_file"
export GDK_BACKEND=x11 GSK_RENDERER="${GSK_RENDERER:-cairo}" NO_AT_BRIDGE=0
# Wait for the accessibility bus to register, so GTK finds it at start-up.
until dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner string:org.a11y.Bus 2>/dev/null | grep -q true; do
    [ $SECONDS -lt $deadline ] || { echo "[gtkhud] the accessibility bus did not register" >&2; kill "$xvfb_pid" "$bus_pid" 2>/dev/null; exit 1; }
    sleep 0.05
done
"$@"
status=$?
kill "$xvfb_pid" "$bus_pid" 2>/dev/null
wait 2>/dev/null
rm -rf "$XDG_RUNTIME_DIR"
exit $status
