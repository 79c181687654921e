import Dispatch
internal import CHeapTuning
import Foundation

/// What shaping a paragraph needs, copied out of the storage so it can run on any thread.
struct ShapingJob: @unchecked Sendable {
    var content: ArraySlice<Unicode.Scalar>
    /// Attribute runs, relative to `content` (the last one's upper bound may lie past its end:
    /// the paragraphs inside one storage run share one array, whose run reaches `Int.max`).
    var attributes: [(TextAttributes, Range<Int>)]
    var direction: WritingDirection
    /// The widest line the paragraph may be set in (``Paragraph/init(content:attributes:direction:fonts:context:scratch:widestLine:)``):
    /// a paragraph shaped ahead by a worker finds there the break opportunities it will need;
    /// one shaped by the pass finds them when breaking asks.
    var widestLine = Double.infinity
}

extension LayoutManager {
    /// The attributes of a paragraph's first character (its paragraph style applies to all of it).
    func paragraphAttributes(_ range: Range<Int>, storage: TextStorage) -> TextAttributes {
        readFirstAttributes(range, runs: storage.runs, length: storage.length) { copy $0 }
    }

    /// The paragraph style and font of the paragraph `range`'s first character, read in place
    /// (``paragraphAttributes(_:storage:)`` copies all its attributes).
    func paragraphStyleAndFont(_ range: Range<Int>, storage: TextStorage) -> (ParagraphStyle, FontDescriptor) {
        readFirstAttributes(range, runs: storage.runs, length: storage.length) { ($0.paragraphStyle, $0.font) }
    }

    /// The base writing direction of the paragraph `range` (its first character's paragraph
    /// style), read in place.
    func baseWritingDirection(_ range: Range<Int>, storage: TextStorage) -> WritingDirection {
        readFirstAttributes(range, runs: storage.runs, length: storage.length) { $0.paragraphStyle.baseWritingDirection }
    }

    /// `read` of the attributes of the paragraph `range`'s first character, lent in place from
    /// `runs` (the storage's, `length` characters long; its default attributes when empty).
    private func readFirstAttributes<T>(_ range: Range<Int>, runs: borrowing AttributeRuns, length: Int,
                                        _ read: (borrowing TextAttributes) -> T) -> T {
        guard length > 0 else { return read(runs.defaultAttributes) }
        return read(runs.values[runs.runIndex(at: min(range.lowerBound, length - 1))])
    }

    /// The inputs of shaping the paragraph `range`.
    func shapingJob(_ range: Range<Int>, storage: TextStorage) -> ShapingJob {
        var shared: SharedRun?
        return shapingJob(range, storage: storage, runs: storage.runs, shared: &shared)
    }

    /// The attributes of the paragraphs that lie inside storage run `run`: one array for all of
    /// them, its only range `0..<Int.max` (the paragraphs of a document in one style would each
    /// make one, and copy its attributes into it).
    private typealias SharedRun = (run: Int, attributes: [(TextAttributes, Range<Int>)])

    /// ``shapingJob(_:storage:)`` with the storage's attribute runs, which a batch of paragraphs
    /// reads once (read from the storage for each call, they were copied for each), sharing
    /// `shared` with the paragraphs before in the same storage run.
    private func shapingJob(_ range: Range<Int>, storage: TextStorage, runs: borrowing AttributeRuns,
                            shared: inout SharedRun?) -> ShapingJob {
        let content = storage.scalars.contentRange(ofParagraph: range)
        var attributes: [(TextAttributes, Range<Int>)] = []
        if !content.isEmpty, case let run = runs.runIndex(at: content.lowerBound),
           runs.runRange(run).upperBound >= content.upperBound {
            if let shared, shared.run == run {
                attributes = shared.attributes
            } else {
                attributes = [(runs.values[run], 0..<Int.max)]
                shared = (run, attributes)
            }
        } else {
            runs.enumerate(in: content) { value, sub in
                attributes.append((value, sub.lowerBound - content.lowerBound..<sub.upperBound - content.lowerBound))
            }
        }
        if attributes.isEmpty { attributes = [(paragraphAttributes(range, storage: storage), 0..<0)] }
        return ShapingJob(content: storage.scalars.contiguousSlice(content), attributes: attributes,
                          direction: readFirstAttributes(range, runs: runs, length: storage.length) {
                              $0.paragraphStyle.baseWritingDirection
                          })
    }

