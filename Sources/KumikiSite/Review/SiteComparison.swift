import Foundation
import KumikiSupport
import KumikiLayout
import KumikiTokens

/// `kumiki diff`: reads two revisions of a site through one build session
/// and says what changed.
///
/// Each side is read as a build reads it (`SiteBuilder.load`): a commit
/// from git objects (`RevisionSource`), the working tree from disk. A page
/// whose key (`PageKey`: its bytes, history, the configuration, tokens and
/// templates it reads) is the same on both sides is left alone: it is
/// neither parsed nor solved. A changed page's layout blocks that say the
/// same on the same devices are not solved either; the others are solved
/// on both sides and compared.
public struct SiteComparison {
    /// The site as the working tree holds it (the command's options).
    public var working: BuildOptions
    public var session: BuildSession

    public init(working: BuildOptions, session: BuildSession) {
        self.working = working
        self.session = session
    }

    /// Compares `base` with `head` (the working tree when `nil`).
    /// - Throws: `RevisionError` when an argument names no commit, or the
    ///   site is not in a git repository.
    public func compare(base: String, head: String?) throws(RevisionError) -> SiteDiff {
        guard let folder = working.configuration.directory, let repository = SiteRepository.containing(folder) else {
            throw RevisionError(argument: base, reason: GitCommand.isAvailable ? .outsideGit : .gitMissing)
        }
        // Each revision's content is read from its tree at the same place
        // in the site's folder; outside it there is no such place, and the
        // working tree's folder would be compared with another.
        if let content = working.content.directory, siteRelative(content) == nil {
            throw RevisionError(argument: DiskSource.displayPath(of: content), reason: .contentOutsideSite)
        }
        // `A..B` names both sides in one argument, as `git diff` takes it.
        let (baseID, headID, headArgument): (String, String?, String?)
        if let range = RevisionRange(base) {
            guard head == nil else { throw RevisionError(argument: base, reason: .rangeAndHead) }
            let ids = try repository.resolve(range: range)
            (baseID, headID, headArgument) = (ids.base, ids.head, range.head)
        } else {
            headArgument = head
            baseID = try repository.commit(named: base)
            headID = try head.map { (argument) throws(RevisionError) in try repository.commit(named: argument) }
        }
        let explanation = LockedValue(DiffExplanation())
        // The head first: the base then reads from it the files git says
        // are the same on both sides, and from objects only the others.
        // Which files of the working tree differ is asked of git while the
        // head is read (git may have to read files to tell).
        let changes = headID == nil ? BackgroundWork { Self.workingTreeChanges(since: baseID, in: repository) } : nil
        let after = try side(headID.map(Revision.commit) ?? .workingTree, argument: headArgument ?? "", repository: repository,
                             explanation: explanation)
        let same = sameFiles(head: after, changes: changes?.wait() ?? nil)
        let before = try side(.commit(baseID), argument: base, repository: repository, explanation: explanation, same: same)
        guard before.holdsSite || after.holdsSite else {
            throw RevisionError(argument: headArgument ?? base, reason: .noSite(detail: after.readErrors.first?.message ?? "no content folder"))
        }
        let renames = Self.renames(repository: repository, base: baseID, head: headID, prefix: after.contentPrefix)
        var found = diff(before, after, renames: renames)
        found.readErrors = before.readErrors.map { (before.revision.name, $0) } + after.readErrors.map { (after.revision.name, $0) }
            + found.pages.flatMap { $0.blocks.flatMap(\.errors) }.map { (after.revision.name, $0) }
        return found
    }

    // MARK: - Sides

    /// The options that read the site at `revision`: the working tree's,
    /// or the same folders read from the commit's objects.
    func options(at revision: Revision, repository: SiteRepository, argument: String,
                 same: RevisionTree.SameFiles? = nil) throws(RevisionError) -> BuildOptions {
        guard case .commit(let id) = revision else { return working }
        let folders = [siteRelative(working.content.directory) ?? "Content", siteRelative(working.templates.directory) ?? "Templates"]
        guard let tree = RevisionTree(repository: repository, commit: id, prefix: repository.sitePrefix,
                                      eagerFolders: folders.map { $0.isEmpty || $0.hasSuffix("/") ? $0 : $0 + "/" },
                                      same: same) else {
            throw RevisionError(argument: argument, reason: .unknown)
        }
        // A content folder that is a submodule holds, in this repository, a
        // commit of another: its pages are in that repository's objects.
        let content = siteRelative(working.content.directory) ?? "Content"
        if tree.submodules.contains(content) {
            throw RevisionError(argument: working.content.displayPath, reason: .contentIsSubmodule)
        }
        var options = working
        options.configuration = RevisionSource(tree: tree, folder: "", displayPath: working.configuration.displayPath)
        options.content = RevisionSource(tree: tree, folder: content, displayPath: working.content.displayPath)
        // The site's templates as the commit has them, or the built-in
        // theme when it has none; a folder outside the site is in no
        // commit, so both sides read it from disk.
        if let templates = siteRelative(working.templates.directory) ?? (working.templates.directory == nil ? "Templates" : nil) {
            let source = RevisionSource(tree: tree, folder: templates, displayPath: working.templates.displayPath)
            options.templates = source.exists ? source : EmbeddedTheme.source
        }
        options.outputDirectory = nil
        return options
    }

