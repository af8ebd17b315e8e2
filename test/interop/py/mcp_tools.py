"""Drives mcp-server-datahub's tools in process, through its own FastMCP app, against the server in
DATAHUB_GMS_URL, as an AI assistant connected to it would.

The app is the one `mcp-server-datahub` serves on stdio (`create_local_app()`: its DataHub client
middleware, telemetry, the version filter that hides tools below a server version, and the
document-tools filter), with the mutation and user tools switched on by their environment
variables. A fastmcp `Client(app)` talks MCP to it in memory: `list_tools` goes through the
middlewares, each call through the tool's registered wrapper and argument validation.

argv[1]: a JSON list of [tool name, arguments] pairs, called in order.
Prints one JSON object: {"tools": [listed tool names, sorted], "results": [one per call:
{"ok": true, "data": <the tool's answer>} or {"ok": false, "error": <the tool's error text>}]}.
"""
import asyncio
import json
import os
import sys

# Read when the tools register (at import); set here so the listed set does not depend on the caller's environment.
os.environ.update(
    TOOLS_IS_MUTATION_ENABLED="true",
    TOOLS_IS_USER_ENABLED="true",
    SAVE_DOCUMENT_TOOL_ENABLED="true",
    SEMANTIC_SEARCH_ENABLED="false",
    DATA_QUALITY_TOOLS_ENABLED="false",
    DATAHUB_MCP_DOCUMENT_TOOLS_DISABLED="false",
    DATAHUB_TELEMETRY_ENABLED="false",
)

from fastmcp import Client  # noqa: E402
from mcp_server_datahub.__main__ import create_local_app  # noqa: E402  (registers the tools, OSS descriptions)


def answer(result) -> dict:
    if result.is_error:
        return {"ok": False, "error": " ".join(getattr(c, "text", "") for c in result.content)}
    data = result.structured_content
    # A tool returning a list (get_entities with a list of URNs) is wrapped as {"result": [...]}.
    if isinstance(data, dict) and set(data) == {"result"}:
        data = data["result"]
    if data is None:
        text = " ".join(getattr(c, "text", "") for c in result.content)
        try:
            data = json.loads(text)
        except ValueError:
            data = text
    return {"ok": True, "data": data}


async def main(calls: list) -> dict:
    app = create_local_app()
    async with Client(app) as client:
        tools = sorted(t.name for t in await client.list_tools())
        results = []
        for name, arguments in calls:
            results.append(answer(await client.call_tool(name, arguments, raise_on_error=False)))
    return {"tools": tools, "results": results}


print(json.dumps(asyncio.run(main(json.loads(sys.argv[1]) if len(sys.argv) > 1 else []))))
