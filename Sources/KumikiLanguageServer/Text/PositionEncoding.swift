/// How a position's `character` counts along a line (LSP 3.17
/// `PositionEncodingKind`): in UTF-8 bytes, UTF-16 code units (the
/// default every client understands) or Unicode scalars (UTF-32).
public enum PositionEncoding: String, Hashable, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding for a client that offers `offered`
    /// (`general.positionEncodings`): the first the server knows, in the
    /// client's order of preference; UTF-16 when the client offers none
    /// or none the server knows, since every client must understand it.
    public static func negotiated(from offered: [String]?) -> PositionEncoding {
        offered?.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }

    /// The units one scalar takes.
    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }

    /// The units `text` takes.
    func length(of text: some StringProtocol) -> Int {
        switch self {
        case .utf8: text.utf8.count
        case .utf16: text.utf16.count
        case .utf32: text.unicodeScalars.count
        }
    }
}
