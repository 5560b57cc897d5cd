//! Files and stdin read with a cap: never more than the limit plus one byte, so `/dev/zero`
//! or `yes |` as a program is a usage error after a bounded read, not gigabytes later.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Largest tools manifest or OpenAPI document read. Generous: the largest public API
/// descriptions (GitHub's is about 12 MB of JSON) fit several times over.
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// Reads the program (`-` is stdin) as bytes, at most `limit` bytes: a longer one is an
/// error naming the limit. Returns the bytes and the name to show in diagnostics.
pub fn read_program(file: &str, limit: usize) -> Result<(Vec<u8>, String), String> {
    if file == "-" {
        let bytes = read_capped(std::io::stdin().lock(), limit, 0)
            .map_err(|e| format!("cannot read the program from stdin: {e}"))?
            .ok_or_else(|| {
                format!("the program on stdin is larger than the source limit of {limit} bytes")
            })?;
        return Ok((bytes, "<stdin>".to_owned()));
    }
    let bytes = read_bytes(Path::new(file), limit, "the source limit")?;
    Ok((bytes, file.to_owned()))
}

/// Reads a manifest or an OpenAPI document, at most [`MAX_DOCUMENT_BYTES`].
pub fn read_document(path: &Path) -> Result<String, String> {
    read_text(path, MAX_DOCUMENT_BYTES, "the document limit")
}

fn read_text(path: &Path, limit: usize, limit_name: &str) -> Result<String, String> {
    let bytes = read_bytes(path, limit, limit_name)?;
    String::from_utf8(bytes)
        .map_err(|_| format!("cannot read {}: it is not valid UTF-8", path.display()))
}

fn read_bytes(path: &Path, limit: usize, limit_name: &str) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    // A regular file's length sizes the buffer once; pipes and devices report 0.
    let hint = file
        .metadata()
        .map(|m| usize::try_from(m.len()).unwrap_or(usize::MAX))
        .unwrap_or(0);
    read_capped(file, limit, hint)
        .map_err(|e| format!("cannot read {shown}: {e}"))?
        .ok_or_else(|| format!("{shown} is larger than {limit_name} of {limit} bytes"))
}

/// Reads to the end, or `None` as soon as more than `limit` bytes have come.
fn read_capped(reader: impl Read, limit: usize, hint: usize) -> std::io::Result<Option<Vec<u8>>> {
    let cap = limit.saturating_add(1);
    let mut bytes = Vec::with_capacity(hint.min(cap));
    reader
        .take(u64::try_from(cap).unwrap_or(u64::MAX))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() <= limit).then_some(bytes))
}

#[cfg(test)]
mod tests {
    use super::read_capped;

    #[test]
    fn reads_up_to_the_limit_and_refuses_one_byte_more() {
        let ten = [b'x'; 10];
        assert_eq!(read_capped(&ten[..], 10, 0).unwrap(), Some(ten.to_vec()));
        assert_eq!(read_capped(&ten[..], 9, 0).unwrap(), None);
        // An endless reader stops after limit + 1 bytes.
        assert_eq!(read_capped(std::io::repeat(0), 1000, 0).unwrap(), None);
    }
}
