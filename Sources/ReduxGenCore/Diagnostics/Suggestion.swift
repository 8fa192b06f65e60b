/// The candidate closest to `word`, when it is close enough to be a likely typo.
package func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
  let target = Array(word.lowercased().unicodeScalars)
  var best: (name: String, distance: Int)?
  for candidate in candidates {
    let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
    if distance < (best?.distance ?? .max) { best = (candidate, distance) }
  }
  guard let best else { return nil }
  // Close enough to be a slip of the keyboard, and not a rewrite of the whole word.
  let limit = max(2, min(word.count, best.name.count) / 3)
  return best.distance <= limit && best.distance < word.count ? best.name : nil
}

/// Levenshtein distance, two rows at a time.
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

extension Model {
  /// "unknown field 'name' in model M", with the field spelled most like it.
  func unknownField(_ name: String) -> SpecProblem {
    .unknownField(name, context: .named(.model, self.name), suggestion: closestMatch(to: name, in: fields.map(\.name)))
  }
}
