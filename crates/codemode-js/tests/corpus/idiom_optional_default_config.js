function cfg(opts = {}) { const {retries = 3, verbose = false, tags = []} = opts; return {retries, verbose, tags}; } return [cfg(), cfg({retries: 1, tags: ['x']})];
