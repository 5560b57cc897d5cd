class ToolError extends Error {
  constructor(tool, message) { super(message); this.name = 'ToolError'; this.tool = tool; }
}
try {
  throw new ToolError('search', 'rate limited');
} catch (e) {
  return {
    isTool: e instanceof ToolError, isError: e instanceof Error,
    name: e.name, message: e.message, tool: e.tool, str: String(e),
    proto: Object.getPrototypeOf(e) === ToolError.prototype,
  };
}