    /// Runs analysis, itemization and shaping for one paragraph. Touches no layout manager state,
    /// so paragraphs can be shaped on several threads at once (fonts are immutable; the font
    /// collection and each part of the context lock themselves).
    /// `scratch` is the calling thread's working memory (a new one when nil).
    static func shape(_ job: ShapingJob, fonts: FontCollection, fallback: Font,
                      context: MeasuringContext, scratch: ShapingScratch? = nil) -> (Paragraph, [LayoutWarning]) {
        let scratch = scratch ?? ShapingScratch()
        scratch.fontWarnings.removeAll()
        // The closure holds one object, the scratch, as its context: no allocation a paragraph.
        var resolver = FontResolver(collection: fonts, fallback: fallback) { [scratch] _, error in
            scratch.fontWarnings.append(LayoutWarning(kind: .fontUnavailable, message: "\(error); using the default font"))
        }
        resolver.memo = scratch.fontMemo
        let paragraph = Paragraph(content: job.content, attributes: job.attributes, direction: job.direction,
                                  fonts: resolver, context: context, scratch: scratch, widestLine: job.widestLine)
        // Missing glyphs are not a paragraph's warning: `missingGlyphWarnings()` sums them up
        // per script over every shaped paragraph, so a reshaped paragraph never counts twice.
        return (paragraph, scratch.fontWarnings)
    }

    /// One warning per script of ``missingGlyphs``: characters no font has, or else .notdef
    /// glyphs from a font that has the characters but shapes them to its box.
    func missingGlyphWarnings() -> [LayoutWarning] {
        missingGlyphs.compactMap { missing in
            if missing.characterCount > 0 {
                return LayoutWarning(kind: .missingGlyph, message: missing.message, missingGlyphs: missing)
            }
            guard missing.notdefGlyphCount > 0 else { return nil }
            return LayoutWarning(kind: .notdefGlyph, message: missing.message)
        }
    }

    /// Counts a shaped paragraph and keeps its warnings.
    func record(_ paragraph: Paragraph, _ problems: [LayoutWarning], warnings: inout [LayoutWarning]) {
        // (Most paragraphs have none: appending nothing still made `warnings` a buffer of its own.)
        if !problems.isEmpty { warnings.append(contentsOf: problems) }
        statistics.paragraphsShaped += 1
        shapingGeneration &+= 1
        statistics.glyphsShaped += paragraph.runs.reduce(0) { $0 + $1.glyphs.count }
    }

    /// Makes sure paragraph `index` is shaped before a full layout pass breaks it, keeping the
    /// other cores busy (a pipeline: with two cores, shaping and line placement overlap instead
    /// of taking turns):
    ///
    ///     batches of ``shapingBatchSize`` paragraphs are queued for background workers (one per
    ///     core but this one), up to a window ahead of `index` that doubles with each call
    ///     (64, 128, … ``maximumShapingAhead`` paragraphs);
    ///     the pass, reaching a batch, shapes its unclaimed paragraphs itself, then takes the
    ///     results in order as far as they are done; a paragraph a worker is still on is waited
    ///     for only when the pass reaches it (it never sits idle while there is shaping to do,
    ///     and seldom waits: laying out the paragraphs before it takes longer than finishing it).
    ///
    /// Line breaking only reads the results; a layout that stops early (overflow) wastes at most
    /// the window.
    func preshape(from index: Int, window: inout Int, storage: TextStorage, warnings: inout [LayoutWarning]) {
        while let first = shapingAhead.first, first.range.lowerBound <= index {
            // (Left unfinished, the batch holds a paragraph after `index`: the ones after it too.)
            guard finishShaping(first, through: index, warnings: &warnings) else { break }
            shapingAhead.removeFirst()
        }
        if needsShaping(index, storage: storage),
           let batch = startShaping(from: index, count: Self.shapingBatchSize, storage: storage) {
            finishShaping(batch, through: nil, warnings: &warnings)
        }
        var next = max(lastShaped ?? index, index + 1)
        while next < index + window, next < paragraphs.count || splitEnd < storage.length {
            if let batch = startShaping(from: next, count: Self.shapingBatchSize, storage: storage) {
                shapingAhead.append(batch)
            }
            next = lastShaped ?? index + window
        }
        window = min(window * 2, Self.maximumShapingAhead)
    }

    /// Waits for the shaping started ahead, if any, and keeps its results (at the end of a pass:
    /// no work is left running, and what it shaped serves the next pass).
    func drainShaping(warnings: inout [LayoutWarning]) {
        while !shapingAhead.isEmpty { finishShaping(shapingAhead.removeFirst(), through: nil, warnings: &warnings) }
        guard workersHoldFonts else { return }
        // The workers keep their memos of this layout's fonts and cache styles from batch to
        // batch (forgotten after each, a worker met every style of multilingual text anew in each
        // batch: 3,637 look-ups of the cache's styles where 18 styles were used) and let them go
        // once the pass is done, so they keep no font collection alive. (On an idle queue the
        // block runs on this thread.)
        for worker in ShapingBatch.workers { worker.queue.sync { worker.scratch.forgetFonts() } }
        workersHoldFonts = false
    }

