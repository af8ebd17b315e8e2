"""Prints the tools mcp-server-datahub's app lists against the server in DATAHUB_GMS_URL, with the mutation,
user and document tools switched on as in mcp_tools.py: one JSON object {name: {"inputSchema", "outputSchema",
"annotations"}} with every "description" taken out of the schemas (descriptions are each server's own words).
"""
import asyncio
import json
import os

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
from mcp_server_datahub.__main__ import create_local_app  # noqa: E402


def without_descriptions(value):
    if isinstance(value, dict):
        return {k: without_descriptions(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [without_descriptions(v) for v in value]
    return value


async def main() -> dict:
    async with Client(create_local_app()) as client:
        tools = await client.list_tools()
    return {
        t.name: {
            "inputSchema": without_descriptions(t.inputSchema),
            "outputSchema": without_descriptions(t.outputSchema),
            "annotations": t.annotations.model_dump(exclude_none=True) if t.annotations else None,
        }
        for t in tools
    }


print(json.dumps(asyncio.run(main())))
