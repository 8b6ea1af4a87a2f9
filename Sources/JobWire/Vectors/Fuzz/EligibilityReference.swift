import Foundation
import SocketIOWire

/// A second, deliberately plain implementation of the eligibility check (ELIG-1 ... ELIG-11),
/// written from Docs/PROTOCOL.md alone for `jobwire vectors fuzz`: it reads the generated text's
/// tree directly, not through ``JSONParser`` or ``Eligibility``, so the two share no code but the
/// wire form of the answer and a bug in one shows as a disagreement with the other.
public enum EligibilityReference {
    /// The answer for `input` in the suite's wire form: a decision or `{"invalid": {"field"}}`.
    public static func answer(_ input: FuzzJSON) -> JSONValue {
        do throws(Invalid) {
            return try decide(input)
        } catch {
            return ["invalid": ["field": .string(error.field), "message": .string(error.message)]]
        }
    }

    /// The first malformed field, in ELIG-9's order.
    struct Invalid: Error {
        var field: String
        var message: String
    }

    private static func decide(_ input: FuzzJSON) throws(Invalid) -> JSONValue {
        guard case .object = input else { throw Invalid(field: "input", message: "not an object") }
        // ELIG-9's order: receivedAt, profile, job, then each one's fields in the order below.
        // PROTOCOL.md bounds receivedAt below only; the kit's Int64.max / 2 keeps showAt in 64 bits.
        let receivedAt = try whole(required(input, "receivedAt", at: "receivedAt"), at: "receivedAt", in: 0...Int64.max / 2)
        let profile = try object(required(input, "profile", at: "profile"), at: "profile")
        let job = try object(required(input, "job", at: "job"), at: "job")

        let userID = try id(required(profile, "userID", at: "profile.userID"), at: "profile.userID")
        guard case .bool(let active) = try required(profile, "expertActive", at: "profile.expertActive") else {
            throw Invalid(field: "profile.expertActive", message: "not a boolean")
        }
        // ELIG-2: absent and null both mean no partner.
        let source = try profile["expertSource"].flatMap { value throws(Invalid) in value == .null ? nil : try id(value, at: "profile.expertSource") }
        let categories = try ids(required(profile, "categories", at: "profile.categories"), at: "profile.categories")
        let maxKms = try number(required(profile, "maxKms", at: "profile.maxKms"), at: "profile.maxKms", in: 0...Double.greatestFiniteMagnitude)
        let workerLat = try number(required(profile, "lat", at: "profile.lat"), at: "profile.lat", in: -90...90)
        let workerLng = try number(required(profile, "lng", at: "profile.lng"), at: "profile.lng", in: -180...180)

        switch try required(job, "ReqID", at: "job.ReqID") {
        case .string, .escapedString: break
        default: throw Invalid(field: "job.ReqID", message: "not a string")
        }
        let category = try id(required(job, "CatID", at: "job.CatID"), at: "job.CatID")
        let exclusive = try id(required(job, "exclusive", at: "job.exclusive"), at: "job.exclusive")
        if exclusive.isEmpty { throw Invalid(field: "job.exclusive", message: "empty") }
        let jobLat = try number(required(job, "lat", at: "job.lat"), at: "job.lat", in: -90...90)
        let jobLng = try number(required(job, "lng", at: "job.lng"), at: "job.lng", in: -180...180)
        var blocked: [[Unicode.Scalar]] = []
        switch job["BlockedXP"] {
        case nil: break
        case .object?:  // MSG-15: the seed's {"userID": [...]}
            blocked = try ids(required(job["BlockedXP"]!, "userID", at: "job.BlockedXP.userID"), at: "job.BlockedXP.userID")
        case let value?: blocked = try ids(value, at: "job.BlockedXP")
        }
        let delay = try job["Delay"].map { value throws(Invalid) in try whole(value, at: "job.Delay", in: 0...2_147_483_647) } ?? 0

        let distance = distanceKm(workerLat, workerLng, jobLat, jobLng)
        var failed: [String] = []
        if !active { failed.append("ELIG-1") }
        if exclusive != Array("0".unicodeScalars), exclusive != source { failed.append("ELIG-2") }
        if !categories.contains(category) { failed.append("ELIG-3") }
        if !(distance <= maxKms + 1e-6) { failed.append("ELIG-4") }
        if blocked.contains(userID) { failed.append("ELIG-5") }
        return [
            "eligible": .bool(failed.isEmpty),
            "failed": .array(failed.map { .string($0) }),
            "distanceKm": .double(distance),
            "showAt": .int(receivedAt + delay * 1000),
        ]
    }

    /// ELIG-4's form, term by term as PROTOCOL.md writes it.
    public static func distanceKm(_ lat1: Double, _ lng1: Double, _ lat2: Double, _ lng2: Double) -> Double {
        let radians = Double.pi / 180
        let deltaPhi = (lat2 - lat1) * radians, sumPhi = (lat1 + lat2) * radians, deltaLambda = (lng2 - lng1) * radians
        let s = sin(deltaPhi / 2) * cos(deltaLambda / 2)
        let t = cos(sumPhi / 2) * sin(deltaLambda / 2)
        let u = cos(deltaPhi / 2) * cos(deltaLambda / 2)
        let v = sin(sumPhi / 2) * sin(deltaLambda / 2)
        return 2 * 6371.0 * atan2((s * s + t * t).squareRoot(), (u * u + v * v).squareRoot())
    }

    private static func required(_ object: FuzzJSON, _ key: String, at path: String) throws(Invalid) -> FuzzJSON {
        guard let value = object[key] else { throw Invalid(field: path, message: "missing") }
        return value
    }

    private static func object(_ value: FuzzJSON, at path: String) throws(Invalid) -> FuzzJSON {
        guard case .object = value else { throw Invalid(field: path, message: "not an object") }
        return value
    }

    /// ELIG-2: an id is a string, compared scalar by scalar, or an integer literal of any size,
    /// which is its digits; `9.0` and `1e1` are numbers but not integer literals.
    private static func id(_ value: FuzzJSON, at path: String) throws(Invalid) -> [Unicode.Scalar] {
        switch value {
        case .string(let text), .escapedString(let text): return Array(text.unicodeScalars)
        case .number(let literal) where !literal.contains(where: { ".eE".contains($0) }): return Array(literal.unicodeScalars)
        default: throw Invalid(field: path, message: "not an id")
        }
    }

    private static func ids(_ value: FuzzJSON, at path: String) throws(Invalid) -> [[Unicode.Scalar]] {
        guard case .array(let elements) = value else { throw Invalid(field: path, message: "not an array") }
        var result: [[Unicode.Scalar]] = []
        for (index, element) in elements.enumerated() { result.append(try id(element, at: "\(path)[\(index)]")) }
        return result
    }

    private static func number(_ value: FuzzJSON, at path: String, in range: ClosedRange<Double>) throws(Invalid) -> Double {
        guard case .number(let literal) = value, let number = Double(literal), number.isFinite else {
            throw Invalid(field: path, message: "not a number")
        }
        guard range.contains(number) else { throw Invalid(field: path, message: "out of range") }
        return number
    }

    /// A whole number: an integer literal, or a number without a fractional part (`30.0`, `3e1`).
    private static func whole(_ value: FuzzJSON, at path: String, in range: ClosedRange<Int64>) throws(Invalid) -> Int64 {
        let number = try self.number(value, at: path, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        guard number.rounded() == number else { throw Invalid(field: path, message: "has a fractional part") }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else { throw Invalid(field: path, message: "out of range") }
        if case .number(let literal) = value, let exact = Int64(literal) { return exact }
        return Int64(number)
    }
}
