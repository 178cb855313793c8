/// One thing in English and in Japanese: a title, a caption, a message.
///
/// Kumiki's pages, figures and diagrams say everything in both languages;
/// this is the one shape that carries the pair, so no type grows a
/// `fooJapanese` twin of its `foo`.
public struct Bilingual<Value> {
    public var english: Value
    public var japanese: Value

    public init(english: Value, japanese: Value) {
        self.english = english
        self.japanese = japanese
    }

    /// The pair, English first.
    public init(_ english: Value, _ japanese: Value) {
        self.init(english: english, japanese: japanese)
    }

    /// The same value in both languages (a name that is not translated).
    public init(both value: Value) {
        self.init(english: value, japanese: value)
    }

    /// Both values transformed alike.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Bilingual<Other> {
        Bilingual<Other>(english: try transform(english), japanese: try transform(japanese))
    }
}

extension Bilingual: Equatable where Value: Equatable {}
extension Bilingual: Hashable where Value: Hashable {}
extension Bilingual: Sendable where Value: Sendable {}
extension Bilingual: Codable where Value: Codable {}

extension Bilingual where Value == String {
    /// Both texts joined from parts, each language with its own separator
    /// (`", "` in English, `"、"` in Japanese, say).
    public static func joining(_ parts: [Bilingual<String>], english: String, japanese: String) -> Bilingual<String> {
        Bilingual(parts.map(\.english).joined(separator: english), parts.map(\.japanese).joined(separator: japanese))
    }
}

/// English, then Japanese.
extension Bilingual: BinaryRecord where Value: BinaryRecord {
    @inlinable
    public func write(to writer: inout ByteWriter) {
        english.write(to: &writer)
        japanese.write(to: &writer)
    }

    @inlinable
    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(english: try Value(reading: &reader), japanese: try Value(reading: &reader))
    }
}
