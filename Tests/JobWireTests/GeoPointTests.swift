import Foundation
import SocketIOWire
import Testing
@testable import JobWire

/// ELIG-4's distance, checked against values worked out by hand from R = 6371 km, against exact
/// values near the antipodes, and against a second well-conditioned formula on generated pairs.
struct GeoPointTests {
    /// PROTOCOL.md ELIG-4: the prescribed form is within this of the exact distance everywhere.
    static let errorBoundKm = 1e-10

    @Test func oneDegreeOfLatitudeIsRTimesPiOver180() {
        let distance = GeoPoint(lat: 0, lng: 0).haversineKm(to: GeoPoint(lat: 1, lng: 0))
        #expect(abs(distance - 6371.0 * Double.pi / 180) < 1e-9)
    }

    @Test func identicalPointsAreZeroApart() {
        let point = GeoPoint(lat: 19.4326, lng: -99.1332)
        #expect(point.haversineKm(to: point) == 0)
    }

    @Test func antipodesAreHalfTheCircumferenceApart() {
        let distance = GeoPoint(lat: 0, lng: 0).haversineKm(to: GeoPoint(lat: 0, lng: 180))
        #expect(abs(distance - 6371.0 * Double.pi) < 1e-6)
    }

    @Test func theAntimeridianIsCrossedTheShortWay() {
        let distance = GeoPoint(lat: 0, lng: 179.9).haversineKm(to: GeoPoint(lat: 0, lng: -179.9))
        #expect(abs(distance - 6371.0 * 0.2 * Double.pi / 180) < 1e-6)
    }

    @Test func allLongitudesMeetAtThePole() {
        let distance = GeoPoint(lat: 90, lng: 10).haversineKm(to: GeoPoint(lat: 90, lng: -120))
        #expect(distance < 1e-6)
    }

    /// A pair near or at the antipodes with its exact distance (mpmath, 60 digits, from the double
    /// inputs as given; Scripts/check_distance.py computes them the same way).
    struct Antipodal: Sendable, CustomTestStringConvertible {
        var from: GeoPoint
        var to: GeoPoint
        var exactKm: Double
        var testDescription: String { "(\(from.lat), \(from.lng)) to (\(to.lat), \(to.lng))" }
    }

    static let antipodal: [Antipodal] = [
        // 15.7 cm short of the antipode; 2R·asin(√a) says 0 cm (geometry.near-antipodal-16-cm).
        Antipodal(from: GeoPoint(lat: 0, lng: 0), to: GeoPoint(lat: 1e-6, lng: 179.999999), exactKm: 20015.0866387671995929424124865),
        // 1.1 cm short; the asin form says 19 cm (geometry.near-antipodal-1-cm).
        Antipodal(from: GeoPoint(lat: -33.8688, lng: 151.2093), to: GeoPoint(lat: 33.8687999, lng: -28.7907), exactKm: 20015.0867849010799278460752809),
        Antipodal(from: GeoPoint(lat: 51.4779, lng: 0), to: GeoPoint(lat: -51.4778998, lng: 180), exactKm: 20015.0867737815879235342781883),
        Antipodal(from: GeoPoint(lat: 19.4326, lng: -99.1332), to: GeoPoint(lat: -19.432599, lng: 80.866801), exactKm: 20015.086643180639839048925607),
        Antipodal(from: GeoPoint(lat: 0, lng: 0), to: GeoPoint(lat: 0, lng: 179.9999999999), exactKm: 20015.0867960094546113140933345),
        // Exact antipodes: half the circumference, πR.
        Antipodal(from: GeoPoint(lat: 2.5, lng: 10), to: GeoPoint(lat: -2.5, lng: -170), exactKm: 20015.0867960205727222455009949),
        Antipodal(from: GeoPoint(lat: 90, lng: 0), to: GeoPoint(lat: -90, lng: 0), exactKm: 20015.0867960205727222455009949),
        Antipodal(from: GeoPoint(lat: 40.4168, lng: -3.7038), to: GeoPoint(lat: -40.4168, lng: 176.2962), exactKm: 20015.0867960205726470540379243),
    ]

    @Test(arguments: antipodal)
    func nearTheAntipodesTheDistanceIsExact(_ pair: Antipodal) {
        let there = pair.from.haversineKm(to: pair.to)
        let back = pair.to.haversineKm(to: pair.from)
        #expect(abs(there - pair.exactKm) <= Self.errorBoundKm, "off by \(there - pair.exactKm) km")
        #expect(abs(back - pair.exactKm) <= Self.errorBoundKm, "back: off by \(back - pair.exactKm) km")
    }

