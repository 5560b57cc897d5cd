"""An independent MCP client (the official Python SDK) against `codemode mcp`.

usage: python_client.py stdio CODEMODE MANIFEST | python_client.py http URL

Prints one JSON object describing what it saw; tests/mcp_python.rs checks it.
"""
import asyncio
import json
import sys

from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


async def exercise(session):
    seen = {}
    init = await session.initialize()
    seen["protocolVersion"] = init.protocol_version if hasattr(init, "protocol_version") else init.protocolVersion
    seen["serverName"] = init.server_info.name if hasattr(init, "server_info") else init.serverInfo.name
    tools = await session.list_tools()
    seen["tools"] = [t.name for t in tools.tools]

    progress = []

    async def on_progress(value, total, message):
        progress.append(message)

    result = await session.call_tool(
        "execute",
        {"code": "console.log('hi from python'); const r = await tools.demo.echo({n: 41}); return r.n + 1;"},
        progress_callback=on_progress,
    )
    structured = getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)
    seen["execute"] = structured
    seen["isError"] = getattr(result, "is_error", getattr(result, "isError", None))
    seen["progress"] = progress

    failing = await session.call_tool("execute", {"code": "throw new Error('boom')"})
    seen["failingIsError"] = getattr(failing, "is_error", getattr(failing, "isError", None))

    search = await session.call_tool("search", {"query": "echo"})
    seen["search"] = getattr(search, "structured_content", None) or getattr(search, "structuredContent", None)

    # Cancel: the task awaiting a slow execution is cancelled, which sends
    # notifications/cancelled; the server must stay alive.
    slow = asyncio.ensure_future(session.call_tool("execute", {"code": "await tools.demo.slow({}); return 1"}))
    await asyncio.sleep(0.5)
    slow.cancel()
    try:
        await slow
        seen["cancelled"] = False
    except BaseException:
        seen["cancelled"] = True

    calls = [
        session.call_tool("execute", {"code": f"const r = await tools.demo.echo({{n: {i}}}); return r.n;"})
        for i in range(5)
    ]
    results = await asyncio.gather(*calls)
    seen["concurrent"] = [
        (getattr(r, "structured_content", None) or getattr(r, "structuredContent", None))["value"] for r in results
    ]

    try:
        await session.call_tool("no_such_tool", {})
        seen["unknownTool"] = "answered"
    except Exception as e:  # the SDK raises McpError for a JSON-RPC error
        seen["unknownTool"] = str(e)

    alive = await session.call_tool("execute", {"code": "return 'alive'"})
    seen["alive"] = (getattr(alive, "structured_content", None) or getattr(alive, "structuredContent", None))["value"]
    return seen


async def main():
    mode = sys.argv[1]
    if mode == "stdio":
        params = StdioServerParameters(command=sys.argv[2], args=["mcp", "--tools", sys.argv[3]])
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                seen = await exercise(session)
    else:
        async with streamable_http_client(sys.argv[2]) as streams:
            read, write = streams[0], streams[1]
            async with ClientSession(read, write) as session:
                seen = await exercise(session)
    print(json.dumps(seen))


asyncio.run(main())
