const text = "Temp -3.5C, max 12C, min -10.25C; delta +4";
const nums = text.match(/[-+]?\d+(?:\.\d+)?/g).map(Number);
return { nums, sum: nums.reduce((a, b) => a + b, 0), max: Math.max(...nums) };
