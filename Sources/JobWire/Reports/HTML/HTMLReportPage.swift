/// The HTML report's own style and start-up script, beside the swimlanes' (``SwimlaneStyle``, ``SwimlaneScript``).
enum HTMLReportPage {
    /// The columns of the summary table, in ``JSONReport``'s order.
    static let countNames: [(title: String, count: @Sendable (RunSummary) -> Int)] = [
        ("Passed", \.passed), ("Failed", \.failed), ("Skipped", \.skipped), ("Errors", \.errors),
        ("Known failures", \.knownFailures), ("Inconclusive", \.inconclusive),
    ]

    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1d2430; }
        h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 22px 0 8px; }
        .jw-verdict { font-weight: 600; } .jw-ok { color: #1d7a46; } .jw-bad { color: #b3261e; }
        .jw-summary { border-collapse: collapse; font-size: 13px; }
        .jw-summary th, .jw-summary td { border-bottom: 1px solid #e1e6ed; padding: 3px 10px; text-align: right; }
        .jw-summary th:first-child { text-align: left; font-weight: 400; max-width: 720px; }
        .jw-summary .jw-total th, .jw-summary .jw-area th { font-weight: 700; }
        .jw-summary .jw-area { background: #f3f6fa; cursor: pointer; }
        .jw-summary .jw-requirement th { padding-left: 24px; }
        .jw-summary .jw-zero { color: #b8c0cc; }
        .jw-summary :target { background: #fff4c2; }
        .jw-sentence { color: #4a5566; }
        .jw-case { border: 1px solid #d5dbe3; border-radius: 6px; margin: 8px 0; padding: 6px 10px; }
        .jw-case > summary { cursor: pointer; font-weight: 600; }
        .jw-counts { font-weight: 400; color: #6b7685; margin-left: 8px; }
        .jw-tag { display: inline-block; min-width: 40px; text-align: center; border-radius: 3px; padding: 0 4px; font-size: 12px; color: #fff; background: #6b7685; }
        .jw-tag.jw-pass { background: #1d7a46; } .jw-tag.jw-fail, .jw-tag.jw-error { background: #b3261e; }
        .jw-tag.jw-known, .jw-tag.jw-skip, .jw-tag.jw-inconclusive { background: #9a6b00; }
        .jw-results { padding-left: 18px; } .jw-result { margin: 4px 0; }
        .jw-lanes-host { margin-top: 8px; }

        """

    /// Mounts each part's diagram when the part is first opened; the open ones at once.
    static let script = """
        (function () {
          "use strict";
          function mount(part) {
            var host = part.querySelector(".jw-lanes-host");
            if (!host || host.dataset.mounted) return;
            host.dataset.mounted = "true";
            var data = document.getElementById(host.dataset.timeline);
            JobWireSwimlanes.mount(host, JSON.parse(data.textContent));
          }
          document.querySelectorAll("tr.jw-area").forEach(function (area) {
            area.addEventListener("click", function () {
              document.querySelectorAll('tr[data-in-area="' + area.dataset.area + '"]').forEach(function (row) { row.hidden = !row.hidden; });
            });
          });
          document.querySelectorAll("details.jw-case").forEach(function (part) {
            if (part.open) mount(part);
            part.addEventListener("toggle", function () { if (part.open) mount(part); });
          });
        })();

        """
}
