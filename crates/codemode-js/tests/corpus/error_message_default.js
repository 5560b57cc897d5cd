return [new Error().message, new Error(undefined).message, new Error(42).message, new TypeError(null).message];
