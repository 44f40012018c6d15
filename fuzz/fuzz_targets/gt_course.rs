//! The course server's wire protocol: the message reader cuts any byte
//! stream, split anywhere, into the same messages (or the same error),
//! holds none over the limit, and requests and replies read from the
//! messages print as text that reads back the same.
#![no_main]

use guard_towers::course::{read_greeting, MessageReader, Reply, Request};
use libfuzzer_sys::fuzz_target;

/// Messages until the first error or the end.
fn messages(chunks: &[&[u8]]) -> (Vec<serde_json::Value>, Option<String>) {
    let mut reader = MessageReader::default();
    let mut messages = Vec::new();
    for chunk in chunks {
        reader.feed(chunk);
        loop {
            match reader.next_message() {
                Ok(Some(message)) => messages.push(message),
                Ok(None) => break,
                Err(error) => return (messages, Some(error.to_string())),
            }
        }
    }
    (messages, None)
}

fuzz_target!(|data: &[u8]| {
    let (Some(&split), rest) = (data.first(), data.get(1..).unwrap_or_default()) else {
        return;
    };
    let cut = usize::from(split).min(rest.len());
    let (whole, whole_error) = messages(&[rest]);
    let (parts, parts_error) = messages(&[&rest[..cut], &rest[cut..]]);
    // A stream that ends in an error may have read less of it in parts;
    // without one, both readings agree. (Except for numbers: the stream
    // is unframed, so a number at the end of what has arrived is read as
    // it stands, as the course server's greeting `0`/`1` must be.)
    let numbers = whole.iter().chain(&parts).any(|m| m.is_number());
    if whole_error.is_none() && parts_error.is_none() && !numbers {
        assert_eq!(whole, parts);
    }
    for message in &whole {
        assert!(
            message.to_string().len() <= 4 * 1024 * 4,
            "a message over the limit was read"
        );
        if let Ok(request) = Request::read(message) {
            let (again, error) = messages(&[request.to_text().as_bytes()]);
            assert_eq!(error, None);
            assert_eq!(Request::read(&again[0]).ok(), Some(request));
        }
        if let Ok(reply) = Reply::read(message) {
            let (again, error) = messages(&[reply.to_text().as_bytes()]);
            assert_eq!(error, None);
            assert_eq!(Reply::read(&again[0]).ok(), Some(reply));
        }
        let _ = read_greeting(message);
    }
});
