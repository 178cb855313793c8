/// A page's terms as its rows hold them, for the merge: each row's distinct
/// terms (their numbers in the table that indexed the page), rows in
/// order, so each term's rows come out ascending.
///
/// Four bytes an occurrence: each row that holds a term opens with its
/// posting as a marker (`~posting`, below zero; a posting never is), and its
/// terms' numbers follow. A pair of term and posting for each occurrence
/// took twice the memory, and a cold 1,000-page build holds three million
/// of them until the merge.
public struct PageOccurrences: Sendable {
    /// Row markers and term numbers, one after another.
    private(set) var stream: [Int32]
    /// How many occurrences: the stream without its markers.
    public let count: Int

    init(stream: [Int32], count: Int) {
        self.stream = stream
        self.count = count
    }

    /// The marker that opens the row of this posting.
    @inline(__always)
    static func marker(ofPosting posting: Int32) -> Int32 { ~posting }

    /// Calls `body` with each occurrence's term and posting, in order.
    @inline(__always)
    func forEach(_ body: (_ term: Int32, _ posting: Int32) -> Void) {
        stream.withUnsafeBufferPointer { stream in
            var posting: Int32 = 0
            for value in stream {
                if value < 0 { posting = ~value } else { body(value, posting) }
            }
        }
    }

    /// The occurrences of a page whose terms come one after another, each
    /// with its ascending postings (`terms[i]` with `postings(i)`), in row
    /// order: counted per row, then placed.
    static func inRowOrder(rowCount: Int, terms: [Int32], postings: (Int) -> ArraySlice<Int32>) -> PageOccurrences {
        // Each row's count of terms, and its posting (twice its index, one
        // more for a heading).
        var perRow = [Int](repeating: 0, count: rowCount)
        var rowPostings = [Int32](repeating: -1, count: rowCount)
        var count = 0
        for index in terms.indices {
            for posting in postings(index) {
                perRow[Int(posting >> 1)] += 1
                rowPostings[Int(posting >> 1)] = posting
                count += 1
            }
        }
        // Where each row's terms start, after its marker.
        var next = [Int](repeating: 0, count: rowCount)
        var length = 0
        for row in 0..<rowCount where perRow[row] > 0 {
            next[row] = length + 1
            length += 1 + perRow[row]
        }
        var stream = [Int32](repeating: 0, count: length)
        for row in 0..<rowCount where perRow[row] > 0 {
            stream[next[row] - 1] = marker(ofPosting: rowPostings[row])
        }
        for (index, term) in terms.enumerated() {
            for posting in postings(index) {
                let row = Int(posting >> 1)
                stream[next[row]] = term
                next[row] += 1
            }
        }
        return PageOccurrences(stream: stream, count: count)
    }
}
