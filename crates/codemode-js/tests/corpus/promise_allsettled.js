const r = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('bad')), 3]); return r.map(x => x.status + ':' + (x.value ?? x.reason.message));
