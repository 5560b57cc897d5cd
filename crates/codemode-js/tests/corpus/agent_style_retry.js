let attempts = 0, result;
for (let i = 0; i < 3; i++) {
  attempts++;
  try { result = await tools.flaky[i < 2 ? 'fail' : 'ok']({attempt: i}); break; }
  catch (e) { console.log('attempt', i, 'failed:', e.message); }
}
return {attempts, path: result.path};
