const o = {id: 7}; console.log(`id=${o.id}`, o); return 0;
