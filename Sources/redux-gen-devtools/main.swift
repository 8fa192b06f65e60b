// `redux-gen devtools SPEC`: the inspector's server for a feature spec (docs/devtools.md).

import Foundation
import ReduxDevTools

/// A line on the standard output, written at once (a pipe reads it without waiting).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let usage = """
  usage: redux-gen-devtools SPEC [--port N] [--token TEXT]

  Serves the inspector's page on 127.0.0.1 for the feature SPEC describes. Run the app with
  REDUX_INSPECTOR set to the URL it prints, and open that URL in a browser.
  """

var arguments = Array(CommandLine.arguments.dropFirst())
var port = 0
var token: String?
var specPath: String?
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  switch argument {
  case "--port":
    guard let value = arguments.first.flatMap(Int.init), (0...65535).contains(value) else {
      FileHandle.standardError.write(Data("error: --port takes a number from 0 to 65535\n".utf8))
      exit(2)
    }
    arguments.removeFirst()
    port = value
  case "--token":
    // It goes into URLs as it is.
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    guard let value = arguments.first, !value.isEmpty, value.allSatisfy(allowed.contains) else {
      FileHandle.standardError.write(Data("error: --token takes letters, digits, '-' and '_'\n".utf8))
      exit(2)
    }
    arguments.removeFirst()
    token = value
  case "-h", "--help":
    say(usage)
    exit(0)
  default:
    guard specPath == nil, !argument.hasPrefix("-") else {
      FileHandle.standardError.write(Data("error: unexpected argument '\(argument)'\n\(usage)\n".utf8))
      exit(2)
    }
    specPath = argument
  }
}
guard let specPath else {
  FileHandle.standardError.write(Data("error: missing SPEC\n\(usage)\n".utf8))
  exit(2)
}

// Stopped (Ctrl-C, or told to), it stops at once: an open page's WebSocket doesn't hold it up.
let stopSignals = [SIGINT, SIGTERM].map { number in
  signal(number, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
  source.setEventHandler { exit(0) }
  source.resume()
  return source
}

do {
  let hub = try InspectorHub(specPath: specPath)
  let server = DevToolsServer(hub: hub, port: port, token: token)
  try await server.run { url in
    say("Inspector for \(specPath): open \(url.absoluteString)")
    say("REDUX_INSPECTOR=\(url.absoluteString)")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
