/// The swimlane diagram's code, `swimlanes.js`, kept in a Swift string rather than a resource file.
///
/// A string compiles into the binary, so a report can always be written and the broker console
/// serves the same bytes: JobWire reads no resource through `Bundle.module`, whose accessor stops
/// the process when the bundle is not beside the executable (VectorLocator searches by hand for
/// the same reason). The page embeds it whole; it fetches nothing.
///
/// API: `window.JobWireSwimlanes.mount(element, timeline)` draws a ``Timeline`` (its JSON) and
/// returns a view with `append(steps, lanes, spans)` and `setViolations(violations)`.
public enum SwimlaneScript {
    /// The JavaScript text.
    public static let text = #"""
// swimlanes.js: draws a JobWire Timeline (Sources/JobWire/Reports/HTML/Timeline.swift) as a
// swimlane sequence diagram: one column per lane, one row per trace line, arrows between lanes,
// timers as bars, the lines a violation cites highlighted. Plain DOM, no libraries.
//
// Large traces: steps are indexed in chunks, one chunk per animation frame, and only the rows in
// view exist in the DOM, so the first rows show at once and a 100k-step trace stays smooth. The
// performance marks jw-first-lanes (first rows drawn) and jw-usable (every step indexed) time it.
//
//   var view = JobWireSwimlanes.mount(element, timeline);  // draws it
//   view.append(steps, lanes, spans);                        // more as they happen (live): what
//                                                            // TimelineBuilder.add returns
//   view.setViolations(violations);                          // pins violations to their lines
(function () {
  "use strict";
  var ROW = 22, LANE = 170, GUTTER = 120, CHUNK = 5000, OVERSCAN = 15;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function View(root, timeline) {
    this.root = root;
    this.lanes = [];
    this.laneIndex = {};
    this.steps = [];
    this.tsMax = [];          // the largest ts up to each row, to place a time on the rows
    this.rowOfLine = {};
    this.cited = {};          // line -> requirement ids citing it
    this.spans = [];
    this.violations = [];
    this.pending = [];        // steps waiting to be indexed
    this.selected = null;
    this.ready = false;
    root.classList.add("jw-swim");
    root.textContent = "";
    this.violationList = root.appendChild(el("ol", "jw-violations"));
    this.head = root.appendChild(el("div", "jw-head"));
    this.scroller = root.appendChild(el("div", "jw-scroll"));
    this.canvas = this.scroller.appendChild(el("div", "jw-canvas"));
    this.laneLayer = this.canvas.appendChild(el("div", "jw-lane-lines"));
    this.spanLayer = this.canvas.appendChild(el("div", "jw-spans"));
    this.rowLayer = this.canvas.appendChild(el("div", "jw-rows"));
    this.detail = root.appendChild(el("pre", "jw-detail", "Click a step to see its whole line."));
    var self = this;
    this.scroller.addEventListener("scroll", function () {
      self.head.scrollLeft = self.scroller.scrollLeft;
      self.schedule();
    });
    this.rowLayer.addEventListener("click", function (event) {
      var row = event.target.closest(".jw-step");
      if (row) self.select(Number(row.dataset.line));
    });
    this.addLanes(timeline.lanes || []);
    this.addSpans(timeline.spans || []);
    this.setViolations(timeline.violations || []);
    this.append(timeline.steps || []);
  }

  View.prototype.addLanes = function (lanes) {
    for (var i = 0; i < lanes.length; i++) this.lane(lanes[i].id, lanes[i].kind);
  };

  View.prototype.lane = function (id, kind) {
    if (id in this.laneIndex) return this.laneIndex[id];
    var index = this.lanes.length;
    this.laneIndex[id] = index;
    this.lanes.push({ id: id, kind: kind || "peer" });
    var title = this.head.appendChild(el("div", "jw-lane-title jw-lane-" + (kind || "peer"), id));
    title.title = id;
    title.style.left = GUTTER + index * LANE + "px";
    var line = this.laneLayer.appendChild(el("div", "jw-lane-line jw-lane-" + (kind || "peer")));
    line.style.left = GUTTER + index * LANE + LANE / 2 + "px";
    var width = GUTTER + this.lanes.length * LANE + "px";
    this.canvas.style.width = width;
    this.head.style.width = width;
    return index;
  };

  // Steps are indexed CHUNK at a time, one chunk per frame; the first chunk at once.
  View.prototype.append = function (steps, lanes, spans) {
    if (lanes) this.addLanes(lanes);
    if (spans) this.addSpans(spans);
    if (spans && spans.length && !steps.length) this.renderSpans();
    for (var i = 0; i < steps.length; i++) this.pending.push(steps[i]);
    if (!this.indexing) this.indexChunk();
  };

  View.prototype.indexChunk = function () {
    var chunk = this.pending.splice(0, CHUNK);
    for (var i = 0; i < chunk.length; i++) {
      var step = chunk[i], row = this.steps.length;
      this.lane(step.from);
      if (step.to) this.lane(step.to);
      this.rowOfLine[step.line] = row;
      this.tsMax.push(row ? Math.max(this.tsMax[row - 1], step.ts) : step.ts);
      this.steps.push(step);
    }
    this.canvas.style.height = this.steps.length * ROW + "px";
    this.laneLayer.style.height = this.steps.length * ROW + "px";
    this.renderSpans();
    this.render();
    if (this.pending.length) {
      var self = this;
      this.indexing = true;
      requestAnimationFrame(function () { self.indexChunk(); });
      return;
    }
    this.indexing = false;
    if (!this.ready) {
      this.ready = true;
      this.root.dataset.ready = "true";
      if (window.performance && performance.mark) performance.mark("jw-usable");
      this.revealViolation();
      this.root.dispatchEvent(new CustomEvent("jw-ready", { bubbles: true }));
    }
  };

  // A span given again (its timer fired) replaces the one with its lane, label and start.
  View.prototype.addSpans = function (spans) {
    this.spanIndex = this.spanIndex || {};
    for (var i = 0; i < spans.length; i++) {
      var key = spans[i].lane + "|" + spans[i].label + "|" + spans[i].start;
      if (key in this.spanIndex) this.spans[this.spanIndex[key]] = spans[i];
      else this.spanIndex[key] = this.spans.push(spans[i]) - 1;
    }
  };

  // The first row at or after `ts` (rows follow line order; a skewed clock may step back).
  View.prototype.rowAt = function (ts) {
    var low = 0, high = this.tsMax.length;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (this.tsMax[mid] < ts) low = mid + 1; else high = mid;
    }
    return low;
  };

  View.prototype.renderSpans = function () {
    this.spanLayer.textContent = "";
    for (var i = 0; i < this.spans.length; i++) {
      var span = this.spans[i], lane = this.laneIndex[span.lane];
      if (lane === undefined) continue;
      var top = this.rowAt(span.start), bottom = span.end == null ? this.steps.length : this.rowAt(span.end);
      var bar = this.spanLayer.appendChild(el("div", "jw-span" + (span.fired ? " jw-fired" : "")));
      bar.style.left = GUTTER + lane * LANE + LANE / 2 + 4 + "px";
      bar.style.top = top * ROW + "px";
      bar.style.height = Math.max(1, bottom - top) * ROW + "px";
      bar.title = span.label + (span.fired ? " (fired)" : " (window until due)");
    }
  };

  View.prototype.schedule = function () {
    var self = this;
    if (this.frame) return;
    this.frame = requestAnimationFrame(function () { self.frame = 0; self.render(); });
  };

  // Draws only the rows in view, plus a few around them.
  View.prototype.render = function () {
    var first = Math.max(0, Math.floor(this.scroller.scrollTop / ROW) - OVERSCAN);
    var last = Math.min(this.steps.length, Math.ceil((this.scroller.scrollTop + this.scroller.clientHeight) / ROW) + OVERSCAN);
    var fragment = document.createDocumentFragment();
    var origin = this.steps.length ? this.steps[0].ts : 0;
    for (var row = first; row < last; row++) fragment.appendChild(this.row(this.steps[row], row, origin));
    this.rowLayer.textContent = "";
    this.rowLayer.appendChild(fragment);
    if (!this.drawn && this.steps.length) {
      this.drawn = true;
      this.root.dataset.drawn = "true";
      if (window.performance && performance.mark && !performance.getEntriesByName("jw-first-lanes").length) performance.mark("jw-first-lanes");
    }
  };

  View.prototype.row = function (step, row, origin) {
    var node = el("div", "jw-step jw-" + step.kind);
    node.style.top = row * ROW + "px";
    node.dataset.line = step.line;
    node.title = step.payload;
    var time = node.appendChild(el("span", "jw-time", "+" + ((step.ts - origin) / 1000).toFixed(3) + " s"));
    time.appendChild(el("span", "jw-line", "L" + step.line));
    var from = this.laneIndex[step.from], to = step.to == null ? from : this.laneIndex[step.to];
    var mark = node.appendChild(el("div", from === to ? "jw-dot" : "jw-arrow " + (to > from ? "jw-right" : "jw-left")));
    var left = GUTTER + Math.min(from, to) * LANE + LANE / 2;
    mark.style.left = left + "px";
    if (from !== to) mark.style.width = Math.abs(to - from) * LANE + "px";
    var label = mark.appendChild(el("span", "jw-label", step.label));
    var ids = this.cited[step.line];
    if (ids) {
      node.classList.add("jw-cited");
      label.appendChild(el("span", "jw-badge", ids.join(" ")));
    }
    if (step.line === this.selected) node.classList.add("jw-selected");
    return node;
  };

  View.prototype.select = function (line) {
    this.selected = line;
    var step = this.steps[this.rowOfLine[line]];
    if (!step) return;
    var text;
    try { text = JSON.stringify(JSON.parse(step.payload), null, 2); } catch (e) { text = step.payload; }
    this.detail.textContent = "line " + line + ": " + step.from + (step.to ? " \u2192 " + step.to : "") + "\n" + text;
    this.render();
  };

  // Scrolls a line's row into the middle of the view and selects it.
  View.prototype.show = function (line) {
    var row = this.rowOfLine[line];
    if (row === undefined) return;
    this.scroller.scrollTop = Math.max(0, row * ROW - this.scroller.clientHeight / 2);
    this.select(line);
  };

  View.prototype.setViolations = function (violations) {
    var self = this;
    this.violations = violations;
    this.cited = {};
    this.violationList.textContent = "";
    violations.forEach(function (violation) {
      violation.lines.forEach(function (line) {
        (self.cited[line] = self.cited[line] || []).push(violation.requirement);
      });
      var item = self.violationList.appendChild(el("li", "jw-violation"));
      var link = item.appendChild(el("a", "jw-req", violation.requirement));
      link.href = "#req-" + violation.requirement;
      item.appendChild(el("span", "jw-sentence", violation.sentence || ""));
      item.appendChild(el("div", "jw-expected", "expected: " + violation.expected));
      item.appendChild(el("div", "jw-observed", "observed: " + violation.observed));
      var lines = item.appendChild(el("div", "jw-cites", "lines:"));
      violation.lines.forEach(function (line) {
        var button = lines.appendChild(el("button", "jw-cite", "L" + line));
        button.type = "button";
        button.dataset.line = line;
        button.addEventListener("click", function () { self.show(line); });
      });
    });
    if (this.ready) this.revealViolation();
    this.render();
  };

  // Brings the first cited line into view, so a failing case opens on its violation.
  View.prototype.revealViolation = function () {
    var rows = this.rowOfLine;
    this.violationList.querySelectorAll(".jw-cite").forEach(function (button) {
      var absent = !(button.dataset.line in rows);
      button.classList.toggle("jw-absent", absent);
      button.title = absent ? "this line belongs to another part of the trace" : "show this line";
    });
    var lines = Object.keys(this.cited).map(Number).filter(function (line) { return line in this.rowOfLine; }, this);
    if (lines.length) this.show(Math.min.apply(null, lines));
  };

  window.JobWireSwimlanes = {
    mount: function (element, timeline) { return new View(element, timeline); }
  };
})();
"""#
}
