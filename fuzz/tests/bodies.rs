//! Runs every fuzz target's body over a few thousand generated inputs: the repository's
//! program corpora and schemas, plus deterministic mutations of them (byte flips, cuts,
//! splices, inserted tokens). A stable-compiler stand-in for a short fuzzing session, and
//! the replay of every committed crash input under `regressions/<target>/`.

use std::path::{Path, PathBuf};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Tokens that reach deep into parsers and interpreters when spliced in anywhere.
const TOKENS: [&str; 24] = [
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "end",
    "function f(...) return f(...) end f()",
    "while true do",
    "for(;;){}",
    "[[",
    "\"",
    "'",
    "`${",
    "..",
    "/",
    "//",
    "%",
    "string.rep('x', 1e6)",
    "'x'.repeat(1e6)",
    "async () => {",
    "await tools.a.b({})",
    "pcall(tools.a.b, {})",
    "{\"$ref\":\"#\"}",
];

fn files(dir: &Path, ext: &str) -> Vec<Vec<u8>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| ext.is_empty() || p.extension().is_some_and(|x| x == ext))
        .collect();
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// The files of a folder under the repository's fixtures; a missing or empty folder fails the
/// test (a fuzz run over fewer seeds than intended must not pass quietly).
fn fixture_files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let found = files(&Path::new(ROOT).join(dir), ext);
    assert!(!found.is_empty(), "no .{ext} files in {ROOT}/{dir}");
    found
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate(rng: &mut Rng, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut out = seeds[rng.below(seeds.len())].clone();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(4) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = rng.next() as u8;
            }
            1 => out.truncate(at),
            2 => {
                let other = &seeds[rng.below(seeds.len())];
                let from = rng.below(other.len() + 1);
                out.splice(at..at, other[from..].iter().copied().take(200));
            }
            _ => {
                let token = TOKENS[rng.below(TOKENS.len())].as_bytes();
                out.splice(at..at, token.iter().copied());
            }
        }
    }
    out
}

/// Runs `body` over the seeds, the committed regressions and `count` mutations.
fn exercise(target: &str, seeds: Vec<Vec<u8>>, count: usize, body: fn(&[u8])) {
    assert!(!seeds.is_empty(), "{target}: no seed inputs found");
    for regression in files(&Path::new(ROOT).join("fuzz/regressions").join(target), "") {
        body(&regression);
    }
    for seed in &seeds {
        body(seed);
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..count {
        let input = mutate(&mut rng, &seeds);
        body(&input);
    }
}

fn lua_seeds() -> Vec<Vec<u8>> {
    let mut seeds = files(
        &Path::new(ROOT).join("crates/codemode-lua/tests/corpus"),
        "lua",
    );
    seeds.extend(fixture_files("fixtures/bench", "lua"));
    seeds
}

fn js_seeds() -> Vec<Vec<u8>> {
    let mut seeds = files(
        &Path::new(ROOT).join("crates/codemode-js/tests/corpus"),
        "js",
    );
    seeds.extend(fixture_files("fixtures/bench", "js"));
    seeds
}

fn json_seeds() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = [
        r##"{"type":"object","properties":{"id":{"type":"string","minLength":1}},"required":["id"]}"##,
        r##"{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}},"$ref":"#/$defs/n"}"##,
        r##"{"anyOf":[{"type":"integer"},{"type":["string","null"]}],"enum":[1,"a",null]}"##,
        r##"{"allOf":[{"properties":{"a b":{"const":"x"}}},{"additionalProperties":{"type":"number"}}]}"##,
        r##"[1.5e300,-0.0,"\u0000\ud83d\ude00",{"":[]},true,null]"##,
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    seeds.extend(fixture_files("fixtures/schemas/mcp", "json"));
    seeds
}

#[test]
fn lua_exec() {
    exercise("lua_exec", lua_seeds(), 1500, codemode_fuzz::lua_exec);
}

#[test]
fn js_exec() {
    exercise("js_exec", js_seeds(), 1500, codemode_fuzz::js_exec);
}

#[test]
fn regex_match() {
    let mut seeds = fixture_files("fuzz/seeds/regex_match", "txt");
    seeds.extend(js_seeds());
    exercise("regex_match", seeds, 3000, codemode_fuzz::regex_match);
}

#[test]
fn data_roundtrip() {
    exercise(
        "data_roundtrip",
        json_seeds(),
        3000,
        codemode_fuzz::data_roundtrip,
    );
}

#[test]
fn schema_signature() {
    exercise(
        "schema_signature",
        json_seeds(),
        3000,
        codemode_fuzz::schema_signature,
    );
}
