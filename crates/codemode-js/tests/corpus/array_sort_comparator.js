const people = [{n: 'a', age: 30}, {n: 'b', age: 25}, {n: 'c', age: 30}, {n: 'd', age: 25}]; people.sort((x, y) => x.age - y.age); return people.map(p => p.n).join('');
