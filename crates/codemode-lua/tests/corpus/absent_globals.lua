return {type(coroutine) == 'table', io == nil, os == nil, require == nil, package == nil, loadstring == nil, dofile == nil, loadfile == nil, debug == nil, collectgarbage == nil, string.dump == nil}
