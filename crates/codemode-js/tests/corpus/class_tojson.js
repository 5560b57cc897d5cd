class Secret {
  constructor(v) { this.value = v; this.hidden = 'x'; }
  toJSON() { return { masked: this.value.slice(0, 2) + '***' }; }
}
return JSON.stringify({ s: new Secret('abcdef'), list: [new Secret('zz9')] });
