"""Replays typing into a spec through `redux-gen lsp` over stdio, as an editor sends it (the whole
text on every keystroke), and times each change until its diagnostics arrive, and completion
where the cursor is. Standard library only. Run by Benchmarks/LanguageServer/run.

    python3 replay.py REDUX_GEN SPEC [--target-ms 50] [--each]     (--each: every change's times too)
"""

import json
import pathlib
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, executable):
        self.process = subprocess.Popen([executable, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, method, params, request=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return self.next_id

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, value = line.decode().split(":", 1)
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until(self, accept):
        while True:
            message = self.read()
            if accept(message):
                return message


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    executable, spec = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    target = float(sys.argv[sys.argv.index("--target-ms") + 1]) if "--target-ms" in sys.argv else 50.0
    text = spec.read_text()
    uri = spec.as_uri()
    server = Server(executable)
    server.send("initialize", {"capabilities": {}, "processId": None, "rootUri": None}, request=True)
    server.until(lambda m: m.get("id") == 1)
    server.send("initialized", {})
    server.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 0, "text": text}})
    first = server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
    assert first["params"]["diagnostics"] == [], first["params"]["diagnostics"][:3]

    # The edits: a new action typed at the end of the actions (the spec is wrong until it is
    # whole), a typo typed and then fixed in the middle of the spec, and a word deleted.
    typed = "  renameLabel:\n    payload: { name: String }\n    reduce: set label = name.lowercased\n"
    marker = "actions:\n"
    middle = text.index("reduce:", len(text) // 2)
    steps = []
    current = text
    at = current.index(marker) + len(marker)
    for character in typed:
        current = current[:at] + character + current[at:]
        at += 1
        steps.append((current, at))
    # `reduce: ` -> `reduce: x` ... the typo `reduc` and back.
    at = current.index("reduce:", len(current) // 2)
    for _ in range(3):
        current = current[: at + 5] + current[at + 6 :]
        steps.append((current, at + 5))
        current = current[: at + 5] + "e" + current[at + 5 :]
        steps.append((current, at + 6))
    del middle

    changes, completions = [], []
    for version, (content, cursor) in enumerate(steps, start=1):
        start = time.perf_counter()
        server.send(
            "textDocument/didChange",
            {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": content}]},
        )
        server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        changes.append((time.perf_counter() - start) * 1000)
        line = content.count("\n", 0, cursor)
        character = cursor - (content.rfind("\n", 0, cursor) + 1)
        start = time.perf_counter()
        request = server.send(
            "textDocument/completion",
            {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
            request=True,
        )
        server.until(lambda m: m.get("id") == request)
        completions.append((time.perf_counter() - start) * 1000)
    server.send("shutdown", None, request=True)
    server.send("exit", None)

    if "--each" in sys.argv:
        for number, (value, other) in enumerate(zip(changes, completions)):
            print(f"{number}: {value:.1f} {other:.1f}")
    print(f"spec: {spec.name}, {len(text.splitlines())} lines, {len(text)} bytes; {len(steps)} changes, each the whole text")
    for name, values in (("diagnostics after a change", changes), ("completion at the cursor", completions)):
        print(
            f"{name}: p50 {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, "
            f"max {max(values):.1f} ms"
        )
    p95 = percentile(changes, 0.95)
    print(f"target: diagnostics within {target:.0f} ms (p95): {'met' if p95 <= target else 'MISSED'}")
    return 0 if p95 <= target else 1


if __name__ == "__main__":
    sys.exit(main())
