import Testing
import TextKit

@Suite("Layout basics")
struct LayoutBasicsTests {
    @Test func emptyTextGivesValidLayoutWithOneEmptyLine() throws {
        let (_, _, _, snapshot) = Fixtures.paged("")
        #expect(snapshot.textLength == 0)
        #expect(snapshot.allGlyphs.isEmpty)
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: []).isEmpty)
    }

    @Test func ligaturesMapBackToTheirFirstCharacter() throws {
        let text = try Fixtures.text("ligatures.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text)
        let glyphs = snapshot.allGlyphs
        // "office" shapes as o + ffi + c + e in DejaVu Sans: 4 glyphs for 6 characters.
        let characters = glyphs.map(\.characterIndex)
        #expect(characters.prefix(4) == [0, 1, 4, 5])
        #expect(glyphs.count < text.unicodeScalars.count)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true).isEmpty)
    }

    @Test func everyCharacterOnceAndLinesInsideTheColumn() throws {
        let text = try Fixtures.text("prose.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text)
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        #expect(snapshot.allLines.count > 10)
        let width = PageSetup().columnWidth
        for line in snapshot.allLines {
            for fragment in line.fragments {
                #expect(fragment.usedRect.width <= width + 1e-9)
            }
        }
    }

    @Test func overlongWordBreaksBetweenGraphemes() throws {
        let text = try Fixtures.text("long-word.txt")
        var setup = PageSetup()
        setup.pageSize = Size(width: 300, height: 792)
        let (_, _, _, snapshot) = Fixtures.paged(text, setup: setup)
        let scalars = Array(text.unicodeScalars)
        #expect(snapshot.invariantViolations(text: scalars, leftToRightOnly: true) == [])
        // The URL is wider than the 156 pt column, so some line must end inside it.
        let urlStart = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex,
                                                    to: text.range(of: "https")!.lowerBound.samePosition(in: text.unicodeScalars)!)
        let inside = snapshot.allLines.contains { $0.characterRange.upperBound > urlStart + 5
            && $0.characterRange.upperBound < urlStart + 90 }
        #expect(inside)
    }

    @Test func fixedPageCountReportsOverflow() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 8)
        let (_, manager, _, snapshot) = Fixtures.paged(text, count: .fixed(1))
        let overflow = try #require(snapshot.overflowRange)
        #expect(overflow.upperBound == text.unicodeScalars.count)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        #expect(manager.warnings.contains { $0.kind == .overflow })
    }

    @Test func automaticPagesFitEverything() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 8)
        let (_, _, paged, snapshot) = Fixtures.paged(text)
        #expect(paged.pages.count > 1)
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func textFlowsOnBothSidesOfACircle() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 2)
        var setup = PageSetup()
        setup.exclusionPaths = [BezierPath(ovalIn: Rect(x: 256, y: 200, width: 100, height: 100))]
        let (_, _, _, snapshot) = Fixtures.paged(text, setup: setup)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let split = snapshot.allLines.filter { $0.fragments.count == 2 }
        #expect(split.count >= 5)
    }

    @Test func fullPageExclusionOverflowsWithoutHanging() throws {
        let text = try Fixtures.text("prose.txt")
        var setup = PageSetup()
        setup.exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 0, width: 612, height: 792))]
        let (_, _, paged, snapshot) = Fixtures.paged(text, setup: setup)
        #expect(snapshot.overflowRange == 0..<text.unicodeScalars.count)
        #expect(paged.pages.count == 1)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars)) == [])
    }

    @Test(arguments: [TextAlignment.left, .right, .center, .justified])
    func alignmentPlacesFragmentsInTheirSpan(_ alignment: TextAlignment) throws {
        let text = try Fixtures.text("prose.txt")
        let (_, _, _, snapshot) = Fixtures.paged(text, attributes: Fixtures.attributes(alignment: alignment))
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let lines = snapshot.allLines
        let first = try #require(lines.first?.fragments.first)
        let column = first.rect
        switch alignment {
        case .left: #expect(abs(first.usedRect.minX - column.minX) < 1e-9)
        case .right: #expect(abs(first.usedRect.maxX - column.maxX) < 1e-9)
        case .center: #expect(abs((first.usedRect.midX) - column.midX) < 1e-9)
        case .justified:
            #expect(abs(first.usedRect.maxX - column.maxX) < 1e-9)
            let last = try #require(first.glyphs.last)
            // The last visible glyph of a justified line ends at the span's edge.
            #expect(abs(last.position.x + last.advance - column.maxX) < 1e-6 || text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: last.characterIndex)] == " ")
        default: break
        }
    }
}

extension Rect {
    var midX: Double { minX + width / 2 }
}

