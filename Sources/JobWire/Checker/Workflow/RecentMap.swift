/// A map that keeps only its `capacity` most recently inserted keys, so per-app memories of the
/// offline workflow (temporary ids, answered requests, entity fields) stay bounded on traces of
/// any length.
struct RecentMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var values: [Key: Value] = [:]
    private var order = FIFOQueue<Key>()
    private var count = 0
    let capacity: Int

    init(capacity: Int = 4096) { self.capacity = capacity }

    subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            guard let newValue else {
                values[key] = nil
                return
            }
            if values.updateValue(newValue, forKey: key) == nil {
                order.append(key)
                count += 1
            }
            while count > capacity, !order.isEmpty {
                let oldest = order.removeFirst()
                count -= 1
                if oldest != key { values[oldest] = nil }
            }
        }
    }

    /// The value of `key`, or `defaultValue` when it has none, to change in place.
    subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { values[key] ?? defaultValue() }
        set { self[key] = newValue }
    }

    func contains(_ key: Key) -> Bool { values[key] != nil }
}
