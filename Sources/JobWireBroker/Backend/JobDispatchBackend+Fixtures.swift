import JobWire
import SocketIOWire

/// The kit-side test fixtures of PROTOCOL.md's FIX area: a test sets up the worker and client
/// records the protocol's calls read (FIX-1, FIX-2) and learns the timeout in force (FIX-3).
extension JobDispatchBackend {
    /// `PUT` a worker's record (FIX-1): `name`, `avatar`, `rating` (0 to 5 or null) and `profile`,
    /// a worker profile of ELIG-10 whose `userID` is the path's worker id.
    public mutating func putWorker(id: String, body: JSONValue?) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let name = try reader.string("name")
            let avatar = try reader.string("avatar")
            let rating: Double?
            switch reader.object["rating"] {
            case .none, .some(.null): rating = nil
            case .some(let value):
                guard let number = value.doubleValue, (0...5).contains(number) else {
                    throw BackendError.badRequest("rating", "expected a number from 0 to 5 or null, found \(value.typeDescription)")
                }
                rating = number
            }
            let profile: WorkerProfile
            do {
                profile = try WorkerProfile(json: reader.object["profile"])
            } catch {
                throw BackendError.badRequest(error.field, error.message)
            }
            guard profile.userID == CanonicalID(id) else {
                throw BackendError.badRequest("profile.userID", "is \(profile.userID), not the worker \(id) of the path")
            }
            register(WorkerRecord(id: profile.userID, name: name, avatar: avatar, rating: rating, profile: profile))
            return .success(["workerId": .string(id)])
        } catch {
            return .failure(error)
        }
    }

    /// `PUT` a client's record (FIX-2): `BlockedXP`, the workers it banned, and `Delay`, the
    /// seconds its requests wait before workers see them; both fill its next requests' `new`.
    public mutating func putClient(id: String, body: JSONValue?) -> BackendReply {
        do throws(BackendError) {
            let reader = try RequestBodyReader(body)
            let blocked = try reader.optionalIDs("BlockedXP")?.map(CanonicalID.init) ?? []
            var delay: Int64 = 0
            if let value = reader.object["Delay"], !value.isNull {
                guard let seconds = value.integerValue, (0...JobOffer.maximumDelaySeconds).contains(seconds) else {
                    throw BackendError.badRequest("Delay", "expected whole seconds from 0 to \(JobOffer.maximumDelaySeconds)")
                }
                delay = seconds
            }
            register(ClientRecord(id: CanonicalID(id), blockedWorkers: blocked, offerDelaySeconds: delay))
            return .success(["clientId": .string(id)])
        } catch {
            return .failure(error)
        }
    }

    /// `GET` the settings (FIX-3): the client's timeout in force, so a test can wait it out.
    public func settings() -> BackendReply {
        .success(["timeoutMs": .int(timeoutMs)])
    }
}
