"""The inspector end to end: `redux-gen devtools` serving its page to headless Chromium through
WebDriver (Selenium), with Examples/InspectorDemo's app connected to it.

Run by .ci/run after `swift build --product redux-gen-devtools --product inspector-demo`:

    REDUX_GEN_BIN=.build/debug pytest Tests/DevTools

SCREENSHOTS=docs/images makes the page's screenshots for docs/devtools.md.
"""

import json
import os
import queue
import re
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("REDUX_GEN_BIN", ROOT / ".build" / "debug"))
SCREENSHOTS = os.environ.get("SCREENSHOTS")
ONE = "00000000-0000-0000-0000-000000000001"
TWO = "00000000-0000-0000-0000-000000000002"


class Server:
    """redux-gen-devtools on a spec, on a port the system picks."""

    def __init__(self, spec, *arguments, through_redux_gen=False):
        # `redux-gen devtools` runs redux-gen-devtools in its place.
        command = [str(BIN / "redux-gen"), "devtools"] if through_redux_gen else [str(BIN / "redux-gen-devtools")]
        self.process = subprocess.Popen(
            [*command, spec, *arguments], cwd=ROOT,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"open (http://127\.0\.0\.1:(\d+)/\?token=(\w+))", line)
        assert match, f"no URL in {line!r}: {self.process.stderr.read()}"
        self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise


class App:
    """Examples/InspectorDemo on one feature, connected to the inspector at `url`."""

    def __init__(self, feature, url, **environment):
        self.process = subprocess.Popen(
            [str(BIN / "inspector-demo"), feature], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "REDUX_INSPECTOR": url, **environment})
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def dispatch(self, action):
        self.send("dispatch " + json.dumps(action))

    def state_where(self, check, timeout=10):
        """The first state the app prints (after each change) for which `check` holds."""
        deadline = time.time() + timeout
        seen = []
        while time.time() < deadline:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            assert not line.startswith("error"), line
            if line.startswith("state "):
                state = json.loads(line[len("state "):])
                seen.append(state)
                if check(state):
                    return state
        raise AssertionError(f"no state as expected; the last: {seen[-1:]}")

    def stop(self):
        if self.process.poll() is None:
            self.send("quit")
            self.process.wait(10)


@pytest.fixture
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"):
        options.add_argument(argument)
    driver = webdriver.Chrome(
        service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def started():
    """Starts servers and apps; stops them whatever the test's outcome."""
    running = []

    def start(thing):
        running.append(thing)
        return thing

    yield start
    for thing in reversed(running):
        thing.stop()


def wait(driver, check, timeout=10, message=""):
    return WebDriverWait(driver, timeout).until(lambda _: check(), message)


def entries(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#log li.entry")


def visible_paths(driver):
    return [row.find_element(By.CSS_SELECTOR, ".path").text.split(" ")[0]
            for row in entries(driver) if row.is_displayed()]


def entry(driver, sequence):
    return driver.find_element(By.CSS_SELECTOR, f'#log li.entry[data-sequence="{sequence}"]')


def diff(driver):
    return {line.get_attribute("data-path"): line.text
            for line in driver.find_elements(By.CSS_SELECTOR, "#diff .change")}


def export(driver, form, start, end, name):
    Select(driver.find_element(By.ID, "export-format")).select_by_value(form)
    for field, value in (("export-from", start), ("export-to", end), ("export-name", name)):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(str(value))
    text = driver.find_element(By.ID, "export-text")
    driver.execute_script("arguments[0].value = ''; arguments[0].dataset.format = ''", text)
    driver.find_element(By.ID, "export-button").click()
    wait(driver, lambda: text.get_attribute("data-format") == form, message="no export")
    problems = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#export-problems li")]
    return text.get_attribute("value"), problems


def screenshot(driver, name):
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SCREENSHOTS) / name))


