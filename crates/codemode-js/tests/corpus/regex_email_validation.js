const email = /^[\w.+-]+@([\w-]+\.)+[a-z]{2,}$/i;
const users = ["ana@example.com", "bo.li@corp.example.org", "not-an-email", "zed+tag@mail.example.net", "A@B.CO", "x@y", "@x.com", "a@b.c"];
return users.map((u) => [u, email.test(u)]);