@Suite("Containers")
struct ContainerTests {
    @Test func unlimitedHeightTakesEverything() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 5)
        let (_, manager) = Fixtures.layout(text)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: .infinity)))
        let snapshot = manager.snapshot()
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.containers.count == 1)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
    }

    @Test func textContinuesInTheNextContainer() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 2)
        let (_, manager) = Fixtures.layout(text)
        let sizes = [Size(width: 200, height: 100), Size(width: 400, height: 150), Size(width: 300, height: 2000)]
        for size in sizes { manager.addTextContainer(TextContainer(size: size)) }
        let snapshot = manager.snapshot()
        #expect(snapshot.containers.map { !$0.lines.isEmpty } == [true, true, true])
        #expect(snapshot.overflowRange == nil)
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        // Removing the middle container moves its text on, and matches a fresh layout.
        manager.removeTextContainer(at: 1)
        let (_, fresh) = Fixtures.layout(text)
        for size in [sizes[0], sizes[2]] { fresh.addTextContainer(TextContainer(size: size)) }
        #expect(manager.snapshot() == fresh.snapshot())
    }

    @Test func insetsAndPaddingKeepGlyphsInside() throws {
        let text = try Fixtures.text("prose.txt")
        let (_, manager) = Fixtures.layout(text)
        let container = TextContainer(size: Size(width: 300, height: 2000), insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        container.lineFragmentPadding = 7
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let first = try #require(snapshot.allLines.first)
        #expect(first.rect.minY == 10)
        #expect(first.fragments[0].glyphs[0].position.x == 27)
    }

    @Test func aTallerFontInTheLineRefitsItsBand() throws {
        // A big word in the middle of a line makes the line taller than the first guess; the
        // band is asked again with the real height, so the line still clears the exclusion.
        let text = "small words then HUGE small words again and again and again and again"
        let storage = TextStorage(string: text, attributes: Fixtures.attributes())
        let huge = text.unicodeScalars.count - text.unicodeScalars.drop { $0 != "H" }.count
        storage.setValue(FontDescriptor(filePath: Fixtures.fontPath, size: 48), for: \.font, range: huge..<huge + 4)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        storage.addLayoutManager(manager)
        let container = TextContainer(size: Size(width: 400, height: 400))
        // An exclusion whose top sits just under a 12 pt line but inside a 48 pt one.
        container.exclusionPaths = [BezierPath(rect: Rect(x: 0, y: 20, width: 200, height: 40))]
        manager.addTextContainer(container)
        let snapshot = manager.snapshot()
        #expect(snapshot.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let line = try #require(snapshot.allLines.first)
        #expect(line.rect.height > 40)
        #expect(line.fragments.allSatisfy { $0.rect.minX >= 200 })
    }
}

@Suite("Column balancing")
struct ColumnBalancingTests {
    @Test(arguments: [1, 3])
    func lastPageColumnsEndAtNearlyEqualHeights(repeats: Int) throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: repeats)
        var setup = PageSetup()
        setup.columns = 3
        setup.exclusionPaths = [BezierPath(ovalIn: Rect(x: 250, y: 100, width: 120, height: 120))]
        let (_, _, plainPages, plain) = Fixtures.paged(text, setup: setup)
        setup.balancesLastPage = true
        let (_, _, pages, balanced) = Fixtures.paged(text, setup: setup)
        #expect(pages.pages.count == plainPages.pages.count)
        #expect(balanced.overflowRange == nil)
        #expect(balanced.invariantViolations(text: Array(text.unicodeScalars), leftToRightOnly: true) == [])
        let last = balanced.containers.suffix(3)
        let bottoms = last.map { $0.lines.last?.rect.maxY ?? 0 }
        let lineHeight = try #require(balanced.allLines.first).rect.height
        #expect(bottoms.max()! - bottoms.min()! <= 2 * lineHeight + 1e-9, "\(bottoms)")
        // Unbalanced, the first column of the last page is full and the others are not.
        let plainBottoms = plain.containers.suffix(3).map { $0.lines.last?.rect.maxY ?? 0 }
        #expect(plainBottoms.max()! - plainBottoms.min()! > bottoms.max()! - bottoms.min()!)
        // Same text on the same pages, just redistributed.
        #expect(balanced.allGlyphs.count == plain.allGlyphs.count)
    }
}

