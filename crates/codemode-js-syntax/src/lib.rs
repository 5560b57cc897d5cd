//! JavaScript-subset lexer (logos), parser (lalrpop) and AST for codemode
