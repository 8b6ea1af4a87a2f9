/// A first-in first-out queue over an array with a moving head, compacted as it drains,
/// for the checker's time-ordered lists of things to forget (requests, REST exchanges).
struct FIFOQueue<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private var head = 0

    init() {}

    var isEmpty: Bool { head == storage.count }
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func removeFirst() -> Element {
        let element = storage[head]
        head += 1
        if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
