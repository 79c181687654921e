// An editor's loop driven through the public API only, as a text view would drive it: a long
// document in one column with an image the text flows around, a screen drawn from the
// fragments in view, typing, Return, a dragged exclusion, arrow keys, a spell-check underline
// and a jump far down. After each step it prints what the view would redraw and how long the
// step took.
//
//     swift run EditorExample [TEXT-FILE [COPIES]]      # Fixtures/texts/debian-reference.txt × 40 by default
import Foundation
import TextKit

/// The view: it keeps what the layout manager says to redraw, and draws a screen by asking for
/// the fragments in it.
final class EditorView: LayoutManagerDelegate {
    let manager: LayoutManager
    let container: TextContainer
    var screen = Rect(x: 0, y: 0, width: 400, height: 600)
    var dirtyRects: [ContainerRect] = []
    var dirtyCharacters: [Range<Int>] = []

    init(manager: LayoutManager, container: TextContainer) {
        self.manager = manager
        self.container = container
    }

    func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayIn rects: [ContainerRect]) {
        dirtyRects += rects
    }

    func layoutManager(_ layoutManager: LayoutManager, didInvalidateDisplayForCharacterRange range: Range<Int>) {
        dirtyCharacters.append(range)
    }

    /// Draws the screen: the fragments in it and their glyphs (here, counted).
    func draw() -> String {
        var fragments = 0, glyphs = 0, estimated = false
        manager.enumerateFragments(in: screen, of: container) { fragment in
            fragments += 1
            glyphs += fragment.glyphs.count
            estimated = estimated || fragment.isEstimated
            return true
        }
        let redraw = dirtyRects.map { "y \(Int($0.rect.minY))…\(Int($0.rect.maxY))" }.joined(separator: ", ")
        defer { (dirtyRects, dirtyCharacters) = ([], []) }
        return "\(fragments) fragments, \(glyphs) glyphs\(estimated ? " (estimated place)" : "")"
            + (redraw.isEmpty ? "" : "; redraw \(redraw)")
            + (dirtyCharacters.isEmpty ? "" : "; redraw characters \(dirtyCharacters)")
    }
}

/// Runs `body`, prints `label`, its time and what the view draws then.
func step(_ label: String, _ view: EditorView, _ body: () -> String = { "" }) {
    let start = DispatchTime.now().uptimeNanoseconds
    let note = body()
    let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    print("\(label): \(note.isEmpty ? "" : note + "; ")\(String(format: "%.2f", milliseconds)) ms; \(view.draw())")
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? root.appendingPathComponent("Fixtures/texts/debian-reference.txt").path
let copies = arguments.dropFirst().first.flatMap { Int($0) } ?? 40
guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
    exit(66)
}
let fontPath = root.appendingPathComponent("Fixtures/fonts/DejaVuSans.ttf").path
let storage = TextStorage(string: String(repeating: text + "\n", count: copies),
                          attributes: TextAttributes(font: FontDescriptor(filePath: fontPath, size: 12)))
let fonts = FontCollection(defaultFontPath: fontPath)
let manager = LayoutManager(fontCollection: fonts, defaultFont: try fonts.font(file: fontPath))
let container = TextContainer(size: Size(width: 400, height: .infinity))
manager.addTextContainer(container)
manager.allowsNonContiguousLayout = true
storage.addLayoutManager(manager)
let view = EditorView(manager: manager, container: container)
manager.delegate = view
print("\(storage.length) characters")

var image = Rect(x: 250, y: 120, width: 130, height: 110)
step("open (first screen, image at y 120)", view) {
    container.exclusionPaths = [BezierPath(ovalIn: image)]
    return "content height ≈ \(Int(manager.usageBoundsForTextContainer.height)) pt"
}
var selection = TextSelection(insertionPoint: 0)
step("click at (60, 40)", view) {
    selection = TextSelection(insertionPoint: manager.characterIndex(for: Point(x: 60, y: 40), in: container))
    return "caret at \(selection.head)"
}
for character in "Hello" {
    step("type \(character)", view) {
        storage.replaceCharacters(in: selection.range, with: String(character))
        selection = TextSelection(insertionPoint: selection.head + 1)
        return "caret \(manager.caretRects(for: selection).first.map { "(\(Int($0.rect.minX)), \(Int($0.rect.minY)))" } ?? "-")"
    }
}
step("Return", view) {
    storage.replaceCharacters(in: selection.range, with: "\n")
    selection = TextSelection(insertionPoint: selection.head + 1)
    return "content height ≈ \(Int(manager.usageBoundsForTextContainer.height)) pt"
}
for _ in 0..<3 {
    step("drag the image down 40 pt", view) {
        image.origin.y += 40
        container.exclusionPaths = [BezierPath(ovalIn: image)]
        return "image at y \(Int(image.minY))"
    }
}
for _ in 0..<3 {
    step("arrow down", view) {
        selection = manager.destinationSelection(for: selection, direction: .down, destination: .character, extending: false)
        return "caret at \(selection.head)"
    }
}
step("shift-option-right ×2", view) {
    for _ in 0..<2 {
        selection = manager.destinationSelection(for: selection, direction: .right, destination: .word, extending: true)
    }
    return "selected \(selection.range), \(manager.selectionRects(forCharacterRange: selection.range).count) highlight rects"
}
step("spell-check underline", view) {
    manager.addTemporaryAttributes(TemporaryAttributes(underline: LineDecoration(style: .single)), forCharacterRange: selection.range)
    return "laid out \(manager.firstUnlaidCharacterIndex) characters"
}
step("scroll to the middle", view) {
    view.screen.origin.y = manager.usageBoundsForTextContainer.height / 2
    return "screen at y \(Int(view.screen.minY))"
}
step("type at the top again", view) {
    storage.replaceCharacters(in: 0..<0, with: "x")
    view.screen.origin.y = 0
    return ""
}
