return [...Array(5).keys()].map(i => i * i);
