// Strips TypeScript types from programs with the `typescript` package (ts.transpileModule,
// the reference for the TypeScript differential corpus). Input (stdin): a JSON array of
// sources; output: a JSON array of JavaScript sources, or {error} per program.
// The package is found at $CODEMODE_TYPESCRIPT or <workspace>/target/typescript
// (.ci/run installs it there: npm install --prefix target/typescript typescript@<pinned>).
const path = require("path");
const dir =
  process.env.CODEMODE_TYPESCRIPT ||
  path.join(__dirname, "..", "..", "..", "target", "typescript", "node_modules", "typescript");
let ts;
try {
  ts = require(dir);
} catch (e) {
  process.stderr.write(
    `the typescript package is not installed at ${dir}: run ` +
      "`npm install --prefix target/typescript typescript@5.9.3` (see .ci/run)\n",
  );
  process.exit(2);
}

async function main() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  const programs = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const out = programs.map((src) => {
    const r = ts.transpileModule(src, {
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext },
    });
    const errors = (r.diagnostics || []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    return errors.length ? { error: errors.join("; ") } : { js: r.outputText };
  });
  process.stdout.write(JSON.stringify({ version: ts.version, out }));
}
main();
