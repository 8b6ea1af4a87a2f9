"""The broker console as a person sees it in headless Chromium (issue 20, items 2 and 3): they
open it, step worker-happy once, inject a fault, and see the new arrow and the violation with its
requirement id (Docs/BROKER.md, "The console"). The session is console_session.py's.

    JOBWIRE_BIN=.build/debug/jobwire JOBWIRE_PYTHON=.venv-test/bin/python \
        .venv-test/bin/python -m unittest discover -s Tests/Browser -p test_console.py -v
"""

import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402
from console_session import ConsoleSession, drive  # noqa: E402


class ConsoleInTheBrowser(unittest.TestCase):
    def test_a_step_and_an_injected_fault_show_as_a_person_sees_them(self):
        browser.require_browser()
        with tempfile.TemporaryDirectory(prefix="jobwire-console-") as workdir:
            session = ConsoleSession(workdir, sys.executable)
            try:
                with browser.start(width=1400, height=860) as driver:
                    seen = drive(driver, session)
                    own = session.url.split("?")[0]
                    fetched = [url for url in browser.resources_fetched(driver) if not url.startswith(own + "/")]
                    self.assertEqual(fetched, [], "the page fetched only its own polls and controls")
            finally:
                session.close()
        # The step drew the kit client's post as a new arrow.
        self.assertTrue(seen["posted"]["arrow"], seen)
        self.assertIn("jw-request", seen["posted"]["classes"])
        self.assertTrue(seen["refused"].startswith('step.do: unknown step kind "explode"; expected one of accept, '), seen["refused"])
        self.assertEqual(seen["members"], "takes call, from, req")
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
