const log = [];
async function task(name, n) { for (let i = 0; i < n; i++) { log.push(name + i); await null; } }
await Promise.all([task('a', 3), task('b', 2), task('c', 1)]);
return log;
