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


def broken_child_tree(tmp_path: pathlib.Path):
    """A parent presenting a child whose reduce names a field it lacks: (the parent's path, its text)."""
    (tmp_path / "namer.yaml").write_text(
        'feature: Namer\naccess: public\nstate:\n  draft: String = ""\nactions:\n  save: { reduce: reset draf }\n'
    )
    parent = tmp_path / "shelf.yaml"
    text = 'feature: Shelf\nchildren:\n  namer: { presents: namer.yaml }\nstate:\n  title: String = ""\nactions:\n  show: { reduce: present namer }\n'
    parent.write_text(text)
    return parent, text


def change(client: LanguageClient, uri: str, version: int, text: str):
    """Sends the document's whole new text, as editors with full sync do."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


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
    change(client, uri, 2, fixed)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_childs_errors_on_the_childs_file(client: LanguageClient, tmp_path: pathlib.Path):
    parent, text = broken_child_tree(tmp_path)
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


def doc(uri: str):
    return types.TextDocumentIdentifier(uri=uri)


def where(text: str, snippet: str, offset: int = 0):
    """The LSP position of `snippet`'s first character (plus `offset`) in `text`."""
    for number, line in enumerate(text.splitlines()):
        if snippet in line:
            return types.Position(line=number, character=line.index(snippet) + offset)
    raise AssertionError(f"{snippet!r} is not in the text")


@pytest.mark.asyncio
async def test_completion_inside_an_expression(client: LanguageClient):
    spec = ROOT / "Specs" / "tasklist.yaml"
    text = spec.read_text()
    await open_and_wait(client, spec.as_uri(), text)
    # After `tasks[id].` in a reduce: the fields of Task.
    position = where(text, "toggle tasks[id].isCompleted", len("toggle tasks[id]."))
    found = await client.text_document_completion_async(types.CompletionParams(text_document=doc(spec.as_uri()), position=position))
    assert [item.label for item in found.items] == ["id", "title", "subtitle", "isCompleted"]
    # A `set`'s value: the action's parameters first, then the state's names.
    position = where(text, "reduce: set tasks[id].isCompleted", len("reduce: "))
    found = await client.text_document_completion_async(types.CompletionParams(text_document=doc(spec.as_uri()), position=position))
    labels = [item.label for item in found.items]
    assert "set" in labels and "toggle" in labels
    assert labels.index("id") < labels.index("tasks") < labels.index("remaining")
    # A key of an action: those it hasn't written yet.
    position = where(text, "    reduce: append tasks", 4)
    found = await client.text_document_completion_async(types.CompletionParams(text_document=doc(spec.as_uri()), position=position))
    labels = {item.label for item in found.items}
    assert {"then", "from", "async", "binding"} <= labels
    assert not {"doc", "payload"} & labels


@pytest.mark.asyncio
async def test_from_child_action_goes_to_the_childs_spec(client: LanguageClient):
    spec = ROOT / "Specs" / "tallies.yaml"
    text = spec.read_text()
    await open_and_wait(client, spec.as_uri(), text)
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(spec.as_uri()), position=where(text, "from: tallies.remove", len("from: tallies.r")))
    )
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri == (ROOT / "Specs" / "tally.yaml").as_uri()
    child_text = (ROOT / "Specs" / "tally.yaml").read_text().splitlines()
    assert child_text[location.range.start.line].strip().startswith("remove:")
    # `each: tally.yaml` goes to the file.
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc(spec.as_uri()), position=where(text, "each: tally.yaml", len("each: ")))
    )
    location = found if isinstance(found, types.Location) else found[0]
    assert location.uri == (ROOT / "Specs" / "tally.yaml").as_uri() and location.range.start.line == 0


@pytest.mark.asyncio
async def test_hover_shows_the_generated_swift(client: LanguageClient):
    spec = ROOT / "Specs" / "tallies.yaml"
    text = spec.read_text()
    await open_and_wait(client, spec.as_uri(), text)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(spec.as_uri()), position=where(text, "  nameSaved:", 3))
    )
    assert "**action** `nameSaved`" in hover.contents.value
    assert "case nameSaved(draft: String)" in hover.contents.value
    # A key: its documentation, from the JSON Schema.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc(spec.as_uri()), position=where(text, "    reduce: append tallies", 5))
    )
    assert hover.contents.value.startswith("**reduce** (action)")


