//! Lua 5.4's byte-string algorithms (patterns, string.format, pack, numerals), metered and bounded
