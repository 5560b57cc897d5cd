use std::collections::VecDeque;

/// The log budget: keeps the most recent lines within a line and byte budget and counts
/// what it dropped.
#[derive(Debug)]
pub(crate) struct LogBuffer {
    lines: VecDeque<String>,
    bytes: usize,
    max_lines: usize,
    max_bytes: usize,
    pub(crate) dropped: usize,
}

impl LogBuffer {
    pub(crate) fn new(max_lines: usize, max_bytes: usize) -> Self {
        LogBuffer {
            lines: VecDeque::new(),
            bytes: 0,
            max_lines,
            max_bytes,
            dropped: 0,
        }
    }

    pub(crate) fn push(&mut self, mut line: String) {
        if line.len() > self.max_bytes {
            // A single line larger than the whole budget keeps its end.
            let mut cut = line.len() - self.max_bytes;
            while !line.is_char_boundary(cut) {
                cut += 1;
            }
            line.drain(..cut);
        }
        self.bytes += line.len();
        self.lines.push_back(line);
        while self.lines.len() > self.max_lines || self.bytes > self.max_bytes {
            match self.lines.pop_front() {
                Some(old) => {
                    self.bytes -= old.len();
                    self.dropped += 1;
                }
                None => break,
            }
        }
    }

    pub(crate) fn into_lines(self) -> Vec<String> {
        self.lines.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_most_recent_lines() {
        let mut logs = LogBuffer::new(3, 1000);
        for i in 0..5 {
            logs.push(format!("line {i}"));
        }
        assert_eq!(logs.dropped, 2);
        assert_eq!(logs.into_lines(), vec!["line 2", "line 3", "line 4"]);
    }

    #[test]
    fn respects_the_byte_budget() {
        let mut logs = LogBuffer::new(100, 10);
        logs.push("aaaa".into());
        logs.push("bbbb".into());
        logs.push("cccc".into());
        assert_eq!(logs.dropped, 1);
        logs.push("x".repeat(25));
        assert_eq!(logs.into_lines(), vec!["x".repeat(10)]);
    }
}
