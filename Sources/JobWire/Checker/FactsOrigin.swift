/// The header profile a reader derives ``TraceEventFacts`` with, one object per header, so a
/// checker tells by identity, once per reader rather than per event, whether an event's facts
/// hold under its own header's profile.
final class FactsOrigin: Sendable {
    /// The profile of the header the events were decoded under.
    let profile: ProtocolProfile

    /// The origin of facts derived with `profile`.
    init(_ profile: ProtocolProfile) { self.profile = profile }
}
