// Criterion benches over ../shared/bench (being written).
fn main() {}
