import Foundation

/// LSP's base protocol over a byte stream: each message a `Content-Length: N` header, a blank
/// line, then N bytes of JSON.
package struct MessageReader {
  private let read: (Int) -> Data?
  private var buffer = Data()

  /// `read(n)` gives up to `n` more bytes, or nil (or no bytes) at the end of the stream.
  package init(read: @escaping (Int) -> Data?) {
    self.read = read
  }

  /// The next message's body; nil at the end of the stream. A header without a length is
  /// skipped with its body unknown: the stream is read on to the next header.
  package mutating func next() -> Data? {
    while true {
      guard let headerEnd = range(of: Data("\r\n\r\n".utf8)) else {
        guard fill() else { return nil }
        continue
      }
      let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
      buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
      guard let length = Self.contentLength(header), length >= 0 else { continue }
      while buffer.count < length {
        guard fill() else { return nil }
      }
      let body = buffer.prefix(length)
      buffer.removeSubrange(buffer.startIndex..<buffer.startIndex + length)
      return Data(body)
    }
  }

  /// The `Content-Length` of a header block, whatever the case of its name.
  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
      return Int(parts[1].trimmingCharacters(in: .whitespaces))
    }
    return nil
  }

  private func range(of separator: Data) -> Range<Data.Index>? {
    buffer.range(of: separator)
  }

  /// Reads more bytes into the buffer; false at the end of the stream.
  private mutating func fill() -> Bool {
    guard let more = read(65_536), !more.isEmpty else { return false }
    buffer.append(more)
    return true
  }
}

/// A message framed for the stream: its header, then its JSON body.
package func framed(_ body: Data) -> Data {
  var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
  data.append(body)
  return data
}

/// Messages read on a thread of their own and taken by the server in batches: what arrived
/// while it worked is there at once, so a document typed over is checked in its last text only
/// and a request the client cancelled meanwhile is answered as cancelled, never worked.
package final class MessageInbox: @unchecked Sendable {
  // Everything below is guarded by `condition`.
  private let condition = NSCondition()
  private var pending: [Data] = []
  private var ended = false

  package init() {}

  package func put(_ body: Data) {
    condition.lock()
    pending.append(body)
    condition.signal()
    condition.unlock()
  }

  /// The stream ended: `takeAll` gives what is left, then nil.
  package func finish() {
    condition.lock()
    ended = true
    condition.signal()
    condition.unlock()
  }

  /// Every message read since the last call, waiting for one; nil once the stream has ended
  /// and every message was taken.
  package func takeAll() -> [Data]? {
    condition.lock()
    defer { condition.unlock() }
    while pending.isEmpty && !ended { condition.wait() }
    guard !pending.isEmpty else { return nil }
    defer { pending.removeAll() }
    return pending
  }
}
