//! The `codemode` binary against hostile tools and inputs: each test runs the built binary
//! with real shell or Python tool scripts and checks the bound holds (output caps, stderr
//! tails, process groups, source caps, a closed or full stdout).

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A folder of its own for each test (they run in parallel).
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("codemode-bounds-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// A manifest with one tool `t.<name>` per entry, each running `command`.
fn manifest(dir: &Path, tools: &[(&str, &[&str])]) -> PathBuf {
    let mut entries = serde_json::Map::new();
    for (name, command) in tools {
        entries.insert(
            format!("t.{name}"),
            json!({ "description": name, "input": {"type": "object"}, "command": command }),
        );
    }
    write(dir, "tools.json", &json!({ "tools": entries }).to_string())
}

fn codemode() -> Command {
    Command::new(env!("CARGO_BIN_EXE_codemode"))
}

/// Waits for `child`, reading its pipes, and fails the test if it runs past `limit` (a hang
/// is what several of these tests guard against).
fn finish(mut child: Child, limit: Duration) -> Output {
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let out = drain(stdout.map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = drain(stderr.map(|p| Box::new(p) as Box<dyn Read + Send>));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("codemode did not end within {limit:?}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn run(args: &[&str], dir: &Path) -> Output {
    let child = codemode()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, Duration::from_secs(60))
}

fn result(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Whether process `pid` is gone (or a zombie waiting for its parent, which is as dead).
fn is_gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state follows the command name, which is in parentheses.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with(['Z', 'X'])),
    }
}

fn assert_gone_soon(pid: u32) {
    let start = Instant::now();
    while !is_gone(pid) {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "process {pid} is still alive"
        );
        thread::sleep(Duration::from_millis(20));
    }
}

fn read_pid(path: &Path, limit: Duration) -> u32 {
    let start = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            if let Ok(pid) = text.trim().parse() {
                return pid;
            }
        }
        assert!(start.elapsed() < limit, "no pid in {}", path.display());
        thread::sleep(Duration::from_millis(20));
    }
}

/// A shell tool that starts `sleep 1001` in the background, writes its pid to sleep.pid,
/// then runs `then` (its answer, or another wait).
fn sleeper(dir: &Path, then: &str) -> PathBuf {
    write(
        dir,
        "sleeper.sh",
        &format!("sleep 1001 &\necho $! > sleep.pid.tmp\nmv sleep.pid.tmp sleep.pid\n{then}\n"),
    );
    manifest(dir, &[("sleeper", &["sh", "sleeper.sh"])])
}

/// Runs codemode under a Python parent that reports its peak resident set (ru_maxrss of
/// the waited-for child, KiB) to `rss_file`: a real measure of the process, not an estimate.
fn run_measured(args: &[&str], dir: &Path, rss_file: &Path) -> Output {
    let wrapper = write(
        dir,
        "peak_rss.py",
        "import resource, subprocess, sys\n\
         code = subprocess.run(sys.argv[2:]).returncode\n\
         open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n\
         sys.exit(code)\n",
    );
    let child = Command::new("python3")
        .arg(&wrapper)
        .arg(rss_file)
        .arg(env!("CARGO_BIN_EXE_codemode"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, Duration::from_secs(60))
}

#[test]
fn a_tool_that_never_stops_writing_is_stopped_at_the_output_cap() {
    let dir = folder("yes");
    let tools = manifest(&dir, &[("yes", &["yes"])]);
    let program = write(&dir, "p.lua", "return tools.t.yes({})");
    let rss = dir.join("rss");
    let start = Instant::now();
    let out = run_measured(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
        ],
        &dir,
        &rss,
    );
    let elapsed = start.elapsed();
    let r = result(&out);
    assert_eq!(out.status.code(), Some(1), "{r}");
    assert_eq!(r["error"]["kind"], json!("ToolFailure"));
    let message = r["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("wrote more than 16777216 bytes"),
        "{message}"
    );
    // Before the cap, `yes` took the host to an allocation failure of 4 GiB in about 2 s.
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    let peak_kib: u64 = std::fs::read_to_string(&rss)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(peak_kib < 200 * 1024, "peak RSS {peak_kib} KiB");

    // --max-call-output-bytes is the cap when given.
    let out = run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
            "--max-call-output-bytes",
            "100000",
        ],
        &dir,
    );
    let message = result(&out)["error"]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        message.contains("wrote more than 100000 bytes"),
        "{message}"
    );
}

