import KumikiSupport

/// A message from the client, as JSON-RPC 2.0 tells them apart.
public enum IncomingMessage: Hashable, Sendable {
    case request(id: RequestID, method: String, params: JSONValue?)
    case notification(method: String, params: JSONValue?)
    /// A response to a request of the server's (its registration of file
    /// watching), and whether it is an error.
    case response(id: RequestID?, failed: Bool)

    /// Why a frame's bytes are not a message, and the `id` to answer when
    /// one could be read.
    public struct Problem: Error, Hashable, Sendable {
        public var error: ResponseError
        public var id: RequestID?
    }

    /// Reads one message from a frame's bytes.
    ///
    /// - Throws: `Problem` with ParseError for text that is not JSON, and
    ///   InvalidRequest for JSON that is not a single message (LSP does not
    ///   use JSON-RPC batches).
    public init(parsing bytes: [UInt8]) throws(Problem) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw Problem(error: ResponseError(.parseError, "the message is not JSON: \(error)"), id: nil)
        }
        try self.init(value)
    }

    init(_ value: JSONValue) throws(Problem) {
        guard value.isObject else {
            throw Problem(error: ResponseError(.invalidRequest, "a message must be a JSON object"), id: nil)
        }
        let rawID = value["id"]
        let id = rawID.flatMap(RequestID.init)
        guard value["jsonrpc"]?.stringValue == "2.0" else {
            throw Problem(error: ResponseError(.invalidRequest, "'jsonrpc' must be \"2.0\""), id: id)
        }
        if rawID != nil && id == nil {
            throw Problem(error: ResponseError(.invalidRequest, "'id' must be a number or a string"), id: nil)
        }
        let params = value["params"]
        if let params, !params.isObject, params.arrayValue == nil {
            throw Problem(error: ResponseError(.invalidRequest, "'params' must be an object or an array"), id: id)
        }
        if let method = value["method"] {
            guard let name = method.stringValue else {
                throw Problem(error: ResponseError(.invalidRequest, "'method' must be a string"), id: id)
            }
            // `"id": null` makes a request, not a notification, in JSON-RPC
            // 2.0, and LSP's ids are numbers or strings: it is answered.
            if id == nil && value.hasMember("id") {
                throw Problem(error: ResponseError(.invalidRequest, "'id' must be a number or a string"), id: nil)
            }
            self = id.map { .request(id: $0, method: name, params: params) } ?? .notification(method: name, params: params)
        } else if value["result"] != nil || value["error"] != nil || (id != nil && value.hasMember("result")) {
            self = .response(id: id, failed: value["error"] != nil)
        } else {
            throw Problem(error: ResponseError(.invalidRequest, "a message needs 'method', or 'result' or 'error'"), id: id)
        }
    }
}

extension JSONValue {
    func hasMember(_ key: String) -> Bool {
        if case .object(let members) = self { return members[key] != nil }
        return false
    }
}
