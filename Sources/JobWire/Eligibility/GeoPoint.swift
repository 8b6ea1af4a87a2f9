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
    init(from object: JSONObject, path: String, requirement: RequirementID) throws(EligibilityInputError) {
        lat = try Self.coordinate(object, path: path, key: "lat", limit: 90, requirement: requirement)
        lng = try Self.coordinate(object, path: path, key: "lng", limit: 180, requirement: requirement)
    }

    private static func coordinate(_ object: JSONObject, path: String, key: String, limit: Double, requirement: RequirementID) throws(EligibilityInputError) -> Double {
        let field = "\(path).\(key)"
        guard let value = object[key] else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "is required")
        }
        guard let number = value.doubleValue else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "expected a number of degrees, found \(value.typeDescription)")
        }
        guard abs(number) <= limit else {
            throw EligibilityInputError(field: field, requirement: requirement, message: "\(value) is outside -\(Int(limit)) ... \(Int(limit))")
        }
        return number
    }
}
