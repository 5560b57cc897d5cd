//! Parses one source many times (for profiling): `parse_one SOURCE ITERS`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = args.get(1).cloned().unwrap_or_else(|| "x;".into());
    let iters: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let limits = codemode_js_syntax::ParseLimits::default();
    for _ in 0..iters {
        std::hint::black_box(codemode_js_syntax::parse(&source, &limits).is_ok());
    }
}
