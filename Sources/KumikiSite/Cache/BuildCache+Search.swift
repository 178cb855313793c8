import Foundation
import KumikiSearch

extension BuildCache {
    private func searchEntryURL(_ key: String) -> URL {
        generation.appendingPathComponent("search/\(key.prefix(2))/\(key)")
    }

    /// The search entries of the page stored under `key`, so a page the cache
    /// holds is indexed without being parsed.
    func searchEntries(_ key: String) -> PageSearchEntries? {
        guard let data = try? Data(contentsOf: searchEntryURL(key)) else { return nil }
        return PageSearchEntries(stored: data)
    }

    func storeSearchEntries(_ entries: PageSearchEntries, key: String) {
        AtomicFile.replace(searchEntryURL(key), with: entries.stored)
    }

    /// Removes the search entries of pages the last build did not use.
    func keepSearchEntries(only keys: Set<String>) {
        let fileManager = FileManager.default
        let folder = generation.appendingPathComponent("search")
        for shard in (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? [] {
            let shardURL = folder.appendingPathComponent(shard)
            for name in (try? fileManager.contentsOfDirectory(atPath: shardURL.path)) ?? [] where !keys.contains(name) {
                try? fileManager.removeItem(at: shardURL.appendingPathComponent(name))
            }
        }
    }
}
