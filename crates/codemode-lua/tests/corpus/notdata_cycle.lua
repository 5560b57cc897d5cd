local t = {} t.self = t return t
