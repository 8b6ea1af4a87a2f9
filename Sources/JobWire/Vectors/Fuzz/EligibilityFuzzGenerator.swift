import SocketIOWire

/// Which boundary a generated eligibility case is built around (`jobwire vectors fuzz`).
public enum EligibilityFuzzFocus: String, Sendable, CaseIterable {
    /// ELIG-1: `expertActive` true or false.
    case active
    /// ELIG-2: `exclusive` "0", 0, "00", the worker's partner in another spelling, or a near miss.
    case exclusive
    /// ELIG-3: `CatID` among `categories` in another spelling, or a near miss.
    case category
    /// ELIG-4: distances near 0 and across the antimeridian, `maxKms` at the distance ± the tolerance.
    case distance
    /// ELIG-4 near πR: points at or next to each other's antipode.
    case antipode
    /// ELIG-5: `BlockedXP` as an array or the seed's object, holding the worker or a near miss.
    case blocked
    /// ELIG-6: `Delay` and `receivedAt` at their bounds and in their whole-number spellings, and a
    /// `createdAt` that is not the receipt.
    case delay
    /// ELIG-9: one to three fields broken at once; the first in ELIG-9's order must be named.
    case malformed
    /// Every field drawn at once.
    case mixed
}

/// Draws eligibility inputs as JSON text around every rule's boundary (ELIG-1 ... ELIG-9).
///
/// Ids come from a small pool of look-alikes, so equal ids in different spellings (9 and "9", a
/// 70-bit integer and its digits) and unequal ones that look the same ("09" and 9, "café"
/// precomposed and decomposed, "Å" and the Ångström sign) meet often. Positions and `maxKms` are
/// drawn together so the distance sits on ELIG-4's bound, within 1e-9 km of it or clear of it,
/// never inside the 2e-10 km band where PROTOCOL.md lets faithful implementations differ.
/// Nor does it generate what PROTOCOL.md leaves open: `-0` as an id (its digits, or 0?), numbers
/// beyond a double's range (`1e400`), receivedAt above the kit's Int64.max / 2, repeated members.
public struct EligibilityFuzzGenerator: Sendable {
    private var random: SplitMix64

