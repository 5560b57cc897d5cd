const calc = {total: 0, add(n) { this.total += n; return this; }, result() { return this.total; }}; return calc.add(1).add(2).result();
