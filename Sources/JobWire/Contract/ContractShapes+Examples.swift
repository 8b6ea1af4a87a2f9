import SocketIOWire

/// One example payload of each event, for the AsyncAPI document's messages: mock servers such as
/// Microcks publish a message's `examples`, and documentation tools show them. The four tell one
/// story (client c-1's request R-1, won by worker w-1, closed happy); each is well formed by its
/// shape (ContractShapesTests) and by its schema (Scripts/check_contract.py).
extension ContractShapes {
    /// The example payload of `event`, with a one-line summary of what it shows.
    public static func example(of event: ProtocolEvent) -> (summary: String, payload: JSONValue) {
        switch event {
        case .new:
            return ("Client c-1's plumbing request R-1, offered to the channel room.", [
                "ReqID": "R-1", "CatID": "9", "exclusive": "0", "lat": 40.4168, "lng": -3.7038, "BlockedXP": [], "Delay": 0,
                "clientName": "Ana", "address": "Calle Mayor 1, Madrid", "category": "Plumbing", "description": "The kitchen tap leaks",
                "createdAt": "2026-01-01T09:30:00.000Z",
            ])
        case .apply:
            return ("Worker w-1 won R-1; sent to client c-1's room.", [
                "ReqID": "R-1", "workerId": "w-1", "workerName": "Luis", "workerAvatar": "https://img.example.com/w-1.png", "workerRating": 4.5,
                "lat": 40.4178, "lng": -3.7038,
            ])
        case .cancel:
            return ("R-1 cancelled by its client's timeout.", ["ReqID": "R-1", "reason": "timeout"])
        case .close:
            return ("R-1 closed happy by its client.", ["ReqID": "R-1", "outcome": "happy", "by": "client"])
        }
    }
}
