"""Runs a GtkHUD program and records what a screen reader would see.

Listens on the AT-SPI bus with pyatspi (the client library Orca uses) for the
events Orca 43 acts on, while the program prints `shown: <kind> <text>` lines.
For each shown message it also snapshots the program's accessible tree.
"""
import os
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
import pyatspi  # noqa: E402
from gi.repository import GLib  # noqa: E402

EVENT_TYPES = (
    "object:state-changed:focused",
    "focus:",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:announcement",
)


class Event:
    def __init__(self, kind, role, name, description, focused, detail1, data):
        self.kind, self.role, self.name = kind, role, name
        self.description, self.focused, self.detail1, self.data = description, focused, detail1, data

    def __repr__(self):
        return f"<{self.kind} role={self.role!r} name={self.name!r} desc={self.description!r} focused={self.focused} data={self.data!r}>"

    def speaks(self, text):
        """Whether Orca 43 would speak `text` because of this event."""
        text = text.strip()
        if not text:
            return False
        if self.kind == "object:announcement":
            return text in str(self.data)
        if self.kind in ("object:state-changed:focused", "focus:"):
            return (self.kind == "focus:" or self.detail1 == 1) and (text in self.name or text in self.description)
        if self.kind == "object:property-change:accessible-name":
            return self.focused and text in self.name
        if self.kind == "object:property-change:accessible-description":
            return (self.focused or self.role == "frame") and text in self.description
        return False


def _safe(call, default=""):
    try:
        value = call()
        return value if value is not None else default
    except Exception:  # the object may be gone by the time we ask
        return default


def _describe(event):
    source = event.source
    state = _safe(lambda: source.getState(), None)
    focused = bool(state and state.contains(pyatspi.STATE_FOCUSED))
    data = _safe(lambda: event.any_data, "")
    return Event(event.type.rstrip(":") if event.type == "focus:" else str(event.type),
                 _safe(lambda: source.getRoleName()), _safe(lambda: source.name),
                 _safe(lambda: source.description), focused,
                 _safe(lambda: event.detail1, 0), data)


def walk(accessible, depth=0, limit=60):
    """Yields (depth, accessible) for the subtree, skipping defunct nodes."""
    if accessible is None or depth > limit:
        return
    yield depth, accessible
    for index in range(_safe(lambda: accessible.childCount, 0)):
        child = _safe(lambda: accessible.getChildAtIndex(index), None)
        yield from walk(child, depth + 1, limit)


def node_facts(accessible):
    facts = {"role": _safe(lambda: accessible.getRoleName()), "name": _safe(lambda: accessible.name),
             "description": _safe(lambda: accessible.description)}
    value = _safe(lambda: accessible.queryValue(), None)
    if value is not None:
        facts["value"] = (_safe(lambda: value.minimumValue, None), _safe(lambda: value.currentValue, None),
                          _safe(lambda: value.maximumValue, None))
    return facts


class Recording:
    def __init__(self):
        self.events = []      # Event, in arrival order
        self.shown = []       # (kind, text, index of first event after it, tree facts)
        self.lines = []
        self.returncode = None
        self.stderr = ""


def find_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(_safe(lambda: desktop.childCount, 0)):
        app = _safe(lambda: desktop.getChildAtIndex(index), None)
        if app is not None and _safe(lambda: app.get_process_id(), -1) == pid:
            return app
    return None


def run(command, timeout=60, env=None):
    """Runs `command`, returns a Recording of stdout lines, events and tree snapshots."""
    recording = Recording()
    loop = GLib.MainLoop()

    def on_event(event):
        recording.events.append(_describe(event))

    pyatspi.Registry.registerEventListener(on_event, *EVENT_TYPES)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env or os.environ.copy(), bufsize=1)
    os.set_blocking(process.stdout.fileno(), False)
    deadline = time.monotonic() + timeout
    buffer = [""]

    def snapshot():
        app = find_app(process.pid)
        return [node_facts(node) for _, node in walk(app)] if app is not None else []

    def poll():
        try:
            chunk = process.stdout.read()
        except (TypeError, OSError):
            chunk = None
        if chunk:
            buffer[0] += chunk
            while "\n" in buffer[0]:
                line, buffer[0] = buffer[0].split("\n", 1)
                recording.lines.append(line)
                if line.startswith("shown: "):
                    parts = line[len("shown: "):].split(" ", 1)
                    kind, text = parts[0], (parts[1] if len(parts) > 1 else "")
                    recording.shown.append((kind, text, len(recording.events), snapshot()))
        if process.poll() is not None or time.monotonic() > deadline:
            loop.quit()
            return False
        return True

    GLib.timeout_add(20, poll)
    loop.run()
    if process.poll() is None:
        process.kill()
    # Let late events arrive.
    end = time.monotonic() + 0.5
    context = GLib.MainContext.default()
    while time.monotonic() < end:
        context.iteration(False)
        time.sleep(0.01)
    rest, err = process.communicate()
    for line in (buffer[0] + (rest or "")).splitlines():
        recording.lines.append(line)
    recording.stderr = err
    recording.returncode = process.returncode
    pyatspi.Registry.deregisterEventListener(on_event, *EVENT_TYPES)
    return recording
