return {a = {}, b = {{}}}
