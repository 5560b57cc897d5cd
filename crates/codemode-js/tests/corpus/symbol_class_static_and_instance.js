const registry = Symbol("registry");
class Plugin {
  static [registry] = [];
  static register(p) { Plugin[registry].push(p.name); return this; }
  [Symbol.toPrimitive](hint) { return hint === "number" ? 1 : "plugin"; }
}
Plugin.register({ name: "x" }).register({ name: "y" });
const p = new Plugin();
return { list: Plugin[registry], str: `${p}`, num: +p, plus: p + "" };
