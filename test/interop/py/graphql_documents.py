"""Every GraphQL document DataHub's installed clients ship: the .gql/.graphql files of acryl-datahub
and mcp-server-datahub, and the string constants in their Python code that read as GraphQL
operations or fragments. Prints a JSON list of {source: "<file>:<line>", text}."""
import ast
import json
import pathlib
import re

import datahub
import mcp_server_datahub

# Code that talks to another product's GraphQL API, not DataHub's.
NOT_DATAHUB = ("datahub/ingestion/source/montecarlo/",)
# Operations the CLI sends with its fragments file in front (cli/search_cli.py _build_search_query).
WITH_CLI_FRAGMENTS = ("datahub/cli/gql/search.gql", "datahub/cli/gql/semantic_search.gql")

docs = []
for module in (datahub, mcp_server_datahub):
    root = pathlib.Path(module.__file__).parent
    base = root.parent
    for f in sorted(root.rglob("*")):
        rel = str(f.relative_to(base))
        if rel.startswith(NOT_DATAHUB) or not f.is_file():
            continue
        if f.suffix in (".gql", ".graphql"):
            text = f.read_text(encoding="utf-8")
            if rel in WITH_CLI_FRAGMENTS:
                text = (f.parent / "fragments.gql").read_text(encoding="utf-8") + "\n" + text
            docs.append({"source": f"{rel}:1", "text": text})
        elif f.suffix == ".py":
            try:
                tree = ast.parse(f.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    t = node.value.lstrip()
                    if t.startswith(("query", "mutation", "fragment")) and "{" in t and t.rstrip().endswith("}"):
                        docs.append({"source": f"{rel}:{node.lineno}", "text": node.value})


# A fragment string that spreads another fragment string of the same module is sent with it
# (DataHubGraph.run_assertions sends runAssertionResult after assertionResult): validate them together.
FRAGMENT = re.compile(r"^\s*fragment\s+(\w+)\s+on\b")
for d in docs:
    module = d["source"].rsplit(":", 1)[0]
    if not module.endswith(".py") or not FRAGMENT.match(d["text"]):
        continue
    defined = {m.group(1) for m in re.finditer(r"fragment\s+(\w+)\s+on\b", d["text"])}
    for name in sorted(set(re.findall(r"\.\.\.\s*(\w+)", d["text"])) - defined - {"on"}):
        for other in docs:
            m = FRAGMENT.match(other["text"])
            if other is not d and m and m.group(1) == name and other["source"].rsplit(":", 1)[0] == module:
                d["text"] += "\n" + other["text"]
print(json.dumps(docs))
