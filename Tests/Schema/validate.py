#!/usr/bin/env python3
"""Validates specs against docs/redux-gen.schema.json, as an editor's yaml-language-server would.

- the schema itself is a valid draft 2020-12 schema;
- each check below runs twice: by draft 2020-12, and by draft 7, the draft yaml-language-server
  validates by (it ignores what draft 7 doesn't know, such as dependentRequired);
- every spec in Specs/ validates, and starts with the modeline that names the schema;
- the operation snippets of Tests/Snippets, the plugin example's spec (Examples/) and the spec
  `redux-gen init` writes (Sources/ReduxGenCore/Pipeline/StarterSpec.swift's text, its
  interpolations filled in for a feature Todo) validate;
- every whole example of docs/spec-language.md validates: a ```yaml fence whose text starts with
  `feature:` or `app:` (the rule DocumentationTests uses to find the examples the checker
  generates); other fences are fragments (a `persist:` block, an app's `shared:` alone) and skipped;
- the specs of Tests/BrokenSpecs named below fail: mistakes of structure (an unknown key, a missing
  required key, a value of the wrong shape) and of a closed set or a pattern the schema states.
  The other broken specs are mistakes only the checker can see (types, names, paths, YAML the
  loader refuses); they are not validated (alias-bomb would take a validator as long as it
  expands).

YAML is read as yaml-language-server reads it, by YAML 1.2's core schema: `yes`, `on` and dates are
text; `true`, `null`, numbers are not. Mapping keys are their text. Exits non-zero on any surprise.

Run by .ci/schema-check, from the package root: python3 Tests/Schema/validate.py
"""

import json
import re
import sys
from pathlib import Path

import yaml
from jsonschema import Draft7Validator, Draft202012Validator
from jsonschema.exceptions import best_match

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "docs" / "redux-gen.schema.json"

# Broken specs the schema must reject, each with what is wrong in it.
MUST_FAIL = {
    # Structure: unknown keys, missing required keys, values of the wrong shape.
    "unknown-top-key": "unknown top-level key 'featur'",
    "unknown-model-key": "unknown model key 'feilds'",
    "async-unknown-key": "unknown async key 'sucess'",
    "app-mixed-with-feature": "feature keys in an app document",
    "long-field-missing-type": "a long-form field without 'type'",
    "filter-missing-over": "a filter without 'over'",
    "no-actions": "no 'actions'",
    "not-a-mapping": "the document is a list",
    "empty": "the document is empty",
    "onsuccess-without-async": "'onSuccess' without 'async'",
    "enum-empty": "an enum without cases",
    "json-keys": "'json' is a mapping",
    "persist-migrations-broken": "a migration step 'move', storage 'sqllite'",
    "conditions": "a reduce key 'when allDone', which is no condition",
    "app-shared-broken": "a shared action of one feature",
    # Closed sets and patterns.
    "effect-policies": "policy 'switchMap'",
    "example-store-broken": "through 'network'",
    "sort": "reduce operation 'arrange'",
    "effect-outcomes": "duration '300 millis', debounce with throttle, readsState 'yes'",
    "reduce-unknown-op": "reduce operation 'incremnt'",
    "operation-by-meaning": "reduce operations 'insert', 'delete', 'flip'",
    "persist-key-escapes": "persist key '../../x'",
    "feature-lowercase": "feature 'tasks'",
    "feature-name-too-long": "a feature name of 230 characters",
    "bad-identifier": "field 'my-count'",
    "example-empty-name": "an example named ''",
    "derived": "derived values 'avg ...' and 'total ...'",
}


if not yaml.__with_libyaml__:
    # PyYAML's own scanner ends a plain scalar at '?' in a flow mapping ({ note: String? }), which
    # libyaml (the checker's parser) and yaml-language-server read as YAML 1.2 does.
    sys.exit("error: PyYAML was built without libyaml; install a PyYAML wheel (pip install pyyaml)")


class Core12Loader(yaml.CSafeLoader):
    """libyaml's parser with YAML 1.2's core schema: null, bool, int and float as 1.2 spells them,
    everything else text."""


Core12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
        list("-+.0123456789"),
    ),
]:
    Core12Loader.add_implicit_resolver(tag, re.compile(pattern), first)


def _int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


def _float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith("inf"):
        return float("-inf") if text.startswith("-") else float("inf")
    return float("nan") if text.endswith("nan") else float(text)


def _bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


def _mapping(loader, node):
    # Keys as their text (JSON's keys are strings): `2:` is "2", `true:` is "true".
    loader.flatten_mapping(node)
    result = {}
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode):
            key = key_node.value
        else:
            key = json.dumps(loader.construct_object(key_node, deep=True))
        result[key] = loader.construct_object(value_node, deep=True)
    return result


Core12Loader.add_constructor("tag:yaml.org,2002:int", _int)
Core12Loader.add_constructor("tag:yaml.org,2002:float", _float)
Core12Loader.add_constructor("tag:yaml.org,2002:bool", _bool)
Core12Loader.add_constructor("tag:yaml.org,2002:map", _mapping)


def load(text):
    return yaml.load(text, Loader=Core12Loader)


