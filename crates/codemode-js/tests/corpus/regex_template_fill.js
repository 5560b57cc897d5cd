const tpl = "Hello {{name}}, your order {{ order.id }} ships {{when}}. {{missing}}";
const data = { name: "Ana", order: { id: 42 }, when: "today" };
return tpl.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key) => {
  const v = key.split(".").reduce((o, k) => (o == null ? undefined : o[k]), data);
  return v === undefined ? "?" : String(v);
});
