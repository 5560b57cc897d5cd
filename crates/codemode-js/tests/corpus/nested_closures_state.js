function makeAcc() { const items = []; return { add(x) { items.push(x); return items.length; }, all: () => [...items] }; } const a = makeAcc(); a.add(1); a.add(2); return a.all();
