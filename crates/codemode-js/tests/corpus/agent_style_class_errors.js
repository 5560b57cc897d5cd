class RetryableError extends Error {
  constructor(message, attempt) { super(message); this.name = 'RetryableError'; this.attempt = attempt; }
}
class FatalError extends Error { name = 'FatalError'; }
async function attempt(i) {
  if (i < 2) throw new RetryableError('try again', i);
  if (i === 2) throw new FatalError('stop');
  return 'ok';
}
const log = [];
for (let i = 0; i < 4; i++) {
  try { log.push(await attempt(i)); }
  catch (e) {
    if (e instanceof RetryableError) log.push(`retry ${e.attempt}`);
    else if (e instanceof FatalError) { log.push(`${e.name}: ${e.message}`); break; }
  }
}
return log;
