//! A metered Lua 5.4 interpreter that suspends on host calls
