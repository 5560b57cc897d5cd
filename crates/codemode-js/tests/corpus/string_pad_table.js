return [1, 22, 333].map(n => String(n).padStart(5, '.'));
