// decodeURI leaves escapes of reserved characters and '#' as they are.
const e = "%3B%2F%3F%3A%40%26%3D%2B%24%2C%23%20%41%25";
return [decodeURI(e), decodeURIComponent(e), decodeURIComponent("%e2%82%ac%F0%9F%98%80"),
  decodeURI("%2f%2F"), decodeURIComponent("plain text, no escapes"), decodeURIComponent(""),
  decodeURI("%C3%A9t%C3%A9")];
