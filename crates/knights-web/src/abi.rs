//! The module's exports, for a host without wasm-bindgen: the host writes a UTF-8
//! request into memory it got from [`knights_alloc`], calls an export with the pointer
//! and length, and reads the answer (a string) at [`knights_out_ptr`],
//! [`knights_out_len`]. Each export returns 0 when the answer is the thing asked for and
//! 1 when it is the one-line reason it cannot be made (the command line's message).
//! The last tour built is kept, so that measuring, drawing and writing it again with
//! other drawing options does not build it again. The module runs on one thread.
#![allow(unsafe_code)]

use std::cell::RefCell;

use knights_core::Error;

use crate::{Ask, Explored};

thread_local! {
    /// The last tour or tourney built.
    static BUILT: RefCell<Option<Explored>> = const { RefCell::new(None) };
    /// The last answer, read by the host.
    static OUT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Reserves `len` bytes for the host to write a request into.
#[no_mangle]
pub extern "C" fn knights_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Gives back memory from [`knights_alloc`].
///
/// # Safety
/// `ptr` and `len` are exactly what one call of [`knights_alloc`] gave and took, and the
/// memory is given back once.
#[no_mangle]
pub unsafe extern "C" fn knights_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller hands back a vector `knights_alloc` made with this capacity.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Where the last answer starts.
#[no_mangle]
pub extern "C" fn knights_out_ptr() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// The last answer's length in bytes.
#[no_mangle]
pub extern "C" fn knights_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// Builds and proves the tour or tourney a request names (`board=8x8&algo=besa`) and
/// keeps it; the answer is what `knights verify` says of it.
///
/// # Safety
/// `ptr` points to `len` bytes the host wrote (from [`knights_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn knights_build(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let text = unsafe { request(ptr, len) };
    answer(Ask::parse(&text).and_then(|ask| {
        let built = Explored::build(&ask)?;
        let summary = built.summary();
        BUILT.with(|b| *b.borrow_mut() = Some(built));
        Ok(summary)
    }))
}

/// Reads a tour or tourney file's text, proves it and keeps it, as `knights verify`.
///
/// # Safety
/// As [`knights_build`].
#[no_mangle]
pub unsafe extern "C" fn knights_verify(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let text = unsafe { request(ptr, len) };
    answer(Explored::read(&text, "the tour file").map(|built| {
        let summary = built.summary();
        BUILT.with(|b| *b.borrow_mut() = Some(built));
        summary
    }))
}

/// The kept tour's drawing with a request's drawing options (`show`, `theme`, `style`,
/// `region`, `legend`; the rest is ignored): the SVG `knights render` writes.
///
/// # Safety
/// As [`knights_build`].
#[no_mangle]
pub unsafe extern "C" fn knights_svg(ptr: *const u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let text = unsafe { request(ptr, len) };
    answer(Ask::parse(&text).and_then(|ask| with_built(|b| b.svg(&ask))))
}

/// The kept tour's measures as JSON (`knights metrics --json`).
#[no_mangle]
pub extern "C" fn knights_metrics() -> u32 {
    answer(with_built(|b| Ok(b.metrics_json())))
}

/// The kept tour's JSON file.
#[no_mangle]
pub extern "C" fn knights_json() -> u32 {
    answer(with_built(Explored::json))
}

/// The request the host wrote, as text (bad UTF-8 replaced, to be refused by name).
///
/// # Safety
/// `ptr` points to `len` readable bytes.
unsafe fn request(ptr: *const u8, len: usize) -> String {
    if len == 0 {
        return String::new();
    }
    // SAFETY: as the caller promises.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// `f` of the kept tour, or the reason there is none.
fn with_built(f: impl FnOnce(&Explored) -> Result<String, Error>) -> Result<String, Error> {
    BUILT.with(|b| match b.borrow().as_ref() {
        Some(built) => f(built),
        None => Err(Error::invalid("nothing built yet: build a board first")),
    })
}

/// Stores the answer for the host: 0 and the thing asked for, or 1 and the reason.
fn answer(result: Result<String, Error>) -> u32 {
    let (code, text) = match result {
        Ok(text) => (0, text),
        Err(e) => (1, e.to_string()),
    };
    OUT.with(|o| *o.borrow_mut() = text);
    code
}
