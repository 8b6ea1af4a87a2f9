import JobWire
import SocketIOWire

/// The room each event an app received in a capture was sent to, for `jobwire broker --replay`
/// to send it there again and record it so (MSG-2, MSG-3, FLOW-8).
///
/// A capture that holds the backend's own lines (a broker's or verify's) says it: the room of the
/// backend's `io.out` of the same event and payload, to a room the receiver is in. A capture of
/// `jobwire record` holds only what each app received, not the room, so the room is the one
/// PROTOCOL.md sends it to: a `new` of a request whose post named no `workerId` went to the
/// channel (MSG-3), and so did a worker's `cancel` of such a request when the recording shows no
/// `apply` for it before (FLOW-8); every other event to the receiver's own room.
struct RecordedRooms {
    let profile: ProtocolProfile
    /// The backend's recorded emissions: event, payload and room.
    private var sends: [(event: String, payload: JSONValue, room: String)] = []
    /// The body of the call first answered with each ReqID: its post.
    private var posts: [String: JSONValue] = [:]
    private var channelNews: Set<String> = []
    private var won: Set<String> = []

    init(profile: ProtocolProfile) { self.profile = profile }

    /// A backend line: its `io.out`, with the room, is remembered.
    mutating func backend(_ event: TraceEvent) {
        guard case .socketOut(let message) = event.body, let room = message.room else { return }
        sends.append((message.event, message.payload ?? .null, room))
    }

    /// An app's REST call and its recorded answer: the first one naming a ReqID is its post.
    mutating func call(body: JSONValue?, answer: JSONValue?) {
        guard let req = answer?["ReqID"]?.idText, posts[req] == nil else { return }
        posts[req] = body ?? .null
    }

    /// The room the event `actor` received was sent to.
    mutating func received(_ event: String, _ payload: JSONValue, by actor: TraceActor) -> String? {
        guard let id = actor.id else { return nil }
        let rooms: Set<String> = actor.role == .worker ? [id, profile.channelRoom] : [id]
        if let sent = sends.last(where: { $0.event == event && rooms.contains($0.room) && $0.payload.isEquivalent(to: payload) }) {
            return sent.room
        }
        guard let req = payload["ReqID"]?.idText else { return id }
        switch profile.event(named: event) {
        case .new? where actor.role == .worker:
            guard let post = posts[req], post["workerId"] == nil || post["workerId"] == .null else { return id }
            channelNews.insert(req)
            return profile.channelRoom
        case .apply?:
            won.insert(req)
        case .cancel? where actor.role == .worker && channelNews.contains(req) && !won.contains(req):
            return profile.channelRoom
        default:
            break
        }
        return id
    }
}
