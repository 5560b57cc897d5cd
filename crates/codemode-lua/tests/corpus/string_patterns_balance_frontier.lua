return {
  ("f(a(b)c) g(x)"):match("%b()"),
  ("THE (quick) fox"):find("%f[%a]%a+"),
  select(2, ("hello world from lua"):gsub("%f[%w]%w+", "")),
  ("[[x]]"):match("%b[]"),
  ("key = 'val'"):match("'(.-)'"),
}
