const log = []; try { try { throw new Error('a'); } finally { log.push('inner finally'); } } catch (e) { log.push('outer catch ' + e.message); } finally { log.push('outer finally'); } return log;
