const log = [];
const p = Promise.resolve();
(async () => { await p; log.push('await1'); await p; log.push('await2'); })();
p.then(() => log.push('then1')).then(() => log.push('then2')).then(() => log.push('then3'));
await null; await null; await null; await null;
return log;