    /// The first four pairs are where the former GeoPoint.haversineKm, 2R·asin(√a) as written here
    /// until ELIG-4 changed form, went wrong by more than the tolerance (by 1.1 to 16.8 cm): the
    /// cases above, and the vectors built on the first two, tell the two forms apart.
    @Test func theFormerAsinFormMissesThoseAntipodalPairsByMoreThanTheTolerance() {
        for pair in Self.antipodal.prefix(4) {
            let (lat, lng, other) = (pair.from.lat, pair.from.lng, pair.to)
            let phi1 = lat * .pi / 180
            let phi2 = other.lat * .pi / 180
            let deltaPhi = (other.lat - lat) * .pi / 180
            let deltaLambda = (other.lng - lng) * .pi / 180
            let sinHalfPhi = sin(deltaPhi / 2)
            let sinHalfLambda = sin(deltaLambda / 2)
            let a = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
            let asinKm = 2 * GeoPoint.earthRadiusKm * asin(min(1, max(0, a)).squareRoot())
            #expect(abs(asinKm - pair.exactKm) > Eligibility.distanceToleranceKm, "\(pair.testDescription)")
        }
    }

    /// Generated pairs (uniform on the sphere, near-antipodal, near-identical, the second point
    /// moved by 10^-k degrees with k up to 12) agree with the distance from the chords between the
    /// points as unit vectors, θ = 2·atan2(|P1 − P2|, |P1 + P2|), a formula sharing no step with
    /// the prescribed one and as well conditioned. Both are within the bound of the exact value,
    /// so they are within twice it of each other; the largest difference seen is about 1e-11 km.
    @Test func generatedPairsAgreeWithTheChordFormula() {
        var random = SplitMix64(seed: 0x454C_4947_2D34)  // "ELIG-4"
        var largest = (difference: 0.0, pair: "")
        for _ in 0..<30_000 {
            let first = Self.uniformPoint(&random)
            let pairs = [
                (first, Self.uniformPoint(&random)),
                (first, Self.moved(Self.antipode(of: first), &random)),
                (first, Self.moved(first, &random)),
            ]
            for (from, to) in pairs {
                let difference = abs(from.haversineKm(to: to) - Self.chordKm(from, to))
                if difference > largest.difference {
                    largest = (difference, "(\(from.lat), \(from.lng)) to (\(to.lat), \(to.lng))")
                }
            }
        }
        #expect(largest.difference <= 2 * Self.errorBoundKm, "\(largest.difference) km at \(largest.pair)")
    }

    /// The great-circle distance from the chord |P1 − P2| = 2 sin(θ/2) and |P1 + P2| = 2 cos(θ/2).
    static func chordKm(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        func unit(_ point: GeoPoint) -> (Double, Double, Double) {
            let phi = point.lat * .pi / 180, lambda = point.lng * .pi / 180
            return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
        }
        let (x1, y1, z1) = unit(a), (x2, y2, z2) = unit(b)
        let chord = ((x1 - x2) * (x1 - x2) + (y1 - y2) * (y1 - y2) + (z1 - z2) * (z1 - z2)).squareRoot()
        let other = ((x1 + x2) * (x1 + x2) + (y1 + y2) * (y1 + y2) + (z1 + z2) * (z1 + z2)).squareRoot()
        return 2 * GeoPoint.earthRadiusKm * atan2(chord, other)
    }

    static func unit(_ random: inout SplitMix64) -> Double {
        Double(random.next() >> 11) * 0x1p-53
    }

    static func uniformPoint(_ random: inout SplitMix64) -> GeoPoint {
        GeoPoint(lat: asin(2 * unit(&random) - 1) * 180 / .pi, lng: 360 * unit(&random) - 180)
    }

    static func antipode(of point: GeoPoint) -> GeoPoint {
        wrapped(lat: -point.lat, lng: point.lng + 180)
    }

    static func moved(_ point: GeoPoint, _ random: inout SplitMix64) -> GeoPoint {
        let offset = pow(10, -12 * unit(&random))
        return wrapped(lat: point.lat + offset * (2 * unit(&random) - 1), lng: point.lng + offset * (2 * unit(&random) - 1))
    }

    static func wrapped(lat: Double, lng: Double) -> GeoPoint {
        GeoPoint(lat: min(90, max(-90, lat)), lng: lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng)
    }
}
