console.log(Array.from({length: 12}, (_, i) => i * 111)); console.log([1.5, 22.25, 333, 4, 5, 6, 7]); return 0;