    /// Whether paragraph `index` has no shaping for its current base direction.
    private func needsShaping(_ index: Int, storage: TextStorage) -> Bool {
        let state = paragraphs[index]
        return state.cache == nil || state.direction != baseWritingDirection(state.range, storage: storage)
    }

    /// Splits the text ahead as needed and queues the paragraphs of `index ..< index + count`
    /// that need shaping for the background workers (nil when too few do: the pass then shapes
    /// them one by one as it reaches them).
    private func startShaping(from index: Int, count: Int, storage: TextStorage) -> ShapingBatch? {
        if paragraphs.count < index + count, splitEnd < storage.length {
            // All the paragraphs the batch lacks, split in one call.
            let next = storage.scalars.paragraphRanges(from: splitEnd, maximumCount: index + count - paragraphs.count)
            for range in next { paragraphs.append(ParagraphState(range: range)) }
            glyphCounts = nil
            splitEnd = next.last?.upperBound ?? storage.length
        }
        let range = index..<min(paragraphs.count, index + count)
        lastShaped = range.upperBound
        let pending = range.filter { needsShaping($0, storage: storage) }
        guard pending.count >= Self.parallelShapingThreshold else { return nil }
        let runs = storage.runs
        let widestLine = widestLine
        var shared: SharedRun?
        let jobs = pending.map {
            var job = shapingJob(paragraphs[$0].range, storage: storage, runs: runs, shared: &shared)
            job.widestLine = widestLine
            return job
        }
        let fonts = fontCollection, fallback = defaultFont(), context = measuring
        let batch = ShapingBatch(range: range, targets: pending, ranges: pending.map { paragraphs[$0].range },
                                 jobs: jobs) { job, scratch in
            Self.shape(job, fonts: fonts, fallback: fallback, context: context, scratch: scratch)
        }
        for worker in ShapingBatch.workers {
            worker.queue.async(group: batch.group) {
                ShapingBatch.Worker.reserveHeap()
                batch.work(in: worker.scratch)
            }
        }
        workersHoldFonts = true
        shapingBatchesStarted += 1
        return batch
    }

    /// Shapes what no worker has claimed of `batch` and gives its paragraphs their shaping, in
    /// order (unless an edit made them need another one meanwhile; a pass never edits, so this
    /// only guards the principle): as far as the workers are done, waiting for them only for
    /// paragraphs up to `needed` (nil: all of them). Returns whether every paragraph of the
    /// batch has its shaping (else the batch is finished when the pass reaches the next one).
    ///
    /// The pass and a worker share a batch's last paragraphs, so the worker is often still on one
    /// when the pass has shaped the rest; waiting for it then (a futex sleep and wake-up per
    /// batch) left the pass idle for longer than the paragraph took.
    @discardableResult
    private func finishShaping(_ batch: ShapingBatch, through needed: Int?, warnings: inout [LayoutWarning]) -> Bool {
        batch.work(in: passScratch)
        while batch.taken < batch.targets.count {
            let slot = batch.taken, target = batch.targets[slot]
            var result = batch.take(slot)
            if result == nil {
                if let needed, target > needed { return false }
                batch.group.wait()
                result = batch.take(slot)
            }
            batch.taken += 1
            guard target < paragraphs.count, paragraphs[target].range == batch.ranges[slot],
                  let (paragraph, problems) = result else { continue }
            record(paragraph, problems, warnings: &warnings)
            paragraphs[target].cache = paragraph
            paragraphs[target].direction = batch.jobs[slot].direction
            paragraphs[target].validLines = 0
        }
        // Every result is taken, so each worker has left the batch or is leaving it, with nothing
        // left to claim; waited for only when the pass ends (no work is then left running).
        if needed == nil { batch.group.wait() }
        return true
    }

    /// The widest line any container offers (its text width less both paddings): a paragraph
    /// whose advances add up to more needs break opportunities, found by the worker that shapes
    /// it. Kept between batches (every batch asked for it: with a container a page, that was
    /// pages × batches reads).
    package var widestLine: Double {
        if let widestLineFound { return widestLineFound }
        let widest = textContainers.reduce(0) { max($0, Self.widestLine(in: $1)) }
        widestLineFound = widest
        return widest
    }