def test_tasklist_log_diff_dispatch_jump_export_and_replay(browser, started):
    server = started(Server("Specs/tasklist.yaml"))
    app = started(App("tasklist", server.url))
    browser.get(server.url)
    wait(browser, lambda: browser.find_element(By.ID, "feature").text == "TaskList")

    # Actions dispatched by the app reach the log, each with its place and payload.
    app.dispatch({"addTask": {"task": {"id": ONE, "title": "Buy milk", "isCompleted": False}}})
    app.dispatch({"addTask": {"task": {"id": TWO, "title": "Walk the dog", "isCompleted": False}}})
    app.dispatch({"toggleTaskCompletion": {"id": ONE}})
    wait(browser, lambda: len(entries(browser)) == 3, message="three actions in the log")
    assert visible_paths(browser) == ["addTask", "addTask", "toggleTaskCompletion"]
    wait(browser, lambda: browser.find_element(By.ID, "status").text == "app connected")

    # The selected action's diff: what it changed, before and after.
    entry(browser, 3).click()
    assert diff(browser) == {"tasks[0].isCompleted": "tasks[0].isCompleted: false → true"}
    changed = browser.find_elements(By.CSS_SELECTOR, '#state-after li.changed[data-path="tasks[0].isCompleted"]')
    assert len(changed) == 1
    screenshot(browser, "devtools-tasklist.png")

    # Search and the tree's filter.
    browser.find_element(By.ID, "search").send_keys("toggle")
    assert visible_paths(browser) == ["toggleTaskCompletion"]
    browser.find_element(By.ID, "search").clear()
    browser.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")
    assert len(visible_paths(browser)) == 3

    # Dispatch from the page, through the form the spec makes: the app's state follows.
    Select(browser.find_element(By.ID, "dispatch-action")).select_by_value("addTask")
    form = browser.find_element(By.ID, "dispatch-form")
    form.find_element(By.CSS_SELECTOR, '[data-field="title"]').send_keys("From the page")
    browser.find_element(By.ID, "dispatch-button").click()
    state = app.state_where(lambda state: len(state["tasks"]) == 3)
    assert state["tasks"][2]["title"] == "From the page"
    wait(browser, lambda: len(entries(browser)) == 4, message="the page's action in the log")

    # An enum's cases are offered as choices.
    Select(browser.find_element(By.ID, "dispatch-action")).select_by_value("filterTasks")
    choices = [option.text for option in Select(browser.find_element(
        By.CSS_SELECTOR, '#dispatch-form [data-field="filter"]')).options]
    assert choices == ["all", "active", "completed"]

    # Jump back to the state after the first action: the app's store is set to it.
    entry(browser, 1).click()
    browser.find_element(By.ID, "jump").click()
    state = app.state_where(lambda state: len(state["tasks"]) == 1)
    assert state["tasks"][0]["title"] == "Buy milk"
    wait(browser, lambda: "jumped to the state after #1" in browser.find_element(By.ID, "log").text)
    # The app goes on from there.
    app.dispatch({"toggleTaskCompletion": {"id": ONE}})
    state = app.state_where(lambda state: state["tasks"][0]["isCompleted"])
    assert len(state["tasks"]) == 1

    # Skip an action since the jump: the log replayed without it; an action before the jump
    # can't be skipped (the store's line left it behind).
    wait(browser, lambda: len(entries(browser)) == 5, message="the action after the jump")
    entry(browser, 5).click()
    browser.find_element(By.ID, "skip").click()
    state = app.state_where(lambda state: not state["tasks"][0]["isCompleted"])
    assert [task["title"] for task in state["tasks"]] == ["Buy milk"]
    wait(browser, lambda: "skipped" in entry(browser, 5).get_attribute("class"))
    entry(browser, 2).click()
    browser.find_element(By.ID, "skip").click()
    wait(browser, lambda: "came before the last jump" in browser.find_element(By.ID, "messages").text)

    # The first three actions as an example: accepted, and the one Specs/tasklist.yaml keeps.
    text, problems = export(browser, "example", 1, 3, "the inspector's session: two tasks, one completed")
    assert problems == []
    assert text in (ROOT / "Specs" / "tasklist.yaml").read_text(), text
    swift, problems = export(browser, "test", 1, 3, "two tasks")
    assert problems == [] and "expectReplay(of: Self.recording, reducer: taskListReducer)" in swift
    recording, problems = export(browser, "recording", 1, 3, "")
    assert problems == [] and len(recording.splitlines()) == 4

    # Import the recording: the app replays it and ends in its last state.
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as file:
        file.write(recording)
    browser.find_element(By.ID, "import-file").send_keys(file.name)
    state = app.state_where(lambda state: [task["isCompleted"] for task in state["tasks"]] == [True, False])
    wait(browser, lambda: "a recording's first state" in browser.find_element(By.ID, "log").text)
    os.unlink(file.name)


