//! Finds the smallest stack (KiB) on which a source parses: `stackprobe FILE`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--child") {
        let kib: usize = args[2].parse().unwrap();
        let source = std::fs::read_to_string(&args[3]).unwrap();
        let r = std::thread::Builder::new()
            .stack_size(kib * 1024)
            .spawn(move || {
                let r = codemode_js_syntax::parse(&source, &Default::default());
                if let Err(d) = &r {
                    eprintln!("{}", d.message);
                }
            })
            .unwrap()
            .join();
        std::process::exit(if r.is_ok() { 0 } else { 1 });
    }
    let path = std::env::args().nth(1).expect("file");
    let source = std::fs::read_to_string(path).expect("readable");
    for kib in [32usize, 64, 128, 256, 512, 1024, 2048, 4096, 8192] {
        let s = source.clone();
        let ok = std::process::Command::new(std::env::current_exe().unwrap())
            .arg("--child")
            .arg(kib.to_string())
            .arg(std::env::args().nth(1).unwrap())
            .status()
            .map(|st| st.success())
            .unwrap_or(false);
        let _ = s;
        if ok {
            println!("{kib} KiB");
            return;
        }
    }
    println!("more than 8 MiB");
}
