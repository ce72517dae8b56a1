//! The in-server library's decode path against values built to be hostile:
//! every truncation and many corruptions of real stored values, headers
//! declaring more than their payload can hold or than the cap, unknown and
//! tampered dictionaries, and the C calling convention itself (NULL, wrong
//! arity). Each must answer the exact document or an error naming
//! squeeze; nothing may panic, hang or allocate past the cap. The same
//! body runs unbounded as `cargo +nightly fuzz run udf_inflate`.
use std::ffi::{c_char, c_int, c_ulong};

use squeeze_format::{CodecKind, Contexts, Dictionary, EncodeOutcome, ValueEncoder};
use squeeze_udf::abi::{UdfArgs, UdfInit};
use squeeze_udf::inflate::{inflate, Inflated};
use squeeze_udf::store::{file_name, limits_text, sha256_hex, Store, LIMITS_FILE};

const CAP: usize = 1 << 16;

fn dictionary_bytes() -> Vec<u8> {
    br#"{"author":"someone","body":"a comment","score":1,"subreddit":"rust","gilded":0}"#.repeat(40)
}

fn store() -> (tempfile_dir::Dir, Store) {
    let dir = tempfile_dir::Dir::new();
    let bytes = dictionary_bytes();
    std::fs::write(dir.path().join(file_name(1, &sha256_hex(&bytes))), &bytes).unwrap();
    std::fs::write(dir.path().join(LIMITS_FILE), limits_text(CAP)).unwrap();
    let store = Store::open(dir.path());
    (dir, store)
}

