#!/usr/bin/env bash
# Usage: dbus-run-session -- bash mutter-session.sh SCALE COMMAND...
# Runs COMMAND as a Wayland client of a headless mutter whose one virtual
# monitor is at SCALE (1.25 and 1.5 are fractional: GTK 4.14+ draws at them
# through the fractional-scale protocol). Run it in its own D-Bus session:
# mutter's DisplayConfig API, through which the scale is set, lives there.
# Nothing of the user's desktop is read or written: a private runtime
# directory; mutter's settings from a keyfile in a private config directory
# (the scale-monitor-framebuffer experimental feature, without which mutter
# offers only integer scales), not from dconf; its session state
# (~/.local/share/mutter) and Mesa's shader cache in private directories too.
set -u
scale="$1"; shift
lib="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -m 700 "$XDG_RUNTIME_DIR"
mkdir -p "$work/config/glib-2.0/settings"
cat > "$work/config/glib-2.0/settings/keyfile" <<'KEYFILE'
[org/gnome/mutter]
experimental-features=['scale-monitor-framebuffer']
KEYFILE
# No X: mutter neither starts Xwayland nor uses the caller's X display, and
# GTK cannot fall back to it.
unset DISPLAY
socket="gtkhud-wayland-0"
XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" \
    GSETTINGS_BACKEND=keyfile \
    mutter --headless --wayland --no-x11 --wayland-display="$socket" --virtual-monitor 1920x1200 \
    > "$work/mutter.log" 2>&1 &
mutter_pid=$!
finish() {
    kill "$mutter_pid" 2>/dev/null
    wait "$mutter_pid" 2>/dev/null
    rm -rf "$work"
}
trap finish EXIT
if ! /usr/bin/python3 "$lib/mutter-scale.py" "$scale"; then
    sed 's/^/[gtkhud] mutter: /' "$work/mutter.log" >&2
    exit 1
fi
# A wait for the socket with a deadline, not a count of tries (a loaded machine is slow).
deadline=$(( SECONDS + ${GTKHUD_START_TIMEOUT:-60} ))
until [ -S "$XDG_RUNTIME_DIR/$socket" ]; do
    if ! kill -0 "$mutter_pid" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
        echo "[gtkhud] mutter's Wayland socket did not appear" >&2
        sed 's/^/[gtkhud] mutter: /' "$work/mutter.log" >&2
        exit 1
    fi
    sleep 0.05
done
# The memory settings backend: GTK reads no desktop settings (the user's text
# scale, fonts, theme), as under Xvfb, where there is no XSETTINGS manager.
WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland GSETTINGS_BACKEND=memory MESA_SHADER_CACHE_DIR="$work/cache" "$@"