def test_stack_screens_in_the_tree(browser, started):
    server = started(Server("Specs/shelf.yaml", through_redux_gen=True))
    app = started(App("shelf", server.url))
    browser.get(server.url)
    wait(browser, lambda: browser.find_element(By.ID, "feature").text == "Shelf")
    app.dispatch({"showTally": {}})
    app.dispatch({"showTally": {}})
    app.dispatch({"path": {"id": 1, "action": {"tally": {"_0": {"increment": {}}}}}})
    app.dispatch({"path": {"id": 1, "action": {"tally": {"_0": {"increment": {}}}}}})
    wait(browser, lambda: len(entries(browser)) == 4, message="four actions")
    assert visible_paths(browser) == ["showTally", "showTally", "path[1].tally.increment", "path[1].tally.increment"]

    entry(browser, 3).click()
    assert list(diff(browser)) == ["path.screens[1].screen.tally._0.count"]
    assert diff(browser)["path.screens[1].screen.tally._0.count"].endswith("0 → 1")
    screenshot(browser, "devtools-shelf.png")

    # The tree's filter: the stack's screens alone.
    Select(browser.find_element(By.ID, "feature-filter")).select_by_value("path[]")
    assert visible_paths(browser) == ["path[1].tally.increment", "path[1].tally.increment"]
    Select(browser.find_element(By.ID, "feature-filter")).select_by_value("")

    # Jump back before the increments.
    entry(browser, 2).click()
    browser.find_element(By.ID, "jump").click()
    state = app.state_where(lambda state: len(state["path"]["screens"]) == 2
                            and state["path"]["screens"][1]["screen"]["tally"]["_0"]["count"] == 0)

    # The session as an example, with the screen's position for its id: Specs/shelf.yaml keeps it.
    text, problems = export(browser, "example", 1, 4, "the inspector's session: a screen counted twice")
    assert problems == []
    assert "- path[1].tally.increment" in text
    assert text in (ROOT / "Specs" / "shelf.yaml").read_text(), text


def test_effects_and_secret_fields(browser, started):
    server = started(Server("Specs/users.yaml"))
    app = started(App("users", server.url))
    browser.get(server.url)
    wait(browser, lambda: browser.find_element(By.ID, "feature").text == "Users")

    # An effect's start and end between the action and its outcome.
    app.dispatch({"fetchUser": {"id": "u1"}})
    wait(browser, lambda: len(entries(browser)) == 2, message="fetchUser and its success")
    assert visible_paths(browser) == ["fetchUser", "fetchUserSucceeded"]
    effects = [(row.get_attribute("data-scope"), row.get_attribute("data-phase"))
               for row in browser.find_elements(By.CSS_SELECTOR, "#log li.effect")]
    assert effects == [("fetchUser", "started"), ("fetchUser", "ended")]

    # Exported through the store: what the effect gave, and its outcome received.
    text, problems = export(browser, "example", 1, 2, "the inspector's session: a user fetched")
    assert problems == []
    assert "    effects:\n      fetchUser: { returns: { id: u1, name: Ada } }" in text
    assert "    receive:\n      - fetchUserSucceeded:" in text
    assert text in (ROOT / "Specs" / "users.yaml").read_text(), text

    # A request cancelled by a newer one (`latest`).
    app.dispatch({"fetchUser": {"id": "u1"}})
    app.dispatch({"fetchUser": {"id": "u2"}})
    wait(browser, lambda: len(browser.find_elements(By.CSS_SELECTOR, '#log li.effect[data-phase="cancelled"]')) == 1,
         message="the overtaken request cancelled")

    # Secret fields: the user's email, the password and the token never reach the page.
    state = app.state_where(lambda state: "u2" in state["users"])
    assert state["users"]["u2"]["email"] == "grace@example.com"
    app.dispatch({"signIn": {"name": "ada", "password": "hunter2", "token": "t0k3n"}})
    state = app.state_where(lambda state: state.get("sessionToken") == "t0k3n")
    wait(browser, lambda: "signIn" in visible_paths(browser))
    sign_in = [row for row in entries(browser) if row.find_element(By.CSS_SELECTOR, ".path").text.startswith("signIn")][0]
    sign_in.click()
    assert diff(browser)["sessionToken"] == "sessionToken: nil → \"‹secret›\""
    assert '"password": "‹secret›"' in browser.find_element(By.ID, "action-json").text
    assert '"‹secret›"' in browser.find_element(By.ID, "state-after").text
    screenshot(browser, "devtools-users.png")
    for secret in ("hunter2", "t0k3n", "grace@example.com"):
        assert secret not in browser.page_source
        assert secret not in browser.execute_script("return JSON.stringify(page.entries.map((entry) => entry.event))")


