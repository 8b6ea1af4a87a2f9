import NIOConcurrencyHelpers

/// The namespaces a server offers, by name; shared by every connection.
final class SocketIONamespaceRegistry: Sendable {
    private let namespaces = NIOLockedValueBox<[String: SocketIONamespace]>([:])

    /// The namespace `name`, created on first use.
    func namespace(_ name: String) -> SocketIONamespace {
        namespaces.withLockedValue { namespaces in
            if let existing = namespaces[name] { return existing }
            let created = SocketIONamespace(name: name)
            namespaces[name] = created
            return created
        }
    }

    /// The namespace `name` if the application created it; others are refused as "Invalid namespace".
    func existing(_ name: String) -> SocketIONamespace? {
        namespaces.withLockedValue { $0[name] }
    }
}
