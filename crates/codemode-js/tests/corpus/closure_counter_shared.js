let count = 0; const inc = () => count++; inc(); inc(); return count;