@Suite("Parallel shaping")
struct ParallelShapingTests {
    @Test func parallelShapingGivesTheSameLayoutAsSequential() throws {
        // Enough paragraphs for the full layout to shape them on all cores.
        let paragraphs = try Fixtures.text("prose.txt").split(separator: "\n").map(String.init)
        let text = (0..<60).map { paragraphs[$0 % paragraphs.count] }.joined(separator: "\n")
        let (_, parallel) = Fixtures.layout(text)
        parallel.addTextContainer(TextContainer(size: Size(width: 300, height: .infinity)))
        parallel.ensureLayout()
        let (_, sequential) = Fixtures.layout(text)
        sequential.addTextContainer(TextContainer(size: Size(width: 300, height: .infinity)))
        sequential.ensureLayout(forCharacterRange: 0..<text.unicodeScalars.count)
        #expect(sequential.firstUnlaidCharacterIndex == text.unicodeScalars.count)
        #expect(parallel.statistics.paragraphsShaped == sequential.statistics.paragraphsShaped)
        #expect(firstDifference(parallel.snapshot().allLines, sequential.snapshot().allLines) == nil)
    }

    @Test func partialLayoutStopsEarly() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 40)
        let (_, manager) = Fixtures.layout(text)
        let container = TextContainer(size: Size(width: 300, height: .infinity))
        manager.addTextContainer(container)
        manager.ensureLayout(forBoundingRect: Rect(x: 0, y: 0, width: 300, height: 200), in: container)
        let partial = manager.firstUnlaidCharacterIndex
        #expect(partial > 0 && partial < text.unicodeScalars.count / 10)
        #expect(manager.statistics.paragraphsShaped < 20)
        manager.ensureLayout(forCharacterRange: 5000..<5001)
        #expect(manager.firstUnlaidCharacterIndex > 5000)
        // Finishing the layout later reuses what is done and matches a full layout.
        let (_, full) = Fixtures.layout(text)
        full.addTextContainer(TextContainer(size: Size(width: 300, height: .infinity)))
        #expect(firstDifference(manager.snapshot().allLines, full.snapshot().allLines) == nil)
    }
}

@Suite("Page progress")
struct PageProgressTests {
    /// Pages are added several at a time (a layout pass each), each addition reported: the
    /// counts grow, start at the first page and end at the final count.
    @Test func automaticPagesReportProgress() throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 60)
        let (_, manager) = Fixtures.layout(text)
        var reported: [Int] = []
        let paged = manager.layOutPages(PageSetup(), count: .automatic(maximum: 500)) { reported.append($0) }
        #expect(paged.pages.count > 20)
        #expect(reported.first == 1 && reported.last == paged.pages.count)
        #expect(zip(reported, reported.dropFirst()).allSatisfy { $0 < $1 })
        #expect(reported.count >= 3, "\(reported)")
    }

    /// Adding pages several at a time gives the pages of adding them one by one: the same
    /// lines, page count and overflow, for text that fits, text cut by a page limit, and text
    /// that no page takes, after a container the manager had before (`existing`).
    @Test(arguments: [(1, 500, 12.0, 0), (2, 500, 12.0, 0), (1, 7, 12.0, 0), (1, 500, 900.0, 0), (2, 500, 12.0, 1)])
    func pagesAddedTogetherEqualPagesAddedOneByOne(columns: Int, maximum: Int, size: Double, existing: Int) throws {
        let text = String(repeating: try Fixtures.text("prose.txt"), count: 12)
        var setup = PageSetup()
        setup.columns = columns
        var attributes = TextAttributes(font: FontDescriptor(filePath: Fixtures.fontPath, size: size))
        attributes.paragraphStyle.alignment = .justified
        let together = TextStorage(string: text, attributes: attributes)
        let manager = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        together.addLayoutManager(manager)
        for _ in 0..<existing { manager.addTextContainer(TextContainer(size: Size(width: 300, height: 200))) }
        let paged = manager.layOutPages(setup, count: .automatic(maximum: maximum))

        let oneByOne = TextStorage(string: text, attributes: attributes)
        let reference = LayoutManager(fontCollection: Fixtures.fonts, defaultFont: Fixtures.font)
        oneByOne.addLayoutManager(reference)
        for _ in 0..<existing { reference.addTextContainer(TextContainer(size: Size(width: 300, height: 200))) }
        var pages = reference.layOutPages(setup, count: .fixed(1)).pages.count
        var overflow = reference.overflowRange
        while let before = overflow, pages < maximum {
            pages += reference.layOutPages(setup, count: .fixed(1)).pages.count
            overflow = reference.overflowRange
            if overflow?.lowerBound == before.lowerBound {
                for _ in 0..<columns { reference.removeTextContainer(at: reference.textContainers.count - 1) }
                pages -= 1
                break
            }
        }
        #expect(paged.pages.count == pages)
        #expect(manager.overflowRange == reference.overflowRange)
        #expect(firstDifference(manager.snapshot().allLines, reference.snapshot().allLines) == nil)
    }
}
