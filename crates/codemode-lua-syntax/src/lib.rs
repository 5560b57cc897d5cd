//! Lua 5.4 lexer (logos), parser (lalrpop) and AST for codemode
