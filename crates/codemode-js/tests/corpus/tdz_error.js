try { console.log(a); let a = 1; } catch (e) { return e.name + ': ' + e.message; }
