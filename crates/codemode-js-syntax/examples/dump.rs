//! Prints the rendered AST (or the diagnostic) of a JavaScript file or of `-e SOURCE`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = if args.get(1).map(String::as_str) == Some("-e") {
        args.get(2).cloned().unwrap_or_default()
    } else {
        std::fs::read_to_string(args.get(1).expect("a file")).expect("readable file")
    };
    match codemode_js_syntax::parse(&source, &Default::default()) {
        Ok(p) => print!("{}", codemode_js_syntax::render::render(&p)),
        Err(d) => println!("{:?} {:?}: {}", d.kind, d.location, d.message),
    }
}
