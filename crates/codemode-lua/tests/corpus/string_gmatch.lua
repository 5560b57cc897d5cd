local words = {}
for w in ("the quick brown fox"):gmatch("%a+") do words[#words+1] = w end
local pairs_ = {}
for k, v in ("a=1, b=2, c=3"):gmatch("(%w+)=(%w+)") do pairs_[#pairs_+1] = k .. ":" .. v end
local n = 0
for _ in ("aaa"):gmatch("") do n = n + 1 end
return {words, pairs_, n}
