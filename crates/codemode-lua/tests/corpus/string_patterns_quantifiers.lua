return {
  ("aaab"):match("a*"), ("aaab"):match("a+b"), ("b"):match("a-b"), ("ab"):match("a?b"),
  ("<<x>>"):match("<(.*)>"), ("<<x>>"):match("<(.-)>"), ("abc"):match(".-c"),
  ("  x"):match("^ *()"),
}
