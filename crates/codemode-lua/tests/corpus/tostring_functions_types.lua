return {tostring(print):sub(1, 9), tostring({}):sub(1, 6), type(tostring(1.5))}
