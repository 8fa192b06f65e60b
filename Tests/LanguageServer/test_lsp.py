"""redux-gen's language server driven end to end by a real LSP client (pytest-lsp), over stdio.

Run by .ci/run: REDUX_GEN=.build/debug/redux-gen .venv/bin/pytest Tests/LanguageServer
"""

import os
import pathlib
import re
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
REDUX_GEN = os.environ.get("REDUX_GEN", str(ROOT / ".build" / "debug" / "redux-gen"))

BROKEN = """feature: Bad
state:
  count: Int = abc
actions: { up: { reduce: incremnt count } }
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[REDUX_GEN, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def cli_diagnostics(path: pathlib.Path, tmp_path: pathlib.Path):
    """What `redux-gen SPEC` prints: (line, column, severity, message), from 1."""
    run = subprocess.run(
        [REDUX_GEN, str(path), "--output", str(tmp_path / "out")],
        capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"},
    )
    found = []
    for line in run.stderr.splitlines():
        match = re.match(r"^(.*?):(\d+):(\d+): (error|warning): (.*)$", line)
        if match and pathlib.Path(match.group(1)).resolve() == path.resolve():
            found.append((int(match.group(2)), int(match.group(3)), match.group(4), match.group(5)))
    return found


async def open_and_wait(client: LanguageClient, uri: str, text: str):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


@pytest.mark.asyncio
async def test_errors_as_the_cli_says_them(client: LanguageClient, tmp_path: pathlib.Path):
    spec = tmp_path / "bad.yaml"
    spec.write_text(BROKEN)
    uri = spec.as_uri()
    await open_and_wait(client, uri, BROKEN)
    expected = cli_diagnostics(spec, tmp_path)
    assert len(expected) == 2
    found = [
        (d.range.start.line + 1, d.range.start.character + 1,
         "error" if d.severity == types.DiagnosticSeverity.Error else "warning", d.message)
        for d in client.diagnostics[uri]
    ]
    assert found == expected
    # The word it points at is the range: `incremnt`.
    second = client.diagnostics[uri][1]
    assert BROKEN.splitlines()[second.range.start.line][second.range.start.character:second.range.end.character] == "incremnt"


@pytest.mark.asyncio
async def test_fixing_clears_the_diagnostics(client: LanguageClient, tmp_path: pathlib.Path):
    uri = (tmp_path / "bad.yaml").as_uri()
    await open_and_wait(client, uri, BROKEN)
    assert len(client.diagnostics[uri]) == 2
    fixed = BROKEN.replace("abc", "0").replace("incremnt", "increment")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_childs_errors_on_the_childs_file(client: LanguageClient, tmp_path: pathlib.Path):
    (tmp_path / "namer.yaml").write_text(
        'feature: Namer\naccess: public\nstate:\n  draft: String = ""\nactions:\n  save: { reduce: reset draf }\n'
    )
    parent = tmp_path / "shelf.yaml"
    text = 'feature: Shelf\nchildren:\n  namer: { presents: namer.yaml }\nstate:\n  title: String = ""\nactions:\n  show: { reduce: present namer }\n'
    parent.write_text(text)
    await open_and_wait(client, parent.as_uri(), text)
    child_uri = (tmp_path / "namer.yaml").as_uri()
    # The child's and the parent's come as two notifications: wait for the second too.
    if child_uri not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    child = client.diagnostics[child_uri]
    assert any(d.range.start.line == 5 and "draf" in d.message for d in child)
    assert cli_diagnostics(tmp_path / "namer.yaml", tmp_path)[0][3] == child[0].message
    assert any("has errors" in d.message for d in client.diagnostics[parent.as_uri()])


@pytest.mark.asyncio
async def test_every_spec_in_specs_checks_clean(client: LanguageClient):
    for spec in sorted((ROOT / "Specs").glob("*.yaml")):
        uri = spec.as_uri()
        await open_and_wait(client, uri, spec.read_text())
        errors = [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error]
        assert errors == [], spec.name


@pytest.mark.asyncio
async def test_the_outline(client: LanguageClient):
    spec = ROOT / "Specs" / "tasklist.yaml"
    uri = spec.as_uri()
    await open_and_wait(client, uri, spec.read_text())
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = [symbol.name for symbol in symbols]
    assert names[0] == "TaskList"
    assert "actions" in names and "state" in names
    actions = next(symbol for symbol in symbols if symbol.name == "actions")
    assert any(child.name == "addTask" for child in actions.children)
