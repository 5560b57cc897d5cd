//! Prints the AST rendering of a Lua file (or stdin), or its parse diagnostic.
//! `cargo run -p codemode-lua-syntax --example lua_parse -- file.lua`

use std::io::Read;

fn main() {
    let mut src = String::new();
    match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(s) => src = s,
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        },
        None => {
            if let Err(e) = std::io::stdin().read_to_string(&mut src) {
                eprintln!("stdin: {e}");
                std::process::exit(2);
            }
        }
    }
    match codemode_lua_syntax::parse(&src, &Default::default()) {
        Ok(chunk) => println!("{}", codemode_lua_syntax::render::render(&chunk)),
        Err(d) => {
            let loc = d.location.map(|l| format!("{}:{}", l.line, l.column));
            println!("{}: {} @{}", d.kind, d.message, loc.unwrap_or_default());
            std::process::exit(1);
        }
    }
}
