/// An object told about the edits of a ``TextStorage`` (a ``LayoutManager``, or an editor's own).
public protocol TextStorageObserver: AnyObject {
    /// Called once per editing batch, before any observer is told it is done: an editor may still
    /// change attributes here (for example to highlight syntax); those changes join the batch.
    func textStorage(_ storage: TextStorage, willProcess edit: TextEdit)
    /// Called once per editing batch, after the storage has changed. Layout managers are told
    /// first, so another observer may query their layout here: it answers for the new text.
    func textStorage(_ storage: TextStorage, didProcess edit: TextEdit)
}

extension TextStorageObserver {
    /// Does nothing.
    public func textStorage(_ storage: TextStorage, willProcess edit: TextEdit) {}
}

/// An attributed string that tells its observers what changed (Text Kit's `NSTextStorage`).
///
/// Offsets and ranges are Unicode scalar (code point) offsets. Edits between ``beginEditing()``
/// and ``endEditing()`` are batched into one ``TextEdit``; outside a batch each edit is its own.
/// A batch keeps its stretches apart (``TextEdit/changes``), so it never costs a layout manager
/// more than its edits one by one.
public final class TextStorage {
    /// Creates a storage holding `string` with `attributes` on every character.
    public init(string: String = "", attributes: TextAttributes = TextAttributes()) {
        scalars = UnicodeScalarView(string.unicodeScalars)
        runs = AttributeRuns(length: scalars.count, attributes: attributes)
    }

    /// The text.
    public var string: String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// The number of Unicode scalars.
    public var length: Int { scalars.count }

    /// The text as Unicode scalars (a gap buffer: edits cost what they change, not the
    /// document's length).
    ///
    /// With ``runs``, read for every paragraph laid out, and never lent `inout` across a call that
    /// could reach the storage again: not checked for exclusive access at run time (about 80
    /// instructions a read; see ``LayoutManager``).
    @exclusivity(unchecked) public private(set) var scalars: UnicodeScalarView

    /// The layout managers told about edits, in the order they were added.
    ///
    /// Unlike Text Kit, a layout manager keeps its storage alive and the storage refers to its
    /// layout managers weakly, so holding the layout manager is enough.
    public var layoutManagers: [LayoutManager] { observers.compactMap { $0.object as? LayoutManager } }

    /// Starts a batch of edits; batches nest.
    ///
    /// Until the outermost batch ends, layout managers do not know of its edits: asking them for
    /// layout meanwhile is a programmer error that stops the program (see ``LayoutManager``).
    /// Reading the storage itself (characters, attributes) is always allowed.
    public func beginEditing() { editingDepth += 1 }

    /// Whether a batch of edits is open (between ``beginEditing()`` and the matching
    /// ``endEditing()``, or while observers are told ``TextStorageObserver/textStorage(_:willProcess:)``):
    /// layout managers cannot answer layout queries then.
    public var isEditing: Bool { editingDepth > 0 }

    /// The edits made so far in the open batch, as observers will be told them, or the edit
    /// observers are being told of (in ``TextStorageObserver/textStorage(_:didProcess:)``); nil
    /// otherwise. Outside a batch each edit is told at once, so only observers see it.
    public var currentEdit: TextEdit? { processingEdit ?? pending.edit }

    /// Text Kit's `editedRange`: the range of the text (after the edits) that ``currentEdit``
    /// changed; nil when there is none.
    public var editedRange: Range<Int>? { currentEdit?.range }

    /// Text Kit's `changeInLength`: how much ``currentEdit`` changed the length (0 without one).
    public var changeInLength: Int { currentEdit?.changeInLength ?? 0 }

    /// Text Kit's `editedMask`: whether ``currentEdit`` changed characters, attributes or both
    /// (empty without one).
    public var editedMask: TextEdit.Mask { currentEdit?.mask ?? [] }

    /// Ends a batch; when the outermost batch ends, observers are told what changed.
    public func endEditing() {
        precondition(editingDepth > 0, "endEditing() without beginEditing()")
        editingDepth -= 1
        if editingDepth == 0 { processEditing() }
    }

    /// Replaces the characters in `range` with `string`, which takes the attributes of the first
    /// replaced character (or of the character before, when inserting).
    public func replaceCharacters(in range: Range<Int>, with string: String) {
        let index = range.isEmpty ? max(0, range.lowerBound - 1) : range.lowerBound
        let attributes = length == 0 ? runs.defaultAttributes : runs.attributes(at: min(index, length - 1)).value
        replaceCharacters(in: range, with: string, attributes: attributes)
    }

