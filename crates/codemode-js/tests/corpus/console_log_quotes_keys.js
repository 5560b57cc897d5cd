console.log({'with space': 1, 'a.b': 2, valid_id: 3, $d: 4, '1abc': 5}); return 0;
