const a = [1, 2, 3];
a.length = 6;
const afterGrow = { len: a.length, keys: Object.keys(a), has5: 5 in a, json: JSON.stringify(a) };
a.length = 2;
const afterShrink = { len: a.length, keys: Object.keys(a), has2: 2 in a };
a.length = 4;
return { afterGrow, afterShrink, again: [a.length, 2 in a, a[2], JSON.stringify(a)] };
