import Foundation
import TextKitRender

/// The drawings of `textkit render` (``LayoutRenderer``): PDF holds every page; SVG and PNG hold
/// one page, or with `--single` every page stacked in one image.
extension RenderFormat: LayoutOutputFormat {
    package var name: String { rawValue }

    package var holdsEveryPage: Bool { self == .pdf }

    /// Refuses a page or image larger than the format allows: a PNG over
    /// ``LayoutRenderer/maximumPixelSide`` a side or ``LayoutRenderer/maximumPixels`` in all, a PDF
    /// page over ``LayoutRenderer/maximumPDFPageSide`` or an SVG over ``LayoutRenderer/maximumSVGSide``.
    package func check(_ output: LayoutOutput, pages: RenderedPages) throws(CLIError) {
        let renderer = output.renderer
        let hint = output.single ? " or drop --single" : ""
        switch self {
        case .png:
            let (width, height) = renderer.pixelSize(of: pages)
            guard max(width, height) <= LayoutRenderer.maximumPixelSide else {
                throw CLIError(status: .usage, message: "\(output.path): the image would be \(width) × \(height) pixels, "
                    + "more than \(LayoutRenderer.maximumPixelSide) a side; lower --dpi\(hint)")
            }
            guard width * height <= LayoutRenderer.maximumPixels else {
                throw CLIError(status: .usage, message: "\(output.path): the image would be \(width) × \(height) pixels, "
                    + "more than \(LayoutRenderer.maximumPixels) pixels in all; lower --dpi\(hint)")
            }
        case .pdf, .svg:
            let size = renderer.size(of: pages)
            let limit = self == .pdf ? LayoutRenderer.maximumPDFPageSide : LayoutRenderer.maximumSVGSide
            guard max(size.width, size.height) <= limit else {
                throw CLIError(status: .usage, message: "\(output.path): the \(self == .pdf ? "page" : "image") would be "
                    + "\(Self.points(size.width)) × \(Self.points(size.height)) pt, more than \(Self.points(limit)) pt a side "
                    + "(\(self == .pdf ? "the most PDF allows" : "the most cairo can draw")); lower --width or --height\(hint)")
            }
        }
    }

    /// Draws with the output's shared renderer; a rendering failure is an error naming the output (status 70).
    package func write(_ output: LayoutOutput, pages: RenderedPages, progress: ((Int) -> Void)?,
                       to write: @escaping ([UInt8]) throws -> Void) throws {
        do {
            try output.renderer.render(self, pages: pages, progress: progress, to: write)
        } catch let error as RenderError {
            throw CLIError(status: .software, message: "\(output.path): \(error.message)")
        }
    }

    // MARK: - Internals

    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%g", value)
    }
}
