const log = []; new Promise(r => { log.push('in executor'); r(); }); log.push('after'); return log;
