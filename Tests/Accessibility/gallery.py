"""Where the gtkhud-gallery binary is, for the accessibility tests."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary():
    """GTKHUD_GALLERY if set, else the debug build's gtkhud-gallery."""
    explicit = os.environ.get("GTKHUD_GALLERY")
    if explicit:
        return explicit
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True)
    return str(pathlib.Path(out.stdout.strip()) / "gtkhud-gallery")
