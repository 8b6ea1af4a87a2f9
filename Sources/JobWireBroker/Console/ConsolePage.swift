import Foundation
import JobWire
import SocketIOWire

/// The console's page: plain HTML, CSS and JavaScript, no build step. It long-polls
/// `/jobwire/console/events` with its cursor, draws the lines as swimlanes, lists the checker's
/// findings by requirement id, and posts the person's controls to `/jobwire/console/control`.
enum ConsolePage {
    /// The page, with the step vocabulary a person may inject.
    static var html: String {
        let vocabulary = JSONValue.object(JSONObject(ConsoleCommand.vocabulary.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .array($0.value.map { .string($0) })) }))
        // The report's renderer, inlined as the HTML report inlines it: one page, no fetch.
        return template.replacingOccurrences(of: "/*VOCABULARY*/", with: HTMLText.scriptSafe(vocabulary.compactText))
            .replacingOccurrences(of: "/*SWIMLANES_CSS*/", with: "<style>\n\(SwimlaneStyle.text)</style>")
            .replacingOccurrences(of: "/*SWIMLANES_JS*/", with: "<script>\n\(SwimlaneScript.text)</script>")
    }

    private static let template = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>JobWire console</title><link rel="icon" href="data:,">
        <style>
        body { font: 14px system-ui, sans-serif; margin: 0; color: #1d2330; }
        header { display: flex; gap: 12px; align-items: center; padding: 10px 16px; background: #1d2330; color: #fff; flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; }
        header button, header select { font: inherit; }
        #status { margin-left: auto; font-family: ui-monospace, monospace; }
        main { display: grid; grid-template-columns: 1fr 340px; gap: 0; min-height: calc(100vh - 52px); }
        #lanes { overflow: auto; padding: 8px; }
        aside { border-left: 1px solid #ccd; padding: 8px 12px; overflow: auto; }
        aside h2 { font-size: 14px; margin: 12px 0 6px; }
        #verdict li { margin-bottom: 6px; }
        #verdict .id { font-weight: 700; color: #b00020; }
        #verdict.clean::before { content: "no violation so far"; color: #2e7d32; }
        textarea { width: 100%; height: 120px; font-family: ui-monospace, monospace; font-size: 12px; box-sizing: border-box; }
        #error { color: #b00020; white-space: pre-wrap; }
        #members { color: #5b6b80; font-size: 12px; }
        </style>
        /*SWIMLANES_CSS*/
        </head><body>
        <header>
          <h1>JobWire console</h1>
          <button id="pause">Pause</button><button id="resume">Resume</button><button id="step">Step</button>
          <span id="status">connecting</span>
        </header>
        <main>
          <div id="lanes"></div>
          <aside>
            <h2>Verdict so far</h2>
            <ul id="verdict" class="clean"></ul>
            <h2>Inject a step</h2>
            <select id="kind"></select> <span id="members"></span>
            <textarea id="injected" spellcheck="false"></textarea>
            <button id="inject">Inject</button>
            <div id="error"></div>
          </aside>
        </main>
        /*SWIMLANES_JS*/
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token");
        const base = location.pathname;
        const vocabulary = /*VOCABULARY*/;
        let cursor = 1, seen = -1;
        const $ = (id) => document.getElementById(id);
        const lanes = window.JobWireSwimlanes.mount($("lanes"), { title: "", lanes: [], steps: [], spans: [], violations: [] });
        let pinned = "[]";

        function showState(state) {
          seen = state.version;
          const what = state.finished ? "finished" : !state.started ? "waiting for the app under test" : state.paused ? "paused" : "running";
          $("status").textContent = state.scenario + ": " + what;
          $("status").dataset.state = what;
        }

        function showVerdict(findings) {
          const list = $("verdict");
          list.replaceChildren(...findings.map((finding) => {
            const item = document.createElement("li");
            item.dataset.requirement = finding.id;
            const id = document.createElement("span");
            id.className = "id";
            id.textContent = finding.id;
            const first = finding.violations[0];
            item.append(id, " ", finding.check, first ? " (" + (first.lines.length > 1 ? "lines " : "line ") + first.lines.join(", ") + "): " + first.observed : "");
            return item;
          }));
          list.className = findings.length ? "" : "clean";
        }

        async function poll() {
          for (;;) {
            try {
              const answer = await fetch(base + "/events?token=" + encodeURIComponent(token) + "&after=" + cursor + "&seen=" + seen);
              if (!answer.ok) { $("status").textContent = "refused (" + answer.status + ")"; return; }
              const news = await answer.json();
              if (news.steps.length) lanes.append(news.steps, news.lanes, news.spans);
              const violations = JSON.stringify(news.violations);
              if (violations !== pinned) { pinned = violations; lanes.setViolations(news.violations); }
              cursor = news.cursor;
              showVerdict(news.verdict);
              showState(news.state);
            } catch (error) {
              $("status").textContent = "broker gone";
              return;
            }
          }
        }

        async function control(body) {
          const answer = await fetch(base + "/control?token=" + encodeURIComponent(token), {
            method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
          });
          const reply = await answer.json();
          $("error").textContent = reply.ok ? "" : reply.error.field + ": " + reply.error.message;
          if (reply.ok) showState(reply.state);
          // How many controls were answered: a test waits for this, never for a time.
          document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
        }

        for (const name of ["pause", "resume", "step"]) $(name).onclick = () => control({ command: name });
        for (const kind of Object.keys(vocabulary).sort()) $("kind").add(new Option(kind, kind));
        // A kind fills in its "do"; the members it takes are named beside it (BROKER.md, "Steps").
        $("kind").onchange = () => {
          const members = vocabulary[$("kind").value];
          $("members").textContent = members.length ? "takes " + members.join(", ") : "takes nothing more";
          $("injected").value = JSON.stringify({ do: $("kind").value });
        };
        $("kind").onchange();
        $("inject").onclick = () => {
          let step;
          try { step = JSON.parse($("injected").value); } catch (error) { $("error").textContent = "step: not JSON: " + error.message; return; }
          control({ command: "inject", step });
        };
        poll();
        </script>
        </body></html>
        """
}
