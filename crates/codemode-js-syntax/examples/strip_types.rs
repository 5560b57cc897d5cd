//! Prints a program as the parser reads it after type stripping (TypeScript's erasable
//! syntax blanked): `cargo run -p codemode-js-syntax --example strip_types -- file.ts`.
fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: strip_types <file>");
        std::process::exit(2);
    };
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    match codemode_js_syntax::strip_types(&source, &Default::default()) {
        Ok(text) => print!("{text}"),
        Err(d) => {
            eprintln!("{d}");
            std::process::exit(1);
        }
    }
}
