import SocketIOWire

/// The eligibility-relevant fields of a `new` message (MSG area), as the worker app receives them.
public struct JobOffer: Sendable, Hashable {
    /// The request's id.
    public var reqID: String
    /// `CatID`: the request's category (ELIG-3).
    public var categoryID: CanonicalID
    /// `exclusive`: nil when the request is open to all ("0" or 0), else the partner id (ELIG-2).
    public var exclusivePartner: CanonicalID?
    /// Where the job is (ELIG-4).
    public var position: GeoPoint
    /// `BlockedXP`: workers banned from this request (ELIG-5). Absent means none.
    public var blockedWorkers: [CanonicalID]
    /// `Delay`: whole seconds the offer must wait before it shows (ELIG-6). Absent means 0.
    public var delaySeconds: Int64

    /// The largest `Delay` accepted: the 32-bit range backends in the field store it in.
    public static let maximumDelaySeconds: Int64 = 2_147_483_647

    public init(reqID: String, categoryID: CanonicalID, exclusivePartner: CanonicalID?, position: GeoPoint, blockedWorkers: [CanonicalID] = [], delaySeconds: Int64 = 0) {
        self.reqID = reqID
        self.categoryID = categoryID
        self.exclusivePartner = exclusivePartner
        self.position = position
        self.blockedWorkers = blockedWorkers
        self.delaySeconds = delaySeconds
    }

    /// Reads and validates a `new` payload; `path` names it in errors (ELIG-9).
    public init(json: JSONValue?, path: String = "job") throws(EligibilityInputError) {
        let reader = try EligibilityFieldReader(json, path: path)
        reqID = try reader.citing("ELIG-9").string("ReqID", allowingEmpty: true)
        categoryID = CanonicalID(try reader.citing("ELIG-3").id("CatID", allowingEmpty: true))
        let exclusive = CanonicalID(try reader.citing("ELIG-2").id("exclusive", allowingEmpty: true))
        guard !exclusive.text.isEmpty else {
            throw reader.citing("ELIG-2").error("exclusive", "is empty; use \"0\" for a request open to every worker")
        }
        exclusivePartner = exclusive.text == "0" ? nil : exclusive
        position = try GeoPoint(from: reader.citing("ELIG-4"))
        blockedWorkers = try Self.blockedWorkers(reader)
        delaySeconds = try reader.citing("ELIG-6").optionalInteger("Delay", in: 0...Self.maximumDelaySeconds) ?? 0
    }

    /// `BlockedXP` as the array of ids MSG-5 makes the backend send, or as the seed's literal
    /// reading, an object whose `userID` member is that array (MSG-15); the object's other members
    /// are ignored (MSG-12), and an object without a `userID` array of ids is malformed.
    static func blockedWorkers(_ reader: EligibilityFieldReader) throws(EligibilityInputError) -> [CanonicalID] {
        if case .object(let object)? = reader.optional("BlockedXP") {
            return try reader.citing("MSG-15").nested("BlockedXP", object).ids("userID", allowingEmpty: true).map(CanonicalID.init)
        }
        return try reader.citing("ELIG-5").optionalIDs("BlockedXP", allowingEmpty: true)?.map(CanonicalID.init) ?? []
    }
}
