async function f() { try { await null; return 'try'; } finally { console.log('finally ran'); } }
return await f();
