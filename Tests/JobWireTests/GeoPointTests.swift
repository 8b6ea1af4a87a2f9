import Testing
@testable import JobWire

/// ELIG-4's haversine distance, checked against values worked out by hand from R = 6371 km.
struct GeoPointTests {
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
}
