const sym = Symbol("id");
const obj = { [sym]: 1, regular: 2 };
const { [sym]: got, ...rest } = obj;
const clone = Object.assign({}, obj);
return { got, rest, restSyms: Object.getOwnPropertySymbols(rest).length, cloneSyms: Object.getOwnPropertySymbols(clone).length };
