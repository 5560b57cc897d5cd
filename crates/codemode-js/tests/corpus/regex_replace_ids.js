const paths = ["/api/v1/orders/13", "/api/v2/users/7/orders/99", "/health"];
return paths.map((p) => p.replace(/\d+/g, ":id"));
