//! The HTTP/1.1 side of `knights serve`: one request per connection (the response says
//! `Connection: close`), every wait bounded.
//!
//! Two parts, so that idle clients cost neither threads nor the others' time:
//! - [`poller`]: one thread polls every connection still sending its request head
//!   (mio, non-blocking), and those answered but not yet closed. Thousands of idle or
//!   trickling clients cost a few hundred bytes each and no thread; one whose head is
//!   not in after [`IDLE`] gets 408 and is closed, and what a client sends after its
//!   answer is dropped for at most [`poller::DRAIN`]. A thread per connection (2,374 threads for 3,000 idle clients) and a pool
//!   that reads heads on its workers (one idle client starves the requests queued
//!   behind it: tiny_http's) both fail one way or the other.
//! - [`send`]: a fixed pool of workers answers the complete requests handed to it
//!   through a bounded queue (full: 503 at once) and streams each body in chunks, so a
//!   download holds one chunk of memory, whatever the file's size, and a HEAD reads
//!   nothing. A response has a deadline of its own: [`IDLE`] plus its length at
//!   [`send::MIN_RATE`].
//!
//! The request head is parsed with `httparse`; bodies are never read (the server
//! answers only GET and HEAD).

mod poller;
mod send;

use std::io::{self, Read};
use std::net::TcpListener;
use std::time::Duration;

/// How long a client may take to send its whole request head, and each write of the
/// response may block.
pub const IDLE: Duration = Duration::from_secs(10);

/// A response: its status, headers and body.
pub struct Reply {
    pub status: u16,
    headers: Vec<(String, String)>,
    body: Body,
}

/// What a response carries: bytes in memory (error pages, small answers), or a reader
/// of known length streamed in chunks (the site's files), never read for a HEAD.
enum Body {
    Bytes(Vec<u8>),
    Stream {
        len: u64,
        reader: Box<dyn Read + Send>,
    },
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("status", &self.status)
            .field("headers", &self.headers)
            .field("len", &self.len())
            .finish()
    }
}

