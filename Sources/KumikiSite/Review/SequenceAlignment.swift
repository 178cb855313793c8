/// Aligns two sequences as a reader compares two versions of a page: the
/// longest run of items that are the same on both sides stays in place,
/// so an item inserted, removed or moved changes only itself, never the
/// items after it.
///
/// Between two items kept in place, what is left on each side is aligned
/// again by weaker likenesses (a row whose one language is unchanged, then
/// any row of the same kind), in order; those pairs are changes. Whatever
/// is still alone was removed (base) or added (head).
enum SequenceAlignment {
    /// One step of an alignment, by index into the base and head sequences.
    enum Step: Equatable {
        /// The same item on both sides.
        case same(Int, Int)
        /// Items that are alike but not the same: one changed into the other.
        case changed(Int, Int)
        case removed(Int)
        case added(Int)
    }

    /// The steps that turn `base` into `head`, in order (within a stretch
    /// of changes, removals come before additions).
    /// - Parameters:
    ///   - same: whether two items are the same.
    ///   - likenesses: weaker tests, strongest first, for pairing what is
    ///     left between items kept in place.
    static func align<Item>(_ base: [Item], _ head: [Item], same: @escaping (Item, Item) -> Bool,
                            likenesses: [(Item, Item) -> Bool]) -> [Step] {
        var steps: [Step] = []
        align(base, 0..<base.count, head, 0..<head.count, tests: [same] + likenesses, level: 0, into: &steps)
        return steps
    }

    private static func align<Item>(_ base: [Item], _ baseRange: Range<Int>, _ head: [Item], _ headRange: Range<Int>,
                                    tests: [(Item, Item) -> Bool], level: Int, into steps: inout [Step]) {
        guard level < tests.count else {
            steps += baseRange.map(Step.removed) + headRange.map(Step.added)
            return
        }
        let test = tests[level]
        let pairs = commonSubsequence(base, baseRange, head, headRange, test)
        var nextBase = baseRange.lowerBound, nextHead = headRange.lowerBound
        for (i, j) in pairs + [(baseRange.upperBound, headRange.upperBound)] {
            if nextBase < i || nextHead < j {
                align(base, nextBase..<i, head, nextHead..<j, tests: tests, level: level + 1, into: &steps)
            }
            if i < baseRange.upperBound { steps.append(level == 0 ? .same(i, j) : .changed(i, j)) }
            nextBase = i + 1
            nextHead = j + 1
        }
    }

    /// The index pairs of a longest common subsequence under `test`, in
    /// order: common ends are matched first, the rest by dynamic
    /// programming over what remains (pages hold hundreds of rows, not
    /// millions; past `largestTable` cells the rest is matched in order).
    private static func commonSubsequence<Item>(_ base: [Item], _ baseRange: Range<Int>, _ head: [Item], _ headRange: Range<Int>,
                                                _ test: (Item, Item) -> Bool) -> [(Int, Int)] {
        var low = (baseRange.lowerBound, headRange.lowerBound)
        var high = (baseRange.upperBound, headRange.upperBound)
        var prefix: [(Int, Int)] = [], suffix: [(Int, Int)] = []
        while low.0 < high.0, low.1 < high.1, test(base[low.0], head[low.1]) {
            prefix.append(low)
            low = (low.0 + 1, low.1 + 1)
        }
        while low.0 < high.0, low.1 < high.1, test(base[high.0 - 1], head[high.1 - 1]) {
            high = (high.0 - 1, high.1 - 1)
            suffix.append(high)
        }
        let rows = high.0 - low.0, columns = high.1 - low.1
        guard rows > 0, columns > 0 else { return prefix + suffix.reversed() }
        guard rows * columns <= largestTable else { return prefix + suffix.reversed() }
        // lengths[i][j]: the longest common subsequence of base[i...] and head[j...].
        let width = columns + 1
        var lengths = [Int32](repeating: 0, count: (rows + 1) * width)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                lengths[i * width + j] = test(base[low.0 + i], head[low.1 + j])
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var middle: [(Int, Int)] = []
        var i = 0, j = 0
        while i < rows, j < columns {
            if test(base[low.0 + i], head[low.1 + j]) && lengths[i * width + j] == lengths[(i + 1) * width + j + 1] + 1 {
                middle.append((low.0 + i, low.1 + j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return prefix + middle + suffix.reversed()
    }

    /// The most cells the dynamic programming table may have (16 MB).
    static let largestTable = 4_000_000
}