@pytest.mark.asyncio
async def test_references_across_a_tree(client: LanguageClient):
    form = ROOT / "Examples" / "SyncUps" / "Specs" / "syncupform.yaml"
    text = form.read_text()
    await open_and_wait(client, form.as_uri(), text)
    found = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc(form.as_uri()), position=where(text, "  done:", 2),
            context=types.ReferenceContext(include_declaration=True),
        )
    )
    files = {pathlib.Path(location.uri).name for location in found}
    assert files == {"syncupform.yaml", "syncupdetail.yaml", "syncupslist.yaml"}
    assert len(found) >= 10


@pytest.mark.asyncio
async def test_rename_updates_every_spec_of_the_tree(client: LanguageClient, tmp_path: pathlib.Path):
    for spec in (ROOT / "Examples" / "SyncUps" / "Specs").glob("*.yaml"):
        (tmp_path / spec.name).write_text(spec.read_text())
    form = tmp_path / "syncupform.yaml"
    text = form.read_text()
    await open_and_wait(client, form.as_uri(), text)
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc(form.as_uri()), position=where(text, "  done:", 2), new_name="finished")
    )
    assert set(pathlib.Path(uri).name for uri in edit.changes) == {"syncupform.yaml", "syncupdetail.yaml", "syncupslist.yaml"}
    for uri, edits in edit.changes.items():
        path = tmp_path / pathlib.Path(uri).name
        lines = path.read_text().split("\n")
        for change in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            line = lines[change.range.start.line]
            lines[change.range.start.line] = line[:change.range.start.character] + change.new_text + line[change.range.end.character:]
        path.write_text("\n".join(lines))
    assert "from: addSyncUp.finished" in (tmp_path / "syncupslist.yaml").read_text()
    assert "path[0].syncUpDetail.editing.finished" in (tmp_path / "syncupslist.yaml").read_text()
    # The renamed tree generates: every spec checks.
    for name in ["syncupform", "syncupdetail", "recordmeeting", "syncupslist"]:
        run = subprocess.run([REDUX_GEN, str(tmp_path / f"{name}.yaml"), "--output", str(tmp_path / "out" / name)], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr


@pytest.mark.asyncio
async def test_rename_of_a_persisted_field_is_refused(client: LanguageClient):
    spec = ROOT / "Specs" / "tasklist.yaml"
    text = spec.read_text()
    await open_and_wait(client, spec.as_uri(), text)
    with pytest.raises(Exception) as refused:
        await client.text_document_rename_async(
            types.RenameParams(text_document=doc(spec.as_uri()), position=where(text, "      title: String", 6), new_name="name")
        )
    assert "persisted" in str(refused.value) and "migration" in str(refused.value)


@pytest.mark.asyncio
async def test_did_you_mean_is_a_quick_fix(client: LanguageClient, tmp_path: pathlib.Path):
    uri = (tmp_path / "bad.yaml").as_uri()
    await open_and_wait(client, uri, BROKEN)
    diagnostic = client.diagnostics[uri][1]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(uri), range=diagnostic.range, context=types.CodeActionContext(diagnostics=[diagnostic])
        )
    )
    assert [action.title for action in actions] == ["Change 'incremnt' to 'increment'"]
    change = actions[0].edit.changes[uri][0]
    assert change.new_text == "increment" and change.range == diagnostic.range


@pytest.mark.asyncio
async def test_a_parents_error_points_to_its_childs(client: LanguageClient, tmp_path: pathlib.Path):
    parent, text = broken_child_tree(tmp_path)
    await open_and_wait(client, parent.as_uri(), text)
    if parent.as_uri() not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    consequence = next(d for d in client.diagnostics[parent.as_uri()] if "has errors" in d.message)
    assert consequence.related_information[0].location.uri == (tmp_path / "namer.yaml").as_uri()
    assert "draf" in consequence.related_information[0].message


@pytest.mark.asyncio
async def test_typing_fast_ends_with_the_last_texts_diagnostics(client: LanguageClient, tmp_path: pathlib.Path):
    uri = (tmp_path / "typed.yaml").as_uri()
    fixed = BROKEN.replace("abc", "0").replace("incremnt", "increment")
    await open_and_wait(client, uri, fixed)
    assert list(client.diagnostics[uri]) == []
    # Forty changes sent without waiting, as fast typing sends them; the last one has one typo.
    final = fixed.replace("increment count", "increment cont")
    texts = [fixed[: len(fixed) - 1 - (index % 7)] for index in range(39)] + [final]
    for version, text in enumerate(texts, start=2):
        change(client, uri, version, text)
    # A request after them is answered after them: by then the last text's check is published.
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc(uri)))
    for _ in range(50):
        messages = [d.message for d in client.diagnostics[uri]]
        if messages and "cont" in messages[0]:
            break
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 1 and "'cont'" in client.diagnostics[uri][0].message
