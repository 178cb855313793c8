/// The JSON-RPC 2.0 and LSP error codes the server answers with.
public struct ErrorCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The message is not JSON.
    public static let parseError = ErrorCode(rawValue: -32700)
    /// JSON, but not a request, response or notification.
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// A parameter is missing or of the wrong type.
    public static let invalidParams = ErrorCode(rawValue: -32602)
    public static let internalError = ErrorCode(rawValue: -32603)
    /// A request other than `initialize` before `initialize`.
    public static let serverNotInitialized = ErrorCode(rawValue: -32002)
    /// The client cancelled the request (`$/cancelRequest`).
    public static let requestCancelled = ErrorCode(rawValue: -32800)
}

/// An error response's `error`: a code and a sentence.
public struct ResponseError: Error, Hashable, Sendable {
    public var code: ErrorCode
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
