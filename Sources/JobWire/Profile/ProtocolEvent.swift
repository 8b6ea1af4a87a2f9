/// The four Socket.IO events of the protocol (MSG-1), named by their keys in the Configuration
/// section (`events.new` ...); the wire names a deployment gives them are its profile's
/// (``ProtocolProfile/eventNames``).
public enum ProtocolEvent: String, Sendable, Hashable, CaseIterable {
    /// A request offered to the channel or to one worker (MSG-3).
    case new
    /// A worker won the request (MSG-9).
    case apply
    /// The request was cancelled (MSG-10).
    case cancel
    /// The request was closed (MSG-11).
    case close
}
