import Testing
import TextKit
import TextKitRender

/// Inline attachments are drawn as the outline of their box, never as a glyph of their font.
@Suite("Attachment rendering")
struct AttachmentRenderTests {
    @Test func anAttachmentIsDrawnAsItsBoxOutline() throws {
        var attributes = TextAttributes(font: FontDescriptor(filePath: RenderFixture.fontPath, size: 12))
        attributes.paragraphStyle.alignment = .left
        let storage = TextStorage(string: "ab\u{FFFC}cd", attributes: attributes)
        storage.setValue(TextAttachment(width: 40, height: 30, descent: 4), for: \.attachment, range: 2..<3)
        let manager = LayoutManager(fontCollection: RenderFixture.fonts,
                                    defaultFont: try RenderFixture.fonts.font(file: RenderFixture.fontPath))
        storage.addLayoutManager(manager)
        var setup = PageSetup()
        setup.pageSize = Size(width: 200, height: 120)
        setup.margins = EdgeInsets(all: 12)
        let paged = manager.layOutPages(setup, count: .fixed(1))
        let snapshot = manager.snapshot()
        let renderer = LayoutRenderer(snapshot: snapshot, pages: paged.pages, placements: paged.placements,
                                      storage: storage)
        let image = try renderer.rasterImage(pages: .page(0))
        let placement = try #require(snapshot.containers[0].lines.first?.fragments.first?.attachments.first)
        let origin = paged.placements[0].origin
        let box = Rect(x: placement.rect.minX + origin.x, y: placement.rect.minY + origin.y,
                       width: placement.rect.width, height: placement.rect.height)
        let scale = RenderOptions().dotsPerInch / 72
        func pixel(_ x: Double, _ y: Double) -> Color { image.pixel(x: Int(x * scale), y: Int(y * scale)) }
        let midX = box.minX + box.width / 2, midY = box.minY + box.height / 2
        // The four edges are drawn; the inside is empty.
        // The outline lies inside the box, within its first point.
        func edge(_ points: [(Double, Double)]) -> Bool { points.contains { isDark(pixel($0.0, $0.1)) } }
        let depths = stride(from: 0.0, through: 1.0, by: 0.25)
        #expect(edge(depths.map { (box.minX + $0, midY) }) && edge(depths.map { (box.maxX - $0 - 0.01, midY) }))
        #expect(edge(depths.map { (midX, box.minY + $0) }) && edge(depths.map { (midX, box.maxY - $0 - 0.01) }))
        var inside = 0
        for dy in stride(from: 3.0, to: box.height - 3, by: 1) {
            for dx in stride(from: 3.0, to: box.width - 3, by: 1) where isDark(pixel(box.minX + dx, box.minY + dy)) {
                inside += 1
            }
        }
        #expect(inside == 0, "no glyph drawn inside the box")
    }
}
