import JobWire
import SocketIOWire

extension SecretPseudonyms {
    /// `body` with its secrets replaced as `jobwire record` replaces them: the handshake's auth,
    /// payloads, REST bodies and paths, the bearer token (so `jobwire replay --out` writes no
    /// secret the new backend issued, and the checker still pairs a token with its sign-up).
    mutating func event(_ body: TraceEventBody) -> TraceEventBody {
        switch body {
        case .connecting(var connection):
            connection.auth = connection.auth.map { json($0) }
            return .connecting(connection)
        case .connected(var connection):
            connection.auth = connection.auth.map { json($0) }
            return .connected(connection)
        case .socketIn(var message):
            message.payload = message.payload.map { json($0) }
            return .socketIn(message)
        case .socketOut(var message):
            message.payload = message.payload.map { json($0) }
            return .socketOut(message)
        case .httpRequest(var request):
            request.path = target(request.path)
            request.body = request.body.map { json($0) }
            request.bearer = request.bearer.map { text($0) }
            return .httpRequest(request)
        case .httpResponse(var response):
            response.body = response.body.map { json($0) }
            return .httpResponse(response)
        default:
            return body
        }
    }
}
