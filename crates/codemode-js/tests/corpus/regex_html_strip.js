const html = '<p class="x">Hello <b>world</b>!<br/> <a href="/a?b=1&amp;c=2">link</a></p>';
return {
  text: html.replace(/<[^>]+>/g, ""),
  tags: html.match(/<(\w+)/g).map((t) => t.slice(1)),
  hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&")),
};
