import SocketIOWire

/// What the worker app knows about its own worker when an offer arrives: the seed's
/// `meProfile` plus the device's position at that moment (ELIG-1 ... ELIG-5).
public struct WorkerProfile: Sendable, Hashable {
    /// The worker's id, compared with the offer's `BlockedXP` (ELIG-5).
    public var userID: CanonicalID
    /// `meProfile.expertActive`: only active experts see offers (ELIG-1).
    public var expertActive: Bool
    /// `meProfile.expertSource`: the partner the worker belongs to, if any (ELIG-2).
    public var expertSource: CanonicalID?
    /// `meProfile.categories`: the categories the worker works in (ELIG-3).
    public var categories: [CanonicalID]
    /// `meProfile.maxKms`: how far the worker travels (ELIG-4).
    public var maxKms: Double
    /// Where the worker is when the offer arrives (ELIG-4).
    public var position: GeoPoint

    public init(userID: CanonicalID, expertActive: Bool, expertSource: CanonicalID?, categories: [CanonicalID], maxKms: Double, position: GeoPoint) {
        self.userID = userID
        self.expertActive = expertActive
        self.expertSource = expertSource
        self.categories = categories
        self.maxKms = maxKms
        self.position = position
    }

    /// Reads and validates a profile object; `path` names it in errors (ELIG-9).
    public init(json: JSONValue?, path: String = "profile") throws(EligibilityInputError) {
        let reader = try EligibilityFieldReader(json, path: path)
        userID = CanonicalID(try reader.citing("ELIG-5").id("userID", allowingEmpty: true))
        expertActive = try reader.citing("ELIG-1").bool("expertActive")
        // ELIG-2: a null `expertSource`, like an absent one, is no partner.
        expertSource = try reader.citing("ELIG-2").readingNull(as: .absent).optionalID("expertSource", allowingEmpty: true).map(CanonicalID.init)
        categories = try reader.citing("ELIG-3").ids("categories", allowingEmpty: true).map(CanonicalID.init)
        maxKms = try reader.citing("ELIG-4").number("maxKms", minimum: 0)
        position = try GeoPoint(from: reader.citing("ELIG-4"))
    }
}
