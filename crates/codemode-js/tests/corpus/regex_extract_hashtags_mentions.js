const posts = ["Loving #rust and #js with @ana!", "No tags here", "@bo: check #Rust_2024 #js"];
return posts.map((p) => ({
  tags: (p.match(/#\w+/g) ?? []).map((t) => t.slice(1).toLowerCase()),
  mentions: [...p.matchAll(/@(\w+)/g)].map((m) => m[1]),
}));
