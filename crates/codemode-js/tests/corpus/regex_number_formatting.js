const fmt = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
return [1, 12, 1234, 1234567, 9876543210].map(fmt).concat(["1234.5678".replace(/^(\d+)(\.\d{2})\d*$/, "$1$2")]);
