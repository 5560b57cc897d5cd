//! A command tool: one process per call, the input as JSON on stdin, the answer as JSON on
//! stdout. Everything it can make codemode hold is capped (stdout at the per-call output
//! limit, stderr to a tail), stdin is written while stdout and stderr are read (a tool may
//! answer before it has read everything), and the tool runs in its own process group, which
//! is killed when the call ends for any reason, so no grandchild outlives it.

use crate::sys;
use codemode::ToolError;
use serde_json::Value;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};

/// Largest stdout of one call when the host sets no per-call output limit
/// (`--max-call-output-bytes`).
pub const DEFAULT_MAX_OUTPUT_BYTES: usize = 16 << 20;

/// How much of a tool's stderr is kept for the message of a failed call: its last bytes,
/// where the reason usually is.
pub const STDERR_TAIL_BYTES: usize = 8 << 10;

#[derive(Clone)]
pub struct CommandTool {
    pub command: Arc<Vec<String>>,
    pub folder: PathBuf,
    /// Largest stdout accepted; the tool is killed past it.
    pub max_output_bytes: usize,
}

/// Why a call stopped before its tool finished.
enum Stop {
    TooMuchOutput,
    Io(std::io::Error),
}

impl CommandTool {
    pub async fn call(self, input: Value) -> Result<Value, ToolError> {
        let program = &self.command[0];
        let mut command = tokio::process::Command::new(program);
        command
            .args(&self.command[1..])
            .current_dir(&self.folder)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        // Its own group, so the whole tree can be killed at once (and a Ctrl-C meant for
        // codemode reaches codemode, which then ends the group).
        command.as_std_mut().process_group(0);
        let mut child = command
            .spawn()
            .map_err(|e| ToolError::new(format!("cannot start {program}: {e}")))?;
        // Declared after `child`, so dropped before it: an abandoned call's group is killed
        // while its leader is still unreaped, so the group id cannot have been reused.
        let group = child.id().map(Group::enter);
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(ToolError::new(format!("{program}: no pipes to the tool")));
        };
        let bytes = serde_json::to_vec(&input).unwrap_or_default();
        let write = async move {
            let mut stdin = stdin;
            // A tool may answer without reading its input; that is not an error by itself.
            let _ = stdin.write_all(&bytes).await;
            drop(stdin);
            Ok::<(), Stop>(())
        };
        let exited = async {
            let status = child.wait().await.map_err(Stop::Io)?;
            // The tool is done: whatever it left running goes, which also closes the pipes
            // a background grandchild might hold open.
            if let Some(group) = &group {
                sys::kill_group(group.0);
            }
            Ok::<ExitStatus, Stop>(status)
        };
        let outcome = tokio::try_join!(
            write,
            read_capped(stdout, self.max_output_bytes),
            read_tail(stderr, STDERR_TAIL_BYTES),
            exited,
        );
        drop(group);
        let ((), out, (err, err_cut), status) = match outcome {
            Ok(all) => all,
            Err(Stop::TooMuchOutput) => {
                return Err(ToolError::new(format!(
                    "{program} wrote more than {} bytes to stdout, the most one call may \
                     answer; it was stopped",
                    self.max_output_bytes
                )))
            }
            Err(Stop::Io(e)) => return Err(ToolError::new(format!("{program} failed: {e}"))),
        };
        if !status.success() {
            let text = stderr_text(&err, err_cut);
            let message = if text.is_empty() {
                format!("{program} exited with {status}")
            } else {
                text
            };
            return Err(ToolError::new(message));
        }
        serde_json::from_slice(&out)
            .map_err(|e| ToolError::new(format!("{program} did not answer with JSON: {e}")))
    }
}

/// Reads to the end, or stops with `TooMuchOutput` as soon as more than `limit` bytes came.
async fn read_capped(reader: impl AsyncRead + Unpin, limit: usize) -> Result<Vec<u8>, Stop> {
    let cap = limit.saturating_add(1);
    let mut bytes = Vec::new();
    reader
        .take(u64::try_from(cap).unwrap_or(u64::MAX))
        .read_to_end(&mut bytes)
        .await
        .map_err(Stop::Io)?;
    if bytes.len() > limit {
        return Err(Stop::TooMuchOutput);
    }
    Ok(bytes)
}

/// Reads to the end keeping only the last `keep` bytes; says whether anything was cut.
async fn read_tail(
    mut reader: impl AsyncRead + Unpin,
    keep: usize,
) -> Result<(Vec<u8>, bool), Stop> {
    let mut tail = Vec::with_capacity(2 * keep);
    let mut chunk = vec![0u8; keep.max(1)];
    let mut cut = false;
    loop {
        let n = reader.read(&mut chunk).await.map_err(Stop::Io)?;
        if n == 0 {
            break;
        }
        tail.extend_from_slice(&chunk[..n]);
        // Trimmed in halves so that each byte is moved a bounded number of times.
        if tail.len() > 2 * keep {
            tail.drain(..tail.len() - keep);
            cut = true;
        }
    }
    if tail.len() > keep {
        tail.drain(..tail.len() - keep);
        cut = true;
    }
    Ok((tail, cut))
}

/// The stderr tail as the failure's message, trimmed; a cut one starts with "…".
fn stderr_text(tail: &[u8], cut: bool) -> String {
    // A cut may have split a UTF-8 sequence: start at the next character.
    let start = if cut {
        tail.iter()
            .position(|&b| (b as i8) >= -0x40)
            .unwrap_or(tail.len())
    } else {
        0
    };
    let text = String::from_utf8_lossy(&tail[start..]);
    let text = text.trim();
    if cut && !text.is_empty() {
        format!("…{text}")
    } else {
        text.to_owned()
    }
}

/// Process groups of calls still running, for the exit path ([`end_all`]).
static LIVE_GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// A running tool's process group: killed (SIGKILL to the whole group) when dropped, which
/// happens when the call ends, fails, or is abandoned because the execution ended or timed
/// out.
struct Group(u32);

impl Group {
    fn enter(pgid: u32) -> Group {
        LIVE_GROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(pgid);
        Group(pgid)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        sys::kill_group(self.0);
        let mut live = LIVE_GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = live.iter().position(|&g| g == self.0) {
            live.swap_remove(i);
        }
    }
}

/// Kills the groups of every call still running. The exit path calls it so that nothing a
/// tool started outlives codemode, even a call whose future was never dropped.
pub fn end_all() {
    let live = std::mem::take(&mut *LIVE_GROUPS.lock().unwrap_or_else(|e| e.into_inner()));
    for pgid in live {
        sys::kill_group(pgid);
    }
}

#[cfg(test)]
mod tests {
    use super::{read_tail, stderr_text};

    #[tokio::test]
    async fn the_stderr_tail_keeps_the_last_bytes() {
        let mut text = vec![b'x'; 100_000];
        text.extend_from_slice(b"the reason");
        let (tail, cut) = read_tail(&text[..], 64).await.ok().unwrap();
        assert!(cut);
        assert_eq!(tail.len(), 64);
        assert!(tail.ends_with(b"the reason"));
        let (tail, cut) = read_tail(&b"short"[..], 64).await.ok().unwrap();
        assert_eq!((tail.as_slice(), cut), (&b"short"[..], false));
    }

    #[test]
    fn a_cut_tail_starts_at_a_whole_character() {
        // "é" is two bytes; the cut left only its second one.
        let tail = [0xA9, b'o', b'k', b'\n'];
        assert_eq!(stderr_text(&tail, true), "…ok");
        assert_eq!(stderr_text(b"  plain \n", false), "plain");
    }
}
