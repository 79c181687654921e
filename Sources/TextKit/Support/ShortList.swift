/// A list that keeps its first element inline and the others in an array: a list of one
/// element allocates nothing. Broken lines keep their fragments in one (a line beside no
/// exclusion has a single fragment, and one layout breaks tens of thousands of lines).
package struct ShortList<Element>: RandomAccessCollection, ExpressibleByArrayLiteral {
    private var head: Element?
    private var tail: [Element] = []

    /// An empty list.
    package init() {}

    /// A list of one element.
    package init(_ element: Element) { head = element }

    /// A list of `elements`.
    package init(arrayLiteral elements: Element...) {
        for element in elements { append(element) }
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { head == nil ? 0 : 1 + tail.count }

    package subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < endIndex, "index out of range")
            return position == 0 ? head.unsafelyUnwrapped : tail[position - 1]
        }
        set {
            precondition(position >= 0 && position < endIndex, "index out of range")
            if position == 0 { head = newValue } else { tail[position - 1] = newValue }
        }
    }

    /// Adds `element` at the end.
    package mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }
}