#[test]
fn a_flood_on_stderr_leaves_a_bounded_message_that_keeps_its_end() {
    let dir = folder("stderr");
    write(
        &dir,
        "flood.py",
        "import sys\n\
         sys.stderr.write('x' * 50_000_000)\n\
         sys.stderr.write('\\nthe real reason\\n')\n\
         sys.exit(1)\n",
    );
    let tools = manifest(&dir, &[("flood", &["python3", "flood.py"])]);
    let program = write(&dir, "p.lua", "return tools.t.flood({})");
    let out = run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(out.stdout.len() < 64 * 1024, "{} bytes", out.stdout.len());
    let r = result(&out);
    assert_eq!(r["error"]["kind"], json!("ToolFailure"));
    let message = r["error"]["message"].as_str().unwrap();
    assert!(message.len() <= 8 * 1024 + 8, "{} bytes", message.len());
    assert!(message.starts_with('…'), "{}", &message[..20]);
    assert!(
        message.ends_with("the real reason"),
        "{}",
        &message[message.len() - 40..]
    );
    assert!(
        out.stderr.len() < 16 * 1024,
        "{} bytes on stderr",
        out.stderr.len()
    );
}

#[test]
fn a_tool_may_answer_before_it_reads_its_input() {
    let dir = folder("writer-first");
    // 1 MB of its answer first (more than a pipe holds), then all of the 5 MB input.
    write(
        &dir,
        "early.py",
        "import sys\n\
         sys.stdout.write('{\"pad\":\"' + 'p' * 1_000_000)\n\
         sys.stdout.flush()\n\
         n = len(sys.stdin.buffer.read())\n\
         sys.stdout.write('\",\"n\":%d}' % n)\n",
    );
    let tools = manifest(&dir, &[("early", &["python3", "early.py"])]);
    let program = write(
        &dir,
        "p.lua",
        "local r = tools.t.early({ data = string.rep('y', 5 * 1024 * 1024) })\n\
         return { n = r.n, pad = #r.pad }",
    );
    let out = run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
            "--timeout-ms",
            "30000",
        ],
        &dir,
    );
    let r = result(&out);
    assert_eq!(r["ok"], json!(true), "{r}");
    let input_len = 5 * 1024 * 1024 + r#"{"data":""}"#.len();
    assert_eq!(r["value"], json!({ "n": input_len, "pad": 1_000_000 }));
}

#[test]
fn grandchildren_end_with_a_call_that_timed_out() {
    let dir = folder("timeout-group");
    let tools = sleeper(&dir, "wait");
    let program = write(&dir, "p.lua", "return tools.t.sleeper({})");
    let out = run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
            "--timeout-ms",
            "1000",
        ],
        &dir,
    );
    assert_eq!(result(&out)["error"]["kind"], json!("TimeoutExceeded"));
    assert_gone_soon(read_pid(&dir.join("sleep.pid"), Duration::from_secs(1)));
}

#[test]
fn a_background_process_ends_with_its_call_and_does_not_hold_the_answer() {
    let dir = folder("background");
    // The background sleep inherits the tool's stdout: before, the answer waited for it.
    let tools = sleeper(&dir, "echo '{\"done\":true}'");
    let program = write(&dir, "p.lua", "return tools.t.sleeper({})");
    let start = Instant::now();
    let out = run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
            "--timeout-ms",
            "60000",
        ],
        &dir,
    );
    let r = result(&out);
    assert_eq!(r["value"], json!({"done": true}), "{r}");
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_gone_soon(read_pid(&dir.join("sleep.pid"), Duration::from_secs(1)));
}

#[test]
fn grandchildren_end_when_codemode_is_stopped() {
    let dir = folder("sigterm");
    let tools = sleeper(&dir, "wait");
    let program = write(&dir, "p.lua", "return tools.t.sleeper({})");
    let child = codemode()
        .args([
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
        ])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let sleep_pid = read_pid(&dir.join("sleep.pid"), Duration::from_secs(30));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = finish(child, Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(128 + 15), "{}", stderr(&out));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert_gone_soon(sleep_pid);
}

