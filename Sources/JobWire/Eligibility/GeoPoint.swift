import Foundation
import SocketIOWire

/// A position on Earth in degrees, as the `new` message and the worker's device give it.
public struct GeoPoint: Sendable, Hashable {
    /// Latitude in degrees, -90 ... 90.
    public var lat: Double
    /// Longitude in degrees, -180 ... 180.
    public var lng: Double

    public init(lat: Double, lng: Double) {
        self.lat = lat
        self.lng = lng
    }

    /// The mean Earth radius the kit uses for distances (ELIG-4), in kilometres.
    public static let earthRadiusKm = 6371.0

    /// The great-circle distance to `other` with ``earthRadiusKm``, in the form ELIG-4 prescribes.
    ///
    /// The haversine a = s² + t² of the central angle and its complement 1 − a = u² + v² are each a
    /// sum of squares of half-angle products, and d = 2R·atan2(√a, √(1 − a)). Neither is found by
    /// subtracting from 1, so the result stays within 1e-10 km of the exact distance everywhere,
    /// while 2R·asin(√a) loses up to 0.27 m near the antipodes, where a ≈ 1 keeps no digits of 1 − a.
    public func haversineKm(to other: GeoPoint) -> Double {
        let halfDeltaPhi = (other.lat - lat) * .pi / 360
        let halfSumPhi = (other.lat + lat) * .pi / 360
        let halfDeltaLambda = (other.lng - lng) * .pi / 360
        let sinHalfLambda = sin(halfDeltaLambda)
        let cosHalfLambda = cos(halfDeltaLambda)
        let s = sin(halfDeltaPhi) * cosHalfLambda
        let t = cos(halfSumPhi) * sinHalfLambda
        let u = cos(halfDeltaPhi) * cosHalfLambda
        let v = sin(halfSumPhi) * sinHalfLambda
        return 2 * Self.earthRadiusKm * atan2((s * s + t * t).squareRoot(), (u * u + v * v).squareRoot())
    }

    /// Reads `lat` and `lng` from an object, checking both are numbers in range.
    init(from reader: EligibilityFieldReader) throws(EligibilityInputError) {
        lat = try reader.number("lat", in: -90...90)
        lng = try reader.number("lng", in: -180...180)
    }
}
