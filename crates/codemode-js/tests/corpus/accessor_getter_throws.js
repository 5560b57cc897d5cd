const o = { get bad() { throw new TypeError('no value yet'); } };
const out = [];
try { o.bad; } catch (e) { out.push(e.message); }
try { JSON.stringify(o); } catch (e) { out.push('json: ' + e.message); }
try { ({ ...o }); } catch (e) { out.push('spread: ' + e.message); }
try { Object.values(o); } catch (e) { out.push('values: ' + e.message); }
try { const { bad } = o; } catch (e) { out.push('destructure: ' + e.message); }
return out;
