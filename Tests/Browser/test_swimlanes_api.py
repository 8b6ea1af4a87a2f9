"""swimlanes.js's live API as the broker console uses it: mount an empty timeline, append steps,
lanes and spans as they come, then pin a violation (issue 20)."""

import pathlib
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import browser  # noqa: E402
from test_html_report import GOOD_TRACE, HIGHLIGHT, jobwire  # noqa: E402

LIVE = """
var host = document.createElement("div");
host.id = "live";
document.body.appendChild(host);
var view = JobWireSwimlanes.mount(host, {title: "live", lanes: [], steps: [], spans: [], violations: []});
function step(line, from, to, label) {
  return {line: line, ts: 1000 + line, from: from, to: to, kind: "emit", label: label, payload: '{"line":' + line + '}'};
}
view.append([step(2, "client c-1", "backend", "post </b>")], [{id: "client c-1", kind: "client"}, {id: "backend", kind: "backend"}]);
view.append([step(3, "backend", "worker w-1", "new R-1"), step(4, "worker w-1", null, "timer")],
            [], [{lane: "worker w-1", label: "delay R-1", start: 1004, end: 9000, fired: false, line: 4}]);
view.append([], [], [{lane: "worker w-1", label: "delay R-1", start: 1004, end: 1004, fired: true, line: 4}]);
view.setViolations([{requirement: "MSG-3", sentence: "MUST: one new per post.", expected: "a", observed: "b", lines: [3]}]);
"""


class SwimlanesLiveAPI(unittest.TestCase):
    def test_append_and_set_violations(self):
        browser.require_browser()
        with tempfile.TemporaryDirectory(prefix="jobwire-browser-") as directory:
            page = pathlib.Path(directory) / "good.html"
            jobwire("check", GOOD_TRACE, "--html", str(page))
            with browser.start() as driver:
                browser.open_page(driver, browser.file_url(page), "details.jw-case")
                driver.execute_script(LIVE)
                live = browser.wait_for(driver, "#live[data-ready='true']")
                titles = [title.text for title in live.find_elements("css selector", ".jw-lane-title")]
                self.assertEqual(titles, ["client c-1", "backend", "worker w-1"], "a lane a step names is opened")
                rows = live.find_elements("css selector", ".jw-step")
                self.assertEqual([row.get_attribute("data-line") for row in rows], ["2", "3", "4"])
                self.assertEqual(rows[0].find_element("css selector", ".jw-label").text, "post </b>", "labels are text, not markup")
                spans = live.find_elements("css selector", ".jw-span")
                self.assertEqual(len(spans), 1, "a span given again replaces the first")
                self.assertIn("jw-fired", spans[0].get_attribute("class"))
                cited = browser.wait_for(live, ".jw-step.jw-cited")
                self.assertEqual(cited.get_attribute("data-line"), "3")
                self.assertEqual(cited.find_element("css selector", ".jw-arrow").value_of_css_property("border-top-color"), HIGHLIGHT)
                self.assertEqual(live.find_element("css selector", ".jw-violation .jw-sentence").text, "MUST: one new per post.")


if __name__ == "__main__":
    unittest.main(verbosity=2)
