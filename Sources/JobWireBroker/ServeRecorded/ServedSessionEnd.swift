import JobWire

/// How a served session (`jobwire broker --replay`) ends once every recorded step is done
/// (Docs/RECORD.md, "The end"), the apps' own disconnects among them: a disconnect comes after
/// everything the app sent on that connection, its reports included, so what an app reported
/// late on a busy machine is in the capture however late it was. When no app is connected any
/// more, nothing more can come, and the session ends. While one is (a recording that shows it
/// staying), the session's clock must pass each obligation the checker started that would fail
/// with nothing more, since that app may still meet it; obligations that would pass or that
/// their rule dismisses are not waited for. No fixed wait of wall time decides what is judged.
public enum ServedSessionEnd {
    /// Returns once no app is connected (`appsConnected` false), or no obligation of the
    /// capture's checker waits to fail at a later moment of `clock`: at once when none does,
    /// else when the clock passed it or an app met it. Sleeps in slices of at most 20 real ms;
    /// lines held for their timestamp order are written first, so the checker has seen what
    /// reached the broker.
    public static func untilJudged(_ recorder: CaptureRecorder, clock: any BrokerClock, appsConnected: () -> Bool) async {
        while !Task.isCancelled, appsConnected() {
            let now = clock.now()
            recorder.flush(now: now)
            // A report stamped up to the reorder window ago may still be held: judged at `now`
            // minus the window, as the capture's own lines are.
            guard recorder.awaitsFailingObligation(at: now - (recorder.reorderWindowMs ?? 0)) else { return }
            try? await Task.sleep(for: .milliseconds(Int64(max(1.0, (20.0 / clock.speed).rounded(.up)))))
        }
    }
}
