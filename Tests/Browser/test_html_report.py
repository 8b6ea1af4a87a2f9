"""The HTML report as a person sees it in headless Chromium (issue 20, item 3).

Runs `jobwire verify` against the embedded backend switched into a deliberate fault and
`jobwire check` on a bad and a good trace, each with --html, opens the pages from file:// and
asserts: a failing part is open and a passing one closed, the violation's arrow is highlighted,
the requirement's sentence is shown, a step's whole line opens on click, a good trace shows no
violation, and the page fetched nothing.

    JOBWIRE_BIN=.build/debug/jobwire python -m unittest discover -s Tests/Browser -v
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
JOBWIRE = os.environ.get("JOBWIRE_BIN", str(ROOT / ".build/debug/jobwire"))
HIGHLIGHT = "rgba(208, 49, 45, 1)"  # swimlanes.css: the red of a cited arrow (#d0312d)
# A backend fault verify catches in a few cases of one area, next to cases that pass.
MUTANT, AREA = "delayDropped", "MSG"
BAD_TRACE = "Vectors/traces/bad/time-2-no-cancel-client.jsonl"
GOOD_TRACE = "Vectors/traces/good/happy-all.jsonl"


def sentences():
    """Requirement id to `LEVEL: sentence`, as the report shows it."""
    catalog = json.loads((ROOT / "Vectors/requirements.json").read_text())
    return {entry["id"]: f"{entry['level']}: {entry['sentence']}" for entry in catalog["requirements"]}


def jobwire(*arguments):
    """Runs jobwire; a verdict (exit 0 or 1) is fine, unusable input (2) is not."""
    result = subprocess.run([JOBWIRE, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=240)
    if result.returncode not in (0, 1):
        raise AssertionError(f"jobwire {' '.join(arguments)} exited {result.returncode}: {result.stderr}")
    return result


class HTMLReportInTheBrowser(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        browser.require_browser()
        cls.directory = tempfile.TemporaryDirectory(prefix="jobwire-browser-")
        out = pathlib.Path(cls.directory.name)
        cls.verify_page = out / "verify.html"
        cls.check_page = out / "check.html"
        cls.good_page = out / "good.html"
        jobwire("verify", "--mutant", MUTANT, "--only", AREA, "--html", str(cls.verify_page))
        jobwire("check", BAD_TRACE, GOOD_TRACE, "--html", str(cls.check_page))
        jobwire("check", GOOD_TRACE, "--html", str(cls.good_page))
        cls.sentences = sentences()

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def assert_failing_parts_shown(self, driver):
        parts = driver.find_elements("css selector", "details.jw-case")
        failed = [part for part in parts if part.get_attribute("data-outcome") == "failed"]
        passed = [part for part in parts if part.get_attribute("data-outcome") == "passed"]
        self.assertTrue(failed, "the run has a failing part")
        self.assertTrue(passed, "the run has a passing part")
        for part in failed:
            self.assertTrue(part.get_property("open"), "a failing part is open on load")
        for part in passed:
            self.assertFalse(part.get_property("open"), "a passing part is closed on load")
        return failed[0], passed[0]

    def assert_violation_pinned(self, part):
        browser.wait_for(part, ".jw-swim[data-ready='true']")
        cited = browser.wait_for(part, ".jw-step.jw-cited")
        mark = cited.find_elements("css selector", ".jw-arrow") or cited.find_elements("css selector", ".jw-dot")
        self.assertTrue(mark, "the cited step is drawn")
        color = mark[0].value_of_css_property("border-top-color" if "jw-arrow" in mark[0].get_attribute("class") else "background-color")
        self.assertEqual(color, HIGHLIGHT, "the cited step is highlighted")
        violation = browser.wait_for(part, ".jw-violation")
        requirement = violation.find_element("css selector", ".jw-req").text
        self.assertIn(requirement, cited.find_element("css selector", ".jw-badge").text.split())
        shown = violation.find_element("css selector", ".jw-sentence").text
        self.assertEqual(shown, self.sentences[requirement], "the requirement's sentence is shown")
        # Clicking the step shows its whole line.
        line = cited.get_attribute("data-line")
        cited.click()
        detail = browser.wait_for(part, ".jw-detail")
        self.assertTrue(detail.text.startswith(f"line {line}:"), detail.text[:80])
        self.assertIn('"kind":', detail.text)
        return requirement

    def assert_no_violation_when_opened(self, driver, part):
        part.find_element("css selector", "summary").click()
        browser.wait_for(part, ".jw-swim[data-ready='true']")
        self.assertTrue(part.find_elements("css selector", ".jw-step"), "the passing part draws its steps")
        self.assertFalse(part.find_elements("css selector", ".jw-step.jw-cited"))
        self.assertFalse(part.find_elements("css selector", ".jw-violation"))

    def test_verify_with_a_backend_fault(self):
        with browser.start() as driver:
            browser.open_page(driver, browser.file_url(self.verify_page), "details.jw-case")
            failed, passed = self.assert_failing_parts_shown(driver)
            requirement = self.assert_violation_pinned(failed)
            self.assertEqual(requirement, "MSG-14", "delayDropped breaks MSG-14")
            self.assert_no_violation_when_opened(driver, passed)
            self.assertEqual(browser.resources_fetched(driver), [])

    def test_check_of_a_bad_and_a_good_trace(self):
        with browser.start() as driver:
            browser.open_page(driver, browser.file_url(self.check_page), "details.jw-case")
            failed, passed = self.assert_failing_parts_shown(driver)
            self.assertIn(BAD_TRACE, failed.find_element("css selector", "summary").text)
            self.assertEqual(self.assert_violation_pinned(failed), "TIME-2")
            # The requirement row of the summary is there to link to, with the sentence.
            row = browser.wait_for(driver, "tr#req-TIME-2")
            self.assertIn(self.sentences["TIME-2"], row.text)
            self.assert_no_violation_when_opened(driver, passed)
            self.assertEqual(browser.resources_fetched(driver), [])

    def test_a_good_trace_shows_no_violation(self):
        with browser.start() as driver:
            browser.open_page(driver, browser.file_url(self.good_page), "details.jw-case")
            self.assertTrue(browser.wait_for(driver, ".jw-verdict").text.startswith("conforms"))
            parts = driver.find_elements("css selector", "details.jw-case")
            self.assertEqual([part.get_attribute("data-outcome") for part in parts], ["passed"])
            self.assert_no_violation_when_opened(driver, parts[0])


if __name__ == "__main__":
    unittest.main(verbosity=2)
