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
    """One AT-SPI event. `path` identifies the object (it can always be read);
    role/name/description are queried from the application and may be empty
    when the object is already gone; `data` is the event's value (the new name
    or description, the announcement text)."""

    def __init__(self, kind, path, role, name, description, detail1, data):
        self.kind, self.path, self.role, self.name = kind, path, role, name
        self.description, self.detail1, self.data = description, detail1, data

    def __repr__(self):
        return f"<{self.kind} {self.path[-8:]} role={self.role!r} name={self.name!r} detail1={self.detail1} data={self.data!r}>"


def _safe(call, default=""):
    try:
        value = call()
        return value if value is not None else default
    except Exception:  # the object may be gone by the time we ask
        return default


def _describe(event):
    source = event.source
    data = _safe(lambda: event.any_data, "")
    return Event("focus" if event.type == "focus:" else str(event.type), _safe(lambda: source.path),
                 _safe(lambda: source.getRoleName()), _safe(lambda: source.name),
                 _safe(lambda: source.description), _safe(lambda: event.detail1, 0), data)


def walk(accessible, limit=60, most=4000):
    """Yields (depth, accessible) breadth first, skipping defunct nodes.

    Breadth first, because HUDs and banners sit near the top (children of the
    overlay under the window) and a message may be gone by the time a depth
    first walk has crossed a big window's content."""
    if accessible is None:
        return
    queue = [(0, accessible)]
    seen = 0
    while queue and seen < most:
        depth, node = queue.pop(0)
        seen += 1
        yield depth, node
        if depth >= limit:
            continue
        for index in range(_safe(lambda: node.childCount, 0)):
            child = _safe(lambda: node.getChildAtIndex(index), None)
            if child is not None:
                queue.append((depth + 1, child))


def node_facts(accessible):
    facts = {"role": _safe(lambda: accessible.getRoleName()), "name": _safe(lambda: accessible.name),
             "description": _safe(lambda: accessible.description), "path": _safe(lambda: accessible.path)}
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
        if app is None:
            return []
        return [node_facts(node) for _, node in walk(app, limit=8, most=400)]

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
