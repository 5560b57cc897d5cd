const result = (function() { const priv = 10; return priv * 2; })(); return result;
