//! Every fixture parses, its AST rendering is snapshotted, and Lua 5.4 accepts it too.

mod common;

use codemode_lua_syntax::{parse, render::render, ParseLimits};

#[test]
fn fixtures_parse_and_match_snapshots() {
    let files = common::lua_files(&common::fixtures());
    assert!(files.len() >= 7, "fixtures missing");
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            common::lua_load(&src),
            None,
            "lua5.4 rejects fixture {name}"
        );
        let chunk =
            parse(&src, &ParseLimits::default()).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        insta::assert_snapshot!(name, render(&chunk));
    }
}

#[test]
fn bench_programs_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/bench");
    let files = common::lua_files(&dir);
    assert!(
        files.len() >= 5,
        "expected the Lua benchmark programs in {}, found {}",
        dir.display(),
        files.len()
    );
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        if let Err(d) = parse(&src, &ParseLimits::default()) {
            panic!("{}: {d:?}", path.display());
        }
    }
}
