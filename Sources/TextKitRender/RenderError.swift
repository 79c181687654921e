/// A failure to render: cairo could not open a font, create a surface or encode the output.
///
/// Errors of the caller's output closure are rethrown as they are, not wrapped.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sentence for people, naming the file concerned when there is one.
    public var message: String

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