#[test]
fn an_endless_source_is_a_usage_error_after_a_bounded_read() {
    let dir = folder("source");
    let start = Instant::now();
    let out = run(&["run", "--lang", "lua", "/dev/zero"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let text = stderr(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.contains("/dev/zero is larger than the source limit of 1048576 bytes"),
        "{text}"
    );
    assert!(start.elapsed() < Duration::from_secs(20));

    // `yes | codemode run --lang lua -`
    let mut child = codemode()
        .args(["run", "--lang", "lua", "-"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let line = b"y\n".repeat(4096);
        // Ends when codemode stops reading and closes the pipe.
        while stdin.write_all(&line).is_ok() {}
    });
    let out = finish(child, Duration::from_secs(20));
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the program on stdin is larger than the source limit"),
        "{}",
        stderr(&out)
    );

    // Manifests are capped too.
    let out = run(&["run", "--lang", "lua", "--tools", "/dev/zero", "-"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("/dev/zero is larger than the document limit of 67108864 bytes"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_diagnostic_on_a_long_line_renders_a_window_of_it() {
    let dir = folder("render");
    // One line of about 1 MB, the source limit, with the error at its end.
    let source = format!("local s = \"{}\" +", "a".repeat(1_000_000));
    let program = write(&dir, "long.lua", &source);
    let start = Instant::now();
    let out = run(&["run", program.to_str().unwrap()], &dir);
    assert!(start.elapsed() < Duration::from_secs(20));
    let r = result(&out);
    assert_eq!(r["error"]["kind"], json!("ParseError"), "{r}");
    let column = r["error"]["location"]["column"].as_u64().unwrap();
    assert!(column > 1_000_000, "{r}");
    let text = stderr(&out);
    assert!(text.len() < 4096, "{} bytes on stderr", text.len());
    assert!(text.contains(&format!("long.lua:1:{column}")), "{text}");
    assert!(text.contains("…aaaa"), "{text}");
}

#[test]
fn a_reader_that_went_away_ends_codemode_quietly_by_sigpipe() {
    use std::os::unix::process::ExitStatusExt;
    let dir = folder("sigpipe");
    let program = write(
        &dir,
        "p.lua",
        "local s = 0 for i = 1, 1e6 do s = s + i end return s",
    );
    let mut child = codemode()
        .args(["run", program.to_str().unwrap()])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader closes before codemode has written anything (`| head -c 0`).
    drop(child.stdout.take());
    let out = finish(child, Duration::from_secs(30));
    assert_eq!(out.status.signal(), Some(13), "{:?}", out.status);
    assert_eq!(stderr(&out), "");
}

fn one_line_error(status: ExitStatus, text: &str, wanted: &str) {
    assert_eq!(status.code(), Some(2), "{text}");
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains(wanted), "{text}");
}

#[test]
fn a_closed_or_full_stdout_is_an_error_with_one_line() {
    let dir = folder("stdout");
    let program = write(&dir, "p.lua", "return 42");
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" run \"$1\" >&-"])
        .arg(env!("CARGO_BIN_EXE_codemode"))
        .arg(&program)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    one_line_error(out.status, &stderr(&out), "stdout is closed");

    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = codemode()
        .args(["run", program.to_str().unwrap()])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    one_line_error(out.status, &stderr(&out), "No space left on device");

    // A plain `>/dev/null` is still a place to write to.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" run \"$1\" >/dev/null"])
        .arg(env!("CARGO_BIN_EXE_codemode"))
        .arg(&program)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // So is /dev/null opened for reading and writing, as Python's subprocess.DEVNULL and
    // systemd's StandardOutput=null open it.
    let null = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    let out = codemode()
        .args(["run", program.to_str().unwrap()])
        .stdout(null)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // A closed stdin or stderr is filled with /dev/null: a source file opened later does not
    // take its number.
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" run \"$1\" <&- 2>&-"])
        .arg(env!("CARGO_BIN_EXE_codemode"))
        .arg(&program)
        .stdout(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"ok\":true,\"value\":42,\"toolCalls\":[]}\n"
    );
}

