// Runs codemode JavaScript programs in node, each as the body of an async function, and
// prints one JSON line per program: {value, logs} or {error, logs}.
// Input (stdin): a JSON array of program sources.
const util = require("util");
const AsyncFunction = (async () => {}).constructor;

function makeTools(path) {
  return new Proxy(function () {}, {
    get(_t, k) {
      if (k === "then" || typeof k === "symbol") return undefined;
      return makeTools([...path, k]);
    },
    apply(_t, _this, args) {
      const input = args[0] === undefined ? null : JSON.parse(JSON.stringify(args[0]));
      const last = path[path.length - 1];
      return new Promise((res, rej) =>
        setTimeout(() => {
          if (last === "fail") {
            const e = new Error("the tool failed");
            e.code = "ToolFailure";
            rej(e);
          } else res({ path: path.join("."), input });
        }, 0),
      );
    },
  });
}

async function main() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  const programs = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const out = [];
  for (const src of programs) {
    const logs = [];
    const log = (...a) => logs.push(util.format(...a));
    const consoleObj = { log, info: log, warn: log, error: log, debug: log };
    const search = (x) => ["found", x === undefined ? null : x];
    let result;
    try {
      const f = new AsyncFunction("tools", "search", "console", src);
      const v = await f(makeTools([]), search, consoleObj);
      await new Promise((r) => setTimeout(r, 0));
      result = { value: v === undefined ? null : JSON.parse(JSON.stringify(v) ?? "null"), logs };
    } catch (e) {
      result = { error: e && e.name ? `${e.name}: ${e.message}` : `Uncaught ${util.inspect(e)}`, logs };
    }
    out.push(result);
  }
  process.stdout.write(JSON.stringify(out));
}
main();