/// A throw-away directory without a dev-dependency.
mod tempfile_dir {
    pub struct Dir(std::path::PathBuf);
    impl Dir {
        pub fn new() -> Dir {
            use std::sync::atomic::{AtomicU32, Ordering};
            static N: AtomicU32 = AtomicU32::new(0);
            let p = std::env::temp_dir().join(format!(
                "squeeze-udf-hostile-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::Relaxed)
            ));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
        pub fn path(&self) -> &std::path::Path {
            &self.0
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn documents() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..30u32 {
        let body = "é😀 a comment that repeats itself ".repeat(1 + (i as usize % 7));
        out.push(format!(r#"{{"author":"user_{i}","body":"{body}","score":{i},"subreddit":"rust","tags":[{i},{}]}}"#, i * 7).into_bytes());
    }
    out.push(vec![b'x'; 5000]);
    out
}

/// The answer must be the document or an error; the output stays capped.
fn judge(ctx: &mut Contexts, store: &Store, stored: &[u8], original: Option<&[u8]>) {
    let mut out = Vec::new();
    match inflate(ctx, store, stored, &mut out) {
        Ok(Inflated::Document) => {
            assert!(out.len() <= CAP, "output {} over the cap", out.len());
            if let Some(o) = original {
                assert_eq!(out, o, "a value decoded to other bytes");
            }
        }
        Ok(Inflated::AsStored) => assert!(stored.first().is_none_or(|&b| b < 0xF5)),
        Err(e) => assert!(e.starts_with("squeeze_inflate:"), "{e}"),
    }
}

#[test]
fn every_truncation_and_corruption_of_real_values_answers_the_document_or_an_error() {
    let (_dir, store) = store();
    let dict = std::sync::Arc::new(Dictionary::new(1, "d", CodecKind::Zstd, dictionary_bytes()));
    let mut ctx = Contexts::default();
    let mut checked = 0u64;
    for codec in CodecKind::ALL {
        for with_dict in [false, true] {
            let enc = ValueEncoder::new(
                codec,
                codec.default_level(),
                with_dict.then(|| dict.clone()),
                0,
            )
            .unwrap();
            for doc in documents() {
                let mut stored = Vec::new();
                if !matches!(enc.encode(&doc, &mut stored), EncodeOutcome::Compressed(_)) {
                    continue;
                }
                judge(&mut ctx, &store, &stored, Some(&doc));
                for cut in 0..stored.len() {
                    judge(&mut ctx, &store, &stored[..cut], Some(&doc));
                    checked += 1;
                }
                for i in 0..stored.len() {
                    for flip in [0x01u8, 0x80, 0xFF] {
                        let mut bad = stored.clone();
                        bad[i] ^= flip;
                        judge(&mut ctx, &store, &bad, Some(&doc));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked} hostile values");
}

#[test]
fn headers_that_overstate_their_length_or_name_an_absent_or_tampered_dictionary_are_errors() {
    let (dir, store) = store();
    let mut ctx = Contexts::default();
    let cases: Vec<Vec<u8>> = vec![
        // 4 GiB declared, 4 payload bytes.
        vec![
            0xF5, 0x11, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0, 0, 0, 1, 2, 3, 4,
        ],
        // Over the cap of the limits file, plausibly long payload.
        [
            vec![0xF5, 0x13, 0x00, 0x80, 0x80, 0x08, 0, 0, 0, 0],
            vec![0xFF; 4000],
        ]
        .concat(),
        // Dictionary 7 is not installed.
        vec![0xF5, 0x11, 0x07, 0x10, 0, 0, 0, 0, 0, 0, 0x11],
        // Reserved first bytes, unknown version and codec.
        vec![0xF6, 0x11],
        vec![0xF5, 0x21, 0x00],
        vec![0xF5, 0x1F, 0x00],
        vec![0xF5],
    ];
    for c in &cases {
        let mut out = Vec::new();
        let e = inflate(&mut ctx, &store, c, &mut out).unwrap_err();
        assert!(e.starts_with("squeeze_inflate:"), "{e}");
        assert!(
            out.capacity() <= CAP + 64,
            "allocated {} for {c:02x?}",
            out.capacity()
        );
    }
    // A dictionary file whose bytes are not the ones its name states.
    std::fs::write(
        dir.path().join(file_name(2, &sha256_hex(b"other"))),
        b"tampered",
    )
    .unwrap();
    let mut out = Vec::new();
    let e = inflate(
        &mut ctx,
        &store,
        &[0xF5, 0x11, 0x02, 0x10, 0, 0, 0, 0, 0, 0, 0x11],
        &mut out,
    )
    .unwrap_err();
    assert!(e.contains("hashes to sha256"), "{e}");
}

/// Calls the exported functions through the UDF calling convention, as
/// mariadbd does.
#[test]
fn the_exported_functions_refuse_a_wrong_arity_and_answer_null_for_null() {
    let mut message = [0 as c_char; 512];
    let mut types: [c_int; 2] = [1, 1];
    let mut lengths: [c_ulong; 2] = [0, 0];
    let mut maybe_null: [c_char; 2] = [1, 1];
    let plain = b"{\"plain\":true}";
    let mut ptrs: [*mut c_char; 2] = [plain.as_ptr() as *mut c_char, std::ptr::null_mut()];
    lengths[0] = plain.len() as c_ulong;
    let mut args = UdfArgs {
        arg_count: 2,
        arg_type: types.as_mut_ptr(),
        args: ptrs.as_mut_ptr(),
        lengths: lengths.as_mut_ptr(),
        maybe_null: maybe_null.as_mut_ptr(),
        attributes: std::ptr::null_mut(),
        attribute_lengths: std::ptr::null_mut(),
        extension: std::ptr::null_mut(),
    };
    let mut init = UdfInit {
        maybe_null: 0,
        decimals: 0,
        max_length: 0,
        ptr: std::ptr::null_mut(),
        const_item: 0,
        extension: std::ptr::null_mut(),
    };
    // SAFETY: the structures are laid out as the server's and live for the calls.
    unsafe {
        assert!(squeeze_udf::squeeze_inflate_init(
            &mut init,
            &mut args,
            message.as_mut_ptr()
        ));
        let text = std::ffi::CStr::from_ptr(message.as_ptr())
            .to_string_lossy()
            .into_owned();
        assert!(text.contains("one argument"), "{text}");
        args.arg_count = 1;
        assert!(!squeeze_udf::squeeze_inflate_init(
            &mut init,
            &mut args,
            message.as_mut_ptr()
        ));
        assert_eq!(types[0], 0, "arguments are asked as strings");
        let (mut len, mut is_null, mut error): (c_ulong, c_char, c_char) = (0, 0, 0);
        let mut result = [0 as c_char; 255];
        let p = squeeze_udf::squeeze_inflate(
            &mut init,
            &mut args,
            result.as_mut_ptr(),
            &mut len,
            &mut is_null,
            &mut error,
        );
        assert_eq!((is_null, error), (0, 0));
        assert_eq!(
            std::slice::from_raw_parts(p.cast::<u8>(), len as usize),
            plain
        );
        *args.args = std::ptr::null_mut();
        squeeze_udf::squeeze_inflate(
            &mut init,
            &mut args,
            result.as_mut_ptr(),
            &mut len,
            &mut is_null,
            &mut error,
        );
        assert_eq!((is_null, error), (1, 0), "NULL for NULL");
        squeeze_udf::squeeze_inflate_deinit(&mut init);
        assert!(init.ptr.is_null());
    }
}
