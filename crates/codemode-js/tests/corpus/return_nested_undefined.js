return {a: undefined, b: [undefined], c: null};
