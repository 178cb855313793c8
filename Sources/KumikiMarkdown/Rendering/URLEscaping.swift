extension String {
    /// The URL with the bytes an `href` must not hold raw percent-encoded,
    /// as CommonMark's reference renderer does (cmark's
    /// `houdini_escape_href`): a space becomes `%20`, `ä` becomes `%C3%A4`,
    /// `\` and `[` become `%5C` and `%5B`. ASCII letters and digits and
    /// ``-_.+!*'(),%#@?=;:/&$~`` stay as they are: the reserved characters
    /// keep their meaning in a URL, and a `%` is taken to start an escape
    /// already written, so encoding twice changes nothing.
    ///
    /// The result still needs HTML escaping (`&`, `'`) for an attribute.
    public var percentEncodedForHref: String {
        let bytes = utf8
        guard bytes.contains(where: { !$0.isSafeInHref }) else { return self }
        var out = ""
        out.reserveCapacity(bytes.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if byte.isSafeInHref {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        out += String(decoding: encoded, as: UTF8.self)
        return out
    }
}

extension UInt8 {
    fileprivate var isSafeInHref: Bool {
        switch self {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "-_.+!*'(),%#@?=;:/&$~".utf8.contains(self)
        }
    }
}
