const data = {users: [{id: 1, tags: ['a', 'b']}, {id: 2, tags: []}], total: 2}; return JSON.parse(JSON.stringify(data));
