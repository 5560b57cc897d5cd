const o = {}; for (let i = 0; i < 8; i++) o['key' + i] = i * 1000; console.log(o); return 0;
