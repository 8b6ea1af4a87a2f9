extension SocketIOServer {
    /// The CORS answer the server gives browsers, as the reference does with the `cors` option.
    ///
    /// With CORS configured every HTTP answer, errors included, carries
    /// `Access-Control-Allow-Origin` (a browser cannot read a status without it), and a preflight
    /// `OPTIONS` gets 204 with the allowed methods and the requested headers reflected.
    public struct CORS: Sendable, Hashable {
        /// Which origins are allowed.
        public enum Origin: Sendable, Hashable {
            /// `Access-Control-Allow-Origin: *`.
            case any
            /// The request's `Origin`, whatever it is.
            case reflect
            /// The request's `Origin` when it is one of these.
            case list([String])
        }

        /// The allowed origins.
        public var origin: Origin
        /// Whether to send `Access-Control-Allow-Credentials: true`.
        public var credentials: Bool

        /// A CORS policy; `CORS(origin: .any)` is the official suites' `cors: { origin: "*" }`.
        public init(origin: Origin, credentials: Bool = false) {
            self.origin = origin
            self.credentials = credentials
        }

        /// The headers every answer to a request from `requestOrigin` carries.
        func responseHeaders(requestOrigin: String?) -> [(String, String)] {
            var headers: [(String, String)] = []
            switch origin {
            case .any:
                headers.append(("Access-Control-Allow-Origin", "*"))
            case .reflect:
                if let requestOrigin { headers.append(("Access-Control-Allow-Origin", requestOrigin)) }
                headers.append(("Vary", "Origin"))
            case .list(let allowed):
                if let requestOrigin, allowed.contains(requestOrigin) {
                    headers.append(("Access-Control-Allow-Origin", requestOrigin))
                }
                headers.append(("Vary", "Origin"))
            }
            if credentials { headers.append(("Access-Control-Allow-Credentials", "true")) }
            return headers
        }

        /// The extra headers of a preflight answer (`204`), reflecting the requested headers.
        func preflightHeaders(requestedHeaders: String?) -> [(String, String)] {
            var headers = [("Access-Control-Allow-Methods", "GET,HEAD,PUT,PATCH,POST,DELETE")]
            if let requestedHeaders {
                headers.append(("Access-Control-Allow-Headers", requestedHeaders))
                headers.append(("Vary", "Access-Control-Request-Headers"))
            }
            return headers
        }
    }
}
