/// Finds the closest word to a typo, for "did you mean …?" messages.
public enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is near enough
    /// to be a plausible typo (at most a third of the word's length, at least 1).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let length = lowered.count
        if length <= 2 {
            // One or two letters (q, n, d) are an abbreviation, not a typo: every one-letter
            // word is one edit from `?`. A name they start uniquely is the suggestion.
            let prefixed = candidates.filter { $0.hasPrefix(lowered) && !word.isEmpty && $0.allSatisfy(\.isLetter) }
            return prefixed.count == 1 ? prefixed[0] : nil
        }
        let limit = max(1, length / 3)
        var best: (String, Int)?
        // The distance is at least the difference in length: skipping candidates that cannot be
        // near keeps a 10 MB unknown word from costing minutes.
        for candidate in candidates where abs(candidate.count - length) <= limit {
            let distance = editDistance(lowered, candidate)
            if distance <= limit, distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        if best == nil {
            // A prefix such as `del` for `delete` is a plausible abbreviation too.
            let prefixed = candidates.filter { $0.hasPrefix(lowered) && !word.isEmpty }
            if prefixed.count == 1 { return prefixed[0] }
        }
        return best?.0
    }

    /// The Damerau–Levenshtein distance (with adjacent transpositions) between two strings.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
