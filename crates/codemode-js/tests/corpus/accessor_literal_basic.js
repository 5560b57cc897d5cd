const box = { _v: 2, get v() { return this._v; }, set v(x) { this._v = x * 2; } };
box.v = 5;
box.v += 1;
return [box.v, box._v, Object.keys(box), 'v' in box, box.hasOwnProperty('v')];