def documented_specs():
    """The whole specs of docs/spec-language.md, with the line each starts on."""
    specs, current, start = [], None, 0
    for number, line in enumerate((ROOT / "docs" / "spec-language.md").read_text().split("\n"), 1):
        if current is None and line == "```yaml":
            current, start = [], number + 1
        elif current is not None and line == "```":
            text = "\n".join(current)
            if text.startswith("feature:") or text.startswith("app:"):
                specs.append((f"docs/spec-language.md:{start}", text))
            current = None
        elif current is not None:
            current.append(line)
    return specs


MODELINE = "# yaml-language-server: $schema=../docs/redux-gen.schema.json"


def starter_spec():
    """The text of StarterSpec.text(feature: "Todo", schema: ...): the Swift multi-line literal
    after `return \"\"\"`, its indentation removed and its interpolations filled in."""
    source = (ROOT / "Sources" / "ReduxGenCore" / "Pipeline" / "StarterSpec.swift").read_text()
    match = re.search(r'return """\n(.*?)\n( *)"""', source, re.S)
    if not match:
        return None, "no `return \"\"\"` literal in StarterSpec.swift"
    indent = len(match.group(2))
    text = "\n".join(line[indent:] for line in match.group(1).split("\n"))
    values = {"feature": "Todo", "item": "TodoItem", "filter": "TodoFilter", "lowerFirst(feature)": "todo",
              "schema": "redux-gen.schema.json"}
    interpolation = re.compile(r"\\\(((?:[^()]|\([^()]*\))*)\)")
    unknown = [name for name in interpolation.findall(text) if name not in values]
    if unknown:
        return None, f"StarterSpec.swift interpolates {unknown}, which validate.py doesn't fill in"
    return interpolation.sub(lambda found: values[found.group(1)], text), None


def errors(validators, text):
    """The schema's complaints about a spec's text, by the first validator that has any; a YAML
    error is one too."""
    try:
        document = load(text)
    except (yaml.YAMLError, RecursionError) as error:
        return [f"YAML: {type(error).__name__}: {error}".replace("\n", " ")]
    for draft, validator in validators:
        found = list(validator.iter_errors(document))
        if found:
            best = best_match(found)
            where = "/".join(str(part) for part in best.absolute_path) or "(top)"
            return [f"{where}: {best.message} (draft {draft})"] + [f"... {len(found) - 1} more"] * (len(found) > 1)
    return []


def rejected_by_each(validators, text):
    """Whether every validator rejects the text (a YAML error counts for all)."""
    return all(errors([validator], text) for validator in validators)


def main():
    schema = json.loads(SCHEMA.read_text())
    Draft202012Validator.check_schema(schema)
    validators = [("2020-12", Draft202012Validator(schema)), ("7", Draft7Validator(schema))]
    surprises = []

    valid = [(f"Specs/{path.name}", path.read_text()) for path in sorted((ROOT / "Specs").glob("*.yaml"))]
    for name, text in valid:
        if text.split("\n", 1)[0] != MODELINE:
            surprises.append(f"{name} doesn't start with the line '{MODELINE}'")
    docs = documented_specs()
    if len(docs) < 6:
        surprises.append(f"only {len(docs)} whole specs found in docs/spec-language.md")
    others = [(str(path.relative_to(ROOT)), path.read_text())
              for path in sorted((ROOT / "Tests" / "Snippets").glob("*.yaml"))
              + sorted((ROOT / "Examples").glob("**/*.yaml"))]
    starter, problem = starter_spec()
    if starter is None:
        surprises.append(problem)
    else:
        others.append(("redux-gen init's starter spec", starter))
    for name, text in valid + docs + others:
        problems = errors(validators, text)
        if problems:
            surprises.append(f"{name} should validate: " + "; ".join(problems))

    broken_dir = ROOT / "Tests" / "BrokenSpecs"
    broken = {path.stem: path for path in sorted(broken_dir.glob("*.yaml"))}
    rejected = 0
    for name in sorted(set(MUST_FAIL) - set(broken)):
        surprises.append(f"Tests/BrokenSpecs/{name}.yaml is listed but doesn't exist")
    for name in sorted(set(MUST_FAIL) & set(broken)):
        text = broken[name].read_text()
        if rejected_by_each(validators, text):
            rejected += 1
            print(f"rejected as it should be: {name}.yaml ({MUST_FAIL[name]}): {errors(validators, text)[0]}")
        else:
            surprises.append(f"Tests/BrokenSpecs/{name}.yaml should fail validation by each draft ({MUST_FAIL[name]})")

    print(
        f"\nschema: valid draft 2020-12\n"
        f"Specs/: {len(valid)} specs checked\n"
        f"docs/spec-language.md: {len(docs)} whole specs checked\n"
        f"Tests/Snippets, Examples/ and redux-gen init's starter: {len(others)} specs checked\n"
        f"Tests/BrokenSpecs: {rejected} of {len(MUST_FAIL)} listed mistakes rejected; "
        f"{len(set(broken) - set(MUST_FAIL))} others left to the checker"
    )
    for surprise in surprises:
        print(f"error: {surprise}", file=sys.stderr)
    print("all as expected" if not surprises else f"{len(surprises)} surprises", file=sys.stderr)
    return 1 if surprises else 0


if __name__ == "__main__":
    sys.exit(main())
