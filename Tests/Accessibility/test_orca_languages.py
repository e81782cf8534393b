"""The real screen reader speaks GtkHUD's own words in the app's language.

Plays the gallery's `l10n-defaults` scenario (a HUD without text, an error
without text, HUD.run's Cancel button focused and pressed, a banner's close
button focused) and `hud-run-default` (a result keeping the working label)
under `orca-probe` in German, Arabic and Japanese, each set the way a user's
session sets it: `LANG` with `LANGUAGE`, `LC_ALL`, and `LC_MESSAGES`. Only the
app gets the language (Orca's own words stay English, which keeps the probe's
matching simple). Every `shown:` line must be spoken, and the translated
defaults must be among them, so an English fallback fails the test.
The locales come from scripts/lib/common.sh (locale-gen).
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import unittest

import gallery

PROBE = pathlib.Path(__file__).resolve().parent / "orca-probe"

# The app's environment, and what Orca must say (from po/<lang>.po).
LANGUAGES = {
    "de": ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de"},
           ["Wird geladen", "Fehler", "Abbrechen", "Information: Abgebrochen", "Schließen", "Erfolg: Uploading"]),
    "ar": ({"LC_ALL": "ar_EG.UTF-8"},
           ["جارٍ التحميل", "خطأ", "إلغاء", "معلومات: تم الإلغاء", "إغلاق", "نجاح: Uploading"]),
    "ja": ({"LANG": "C.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"},
           ["読み込み中", "エラー", "キャンセル", "情報：キャンセルしました", "閉じる", "成功：Uploading"]),
}


def locale_exists(name):
    listed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.lower().split()
    return name.lower().replace("utf-8", "utf8") in listed


class OrcaLanguageTests(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.app = gallery.binary()
        if not pathlib.Path(cls.app).exists():
            raise AssertionError(f"gallery not built at {cls.app}")
        cls.keep = os.environ.get("GTKHUD_ORCA_KEEP") or tempfile.mkdtemp(prefix="gtkhud-orca-l10n-")

    def probe(self, language):
        environment, expected = LANGUAGES[language]
        for name, value in environment.items():
            if name != "LANGUAGE" and value != "C.UTF-8" and not locale_exists(value):
                self.fail(f"locale {value} is missing: scripts/lib/common.sh generates it (locale-gen)")
        keep = pathlib.Path(self.keep, language)
        keep.mkdir(parents=True, exist_ok=True)
        # Only what this language sets: a LANGUAGE or LC_ALL of the caller would win over it.
        unset = [arg for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES") if name not in environment for arg in ("-u", name)]
        command = ["env"] + unset + [f"{k}={v}" for k, v in environment.items()] + [
            self.app, "--scenario", "l10n-defaults,hud-run-default"]
        run = subprocess.run([str(PROBE), "--timeout", "120", "--keep", str(keep), "--"] + command,
                             # A backstop above the probe's own deadlines: up to 900 s for
                             # orca-probe's lock (another probe, here or in a Debian root
                             # sharing ORCA_PROBE_LOCK), then its 120 s run and start-up.
                             capture_output=True, text=True, timeout=1500)
        (keep / "probe-report.txt").write_text(run.stdout + run.stderr)
        self.assertEqual(run.returncode, 0, run.stdout[-3000:] + run.stderr[-2000:])
        lines = run.stdout.splitlines()
        print(next((f"[orca-probe] {language}: {line}" for line in lines if line.startswith("command: ")),
                   f"[orca-probe] {language}: no timing line"), file=sys.stderr)
        verdicts = [line for line in lines if line.startswith(("SPOKEN", "NOT SPOKEN"))]
        missing = [line for line in verdicts if line.startswith("NOT SPOKEN")]
        self.assertEqual(missing, [], f"{language}: Orca left messages unspoken")
        log = (keep / "orca.debug").read_text(errors="replace") if (keep / "orca.debug").exists() else ""
        speech = [s.replace("\u200b", "") for s in re.findall(r"SPEECH OUTPUT: '(.*)'\s*\{", log)]
        for text in expected:
            self.assertTrue(any(line.startswith("SPOKEN") and f"'{text}'" in line for line in verdicts),
                            f"{language}: “{text}” was not shown and spoken; shown and spoken: {verdicts}")
            self.assertTrue(any(text in s for s in speech), f"{language}: Orca never said “{text}”: {speech}")
        output = (keep / "cmd.out").read_text(errors="replace") if (keep / "cmd.out").exists() else ""
        self.assertIn(" done", output)
        # ...and exited by itself (not killed by the probe's timeout: status 124).
        self.assertIn("command: exit 0,", run.stdout, run.stdout[:2000])
        self.assertNotIn("error:", output)

    def test_german(self):
        self.probe("de")

    def test_arabic(self):
        self.probe("ar")

    def test_japanese(self):
        self.probe("ja")


if __name__ == "__main__":
    unittest.main()
