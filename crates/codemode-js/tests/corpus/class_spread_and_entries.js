class P { a = 1; constructor() { this.b = 2; } m() {} }
const p = new P();
return [{ ...p }, Object.entries(p), Object.assign({}, p), JSON.parse(JSON.stringify(p))];