impl Reply {
    pub fn new(status: u16, body: Vec<u8>) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: Body::Bytes(body),
        }
    }

    /// A response whose body, `len` bytes, is read from `reader` as it is sent.
    pub fn stream(status: u16, len: u64, reader: Box<dyn Read + Send>) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body: Body::Stream { len, reader },
        }
    }

    pub fn with_header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    /// The value of the header `name`, if set (for the tests).
    #[cfg(test)]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The body's length in bytes (its `Content-Length`).
    pub fn len(&self) -> u64 {
        match &self.body {
            Body::Bytes(b) => b.len() as u64,
            Body::Stream { len, .. } => *len,
        }
    }

    /// The whole body, read (for the tests).
    #[cfg(test)]
    pub fn into_body(self) -> Vec<u8> {
        match self.body {
            Body::Bytes(b) => b,
            Body::Stream { reader, .. } => {
                let mut out = Vec::new();
                reader.take(u64::MAX).read_to_end(&mut out).unwrap();
                out
            }
        }
    }

    /// The status line and headers, as sent.
    fn head(&self) -> Vec<u8> {
        let mut out = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.len()
        ));
        out.into_bytes()
    }

    /// The head and a body held in memory, as sent (the small answers the poller
    /// writes itself: 400, 408, 431, 503).
    fn small_bytes(&self) -> Vec<u8> {
        let mut out = self.head();
        if let Body::Bytes(b) = &self.body {
            out.extend_from_slice(b);
        }
        out
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

fn plain(status: u16, text: &str) -> Reply {
    Reply::new(status, format!("{text}\n").into_bytes())
        .with_header("Content-Type", "text/plain; charset=utf-8")
}

/// The function that answers a request: `answer(method, target)`.
pub type Answer = dyn Fn(&str, &str) -> Reply + Send + Sync;

/// Serves `listener` until `stop_after` connections have been accepted and answered
/// (none: for ever): the poller reads the heads on this thread, the workers answer.
pub fn serve<F>(listener: &TcpListener, stop_after: Option<u64>, answer: F) -> io::Result<()>
where
    F: Fn(&str, &str) -> Reply + Send + Sync + 'static,
{
    let poll = mio::Poll::new()?;
    let waker = mio::Waker::new(poll.registry(), poller::WAKER)?;
    let (streams, answered) = std::sync::mpsc::channel();
    let back = send::Back { streams, waker };
    let pool = send::Pool::start(std::sync::Arc::new(answer), back)?;
    let listener = listener.try_clone()?;
    listener.set_nonblocking(true)?;
    let listener = mio::net::TcpListener::from_std(listener);
    let polled = poller::run(poll, listener, &answered, stop_after, &pool);
    pool.finish();
    polled
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::net::{SocketAddr, TcpStream};
    use std::time::Instant;

    /// A server answering every request with its method and target, on a free port.
    fn start() -> SocketAddr {
        start_with(|method, target| plain(200, &format!("{method} {target}")))
    }

    fn start_with(answer: impl Fn(&str, &str) -> Reply + Send + Sync + 'static) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || serve(&listener, None, answer));
        addr
    }

    fn exchange(addr: SocketAddr, request: &[u8]) -> String {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        s.write_all(request).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).expect("an answer");
        String::from_utf8(raw).unwrap()
    }

    #[test]
    fn answers_one_request_and_closes() {
        let addr = start();
        let got = exchange(addr, b"GET /a%20b?x=1 HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(got.starts_with("HTTP/1.1 200 OK\r\n"), "{got}");
        assert!(got.contains("Connection: close\r\n"), "{got}");
        assert!(got.contains("Content-Length: 15\r\n"), "{got}");
        assert!(got.ends_with("\r\n\r\nGET /a%20b?x=1\n"), "{got}");
        // HEAD: the headers of GET, no body.
        let got = exchange(addr, b"HEAD / HTTP/1.0\r\n\r\n");
        assert!(
            got.ends_with("Content-Length: 7\r\nConnection: close\r\n\r\n"),
            "{got}"
        );
        // Not HTTP, or a head without end.
        assert!(exchange(addr, b"hello there\r\n\r\n").starts_with("HTTP/1.1 400 "));
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n", "a".repeat(poller::MAX_HEAD));
        assert!(exchange(addr, long.as_bytes()).starts_with("HTTP/1.1 431 "));
    }

    /// A reader that fails the test if it is ever read.
    struct Untouchable;
    impl Read for Untouchable {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            panic!("a HEAD read the body");
        }
    }

    /// A reader of `n` bytes that holds none of them (a file of `n` bytes, streamed).
    struct Zeros(u64);
    impl Read for Zeros {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.0 as usize);
            buf[..n].fill(b'z');
            self.0 -= n as u64;
            Ok(n)
        }
    }

    /// A streamed body is sent whole, in chunks, with its length; a HEAD of it sends
    /// the same head and never reads it.
    #[test]
    fn streams_bodies_and_a_head_reads_nothing() {
        let addr = start_with(|method, _| match method {
            "HEAD" => Reply::stream(200, 5_000_000, Box::new(Untouchable)),
            _ => Reply::stream(200, 5_000_000, Box::new(Zeros(5_000_000))),
        });
        let got = exchange(addr, b"HEAD /big HTTP/1.1\r\n\r\n");
        assert!(
            got.ends_with("Content-Length: 5000000\r\nConnection: close\r\n\r\n"),
            "{got}"
        );
        let got = exchange(addr, b"GET /big HTTP/1.1\r\n\r\n");
        let body = &got[got.find("\r\n\r\n").unwrap() + 4..];
        assert_eq!(body.len(), 5_000_000);
        assert!(body.bytes().all(|b| b == b'z'));
    }

    /// A client that sends its head a byte at a time, or half of it and nothing more,
    /// gets 408 once [`IDLE`] has passed since it connected, and is closed.
    #[test]
    fn idle_and_trickling_clients_get_408_and_are_closed() {
        let addr = start();
        let start = Instant::now();
        let idle = std::thread::spawn(move || exchange(addr, b"GET / HTTP/1.1\r\nHo"));
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        for b in b"GET / HTTP/1.1\r\nHost: a-long-trickled-header"
            .iter()
            .cycle()
        {
            if s.write_all(&[*b]).is_err() || start.elapsed() > IDLE * 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
            let mut peek = [0; 1];
            s.set_nonblocking(true).unwrap();
            let answered =
                !matches!(s.peek(&mut peek), Err(e) if e.kind() == io::ErrorKind::WouldBlock);
            s.set_nonblocking(false).unwrap();
            if answered {
                break;
            }
        }
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let took = start.elapsed();
        let raw = String::from_utf8_lossy(&raw);
        assert!(raw.starts_with("HTTP/1.1 408 "), "{raw}");
        assert!(
            took >= IDLE && took < IDLE + Duration::from_secs(3),
            "{took:?}"
        );
        let got = idle.join().unwrap();
        assert!(got.starts_with("HTTP/1.1 408 "), "{got}");
    }

    /// A thousand clients that send half a head or half a body and wait: a request
    /// sent after them is answered all the same (the bound is far above any honest
    /// answer).
    #[test]
    fn idle_clients_do_not_starve_the_others() {
        let addr = start();
        let idle: Vec<_> = (0..1000)
            .map(|i| {
                let mut s = TcpStream::connect(addr).unwrap();
                let half: &[u8] = if i % 2 == 0 {
                    b"GET / HTTP/1.1\r\nHo"
                } else {
                    b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc"
                };
                s.write_all(half).unwrap();
                s
            })
            .collect();
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        s.write_all(b"GET /next HTTP/1.1\r\n\r\n").unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw)
            .expect("answered while a thousand clients idle");
        assert!(raw.starts_with(b"HTTP/1.1 200 "));
        drop(idle);
    }

    /// A client that sends a body after the response, a byte now and then, is closed
    /// after at most [`poller::DRAIN`] (the poller drops what it sends meanwhile).
    #[test]
    fn a_body_trickled_after_the_response_is_cut_off() {
        let addr = start();
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(b"POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n")
            .unwrap();
        let start = Instant::now();
        let mut closed = false;
        while start.elapsed() < Duration::from_secs(8) {
            std::thread::sleep(Duration::from_millis(200));
            if s.write_all(b"x").is_err() {
                closed = true;
                break;
            }
        }
        assert!(closed, "the server still reads the trickled body");
        assert!(start.elapsed() < poller::DRAIN + Duration::from_secs(3));
    }

    /// Issue 39, case 15: a body trickled after the response held a worker thread
    /// past the deadline. More clients than there are workers trickle bodies after
    /// their answers: a request sent meanwhile is answered at once (no worker is
    /// held), and each trickler is closed within [`poller::DRAIN`] and a little.
    #[test]
    fn bodies_trickled_after_their_answers_hold_no_worker() {
        let addr = start();
        let mut tricklers: Vec<TcpStream> = (0..send::WORKERS + 8)
            .map(|_| {
                let mut s = TcpStream::connect(addr).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
                s.write_all(b"POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\nx")
                    .unwrap();
                s
            })
            .collect();
        for s in &mut tricklers {
            let mut got = Vec::new();
            let mut buf = [0; 512];
            while !got.ends_with(b"POST /\n") {
                let n = s.read(&mut buf).expect("answered");
                assert!(n > 0, "closed before the answer");
                got.extend_from_slice(&buf[..n]);
            }
            assert!(got.starts_with(b"HTTP/1.1 200 "));
        }
        let start = Instant::now();
        let mut open: Vec<bool> = vec![true; tricklers.len()];
        let mut asked = false;
        while open.iter().any(|&o| o) && start.elapsed() < poller::DRAIN * 5 {
            for (s, o) in tricklers.iter_mut().zip(open.iter_mut()) {
                *o = *o && s.write_all(b"x").is_ok();
            }
            if !asked {
                asked = true;
                let t = Instant::now();
                let got = exchange(addr, b"GET /meanwhile HTTP/1.1\r\n\r\n");
                assert!(got.starts_with("HTTP/1.1 200 "), "{got}");
                assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let still = open.iter().filter(|&&o| o).count();
        assert_eq!(
            still,
            0,
            "{still} tricklers still read after {:?}",
            start.elapsed()
        );
    }
}
