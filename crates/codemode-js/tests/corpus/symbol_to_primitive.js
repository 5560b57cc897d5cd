const money = { amount: 12.5, currency: "EUR", [Symbol.toPrimitive](hint) { return hint === "number" ? this.amount : `${this.amount} ${this.currency}`; } };
const hints = [];
const spy = { [Symbol.toPrimitive](h) { hints.push(h); return 1; } };
const r = [+money, `${money}`, money + "!", money * 2, spy + 1, `${spy}`, spy * 3, spy == 1];
return { r, hints };
