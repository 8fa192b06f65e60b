import Foundation
import GRDB
import ReduxRuntime

/// One persisted field of `State` and how it is stored: `.rows` for a collection of identified
/// models (a row per element), `.value` for anything else (one row).
public struct SQLiteField<State: Sendable>: Sendable {
  @usableFromInline let name: String
  /// Reads the field into the state; returns its snapshot and the rows a migration rewrote.
  @usableFromInline let restore: @Sendable (Database, _ key: String, inout State, Migrate?) throws -> (any Sendable, Int)
  /// Writes what differs from the snapshot (nil: nothing known, read it first); returns the new
  /// snapshot and the rows written.
  @usableFromInline let write: @Sendable (Database, _ key: String, State, (any Sendable)?) throws -> (any Sendable, Int)

  @usableFromInline
  init(
    name: String,
    restore: @escaping @Sendable (Database, _ key: String, inout State, Migrate?) throws -> (any Sendable, Int),
    write: @escaping @Sendable (Database, _ key: String, State, (any Sendable)?) throws -> (any Sendable, Int)
  ) {
    self.name = name
    self.restore = restore
    self.write = write
  }

  /// A collection of identified models, stored a row per element under `name`. Inlinable, so
  /// that the diffing is specialized for the element type where the field is declared.
  @inlinable
  public static func rows<Element: Identifiable & Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: WritableKeyPath<State, IdentifiedArrayOf<Element>> & Sendable
  ) -> Self where Element.ID: Codable & Sendable {
    SQLiteField(
      name: name,
      restore: { db, key, state, migrate in
        let (snapshot, rewritten) = try RowsSnapshot<Element>.read(db, key: key, collection: name, migrate: migrate)
        state[keyPath: keyPath] = snapshot.elements
        return (snapshot, rewritten)
      },
      write: { db, key, state, previous in
        let known =
          try previous as? RowsSnapshot<Element>
          ?? RowsSnapshot<Element>.read(db, key: key, collection: name, migrate: nil).0
        return try known.write(state[keyPath: keyPath], db, key: key, collection: name)
      })
  }

  /// Any other field, stored as one JSON value under `name`.
  public static func value<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> Self {
    SQLiteField(
      name: name,
      restore: { db, key, state, migrate in
        guard
          var data = try Data.fetchOne(
            db, sql: "SELECT value FROM redux_values WHERE key = ? AND name = ?", arguments: [key, name])
        else { return (ValueSnapshot<Value>(value: nil), 0) }
        var rewritten = 0
        if let migrate {
          guard
            let migrated = try PersistenceMigration.migrate(
              value: data, of: name, from: migrate.version, with: migrate.migrations)
          else {
            try db.execute(sql: "DELETE FROM redux_values WHERE key = ? AND name = ?", arguments: [key, name])
            return (ValueSnapshot<Value>(value: nil), 1)
          }
          if migrated != data, migrate.rewrite {
            try db.execute(
              sql: "UPDATE redux_values SET value = ? WHERE key = ? AND name = ?", arguments: [migrated, key, name])
            rewritten = 1
          }
          data = migrated
        }
        let value = try JSONDecoder().decode(Value.self, from: data)
        state[keyPath: keyPath] = value
        return (ValueSnapshot(value: value), rewritten)
      },
      write: { db, key, state, previous in
        let value = state[keyPath: keyPath]
        if let previous = previous as? ValueSnapshot<Value>, previous.value == value { return (previous, 0) }
        try db.execute(
          sql: "INSERT OR REPLACE INTO redux_values (key, name, value) VALUES (?, ?, ?)",
          arguments: [key, name, try rowEncoder().encode(value)])
        return (ValueSnapshot(value: value), 1)
      })
  }
}

@usableFromInline
func rowEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return encoder
}

@usableFromInline
struct ValueSnapshot<Value: Sendable>: Sendable {
  @usableFromInline var value: Value?
  @usableFromInline init(value: Value?) { self.value = value }
}