#[test]
fn a_missing_file_names_the_argument() {
    let out = run(&["run"], &folder("missing"));
    one_line_error(
        out.status,
        &stderr(&out),
        "the following required arguments were not provided: <FILE|->",
    );
}

#[test]
fn per_call_limits_come_from_flags() {
    let dir = folder("call-limits");
    write(
        &dir,
        "echo.py",
        "import sys\nsys.stdout.write(sys.stdin.read())\n",
    );
    let tools = manifest(&dir, &[("echo", &["python3", "echo.py"])]);
    let tools = tools.to_str().unwrap();
    let program = write(
        &dir,
        "p.lua",
        "return tools.t.echo({ s = string.rep('z', 200) }).s:len()",
    );
    let program = program.to_str().unwrap();
    let r = result(&run(&["run", program, "--tools", tools], &dir));
    assert_eq!(r["value"], json!(200), "{r}");

    let args = [
        "run",
        program,
        "--tools",
        tools,
        "--max-call-input-bytes",
        "100",
    ];
    let r = result(&run(&args, &dir));
    assert_eq!(r["error"]["kind"], json!("InvalidToolInput"), "{r}");

    let args = [
        "run",
        program,
        "--tools",
        tools,
        "--max-call-output-bytes",
        "100",
    ];
    let r = result(&run(&args, &dir));
    assert_eq!(r["error"]["kind"], json!("ToolFailure"), "{r}");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(message.contains("more than 100 bytes"), "{message}");
}

#[test]
fn the_log_budget_comes_from_flags() {
    let dir = folder("logs");
    let program = write(
        &dir,
        "p.lua",
        "print('one-aaaaaaaa') print('two-bbbbbbbb') print('three') return 1",
    );
    let program = program.to_str().unwrap();
    let logs = |extra: &[&str]| {
        let mut args = vec!["run", program];
        args.extend_from_slice(extra);
        let r = result(&run(&args, &dir));
        let logs = r["logs"].as_array().cloned().unwrap_or_default();
        logs.iter()
            .map(|l| l.as_str().unwrap_or_default().to_owned())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let all = logs(&[]);
    assert!(
        all.contains("one-aaaaaaaa") && all.contains("three"),
        "{all}"
    );
    let two = logs(&["--max-log-lines", "2"]);
    assert!(
        !two.contains("one-aaaaaaaa") && two.contains("three"),
        "{two}"
    );
    let few = logs(&["--max-log-bytes", "12"]);
    assert!(
        !few.contains("one-aaaaaaaa") && few.contains("three"),
        "{few}"
    );
}

#[test]
fn the_oversized_mode_comes_from_a_flag() {
    let dir = folder("oversized");
    let program = write(&dir, "p.lua", "return string.rep('x', 1000)");
    let program = program.to_str().unwrap();
    let base = ["run", program, "--max-output-bytes", "100"];
    let r = result(&run(&base, &dir));
    assert_eq!(
        (r["ok"].clone(), r["truncated"].clone()),
        (json!(true), json!(true))
    );
    let r = result(&run(
        &[&base[..], &["--oversized", "truncate"]].concat(),
        &dir,
    ));
    assert_eq!(r["truncated"], json!(true));
    let out = run(&[&base[..], &["--oversized", "fail"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(result(&out)["ok"], json!(false));
    let out = run(&[&base[..], &["--oversized", "sometimes"]].concat(), &dir);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn javascript_on_the_command_line_has_the_bounded_defaults() {
    let dir = folder("js-defaults");
    // 65,536 result bytes.
    let program = write(&dir, "big.js", "return 'x'.repeat(100000)");
    let r = result(&run(&["run", program.to_str().unwrap()], &dir));
    assert_eq!(r["truncated"], json!(true), "{r}");
    // 128 host calls.
    let tools = manifest(&dir, &[("echo", &["cat"])]);
    let program = write(
        &dir,
        "calls.js",
        "for (let i = 0; i < 200; i++) search({ query: 'x' }); return 1",
    );
    let r = result(&run(
        &[
            "run",
            program.to_str().unwrap(),
            "--tools",
            tools.to_str().unwrap(),
        ],
        &dir,
    ));
    assert_eq!(r["error"]["kind"], json!("ToolCallLimitExceeded"), "{r}");
}
