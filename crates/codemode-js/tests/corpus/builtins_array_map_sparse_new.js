return Array.from({length: 4}, (_, i) => i % 2 === 0 ? 'even' : 'odd');
