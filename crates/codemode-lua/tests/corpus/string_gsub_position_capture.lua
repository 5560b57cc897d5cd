return {("abc"):gsub("()", "%1"), ("hello"):match("()ll()")}