    /// Replaces the characters in `range` with `string` carrying `attributes`.
    public func replaceCharacters(in range: Range<Int>, with string: String, attributes: TextAttributes) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range out of bounds")
        let inserted = Array(string.unicodeScalars)
        scalars.replaceSubrange(range, with: inserted)
        runs.replace(range, withLength: inserted.count, attributes: attributes)
        pending.replace(range, withLength: inserted.count)
        if editingDepth == 0 { processEditing() }
    }

    /// Sets the attributes of the characters in `range`.
    public func setAttributes(_ attributes: TextAttributes, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range out of bounds")
        guard !range.isEmpty else { return }
        // Each run records what changed in it: a colour set over a run of another font is a
        // paint change there, not a shaping change of the whole range.
        runs.enumerate(in: range) { old, run in pending.changeAttributes(in: run, old.changes(comparedTo: attributes)) }
        runs.replace(range, withLength: range.count, attributes: attributes)
        if editingDepth == 0 { processEditing() }
    }

    /// Changes one attribute over `range`, keeping the others of each run (set an optional one
    /// to nil to remove it).
    public func setValue<Value>(_ value: Value, for key: WritableKeyPath<TextAttributes, Value>, range: Range<Int>) {
        modifyAttributes(in: range) { $0[keyPath: key] = value }
    }

    /// The attributes at `index` and the range of the run they belong to.
    public func attributes(at index: Int) -> (attributes: TextAttributes, effectiveRange: Range<Int>) {
        precondition(index >= 0 && index < length, "index out of bounds")
        let found = runs.attributes(at: index)
        return (found.value, found.range)
    }

    /// Calls `body` for each attribute run meeting `range`, clipped to it, in order.
    public func enumerateAttributes(in range: Range<Int>, _ body: (TextAttributes, Range<Int>) -> Void) {
        runs.enumerate(in: range, body)
    }

    /// Attaches an observer (a layout manager or any other); it is held weakly.
    public func addObserver(_ observer: TextStorageObserver) {
        observers.removeAll { $0.object == nil || $0.object === observer }
        observers.append(WeakObserver(object: observer))
    }

    /// Detaches an observer.
    public func removeObserver(_ observer: TextStorageObserver) {
        observers.removeAll { $0.object == nil || $0.object === observer }
    }

    /// Attaches a layout manager: it lays out this storage and is told about its edits.
    public func addLayoutManager(_ layoutManager: LayoutManager) {
        layoutManager.textStorage?.removeLayoutManager(layoutManager)
        addObserver(layoutManager)
        layoutManager.textStorage = self
    }

    /// Detaches a layout manager.
    public func removeLayoutManager(_ layoutManager: LayoutManager) {
        removeObserver(layoutManager)
        if layoutManager.textStorage === self { layoutManager.textStorage = nil }
    }

    // MARK: - Internals

    private struct WeakObserver { weak var object: TextStorageObserver? }
    private var observers: [WeakObserver] = []
    private var editingDepth = 0
    private var pending = PendingEdit()
    @exclusivity(unchecked) var runs: AttributeRuns

    /// Tells the observers about the pending edit, if any (after the outermost batch, or after
    /// an edit outside any batch).
    private func processEditing() {
        guard !pending.isEmpty else { return }
        observers.removeAll { $0.object == nil }
        // Attribute changes made in willProcess join the pending edit.
        editingDepth += 1
        for observer in observers {
            if let edit = pending.edit { observer.object?.textStorage(self, willProcess: edit) }
        }
        editingDepth -= 1
        guard let edit = pending.edit else { return }
        pending = PendingEdit()
        // Layout managers first: any other observer may then query their layout.
        let told = observers.compactMap(\.object)
        let outer = processingEdit
        processingEdit = edit
        defer { processingEdit = outer }
        for observer in told where observer is LayoutManager { observer.textStorage(self, didProcess: edit) }
        for observer in told where !(observer is LayoutManager) { observer.textStorage(self, didProcess: edit) }
    }

    /// The edit observers are being told of (``currentEdit`` while they are).
    private var processingEdit: TextEdit?
}
