@testable import JobWire
import SocketIOWire

/// Entities, tokens and app states the offline model tests share.
enum OfflineFixtures {
    static let t0: Int64 = 1_767_225_600_000
    static let day: Int64 = 86_400_000
    static let ana: JSONObject = ["name": "Ana Ruiz", "city": "Madrid"]
    static let bea: JSONObject = ["name": "Bea Soto", "city": "Toledo"]
    static let activeJWT = CachedJWT(token: "jwt-ana-1", expiresAt: t0 + day)

    /// A running app showing CONTACTS with c-1 = Ana, online or offline.
    static func app(_ connectivity: Connectivity, entities: [EntityID: JSONObject] = ["c-1": ana]) -> OfflineAppModel {
        OfflineAppModel(connectivity: connectivity, screen: .contacts, jwt: activeJWT, everOnline: true, entities: entities)
    }

    /// An app that is not running, with the given cache.
    static func stopped(_ connectivity: Connectivity, jwt: CachedJWT?, everOnline: Bool = true) -> OfflineAppModel {
        OfflineAppModel(connectivity: connectivity, screen: .none, jwt: jwt, everOnline: everOnline)
    }

    static func create(_ seq: Int, _ id: EntityID, _ data: JSONObject) -> OfflineRequest {
        OfflineRequest(seq: seq, call: .create(id, data: data))
    }

    static func edit(_ seq: Int, _ id: EntityID, _ data: JSONObject) -> OfflineRequest {
        OfflineRequest(seq: seq, call: .edit(id, data: data))
    }

    static func merged(_ data: JSONObject, _ changes: JSONObject) -> JSONObject {
        var result = data
        for member in changes.members { result[member.key] = member.value }
        return result
    }
}