    /// A folder of the working tree from the site's folder, when it is
    /// inside it.
    private func siteRelative(_ url: URL?) -> String? {
        guard let path = url?.standardizedFileURL.path, let root = working.configuration.directory?.standardizedFileURL.path else {
            return nil
        }
        if path == root { return "" }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// The files of the site's folder that are the same at the base as on
    /// the head's side, and that side's folder to read them from: for a
    /// commit, the files with the same object; for the working tree, those
    /// not among `changes` (`workingTreeChanges`). `nil` when git could not
    /// say.
    private func sameFiles(head: ReviewSide, changes: Set<String>?) -> RevisionTree.SameFiles? {
        if let headTree = head.tree {
            return RevisionTree.SameFiles(source: RevisionSource(tree: headTree, folder: "", displayPath: "")) { path, file in
                headTree.files[path]?.object == file.object
            }
        }
        guard let folder = working.configuration.directory, let changes else { return nil }
        // The head's pages as it read them (when its content folder is in
        // the site's), so the same files are not read from disk twice.
        var read: [String: Data] = [:]
        if let content = siteRelative(working.content.directory).map({ $0.isEmpty ? "" : $0 + "/" }) {
            for page in head.site.pages + (head.site.index.map { [$0] } ?? []) { read[content + page.relativePath] = page.data }
        }
        return RevisionTree.SameFiles(source: EditedSource(DiskSource(folder), edits: read)) { path, _ in !changes.contains(path) }
    }

    /// The files of the site's folder, from it, that differ between `base`
    /// and the working tree: git's own answer (`git diff --name-only`), from
    /// what it knows of each file, so no file is hashed here. `nil` when
    /// git cannot say.
    private static func workingTreeChanges(since base: String, in repository: SiteRepository) -> Set<String>? {
        let prefix = repository.sitePrefix
        guard let listed = repository.git.run(["diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv",
                                               "--end-of-options", base, "--", prefix.isEmpty ? "." : ":(literal)" + prefix])
        else { return nil }
        // Files git is told not to look at (`update-index --skip-worktree`
        // or `--assume-unchanged`) are left out of `git diff` even when
        // edited, and a build publishes them as they are on disk: they are
        // taken as changed, so the base reads them from its commit.
        guard let flagged = repository.git.run(["ls-files", "-v", "-z", "--", prefix.isEmpty ? "." : ":(literal)" + prefix])
        else { return nil }
        let unwatched = flagged.split(separator: 0).compactMap { entry -> Data? in
            guard entry.count > 2, let tag = entry.first, tag == UInt8(ascii: "S") || (tag >= UInt8(ascii: "a") && tag <= UInt8(ascii: "z"))
            else { return nil }
            return Data(entry.dropFirst(2))
        }
        return Set((listed.split(separator: 0).map { Data($0) } + unwatched).map { String(escapingInvalidUTF8: $0) }
            .filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    private func side(_ revision: Revision, argument: String, repository: SiteRepository,
                      explanation: LockedValue<DiffExplanation>, same: RevisionTree.SameFiles? = nil) throws(RevisionError) -> ReviewSide {
        let options = try options(at: revision, repository: repository, argument: argument, same: same)
        let builder = SiteBuilder(options: options, session: session)
        var diagnostics = DiagnosticList()
        let loaded = builder.load(&diagnostics)
        let site = loaded ?? LoadedSite.empty(options: options)
        let catalog = site.config.deviceCatalog().0
        let content = siteRelative(working.content.directory) ?? "Content"
        return ReviewSide(
            revision: revision, tree: (options.configuration as? RevisionSource)?.tree, site: site, holdsSite: loaded != nil,
            readErrors: diagnostics.sorted.filter { $0.severity == .error }, session: session, explanation: explanation,
            digests: site.siteDigests(options), layout: LayoutBlockHandler(catalog: catalog, tokens: site.layoutTokens),
            catalogDigest: catalog.storeDigest, contentPrefix: repository.sitePrefix + (content.isEmpty ? "" : content + "/"))
    }

    // MARK: - Comparing

    private func diff(_ before: ReviewSide, _ after: ReviewSide, renames: [String: String]) -> SiteDiff {
        // The home page (`index.md`) is a page like the others here.
        let everyPage = { (side: ReviewSide) in side.site.pages + (side.site.index.map { [$0] } ?? []) }
        let oldPages = Dictionary(everyPage(before).map { (before.path(of: $0), $0) }, uniquingKeysWith: { a, _ in a })
        let newPages = Dictionary(everyPage(after).map { (after.path(of: $0), $0) }, uniquingKeysWith: { a, _ in a })
        // Pairs of (base path, head path); a rename pairs two paths.
        var pairs: [(String?, String?)] = []
        var renamedFrom: Set<String> = []
        for (old, new) in renames where oldPages[old] != nil && newPages[new] != nil && newPages[old] == nil && oldPages[new] == nil {
            pairs.append((old, new))
            renamedFrom.insert(old)
        }
        let renamedTo = Set(pairs.compactMap(\.1))
        for path in newPages.keys where !renamedTo.contains(path) { pairs.append((oldPages[path] == nil ? nil : path, path)) }
        for path in oldPages.keys where newPages[path] == nil && !renamedFrom.contains(path) { pairs.append((path, nil)) }
        pairs.sort { ($0.1 ?? $0.0 ?? "") < ($1.1 ?? $1.0 ?? "") }
        let ordered = pairs

        let comparison = PageComparison(base: before, head: after)
        let contexts = (before.site.keyContext(shared: before.digests), after.site.keyContext(shared: after.digests))
        let found = concurrentMap(ordered.count) { number -> PageDiff? in
            let (old, new) = ordered[number]
            let page = (old.flatMap { oldPages[$0] }, new.flatMap { newPages[$0] })
            let renamed = old != nil && new != nil && old != new
            if !renamed, let a = page.0, let b = page.1,
               before.site.hasTheSameKey(a, context: contexts.0, as: b, in: after.site, context: contexts.1)
                || before.site.pageKey(of: a, shared: before.digests).value == after.site.pageKey(of: b, shared: after.digests).value {
                after.explanation.withValue { $0.pagesWithTheSameKey += 1 }
                return nil
            }
            after.explanation.withValue { $0.pagesCompared += 1 }
            return comparison.compare(before: page.0, after: page.1, renamed: renamed)
        }
        return SiteDiff(
            base: before.revision.name, head: after.revision.name, explanation: after.explanation.withValue { $0 },
            configurationChanged: before.site.configurationText != after.site.configurationText,
            changedTokens: Self.changedTokens(before.site.tokens, after.site.tokens),
            pages: found.compactMap { $0 })
    }

    /// The names of tokens whose value differs, or that one side lacks.
    static func changedTokens(_ before: SiteTokens?, _ after: SiteTokens?) -> [String] {
        var old: [String: TokenValue] = [:], new: [String: TokenValue] = [:]
        for token in before?.set.tokens ?? [] { old[token.name] = token.value }
        for token in after?.set.tokens ?? [] { new[token.name] = token.value }
        return Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
    }

    /// Pages git sees renamed (`git diff -M`), base path to head path, from
    /// the repository's top.
    static func renames(repository: SiteRepository, base: String, head: String?, prefix: String) -> [String: String] {
        var arguments = ["diff", "-M", "--name-status", "-z", "--no-color", "--no-ext-diff", "--end-of-options", base]
        if let head { arguments.append(head) }
        arguments += ["--", prefix.isEmpty ? "." : ":(literal)" + prefix]
        guard let output = repository.git.run(arguments) else { return [:] }
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(escapingInvalidUTF8: $0) }
        var renames: [String: String] = [:]
        var index = 0
        while index < fields.count {
            let status = fields[index]
            if status.hasPrefix("R") || status.hasPrefix("C") {
                guard index + 2 < fields.count else { break }
                if status.hasPrefix("R") { renames[fields[index + 1]] = fields[index + 2] }
                index += 3
            } else {
                index += 2
            }
        }
        return renames
    }
}
