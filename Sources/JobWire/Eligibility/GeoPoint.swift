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

    /// The mean Earth radius the kit uses for haversine distances (ELIG-4), in kilometres.
    public static let earthRadiusKm = 6371.0

    /// The great-circle distance to `other` by the haversine formula with ``earthRadiusKm`` (ELIG-4).
    public func haversineKm(to other: GeoPoint) -> Double {
        let phi1 = lat * .pi / 180
        let phi2 = other.lat * .pi / 180
        let deltaPhi = (other.lat - lat) * .pi / 180
        let deltaLambda = (other.lng - lng) * .pi / 180
        let sinHalfPhi = sin(deltaPhi / 2)
        let sinHalfLambda = sin(deltaLambda / 2)
        let a = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        return 2 * Self.earthRadiusKm * asin(min(1, max(0, a)).squareRoot())
    }

    /// Reads `lat` and `lng` from an object, checking both are numbers in range.
    init(from reader: EligibilityFieldReader) throws(EligibilityInputError) {
        lat = try reader.number("lat", in: -90...90)
        lng = try reader.number("lng", in: -180...180)
    }
}