    /// The widest line `container` offers.
    static func widestLine(in container: TextContainer) -> Double {
        let geometry = container.lineGeometry
        return geometry.textRect.width - 2 * geometry.lineFragmentPadding
    }

    /// Paragraphs per batch: small, so the pass and the workers share the last ones evenly.
    package static var shapingBatchSize: Int { 32 }

    /// The most paragraphs shaped ahead of the pass: a layout that stops early (an overflow, a
    /// first screen) wastes at most this much shaping.
    package static var maximumShapingAhead: Int { 512 }

    /// Below this many paragraphs to shape, threads cost more than they save.
    static var parallelShapingThreshold: Int { 16 }
}

/// Paragraphs being shaped in the background: which, their inputs, and their results as they
/// are done. Paragraphs are claimed one at a time, in order, by the workers and by the pass that
/// needs them.
package final class ShapingBatch: @unchecked Sendable {
    /// The paragraphs the batch looked at (those of them that needed shaping are `targets`).
    let range: Range<Int>
    let targets: [Int]
    /// The targets' character ranges when the batch started.
    let ranges: [Range<Int>]
    let jobs: [ShapingJob]
    /// Done when every worker has left the batch.
    let group = DispatchGroup()
    private let shape: @Sendable (ShapingJob, ShapingScratch) -> (Paragraph, [LayoutWarning])
    /// The next job no one has claimed, and each job's result once done (taken out by the pass):
    /// under one lock, which a thread takes once a job, to store its last result and claim the
    /// next job.
    private let claims: Locked<(next: Int, results: [(Paragraph, [LayoutWarning])?])>
    /// How many results, in order, the pass has taken (only the pass reads and writes it).
    var taken = 0

    /// Serial queues, one per core but the one the pass runs on (at least one): batches queue up
    /// on each in order, so a worker finishes one batch before it starts the next.
    static let workers: [Worker] = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount - 1)).map {
        Worker(queue: DispatchQueue(label: "textkit.shaping.\($0)", qos: .userInitiated))
    }

    /// A worker's queue and the working memory its batches shape in, one after the other: its
    /// buffers are grown once, not once a batch.
    final class Worker: @unchecked Sendable {
        let queue: DispatchQueue
        /// Touched only by the blocks of `queue`, which is serial.
        let scratch = ShapingScratch()

        init(queue: DispatchQueue) { self.queue = queue }

        /// Gives the calling thread's heap room for ``heapRoom`` bytes, once a thread (the first
        /// batch a worker thread shapes). What a worker shapes stays allocated in its thread's
        /// heap (glibc gives each thread one), which glibc grows by what each allocation needs:
        /// a system call (`mprotect`) every page or two: some 2,600 of them in the first layout
        /// of a megabyte of technical English, which takes 4 to 6 % less time without them
        /// (Benchmarks/HISTORY.md). The pass's heap grows 128 KiB a step (the allocator's top
        /// pad) and needs none of this. The room is made in chunks freed at once, so nothing
        /// stays allocated and no page stays in memory. A no-op where the C library is not glibc.
        static func reserveHeap() { _ = textkit_heap_reserve_for_thread(heapRoom) }

        /// The room a worker thread's heap is given: what the first layout of a few megabytes
        /// keeps from one worker.
        static let heapRoom = 32 << 20
    }

    fileprivate init(range: Range<Int>, targets: [Int], ranges: [Range<Int>], jobs: [ShapingJob],
                     shape: @escaping @Sendable (ShapingJob, ShapingScratch) -> (Paragraph, [LayoutWarning])) {
        self.range = range
        self.targets = targets
        self.ranges = ranges
        self.jobs = jobs
        self.shape = shape
        claims = Locked((next: 0, results: Array(repeating: nil, count: jobs.count)))
    }

    /// Shapes jobs, claiming them one by one, until none is left unclaimed (in `scratch`, the
    /// calling thread's working memory).
    func work(in scratch: ShapingScratch) {
        var done: (slot: Int, result: (Paragraph, [LayoutWarning]))?
        while true {
            let slot = claims.withLock { claims in
                if let finished = done.take() { claims.results[finished.slot] = finished.result }
                defer { claims.next += 1 }
                return claims.next
            }
            guard slot < jobs.count else { return }
            done = (slot, shape(jobs[slot], scratch))
        }
    }

    /// Moves job `slot`'s result out (a copy retained the paragraph and its warnings, to be
    /// released with the batch); nil while it is not done.
    func take(_ slot: Int) -> (Paragraph, [LayoutWarning])? { claims.withLock { $0.results[slot].take() } }
}
