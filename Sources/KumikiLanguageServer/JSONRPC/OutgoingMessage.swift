import KumikiSupport

/// The messages the server sends, as JSON.
enum OutgoingMessage {
    static func response(id: RequestID, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id.json, "result": result])
    }

    /// An error response; `id` is `null` when the request's could not be
    /// read, as JSON-RPC asks.
    static func error(id: RequestID?, _ error: ResponseError) -> JSONValue {
        .object([
            "jsonrpc": .string("2.0"), "id": id?.json ?? .null,
            "error": .object(["code": .integer(error.code.rawValue), "message": .string(error.message)]),
        ])
    }

    static func request(id: RequestID, _ method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id.json, "method": .string(method), "params": params])
    }

    static func notification(_ method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }
}
