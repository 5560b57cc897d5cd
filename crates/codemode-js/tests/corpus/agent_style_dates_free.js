const items = [{d: '2024-01-05'}, {d: '2023-12-31'}, {d: '2024-01-01'}]; return items.map(i => i.d).sort().reverse();
