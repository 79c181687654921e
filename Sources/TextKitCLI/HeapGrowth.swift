import CHeapTuning

/// How the one-shot commands (`textkit layout`, `textkit render`) ask for memory: in large steps.
///
/// A layout of a megabyte keeps some 70 MB of small allocations, made by the thread that runs the
/// command and by the shaping threads. glibc's malloc gives each thread a heap of its own and
/// grows it by what the allocation needs (a page, mostly), each step a system call: about 19,000
/// `mprotect` calls for technical English. Asked for a top pad of 64 MB (`M_TOP_PAD`) before any
/// thread has a heap, it creates each heap with that much room, and the calls drop below a
/// hundred. Pages are still mapped only as they are first written, so a small input costs no
/// more memory. `textkit serve` and the library leave the allocator as the program set it.
enum HeapGrowth {
    /// The room each heap is created with.
    static let step = 64 << 20

    /// Whether the command line runs a one-shot command (`layout` or `render`).
    static func suits(_ arguments: [String]) -> Bool {
        guard arguments.count > 1 else { return false }
        return arguments[1] == "layout" || arguments[1] == "render"
    }

    /// Makes the allocator create its heaps with ``step`` bytes of room; returns whether it took
    /// the setting (false where the C library is not glibc). It must run before other threads
    /// allocate: a heap made before keeps growing page by page.
    @discardableResult
    static func growInLargeSteps() -> Bool {
        textkit_heap_set_top_pad(Int32(step)) == 1
    }
}
