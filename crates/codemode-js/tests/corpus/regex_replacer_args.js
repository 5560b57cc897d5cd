const calls = [];
"a1b2".replace(/([a-z])(\d)/g, (...args) => { calls.push(args); return ""; });
const named = [];
"k=v".replace(/(?<k>\w)=(?<v>\w)/, (...args) => { named.push(args.length, args[args.length - 1]); return ""; });
return { calls, named };
