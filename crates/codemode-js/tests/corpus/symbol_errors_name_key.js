const out = [];
const s = Symbol("missing");
try { undefined[s]; } catch (e) { out.push(e.message); }
try { null[Symbol("k2")]; } catch (e) { out.push(e.message); }
try { ({})[s](); } catch (e) { out.push(e.constructor.name); }
return out;
