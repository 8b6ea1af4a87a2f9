/// The swimlane diagram's look, `swimlanes.css`, in a Swift string for the reason ``SwimlaneScript`` gives.
public enum SwimlaneStyle {
    /// The CSS text.
    public static let text = #"""
/* swimlanes.css: the look of swimlanes.js's diagram. Lanes are columns, steps are rows. */
.jw-swim { font: 12px/1.4 system-ui, sans-serif; color: #1d2430; }
.jw-head { position: relative; height: 34px; border-bottom: 1px solid #c9d1dc; overflow: hidden; }
.jw-lane-title { position: absolute; top: 2px; width: 166px; padding: 0 2px; text-align: center; font-weight: 600;
  line-height: 15px; max-height: 30px; overflow: hidden; overflow-wrap: anywhere; }
.jw-lane-title.jw-lane-screen { color: #7a4ea8; font-weight: 500; }
.jw-lane-title.jw-lane-backend { color: #0b5a8a; }
.jw-scroll { position: relative; height: 460px; overflow: auto; border: 1px solid #e1e6ed; background: #fff; }
.jw-canvas { position: relative; }
.jw-lane-line { position: absolute; top: 0; width: 0; border-left: 1px dashed #c9d1dc; }
.jw-lane-line.jw-lane-screen { border-left-color: #d9c7ec; }
.jw-spans, .jw-rows { position: absolute; inset: 0; }
.jw-span { position: absolute; width: 5px; background: #f1c27d; opacity: .75; border-radius: 2px; }
.jw-span.jw-fired { background: #e07b39; }
.jw-step { position: absolute; left: 0; right: 0; height: 22px; cursor: pointer; }
.jw-step:hover { background: #f3f6fa; }
.jw-step.jw-selected { background: #e8f0fb; }
.jw-time { position: absolute; left: 6px; top: 4px; width: 108px; color: #6b7685; font-variant-numeric: tabular-nums; }
.jw-line { margin-left: 6px; color: #9aa4b1; }
.jw-arrow { position: absolute; top: 15px; height: 0; border-top: 1.5px solid #5b6b80; }
.jw-arrow::after { content: ""; position: absolute; top: -5.5px; border: 5px solid transparent; }
.jw-arrow.jw-right::after { right: -2px; border-left: 7px solid #5b6b80; border-right: 0; }
.jw-arrow.jw-left::after { left: -2px; border-right: 7px solid #5b6b80; border-left: 0; }
.jw-dot { position: absolute; top: 11px; width: 7px; height: 7px; margin-left: -3.5px; border-radius: 50%; background: #8795a8; }
.jw-label { position: absolute; bottom: 1px; left: 6px; white-space: nowrap; color: #2b3442; }
.jw-dot .jw-label { bottom: -4px; left: 12px; }
.jw-emit .jw-arrow { border-top-color: #1f6fb2; }
.jw-request .jw-arrow, .jw-answer .jw-arrow { border-top-color: #2e8b57; }
.jw-answer .jw-arrow { border-top-style: dashed; }
.jw-ui .jw-arrow { border-top-color: #7a4ea8; }
.jw-connection .jw-arrow { border-top-color: #9aa4b1; border-top-style: dotted; }
.jw-step.jw-cited { background: #fdecec; }
.jw-step.jw-cited .jw-arrow { border-top: 3px solid #d0312d; }
.jw-step.jw-cited .jw-arrow.jw-right::after { border-left-color: #d0312d; }
.jw-step.jw-cited .jw-arrow.jw-left::after { border-right-color: #d0312d; }
.jw-step.jw-cited .jw-dot { background: #d0312d; box-shadow: 0 0 0 3px #f6b8b6; }
.jw-step.jw-cited .jw-label { font-weight: 600; color: #a01f1b; }
.jw-badge { margin-left: 6px; padding: 0 4px; border-radius: 3px; background: #d0312d; color: #fff; font-size: 11px; }
.jw-violations { margin: 0 0 8px; padding-left: 28px; max-height: 260px; overflow: auto; }
.jw-violation { margin-bottom: 6px; }
.jw-req { font-weight: 700; color: #a01f1b; margin-right: 6px; }
.jw-expected, .jw-observed, .jw-cites { color: #3b4656; }
.jw-cite { margin-left: 4px; font: inherit; font-size: 11px; padding: 0 4px; cursor: pointer; }
.jw-cite.jw-absent { opacity: .5; cursor: default; }
.jw-detail { max-height: 220px; overflow: auto; margin: 8px 0 0; padding: 8px; background: #f6f8fa;
  border: 1px solid #e1e6ed; white-space: pre-wrap; word-break: break-all; font-size: 11px; }
"""#
}
