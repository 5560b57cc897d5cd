return {"tab\there", "nl\\n", "\65\066", "\x41\u{42}", "a\z
      b", [[long
string]], [=[with ]] inside]=]}
