import Foundation
import GRDB
import ReduxRuntime

/// One persisted field of `State` and how it is stored: `.rows` for a collection of identified
/// models (a row per element), `.value` for anything else (one row).
public struct SQLiteField<State: Sendable>: Sendable {
  let name: String
  /// Reads the field into the state; returns its snapshot and the rows a migration rewrote.
  let restore: @Sendable (Database, _ key: String, inout State, Migrate?) throws -> (any Sendable, Int)
  /// Writes what differs from the snapshot (nil: nothing known, read it first); returns the new
  /// snapshot and the rows written.
  let write: @Sendable (Database, _ key: String, State, (any Sendable)?) throws -> (any Sendable, Int)

  /// A collection of identified models, stored a row per element under `name`.
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

func rowEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return encoder
}

struct ValueSnapshot<Value: Sendable>: Sendable {
  var value: Value?
}

/// A collection as stored: its elements and each one's position.
struct RowsSnapshot<Element: Identifiable & Codable & Equatable & Sendable>: Sendable
where Element.ID: Codable & Sendable {
  var elements: IdentifiedArrayOf<Element>
  var positions: [Element.ID: Int64]

  /// The space between the positions of elements appended or renumbered.
  static var gap: Int64 { 1 << 20 }

  /// Reads the collection in order, decoding all its rows at once; migrates them first when
  /// told to (and writes them back when the migration changed them).
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
    var byID: [Element.ID: Int64] = [:]
    byID.reserveCapacity(elements.count)
    for (element, position) in zip(elements, positions) { byID[element.id] = position }
    return (RowsSnapshot(elements: IdentifiedArray(uniqueElements: elements), positions: byID), rewritten)
  }

  /// Writes the differences between this snapshot and `elements`: returns the new snapshot
  /// and the rows written.
  func write(
    _ elements: IdentifiedArrayOf<Element>, _ db: Database, key: String, collection: String
  ) throws -> (Self, Int) {
    if elements == self.elements { return (self, 0) }
    let encoder = rowEncoder()
    var rows = 0
    func idText(_ id: Element.ID) throws -> String { String(decoding: try encoder.encode(id), as: UTF8.self) }

    for id in self.elements.ids where elements[id: id] == nil {
      try db.execute(
        sql: "DELETE FROM redux_rows WHERE key = ? AND collection = ? AND id = ?",
        arguments: [key, collection, try idText(id)])
      rows += 1
    }
    let newPositions = Self.positions(for: elements, keeping: positions)
    for (index, element) in elements.enumerated() {
      let position = newPositions[index]
      guard let old = self.elements[id: element.id] else {
        try db.execute(
          sql: "INSERT INTO redux_rows (key, collection, id, position, value) VALUES (?, ?, ?, ?, ?)",
          arguments: [key, collection, try idText(element.id), position, try encoder.encode(element)])
        rows += 1
        continue
      }
      let moved = positions[element.id] != position
      if old != element {
        try db.execute(
          sql: "UPDATE redux_rows SET position = ?, value = ? WHERE key = ? AND collection = ? AND id = ?",
          arguments: [position, try encoder.encode(element), key, collection, try idText(element.id)])
        rows += 1
      } else if moved {
        try db.execute(
          sql: "UPDATE redux_rows SET position = ? WHERE key = ? AND collection = ? AND id = ?",
          arguments: [position, key, collection, try idText(element.id)])
        rows += 1
      }
    }
    var byID: [Element.ID: Int64] = [:]
    byID.reserveCapacity(elements.count)
    for (element, position) in zip(elements, newPositions) { byID[element.id] = position }
    return (RowsSnapshot(elements: elements, positions: byID), rows)
  }

  /// A strictly increasing position for each element of `elements`, keeping as many of the old
  /// `positions` as can stay (the longest run of elements still in their old order), so that
  /// an append, a removal or a move changes the position of the elements it touches only.
  static func positions(for elements: IdentifiedArrayOf<Element>, keeping old: [Element.ID: Int64]) -> [Int64] {
    let previous = elements.map { old[$0.id] }
    let kept = longestIncreasing(previous)
    var result = [Int64](repeating: 0, count: elements.count)
    var index = 0
    var low: Int64? = nil
    while index < elements.count {
      if kept.contains(index), let position = previous[index] {
        result[index] = position
        low = position
        index += 1
        continue
      }
      // A run of elements between two kept ones (or an end) gets new positions in between.
      var end = index
      while end < elements.count && !kept.contains(end) { end += 1 }
      let count = Int64(end - index)
      let high = end < elements.count ? previous[end] : nil
      switch (low, high) {
      case (nil, nil):
        for offset in 0..<Int(count) { result[index + offset] = Int64(offset + 1) * gap }
      case (let low?, nil):
        for offset in 0..<Int(count) { result[index + offset] = low + Int64(offset + 1) * gap }
      case (nil, let high?):
        for offset in 0..<Int(count) { result[index + offset] = high - (count - Int64(offset)) * gap }
      case (let low?, let high?):
        let step = (high - low) / (count + 1)
        // No room left between them: number the whole collection again.
        guard step > 0 else { return (0..<elements.count).map { Int64($0 + 1) * gap } }
        for offset in 0..<Int(count) { result[index + offset] = low + Int64(offset + 1) * step }
      }
      index = end
    }
    return result
  }

  /// The indices of a longest strictly increasing subsequence of the known positions.
  static func longestIncreasing(_ values: [Int64?]) -> Set<Int> {
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
    var kept = Set<Int>()
    var current = tails.last ?? -1
    while current >= 0 {
      kept.insert(current)
      current = parent[current]
    }
    return kept
  }
}
