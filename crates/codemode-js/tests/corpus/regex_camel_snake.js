const toSnake = (s) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[-\s]+/g, "_").toLowerCase();
const toCamel = (s) => s.toLowerCase().replace(/[_-\s]+(\w)/g, (_, c) => c.toUpperCase());
const names = ["userId", "HTTPServer", "first-name", "last name", "already_snake", "XMLHttpRequest2Go"];
return names.map((n) => [toSnake(n), toCamel(toSnake(n))]);
