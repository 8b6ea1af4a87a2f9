"""The broker console in headless Chromium: a person opens it, steps a scenario once, injects a
fault, and sees the new arrow and the violation with its requirement id (Docs/BROKER.md, "The
console"). Run: python Tests/Browser/test_console.py (needs chromium, chromium-driver, selenium,
python-socketio and aiohttp; a jobwire build at .build/debug or $JOBWIRE_BIN)."""

import sys
import tempfile
import unittest

from console_session import ConsoleSession, drive
from browser import headless_chromium


class ConsoleTest(unittest.TestCase):
    def test_a_step_and_an_injected_fault_show_as_a_person_sees_them(self):
        with tempfile.TemporaryDirectory() as workdir:
            session = ConsoleSession(workdir, sys.executable)
            try:
                with headless_chromium() as driver:
                    seen = drive(driver, session)
            finally:
                session.close()
        # The step drew the kit client's post as an arrow.
        self.assertTrue(seen["posted"]["arrow"], seen)
        self.assertIn("jw-request", seen["posted"]["classes"])
        self.assertEqual(seen["injected_error"], "", "the injected step was refused")
        # The lost answer is the arrow the violation cites: highlighted, with the requirement's id.
        self.assertTrue(seen["lost"]["arrow"], seen)
        self.assertIn("jw-cited", seen["lost"]["classes"], seen)
        self.assertIn("ALERT-3", seen["lost"]["badge"], seen)
        self.assertIn("ALERT-3", seen["violation"])
        self.assertIn("failure alert", seen["violation"], "the requirement's sentence is shown")
        self.assertEqual(seen["verdict"], ["ALERT-3", "ALERT-9", "STATE-10"], seen)


if __name__ == "__main__":
    unittest.main()