    /// A generator whose every draw is determined by `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// One input `{profile, job, receivedAt}` built around `focus`.
    public mutating func input(focus: EligibilityFuzzFocus) -> FuzzJSON {
        let userID = pick(Self.idAtoms)
        var profile: [FuzzJSON.Member] = [
            .init("userID", spell(userID)),
            .init("expertActive", .bool(focus == .active || focus == .mixed ? chance(1, 2) : chance(9, 10))),
        ]
        var job: [FuzzJSON.Member] = [.init("ReqID", reqID())]

        // ELIG-2: the partner and the exclusivity.
        let source: String? = chance(1, 4) ? nil : pick(Self.idAtoms)
        if let source { profile.append(.init("expertSource", spell(source))) } else if chance(1, 2) { profile.append(.init("expertSource", .null)) }
        let exclusiveFocus = focus == .exclusive || focus == .mixed
        let exclusive: FuzzJSON
        if exclusiveFocus ? chance(1, 4) : chance(3, 4) {
            exclusive = pick([.string("0"), .number("0"), .escapedString("0")])
        } else if let source, chance(1, 2) {
            exclusive = spell(source)
        } else {
            exclusive = spell(pick(Self.idAtoms.filter { !$0.isEmpty }))
        }

        // ELIG-3: the categories and the job's.
        let categoryFocus = focus == .category || focus == .mixed
        var categories = (0..<below(categoryFocus ? 6 : 3)).map { _ in pick(Self.idAtoms) }
        let category: String
        if !categoryFocus || chance(1, 2) {
            if categories.isEmpty { categories.append(pick(Self.idAtoms)) }
            category = pick(categories)
            categories.shuffle(using: &random)
        } else {
            category = pick(Self.idAtoms)
        }
        profile.append(.init("categories", .array(categories.map { spell($0) })))
        job.append(.init("CatID", spell(category)))
        job.append(.init("exclusive", exclusive))

        // ELIG-4: positions and maxKms drawn together.
        let (worker, site, maxKms) = geometry(focus: focus)
        profile += [.init("maxKms", number(maxKms)), .init("lat", number(worker.lat)), .init("lng", number(worker.lng))]
        job += [.init("lat", number(site.lat)), .init("lng", number(site.lng))]

        // ELIG-5: the blocked workers.
        let blockedFocus = focus == .blocked || focus == .mixed
        if blockedFocus || chance(1, 4) {
            var blocked = (0..<below(4)).map { _ in pick(Self.idAtoms) }
            if blockedFocus && chance(1, 2) { blocked.insert(userID, at: below(blocked.count + 1)) }
            let array = FuzzJSON.array(blocked.map { spell($0) })
            if chance(1, 3) {
                var members = [FuzzJSON.Member("userID", array)]
                if chance(1, 2) { members.append(.init(pick(["reason", "ids", "count"]), pick([.string("spam"), .array([.number("1.5")]), .number("2")]))) }
                job.append(.init("BlockedXP", .object(members.shuffled(using: &random))))
            } else {
                job.append(.init("BlockedXP", array))
            }
        }

        // ELIG-6: Delay and receivedAt.
        let delayFocus = focus == .delay || focus == .mixed
        if delayFocus ? chance(4, 5) : chance(1, 3) { job.append(.init("Delay", pick(delayFocus ? Self.delays : [.number("0"), .number("30")]))) }
        let receivedAt = delayFocus ? pick(Self.receipts) : .number("1767225600000")
        // The backend's createdAt is no start for the wait: Delay counts from the receipt.
        if delayFocus && chance(1, 2) { job.append(.init("createdAt", pick(Self.creations))) }

        // Members the rules do not read are ignored (MSG-12).
        if chance(1, 5) { job.append(.init(pick(["clientName", "workerId", "address"]), pick([.string("Ana"), .number("17"), .null]))) }
        if chance(1, 8) { profile.append(.init("name", .string("Bea"))) }
        if chance(1, 5) { profile.shuffle(using: &random) }
        if chance(1, 5) { job.shuffle(using: &random) }

        var input: [FuzzJSON.Member] = [.init("profile", .object(profile)), .init("job", .object(job)), .init("receivedAt", receivedAt)]
        if chance(1, 5) { input.shuffle(using: &random) }
        var document = FuzzJSON.object(input)
        if focus == .malformed {
            for _ in 0..<(1 + below(3)) { document = breakOneField(document) }
        }
        return document
    }

    // MARK: Ids

    /// Ids that look alike: integer literals and their strings, leading zeros, 64-bit edges and
    /// beyond, canonically equivalent but different scalars, non-BMP, spaces, the empty string.
    static let idAtoms: [String] = [
        "0", "00", "9", "09", " 9", "17", "-7", "123456789012",
        "9223372036854775807", "9223372036854775808", "18446744073709551616", "1180591620717411303424", "-9223372036854775809",
        "caf\u{E9}", "cafe\u{301}", "\u{C5}", "\u{212B}", "\u{1F600}", "\u{1D7D7}", "w-17", "W-17", "P-2", "",
    ]

    /// An id's JSON spelling: an integer literal or its string, sometimes with escapes.
    private mutating func spell(_ id: String) -> FuzzJSON {
        if Self.isIntegerLiteral(id), chance(1, 2) { return .number(id) }
        return chance(1, 5) ? .escapedString(id) : .string(id)
    }

