const md = "See [docs](https://example.com/docs) and [the *API*](/api \"API ref\"). Not a [link].";
const links = [...md.matchAll(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g)].map((m) => ({ text: m[1], href: m[2], title: m[3] ?? null }));
const html = md.replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, '<a href="$2">$1</a>');
return { links, html };
