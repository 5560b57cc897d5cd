use crate::shape::cut_text;
use std::collections::VecDeque;

/// The log budget: keeps the most recent lines within a line and byte budget and counts
/// what it dropped. It never holds more than the budget: a line longer than the whole
/// budget is cut (its start kept, a marker saying how much was cut at its end) before it is
/// stored.
#[derive(Debug)]
pub(crate) struct LogBuffer {
    lines: VecDeque<String>,
    bytes: usize,
    max_lines: usize,
    max_bytes: usize,
    /// Lines dropped whole (the oldest first).
    pub(crate) dropped: usize,
    /// Lines kept with their end cut off.
    pub(crate) cut: usize,
}

impl LogBuffer {
    pub(crate) fn new(max_lines: usize, max_bytes: usize) -> Self {
        LogBuffer {
            lines: VecDeque::new(),
            bytes: 0,
            max_lines,
            max_bytes,
            dropped: 0,
            cut: 0,
        }
    }

    pub(crate) fn push(&mut self, mut line: String) {
        if line.len() > self.max_bytes {
            line = cut_text(&line, self.max_bytes);
            self.cut += 1;
        }
        self.bytes += line.len();
        self.lines.push_back(line);
        self.drop_oldest_beyond(self.max_lines, self.max_bytes);
    }

    /// Drops the oldest lines until at most `lines` lines of at most `bytes` bytes remain.
    fn drop_oldest_beyond(&mut self, lines: usize, bytes: usize) {
        while self.lines.len() > lines || self.bytes > bytes {
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
        assert_eq!(logs.cut, 0);
    }

    #[test]
    fn a_line_over_the_budget_keeps_its_start_and_says_what_was_cut() {
        let mut logs = LogBuffer::new(100, 64);
        logs.push("old".into());
        logs.push("x".repeat(1000));
        assert_eq!((logs.dropped, logs.cut), (1, 1));
        let lines = logs.into_lines();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].len() <= 64, "{}", lines[0]);
        assert!(lines[0].starts_with("xxx"));
        assert!(lines[0].ends_with("of 1000 bytes cut]"), "{}", lines[0]);
    }
}