    /// True when `text` is a JSON integer literal: an optional minus and digits without a leading zero.
    static func isIntegerLiteral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? Substring(text.dropFirst()) : Substring(text)
        guard let first = digits.first, digits.allSatisfy(\.isASCIIDigit) else { return false }
        return first != "0" || digits.count == 1 && text == "0"
    }

    private mutating func reqID() -> FuzzJSON {
        pick([.string("R-100"), .string(""), .string("R \"quoted\" \\ and\nnewline"), .escapedString("R-\u{1F600}-\u{E9}"), .string("\u{2028}\u{0}")])
    }

    // MARK: Geometry

    private mutating func geometry(focus: EligibilityFuzzFocus) -> (GeoPoint, GeoPoint, Double) {
        var worker = point()
        var site: GeoPoint
        switch focus == .antipode ? 4 : below(focus == .distance ? 4 : 5) {
        case 0: site = worker
        case 1: site = offset(worker, by: pick([1e-9, 1e-7, 1e-5, 1e-3]))
        case 2: site = offset(worker, by: pick([0.01, 0.5, 2, 30]))
        case 3:  // across the antimeridian: close, though the longitudes are 360° apart
            worker.lng = 180 - pick([0, 1e-7, 0.1])
            site = GeoPoint(lat: worker.lat + pick([0, 0.01]), lng: -180 + pick([0, 1e-7, 0.1]))
        default:
            let antipode = GeoPoint(lat: -worker.lat, lng: worker.lng > 0 ? worker.lng - 180 : worker.lng + 180)
            site = chance(1, 4) ? antipode : offset(antipode, by: pick([1e-9, 1e-7, 1e-6, 1e-5, 1e-4]))
        }
        site = GeoPoint(lat: min(90, max(-90, site.lat)), lng: min(180, max(-180, site.lng)))
        let distance = EligibilityReference.distanceKm(worker.lat, worker.lng, site.lat, site.lng)
        let boundaryFocus = focus == .distance || focus == .antipode || focus == .mixed
        var maxKms: Double
        if boundaryFocus || chance(1, 4) {
            let halfCircumference = GeoPoint.earthRadiusKm * .pi
            maxKms = pick([
                distance, distance + 5e-7, distance - 5e-7, distance - 9e-7,
                distance - 1e-6 + 1e-9, distance - 1e-6 - 1e-9, distance - 2e-6, distance + 2e-6,
                distance - 1e-3, distance + 1e-3, distance * 0.5, 0, halfCircumference, halfCircumference - 1e-6 - 1e-9,
            ])
        } else {
            maxKms = pick([distance + 10, 20_100, Double(below(100))])
        }
        maxKms = max(0, maxKms)
        // Stay clear of the band where two faithful implementations may decide differently.
        if abs(maxKms + Eligibility.distanceToleranceKm - distance) < 1e-9 { maxKms += 1e-8 }
        return (worker, site, maxKms)
    }

    private mutating func point() -> GeoPoint {
        let lat = chance(1, 5) ? pick([0, 90, -90, 89.999999, -45]) : Double.random(in: -90...90, using: &random)
        let lng = chance(1, 5) ? pick([0, 180, -180, 179.9, -179.9999999]) : Double.random(in: -180...180, using: &random)
        return GeoPoint(lat: lat, lng: lng)
    }

    private mutating func offset(_ point: GeoPoint, by step: Double) -> GeoPoint {
        GeoPoint(lat: point.lat + step * Double(below(3) - 1), lng: point.lng + step * Double(below(3) - 1))
    }

    /// A number in one of its spellings: an integral value also as `40`, `40.0`, `40e0` or `4e1`.
    private mutating func number(_ value: Double) -> FuzzJSON {
        guard value.rounded() == value, abs(value) < 1e15, chance(1, 2) else { return .double(value) }
        let integer = Int64(value)
        var spellings = [String(integer), "\(integer).0", "\(integer)e0"]
        if integer != 0, integer % 10 == 0 { spellings.append("\(integer / 10)e1") }
        if integer == 0 { spellings += ["-0", "0e5", "-0.0"] }
        return .number(pick(spellings))
    }

    // MARK: Delay and receipt

    static let delays: [FuzzJSON] = ["0", "1", "30", "30.0", "3e1", "3.0E1", "86400", "2147483647", "2147483647.0"].map { .number($0) }
    static let creations: [FuzzJSON] = ["2026-01-01T00:00:00Z", "2026-01-01T00:05:00Z", "2025-12-31T23:00:00.000Z"].map { .string($0) }
    static let receipts: [FuzzJSON] = ["0", "0.0", "1", "1767225600000", "1767225600000.0", "1.7672256e12", "9007199254740992", "4611686018427387903"].map { .number($0) }

    // MARK: Malformed input (ELIG-9)

    /// One field broken in one of the ways ELIG-9 names: missing, of the wrong JSON type, out of
    /// range, an id spelt `9.0` or `1e1`, a bad element of an array.
    private mutating func breakOneField(_ input: FuzzJSON) -> FuzzJSON {
        let (container, key) = pick(Self.breakableFields)
        let broken: FuzzJSON? = pick(Self.breaks[key] ?? [nil])
        guard let container else { return input.replacing(key, with: broken) }
        guard let inner = input[container], case .object = inner else { return input }
        return input.replacing(container, with: inner.replacing(key, with: broken))
    }

    /// ELIG-9's order, as (container, member).
    static let breakableFields: [(String?, String)] =
        [(nil, "receivedAt"), (nil, "profile"), (nil, "job")]
        + ["userID", "expertActive", "expertSource", "categories", "maxKms", "lat", "lng"].map { ("profile", $0) }
        + ["ReqID", "CatID", "exclusive", "lat", "lng", "BlockedXP", "Delay"].map { ("job", $0) }

    private static let badIDs: [FuzzJSON?] = [nil, .number("9.0"), .number("1e1"), .number("1E+1"), .bool(true), .null, .array([]), .object([])]
    private static let badCoordinates: [FuzzJSON?] = [nil, .number("90.0000001"), .number("-180.000001"), .number("1e3"), .string("40"), .null, .bool(false)]

    /// The broken values per member; nil removes the member.
    private static let breaks: [String: [FuzzJSON?]] = [
        "receivedAt": [nil, .number("-1"), .number("1.5"), .string("1767225600000"), .null, .bool(true)],
        "profile": [nil, .array([]), .string("p"), .null],
        "job": [nil, .array([]), .null, .number("1")],
        "userID": badIDs,
        "expertActive": [nil, .string("true"), .number("1"), .null],
        "expertSource": [.number("9.0"), .number("1e1"), .bool(false), .array([]), .object([])],
        "categories": [nil, .string("9"), .object([]), .null, .array([.number("9"), .number("1.5")]), .array([.string("9"), .string("7"), .bool(true)]), .array([.null])],
        "maxKms": [nil, .number("-1"), .number("-1e-9"), .string("5"), .null],
        "lat": badCoordinates,
        "lng": badCoordinates,
        "ReqID": [nil, .number("17"), .null, .array([.string("R")])],
        "CatID": badIDs,
        "exclusive": badIDs + [.string(""), .escapedString(""), .number("0.0")],
        "BlockedXP": [
            .string("17"), .number("17"), .null, .array([.bool(true)]), .array([.number("1"), .number("2.5")]),
            .object([]), .object([.init("userID", .string("17"))]), .object([.init("userID", .array([.number("1"), .null]))]),
        ],
        "Delay": [.number("-1"), .number("2147483648"), .number("1.5"), .string("30"), .null, .bool(true), .number("1e10")],
    ]

    // MARK: Drawing

    private mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int.random(in: 0..<bound, using: &random) }
    private mutating func chance(_ numerator: Int, _ denominator: Int) -> Bool { below(denominator) < numerator }
    private mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

extension FuzzJSON {
    /// This object with member `key` set to `value` in place (appended when absent), or removed when `value` is nil.
    public func replacing(_ key: String, with value: FuzzJSON?) -> FuzzJSON {
        guard case .object(var members) = self else { return self }
        if let index = members.lastIndex(where: { $0.key == key }) {
            if let value { members[index].value = value } else { members.remove(at: index) }
        } else if let value {
            members.append(Member(key, value))
        }
        return .object(members)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
