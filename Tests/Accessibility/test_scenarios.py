"""The accessible tree of what the gallery's scenarios show: roles, names, values.

Plays each hud-* and banner-* scenario of `gtkhud-gallery` on the real stack
(Xvfb, private D-Bus session, AT-SPI bus; scripts/test sets them up) and reads
the tree as a screen reader would. Whether Orca actually *speaks* each message
is test_orca_speech.py's job, with Orca itself: a replay of Orca's rules here
once said 100 % while the real Orca spoke 3 of 64 messages.
"""
import os
import pathlib
import subprocess
import unittest

import atspi_harness
import gallery



GALLERY = gallery.binary()
ENV = dict(os.environ, GTK_A11Y="atspi", NO_AT_BRIDGE="0")


def scenarios():
    result = subprocess.run([GALLERY, "--list-scenarios"], capture_output=True, text=True, timeout=60, env=ENV)
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


class ScenarioSpeechTests(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        if not pathlib.Path(GALLERY).exists():
            raise AssertionError(f"gallery not built at {GALLERY}")
        cls.names = [name for name in scenarios() if name.startswith(("hud-", "banner-"))]
        cls.recordings = {name: atspi_harness.run([GALLERY, "--scenario", name], timeout=60, env=ENV)
                          for name in cls.names}

    def test_scenarios_exist(self):
        for required in ("hud-status", "hud-progress", "hud-error", "hud-mask-black", "banner-top", "banner-priority"):
            self.assertIn(required, self.names)

    def test_every_scenario_ran_and_showed_something(self):
        for name, recording in self.recordings.items():
            with self.subTest(scenario=name):
                self.assertEqual(recording.returncode, 0, f"{name} exited {recording.returncode}: {recording.stderr[-2000:]}")
                self.assertTrue(recording.shown, f"{name} showed nothing: {recording.lines}")

    def test_progress_hud_exposes_a_progress_bar_with_value(self):
        recording = self.recordings.get("hud-progress") or self.recordings.get("hud-annular")
        self.assertIsNotNone(recording)
        bars = [node for _, text, _, tree in recording.shown for node in tree
                if node["role"] == "progress bar" and text in node["name"]]
        self.assertTrue(bars, "no progress bar named after the status in the tree")
        for bar in bars:
            # GTK >= 4.10 exposes the Value interface for any progress-bar role;
            # 4.8 only for its own widgets, so the value text is in the description.
            if "value" in bar:
                low, now, high = bar["value"]
                self.assertTrue(low == 0 and high == 1 and 0 <= now <= 1, bar)
            self.assertRegex(bar["description"], r"^\d{1,3} %$", bar)

    def test_error_hud_is_an_alert_named_after_its_status(self):
        recording = self.recordings["hud-error"]
        _, text, _, tree = recording.shown[0]
        alerts = [node for node in tree if node["role"] == "alert"]
        self.assertTrue(any(text in node["name"] for node in alerts), (text, alerts))

    def test_banner_is_an_alert_with_title_and_subtitle(self):
        recording = self.recordings["banner-top"]
        _, text, _, tree = recording.shown[0]
        title, subtitle = text.split(". ", 1)  # the shown line carries both
        alerts = [node for node in tree if node["role"] == "alert" and title in node["name"]]
        self.assertTrue(alerts, (text, [n for n in tree if n["role"] in ("alert", "status bar")]))
        self.assertTrue(any(subtitle in node["description"] for node in alerts), alerts)


if __name__ == "__main__":
    unittest.main()
