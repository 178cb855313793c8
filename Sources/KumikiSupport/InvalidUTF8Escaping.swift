extension String {
    /// Bytes that should be UTF-8 (a file name, which the file system keeps
    /// as bytes) as text that shows every one of them: each byte that is not
    /// part of valid UTF-8 is written `\xFF`, everything else as itself.
    ///
    /// Decoding such a name the usual way turns each bad byte into `�`,
    /// which names no file and hides which bytes were there.
    public init(escapingInvalidUTF8 bytes: some Collection<UInt8>) {
        var out = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pending = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                for byte in pending.prefix(length) {
                    out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                pending = pending.dropFirst(length)
            case .emptyInput:
                self = out
                return
            }
        }
    }
}
