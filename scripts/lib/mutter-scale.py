#!/usr/bin/env python3
"""Sets the scale of headless mutter's virtual monitor, through the
org.gnome.Mutter.DisplayConfig API on the session bus (mutter-session.sh's
private one). Waits for mutter to own that name first, and fails unless the
monitor offers exactly the scale asked for and reports it once applied.

Usage: mutter-scale.py SCALE   (1, 1.25, 1.5, 2 ...)
"""
import sys
import time

from gi.repository import Gio, GLib

NAME = "org.gnome.Mutter.DisplayConfig"
PATH = "/org/gnome/Mutter/DisplayConfig"
# ApplyMonitorsConfig's method: 1 = temporary (not written to monitors.xml).
TEMPORARY = 1


def fail(message):
    print(f"[gtkhud] mutter-scale: {message}", file=sys.stderr)
    sys.exit(1)


def wait_for_mutter(bus, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        owned = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                              "NameHasOwner", GLib.Variant("(s)", (NAME,)), GLib.VariantType("(b)"),
                              Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
        if owned:
            return
        time.sleep(0.1)
    fail(f"mutter did not own {NAME} within {seconds} s")


def current_state(proxy):
    # (serial, monitors, logical monitors, properties)
    return proxy.call_sync("GetCurrentState", None, Gio.DBusCallFlags.NONE, -1, None).unpack()


def main():
    if len(sys.argv) != 2:
        fail("usage: mutter-scale.py SCALE")
    wanted = float(sys.argv[1])
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    wait_for_mutter(bus, 30)
    proxy = Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.NONE, None, NAME, PATH, NAME, None)
    serial, monitors, _, _ = current_state(proxy)
    if len(monitors) != 1:
        fail(f"expected one virtual monitor, mutter has {len(monitors)}")
    (connector, _, _, _), modes, _ = monitors[0]
    # A mode: (id, width, height, refresh rate, preferred scale, supported scales, properties).
    mode = next((m for m in modes if m[6].get("is-current")), modes[0])
    supported = mode[5]
    scale = next((s for s in supported if abs(s - wanted) < 0.001), None)
    if scale is None:
        fail(f"the {mode[1]}x{mode[2]} monitor has no scale {wanted} (it offers {', '.join(f'{s:g}' for s in supported)}); "
             "fractional scales need the scale-monitor-framebuffer experimental feature")
    # One logical monitor at (0, 0), primary, unrotated, holding the one monitor in its current mode.
    config = [(0, 0, scale, 0, True, [(connector, mode[0], {})])]
    proxy.call_sync("ApplyMonitorsConfig", GLib.Variant("(uua(iiduba(ssa{sv}))a{sv})", (serial, TEMPORARY, config, {})),
                    Gio.DBusCallFlags.NONE, -1, None)
    _, _, logical, _ = current_state(proxy)
    applied = logical[0][2] if logical else None
    if applied is None or abs(applied - wanted) > 0.001:
        fail(f"asked for scale {wanted}, mutter reports {applied}")
    print(f"[gtkhud] mutter's {mode[1]}x{mode[2]} virtual monitor is at scale {applied:g}", file=sys.stderr)


if __name__ == "__main__":
    main()
