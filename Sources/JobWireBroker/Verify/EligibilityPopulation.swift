import Foundation
import JobWire
import SocketIOWire

/// Workers and requests drawn at random around the eligibility boundaries, the same for the same
/// seed: getJobs is tried on what the hand-written vectors leave out (ELIG-8 both ways). Each
/// member is a worker profile and a job placed just inside, on, or just outside its reach, in or
/// out of its categories and partner, banned or not, past its Delay or not; the checker's oracle,
/// not this generator, says which must be listed.
struct EligibilityPopulation {
    /// One generated worker and the job its client posts.
    struct Member: Sendable {
        var profile: JSONValue
        var job: JSONObject
    }

    /// `count` members drawn from `seed`.
    static func generate(seed: UInt64, count: Int) -> [Member] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in member(index, &random) }
    }

    private static func member(_ index: Int, _ random: inout SplitMix64) -> Member {
        let worker = "g-\(index)"
        let maxKms = [0, 0.25, 1, 3.5, 10, 42.195].randomElement(using: &random)!
        let home = GeoPoint(lat: 19.43 + Double.random(in: -0.2...0.2, using: &random), lng: -99.13 + Double.random(in: -0.2...0.2, using: &random))
        let profile: JSONValue = [
            "userID": .string(worker),
            "expertActive": .bool(Double.random(in: 0..<1, using: &random) < 0.85),
            "expertSource": [JSONValue.null, "P-1", "P-2"].randomElement(using: &random)!,
            "categories": .array(["1", "2", "3"].filter { _ in Bool.random(using: &random) }.map { JSONValue.string($0) }),
            "maxKms": .double(maxKms),
            "lat": .double(home.lat), "lng": .double(home.lng),
        ]
        // Just inside, on and just outside the reach, and well in and well out of it.
        let factor = [0, 0.5, 0.999, 1, 1.001, 3].randomElement(using: &random)!
        let distance = maxKms == 0 ? [0, 0.001].randomElement(using: &random)! : maxKms * factor
        let spot = destination(from: home, km: distance, bearing: Double.random(in: 0..<(2 * .pi), using: &random))
        let category: JSONValue = [.string("1"), .string("2"), .string("3"), .int(2)].randomElement(using: &random)!
        let blocked: [JSONValue] = [[], [], [.string(worker)], [.string("g-\(index + 1)")]].randomElement(using: &random)!
        let job: JSONObject = [
            "CatID": category,
            "exclusive": ["0", "0", "P-1", "P-2"].randomElement(using: &random)!,
            "lat": .double(spot.lat), "lng": .double(spot.lng),
            "BlockedXP": .array(blocked),
            // An hour's Delay: not yet shown, so getJobs must leave it out.
            "Delay": .int(Double.random(in: 0..<1, using: &random) < 0.2 ? 3_600 : 0),
        ]
        return Member(profile: profile, job: job)
    }

    /// The point `km` away from `start` on the initial `bearing` (radians), on the sphere of ELIG-4's haversine.
    static func destination(from start: GeoPoint, km: Double, bearing: Double) -> GeoPoint {
        let angle = km / GeoPoint.earthRadiusKm
        let lat1 = start.lat * .pi / 180
        let lng1 = start.lng * .pi / 180
        let lat2 = asin(sin(lat1) * cos(angle) + cos(lat1) * sin(angle) * cos(bearing))
        let lng2 = lng1 + atan2(sin(bearing) * sin(angle) * cos(lat1), cos(angle) - sin(lat1) * sin(lat2))
        return GeoPoint(lat: lat2 * 180 / .pi, lng: lng2 * 180 / .pi)
    }
}
