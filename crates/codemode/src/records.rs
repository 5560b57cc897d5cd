//! The call records of one execution, bounded in memory: each record keeps a preview of its
//! input and error, and records past the byte bound are only counted, by status.

use crate::result::{CallKind, CallStatus, OmittedCalls, ToolCallRecord};
use crate::shape::{cut_text, json_len};
use serde_json::Value;
use std::time::Duration;

pub(crate) struct Records {
    /// The first records, in admission order, each with whether its call finished: record
    /// `seq` is `kept[seq]` while `seq < kept.len()`.
    kept: Vec<(ToolCallRecord, bool)>,
    /// The JSON bytes of the kept records.
    kept_bytes: usize,
    max_bytes: usize,
    preview_bytes: usize,
    /// Finished calls whose records were left out.
    omitted: OmittedCalls,
    /// Calls whose records were left out that have not finished yet.
    omitted_pending: usize,
    /// Every call admitted so far.
    admitted: usize,
}

impl Records {
    pub(crate) fn new(max_bytes: usize, preview_bytes: usize) -> Self {
        Records {
            kept: Vec::new(),
            kept_bytes: 0,
            max_bytes,
            preview_bytes,
            omitted: OmittedCalls::default(),
            omitted_pending: 0,
            admitted: 0,
        }
    }

    /// Every call admitted so far, recorded or not.
    pub(crate) fn admitted(&self) -> usize {
        self.admitted
    }

    /// Records a newly admitted call (status `Uncertain` until it finishes) and returns its
    /// sequence number. `input_len` is the input's encoded length when admission counted it.
    pub(crate) fn admit(
        &mut self,
        name: &str,
        kind: CallKind,
        input: &Value,
        input_len: Option<usize>,
    ) -> usize {
        let seq = self.admitted;
        self.admitted += 1;
        // Once one record is left out, all later ones are too: the kept ones stay a prefix.
        if self.kept.len() < seq {
            self.omitted_pending += 1;
            return seq;
        }
        let record = ToolCallRecord {
            name: name.to_owned(),
            kind,
            input: match input_len {
                Some(len) => codemode_data::preview_sized(input, len, self.preview_bytes),
                None => codemode_data::preview(input, self.preview_bytes),
            },
            status: CallStatus::Uncertain,
            error: None,
            duration: Duration::ZERO,
        };
        let bytes = record_len(&record);
        if self.kept_bytes + bytes > self.max_bytes {
            self.omitted_pending += 1;
        } else {
            self.kept_bytes += bytes;
            self.kept.push((record, false));
        }
        seq
    }

    /// Records how call `seq` ended.
    pub(crate) fn finish(
        &mut self,
        seq: usize,
        status: CallStatus,
        error: Option<String>,
        duration: Duration,
    ) {
        let preview_bytes = self.preview_bytes;
        let Some((record, finished)) = self.kept.get_mut(seq) else {
            self.omitted_pending = self.omitted_pending.saturating_sub(1);
            self.omitted.add(status);
            return;
        };
        let before = record_len(record);
        record.status = status;
        record.error = error.map(|e| cut_text(&e, preview_bytes));
        record.duration = duration;
        *finished = true;
        let after = record_len(record);
        self.kept_bytes = (self.kept_bytes + after).saturating_sub(before);
        // An error text can push the kept records over the bound: leave out the last ones.
        while self.kept_bytes > self.max_bytes {
            match self.kept.pop() {
                Some((last, finished)) => {
                    self.kept_bytes -= record_len(&last);
                    if finished {
                        self.omitted.add(last.status);
                    } else {
                        self.omitted_pending += 1;
                    }
                }
                None => break,
            }
        }
    }

    /// The kept records and the count of the others. Every call has finished by then.
    pub(crate) fn into_parts(self) -> (Vec<ToolCallRecord>, OmittedCalls) {
        (
            self.kept.into_iter().map(|(r, _)| r).collect(),
            self.omitted,
        )
    }
}

fn record_len(record: &ToolCallRecord) -> usize {
    json_len(record)
}
