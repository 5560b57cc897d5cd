const o = {items: [1, 2], count() { return this.items.length; }, add(x) { this.items.push(x); return this; }}; return o.add(3).add(4).count();
