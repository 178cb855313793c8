import KumikiSupport

// The records of the values the build store keeps of a page: its summary
// (`PageSummary`, in the page index) and what its entry stores beside the
// HTML (diagnostics, translations). Each lists the type's stored properties
// in declaration order; `StoredRecordTests` sets every one of them.

extension PageSummary: BinaryRecord {
    func write(to writer: inout ByteWriter) {
        key.write(to: &writer)
        frontMatter.write(to: &writer)
        slug.write(to: &writer)
        headings.write(to: &writer)
        translation.write(to: &writer)
        diagnostics.write(to: &writer)
        links.write(to: &writer)
        tokenNames.write(to: &writer)
        tokenBlocks.write(to: &writer)
    }

    init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(key: try reader.read(), frontMatter: try reader.read(), slug: try reader.read(), headings: try reader.read(),
                  translation: try reader.read(), diagnostics: try reader.read(), links: try reader.read(),
                  tokenNames: try reader.read(), tokenBlocks: try reader.read())
    }
}

extension FrontMatter: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        title.write(to: &writer)
        section.write(to: &writer)
        order.write(to: &writer)
        summary.write(to: &writer)
        slug.write(to: &writer)
        draft.write(to: &writer)
        slugLocation.write(to: &writer)
        slugValueLocation.write(to: &writer)
        sectionValueLocation.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init()
        title = try reader.read()
        section = try reader.read()
        order = try reader.read()
        summary = try reader.read()
        slug = try reader.read()
        draft = try reader.read()
        slugLocation = try reader.read()
        slugValueLocation = try reader.read()
        sectionValueLocation = try reader.read()
    }
}

extension Page.Heading: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        anchor.write(to: &writer)
        level.write(to: &writer)
        text.write(to: &writer)
        segmentIndex.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(anchor: try reader.read(), level: try reader.read(), text: try reader.read(), segmentIndex: try reader.read())
    }
}

extension Coverage: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        rows.write(to: &writer)
        untranslated.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(rows: try reader.read(), untranslated: try reader.read())
    }
}

extension TokenUsage.Block: BinaryRecord {
    func write(to writer: inout ByteWriter) {
        line.write(to: &writer)
        number.write(to: &writer)
        anchor.write(to: &writer)
        title.write(to: &writer)
        tokens.write(to: &writer)
    }

    init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(line: try reader.read(), number: try reader.read(), anchor: try reader.read(), title: try reader.read(),
                  tokens: try reader.read())
    }
}

extension PageTranslations: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        lastChange.write(to: &writer)
        gaps.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(lastChange: try reader.read(), gaps: try reader.read())
    }
}

extension TranslationGap: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        kind.write(to: &writer)
        behind.write(to: &writer)
        location.write(to: &writer)
        anchor.write(to: &writer)
        english.write(to: &writer)
        japanese.write(to: &writer)
        newer.write(to: &writer)
        older.write(to: &writer)
        segmentIndex.write(to: &writer)
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        self.init(kind: try reader.read(), behind: try reader.read(), location: try reader.read(), anchor: try reader.read(),
                  english: try reader.read(), japanese: try reader.read(), newer: try reader.read(), older: try reader.read(),
                  segmentIndex: try reader.read())
    }
}

/// One byte.
extension TranslationGap.Kind: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        let tag: UInt8 = switch self {
        case .untranslated: 0
        case .outdated: 1
        }
        writer.append(CollectionOfOne(tag))
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        switch try reader.littleEndian(UInt8.self) {
        case 0: self = .untranslated
        case 1: self = .outdated
        default: throw DamagedBytes()
        }
    }
}

/// A byte for the case, then its values.
extension HistoryChange: BinaryRecord {
    public func write(to writer: inout ByteWriter) {
        switch self {
        case .committed(let id, let time):
            writer.append(CollectionOfOne(0))
            id.write(to: &writer)
            time.write(to: &writer)
        case .uncommitted:
            writer.append(CollectionOfOne(1))
        }
    }

    public init(reading reader: inout ByteReader) throws(DamagedBytes) {
        switch try reader.littleEndian(UInt8.self) {
        case 0: self = .committed(id: try reader.read(), time: try reader.read())
        case 1: self = .uncommitted
        default: throw DamagedBytes()
        }
    }
}
