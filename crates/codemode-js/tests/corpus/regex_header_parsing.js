const raw = "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nX-Rate-Limit:  100\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n{}";
const [head] = raw.split(/\r\n\r\n/);
const [status, ...rest] = head.split(/\r\n/);
const headers = {};
for (const line of rest) {
  const m = /^([\w-]+):\s*(.*)$/.exec(line);
  const k = m[1].toLowerCase();
  headers[k] = headers[k] ? headers[k] + ", " + m[2] : m[2];
}
return { code: +status.match(/^HTTP\/[\d.]+ (\d{3})/)[1], headers, charset: headers["content-type"].match(/charset=([\w-]+)/)[1] };