/// A collection as stored: its elements and each one's position (`positions[i]` is
/// `elements[i]`'s).
@usableFromInline
struct RowsSnapshot<Element: Identifiable & Codable & Equatable & Sendable>: Sendable
where Element.ID: Codable & Sendable {
  @usableFromInline var elements: IdentifiedArrayOf<Element>
  @usableFromInline var positions: [Int64]

  @usableFromInline
  init(elements: IdentifiedArrayOf<Element>, positions: [Int64]) {
    self.elements = elements
    self.positions = positions
  }

  /// The space between the positions of elements appended or renumbered.
  @usableFromInline static var gap: Int64 { 1 << 20 }

  /// Reads the collection in order, decoding all its rows at once; migrates them first when
  /// told to (and writes them back when the migration changed them).
  @inlinable
  static func read(_ db: Database, key: String, collection: String, migrate: Migrate?) throws -> (Self, Int) {
    var ids: [String] = []
    var positions: [Int64] = []
    var values: [Data] = []
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, position, value FROM redux_rows WHERE key = ? AND collection = ? ORDER BY position",
      arguments: [key, collection])
    while let row = try rows.next() {
      ids.append(row[0])
      positions.append(row[1])
      values.append(row[2])
    }
    var rewritten = 0
    if let migrate {
      for index in values.indices {
        let migrated = try PersistenceMigration.migrate(
          element: values[index], of: collection, from: migrate.version, with: migrate.migrations)
        if migrated != values[index], migrate.rewrite {
          try db.execute(
            sql: "UPDATE redux_rows SET value = ? WHERE key = ? AND collection = ? AND id = ?",
            arguments: [migrated, key, collection, ids[index]])
          rewritten += 1
        }
        values[index] = migrated
      }
    }
    // One JSON array of every row: one decode instead of one per row.
    var array = Data("[".utf8)
    array.reserveCapacity(values.reduce(2) { $0 + $1.count + 1 })
    for (index, value) in values.enumerated() {
      if index > 0 { array.append(UInt8(ascii: ",")) }
      array.append(value)
    }
    array.append(UInt8(ascii: "]"))
    let elements = try JSONDecoder().decode([Element].self, from: array)
    return (RowsSnapshot(elements: IdentifiedArray(uniqueElements: elements), positions: positions), rewritten)
  }

  /// Writes the differences between this snapshot and `elements`: returns the new snapshot
  /// and the rows written.
  ///
  /// The elements before and after the part that changed order (the same ids at the same
  /// places, found from both ends without hashing) keep their positions and are only compared;
  /// inside that part, removed ids are deleted, and the longest run still in its old order
  /// keeps its positions while the others get new ones between their neighbours.
  @inlinable
  func write(
    _ elements: IdentifiedArrayOf<Element>, _ db: Database, key: String, collection: String
  ) throws -> (Self, Int) {
    let old = self.elements
    var prefix = 0
    while prefix < min(old.count, elements.count) && old[prefix].id == elements[prefix].id { prefix += 1 }
    var suffix = 0
    while suffix < min(old.count, elements.count) - prefix
      && old[old.count - 1 - suffix].id == elements[elements.count - 1 - suffix].id
    {
      suffix += 1
    }
    let encoder = rowEncoder()
    var rows = 0
    // Prepared once per connection, not parsed for every row.
    func execute(_ sql: String, _ arguments: StatementArguments) throws {
      try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }
    func idText(_ id: Element.ID) throws -> String { String(decoding: try encoder.encode(id), as: UTF8.self) }
    func update(_ element: Element, position: Int64?) throws {
      if let position {
        try execute(
          "UPDATE redux_rows SET position = ?, value = ? WHERE key = ? AND collection = ? AND id = ?",
          [position, try encoder.encode(element), key, collection, try idText(element.id)])
      } else {
        try execute(
          "UPDATE redux_rows SET value = ? WHERE key = ? AND collection = ? AND id = ?",
          [try encoder.encode(element), key, collection, try idText(element.id)])
      }
      rows += 1
    }

    // Both ends: same ids, same places, same positions.
    for index in 0..<prefix where old[index] != elements[index] { try update(elements[index], position: nil) }
    for offset in 0..<suffix where old[old.count - 1 - offset] != elements[elements.count - 1 - offset] {
      try update(elements[elements.count - 1 - offset], position: nil)
    }
    // The middle.
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(elements.count - suffix)
    for index in oldMiddle where elements[id: old[index].id] == nil {
      try execute(
        "DELETE FROM redux_rows WHERE key = ? AND collection = ? AND id = ?",
        [key, collection, try idText(old[index].id)])
      rows += 1
    }
    let previous: [Int64?] = newMiddle.map { index in old.index(id: elements[index].id).map { positions[$0] } }
    let low = prefix > 0 ? positions[prefix - 1] : nil
    let high = suffix > 0 ? positions[old.count - suffix] : nil
    let newPositions: [Int64]
    if let middle = Self.positions(previous, between: low, and: high) {
      newPositions = Array(positions[..<prefix]) + middle + Array(positions[(old.count - suffix)...])
    } else {
      // No room left: number the whole collection again.
      newPositions = (0..<elements.count).map { Int64($0 + 1) * Self.gap }
    }
    for index in 0..<elements.count {
      let element = elements[index]
      let inMiddle = newMiddle.contains(index)
      guard inMiddle || newPositions[index] != positions[index < prefix ? index : index - elements.count + old.count]
      else { continue }
      let position = newPositions[index]
      guard let oldIndex = inMiddle ? old.index(id: element.id) : (index < prefix ? index : index - elements.count + old.count)
      else {
        try execute(
          "INSERT INTO redux_rows (key, collection, id, position, value) VALUES (?, ?, ?, ?, ?)",
          [key, collection, try idText(element.id), position, try encoder.encode(element)])
        rows += 1
        continue
      }
      // The ends' values were compared above.
      let changed = inMiddle && old[oldIndex] != element
      if positions[oldIndex] != position && !changed {
        try execute(
          "UPDATE redux_rows SET position = ? WHERE key = ? AND collection = ? AND id = ?",
          [position, key, collection, try idText(element.id)])
        rows += 1
      } else if changed {
        try update(element, position: positions[oldIndex] != position ? position : nil)
      }
    }
    return (RowsSnapshot(elements: elements, positions: newPositions), rows)
  }

  /// A strictly increasing position for each element of a run, given each one's old position
  /// (nil for a new element), all strictly between `low` and `high` when given: the longest run
  /// still in order keeps its positions, the others get new ones between their neighbours.
  /// Nil when there is no room.
  @inlinable
  static func positions(_ previous: [Int64?], between low: Int64?, and high: Int64?) -> [Int64]? {
    // Old positions outside the bounds can't be kept (the ends moved around them).
    let usable: [Int64?] = previous.map { position in
      guard let position else { return nil }
      if let low, position <= low { return nil }
      if let high, position >= high { return nil }
      return position
    }
    let kept = longestIncreasing(usable)
    var result = [Int64](repeating: 0, count: previous.count)
    var index = 0
    var below = low
    while index < previous.count {
      if kept[index], let position = usable[index] {
        result[index] = position
        below = position
        index += 1
        continue
      }
      // A run between two kept ones (or a bound) gets new positions in between.
      var end = index
      while end < previous.count && !kept[end] { end += 1 }
      let count = Int64(end - index)
      let above = end < previous.count ? usable[end] : high
      switch (below, above) {
      case (nil, nil):
        for offset in 0..<Int(count) { result[index + offset] = Int64(offset + 1) * gap }
      case (let below?, nil):
        for offset in 0..<Int(count) { result[index + offset] = below + Int64(offset + 1) * gap }
      case (nil, let above?):
        for offset in 0..<Int(count) { result[index + offset] = above - (count - Int64(offset)) * gap }
      case (let below?, let above?):
        let step = (above - below) / (count + 1)
        guard step > 0 else { return nil }
        for offset in 0..<Int(count) { result[index + offset] = below + Int64(offset + 1) * step }
      }
      index = end
    }
    return result
  }

  /// Which of the known positions make a longest strictly increasing subsequence.
  @inlinable
  static func longestIncreasing(_ values: [Int64?]) -> [Bool] {
    // Patience sorting: tails[k] is the index ending the best run of length k + 1.
    var tails: [Int] = []
    var parent = [Int](repeating: -1, count: values.count)
    for (index, value) in values.enumerated() {
      guard let value else { continue }
      // Fast path: still in order, the common case.
      if let last = tails.last, let lastValue = values[last], lastValue < value {
        parent[index] = last
        tails.append(index)
        continue
      }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]]! < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { parent[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var current = tails.last ?? -1
    while current >= 0 {
      kept[current] = true
      current = parent[current]
    }
    return kept
  }
}
