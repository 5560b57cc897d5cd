const api = {data: {items: [{id: 1, attrs: {color: 'red', size: 2}}, {id: 2, attrs: {color: 'blue'}}]}};
return api.data.items.map(({id, attrs: {color, size = 'n/a'}}) => ({id, label: `${color}/${size}`}));
