import ArgumentParser
import Foundation
import KumikiSupport
import KumikiSite

extension Kumiki {
    struct Translations: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List untranslated and possibly outdated rows, or acknowledge a row.",
            discussion: """
                Lists what the translators' page shows: every row with one language missing, and \
                every row whose one language changed (by the repository's history) after the other. \
                'kumiki translations ack PATH:LINE' records that a row still says the same in both \
                languages (in translations-checked.txt, beside kumiki.yml).
                """,
            subcommands: [List.self, Acknowledge.self],
            defaultSubcommand: List.self)
    }
}

extension Kumiki.Translations {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the rows that need a translator.")

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json
        }

        @OptionGroup var site: SiteOptions

        @Option(help: "table (one row a line) or json.")
        var format: Format = .table

        func run() throws {
            let result = site.checkedBuild()
            if result.diagnostics.hasErrors {
                DiagnosticPrinter.print(DiagnosticList(result.diagnostics.items.filter { $0.severity == .error }))
                throw ExitCode(1)
            }
            switch format {
            case .table: print(TranslationTable.text(result.translations), terminator: "")
            case .json: print(TranslationTable.json(result.translations))
            }
        }
    }

    struct Acknowledge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ack",
            abstract: "Record that a row's translation was checked and still says the same.",
            discussion: """
                PATH is the page as diagnostics print it (Content/adaptivity.md) or its path in the \
                content folder; LINE is any line of the row's English or Japanese. The entry holds \
                until either language of the row changes again.
                """)

        @OptionGroup var site: SiteOptions

        @Argument(help: "PATH:LINE of a row, as 'kumiki check' prints it (PATH:LINE:COLUMN too).")
        var rows: [String]

        func run() throws {
            let options = site.buildOptions
            for row in rows {
                guard let (written, line) = Self.pathAndLine(row) else {
                    printError("kumiki: error: '\(row)' is not PATH:LINE")
                    throw ExitCode(1)
                }
                let path = Self.contentRelative(written, content: options.content.directory)
                do {
                    let excerpt = try RowAcknowledgement.acknowledge(relativePath: path, line: line, options: options)
                    print("Acknowledged \(path):\(line) (\(excerpt))")
                } catch {
                    printError(error.description)
                    throw ExitCode(1)
                }
            }
        }

        /// `PATH:LINE`, or `PATH:LINE:COLUMN` as a diagnostic starts (pasted
        /// with its last colon or not): the line names the row.
        static func pathAndLine(_ text: String) -> (path: String, line: Int)? {
            var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if parts.last == "" { parts.removeLast() }
            if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil { parts.removeLast() }
            guard parts.count >= 2, let line = Int(parts.removeLast()), line > 0 else { return nil }
            return (parts.joined(separator: ":"), line)
        }

        /// A path as `check` prints it (from the current folder), or already
        /// relative to the content folder.
        static func contentRelative(_ path: String, content: URL?) -> String {
            guard let content = content?.standardizedFileURL.path else { return path }
            let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
            let prefix = content.hasSuffix("/") ? content : content + "/"
            return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
        }
    }
}

/// What `kumiki translations` prints.
enum TranslationTable {
    static func text(_ reports: [PageTranslationReport]) -> String {
        var out = ""
        var untranslated = 0, outdated = 0
        for report in reports where !report.translations.gaps.isEmpty {
            out += "\(report.displayPath) — \(report.title.english) / \(report.title.japanese)\n"
            for gap in report.translations.gaps {
                if gap.kind == .outdated { outdated += 1 } else { untranslated += 1 }
                let status = TranslatorsPage.ageText(gap).english
                out += "  \(gap.location.line):\(gap.location.column)\t\(gap.kind.rawValue)\t\(status)\n"
                out += "    en: \(gap.english.isEmpty ? "—" : gap.english)\n"
                out += "    ja: \(gap.japanese.isEmpty ? "—" : gap.japanese)\n"
            }
        }
        out += "\(untranslated) untranslated, \(outdated) possibly out of date\n"
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).split(separator: "\t", omittingEmptySubsequences: false).map { String($0).escapingControlCharacters }.joined(separator: "\t") }
            .joined(separator: "\n")
    }

    static func json(_ reports: [PageTranslationReport]) -> String {
        let pages = reports.filter { !$0.translations.gaps.isEmpty }.map { report in
            JSONValue.object([
                "path": .string(report.displayPath),
                "slug": .string(report.slug),
                "title": .object(["en": .string(report.title.english), "ja": .string(report.title.japanese)]),
                "rows": .array(report.translations.gaps.map(gapJSON)),
            ])
        }
        return JSONValue.array(pages).written(expandedLevels: 2)
    }

    private static func gapJSON(_ gap: TranslationGap) -> JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(gap.kind.rawValue), "behind": .string(gap.behind),
            "line": .integer(gap.location.line), "column": .integer(gap.location.column),
            "english": .string(gap.english), "japanese": .string(gap.japanese),
            "anchor": gap.anchor.map(JSONValue.string) ?? .null,
            "newer": changeJSON(gap.newer), "older": changeJSON(gap.older),
        ]
        members["gap_days"] = gap.gapDays.map(JSONValue.integer) ?? .null
        return .object(members)
    }

    private static func changeJSON(_ change: HistoryChange?) -> JSONValue {
        switch change {
        case nil: .null
        case .uncommitted?: .string("uncommitted")
        case .committed(let id, _)?: .object(["commit": .string(id), "date": .string(change?.date?.iso ?? "")])
        }
    }
}