def test_a_page_that_is_not_there_never_blocks_the_app(browser, started):
    # The app runs with no inspector listening yet: it goes on, and keeps only the newest actions.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token = "f" * 32
    app = started(App("tasklist", f"http://127.0.0.1:{port}/?token={token}", REDUX_INSPECTOR_CAPACITY="100"))
    for index in range(300):
        app.dispatch({"editDraftTitle": {"draftTitle": f"draft {index}"}})
    app.state_where(lambda state: state["draftTitle"] == "draft 299")
    server = started(Server("Specs/tasklist.yaml", "--port", str(port), "--token", token))
    browser.get(server.url)
    wait(browser, lambda: len(entries(browser)) == 100, timeout=20, message="the newest hundred")
    assert browser.find_element(By.ID, "dropped").is_displayed()
    assert browser.find_element(By.ID, "dropped").text.startswith("200 actions dropped")
    assert entries(browser)[-1].get_attribute("data-sequence") == "300"


def test_the_server_refuses_other_origins_hosts_and_tokens(started):
    server = started(Server("Specs/tasklist.yaml"))

    def status(url, headers=None, data=None):
        request = urllib.request.Request(url, headers=headers or {}, data=data)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    assert status(server.url) == 200
    assert status(server.url.replace(server.token, "0" * 32)) == 401
    assert status(server.url.split("?")[0]) == 401
    assert status(server.url, {"Origin": "http://evil.example"}) == 403
    assert status(server.url, {"Host": "evil.example"}) == 403
    app_url = server.url.replace("/?", "/app?")
    assert status(app_url, {"Origin": "http://evil.example", "Content-Type": "application/json"}, b"{}") == 403
    assert status(app_url, {"Content-Type": "application/json"}, b'{"feature":"Shelf","events":[]}') == 409
    assert status(app_url.split("?")[0], {"Content-Type": "application/json"}, b'{"feature":"TaskList","events":[]}') == 401
    # A WebSocket is upgraded with the token from the page's origin; not from another, nor
    # without the token.
    def upgrade(query, origin):
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as connection:
            connection.sendall((
                f"GET /ws{query} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: {origin}\r\n\r\n").encode())
            return connection.recv(1024).decode().split("\r\n")[0]
    page = f"http://127.0.0.1:{server.port}"
    assert upgrade(f"?token={server.token}", page) == "HTTP/1.1 101 Switching Protocols"
    assert upgrade(f"?token={server.token}", "http://evil.example").startswith("HTTP/1.1 4")
    assert upgrade("?token=" + "0" * 32, page).startswith("HTTP/1.1 4")
    # It listens on 127.0.0.1 alone.
    addresses = subprocess.run(["ss", "-ltnH", f"sport = :{server.port}"], capture_output=True, text=True).stdout
    assert addresses.strip(), "ss lists the server's socket"
    assert all("127.0.0.1:" in line for line in addresses.strip().splitlines()), addresses
