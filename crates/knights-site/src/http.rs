//! The HTTP/1.1 side of `knights serve`, on std's listener: a thread per connection,
//! one request per connection (the response says `Connection: close`), and a time limit
//! on each socket, so an idle or slow client holds only its own thread, and only for
//! [`IDLE`]. A pool that hands connections to busy workers (tiny_http's did) lets one
//! idle client starve the requests queued behind it. The request head is read with
//! `httparse`; bodies are never read (the server answers only GET and HEAD).

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// How long a client may take to send its request head, and each write may block.
pub const IDLE: Duration = Duration::from_secs(10);

/// The largest request head read (a browser's is under 8 KiB).
const MAX_HEAD: usize = 16 * 1024;

/// The most header lines read.
const MAX_HEADERS: usize = 64;

/// A response: its status, headers and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn new(status: u16, body: Vec<u8>) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body,
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

    /// The status line, headers and (unless `head_only`) the body, as sent.
    fn to_bytes(&self, head_only: bool) -> Vec<u8> {
        let mut out = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
        out.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            self.body.len()
        ));
        let mut out = out.into_bytes();
        if !head_only {
            out.extend_from_slice(&self.body);
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
        _ => "",
    }
}

fn plain(status: u16, text: &str) -> Reply {
    Reply::new(status, format!("{text}\n").into_bytes())
        .with_header("Content-Type", "text/plain; charset=utf-8")
}

/// Accepts connections on `listener` and answers each on a thread of its own with
/// `answer(method, target)`; after `stop_after` connections (the last one answered on
/// this thread), returns. A failed accept (a client gone, no file descriptors left)
/// is skipped, not the end of the loop.
pub fn serve<F>(listener: &TcpListener, stop_after: Option<u64>, answer: F)
where
    F: Fn(&str, &str) -> Reply + Send + Sync + 'static,
{
    let answer = std::sync::Arc::new(answer);
    for accepted in 1.. {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        if stop_after.is_some_and(|n| accepted >= n) {
            connection(stream, &*answer);
            return;
        }
        let answer = std::sync::Arc::clone(&answer);
        // No thread to be had: the connection is dropped, the server goes on.
        let _ = std::thread::Builder::new()
            .name("knights-serve-connection".into())
            .spawn(move || connection(stream, &*answer));
    }
}

/// Reads one request from `stream`, answers it and closes the connection.
fn connection(mut stream: TcpStream, answer: &dyn Fn(&str, &str) -> Reply) {
    if stream.set_write_timeout(Some(IDLE)).is_err() {
        return;
    }
    let (reply, head_only) = match read_request(&mut stream) {
        Ok(Request::Complete { method, target }) => (answer(&method, &target), method == "HEAD"),
        Ok(Request::Bad(reply)) => (reply, false),
        Err(_) => return, // closed, timed out or reset before a whole head came
    };
    // A client that went away is no concern of the server's.
    if stream.write_all(&reply.to_bytes(head_only)).is_ok() {
        close(stream);
    }
}

/// Ends the connection after a response: the write side first, then what the client
/// may still send (a body) is read and dropped for a moment, so that closing with unread
/// bytes does not reset the connection before the client has read the response.
fn close(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let _ = io::copy(&mut (&mut stream).take(1 << 20), &mut io::sink());
}

/// What a connection asked.
enum Request {
    Complete {
        method: String,
        target: String,
    },
    /// A head that is not HTTP/1.x or too large: the answer to it.
    Bad(Reply),
}

/// Reads a request head from `stream`, for at most [`IDLE`] in all (a client that
/// sends a byte now and then does not hold its thread longer).
fn read_request(stream: &mut TcpStream) -> io::Result<Request> {
    let start = Instant::now();
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0; 4096];
    loop {
        let left = IDLE.checked_sub(start.elapsed()).unwrap_or_default();
        if left.is_zero() {
            return Ok(Request::Bad(plain(408, "the request took too long")));
        }
        stream.set_read_timeout(Some(left))?;
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        buf.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf) {
            Ok(httparse::Status::Complete(_)) => {
                return Ok(Request::Complete {
                    method: req.method.unwrap_or_default().to_string(),
                    target: req.path.unwrap_or_default().to_string(),
                })
            }
            Ok(httparse::Status::Partial) if buf.len() <= MAX_HEAD => {}
            Ok(httparse::Status::Partial) | Err(httparse::Error::TooManyHeaders) => {
                return Ok(Request::Bad(plain(431, "the request head is too large")))
            }
            Err(e) => return Ok(Request::Bad(plain(400, &format!("bad request: {e}")))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::SocketAddr;

    /// A server answering every request with its method and target, on a free port.
    fn start() -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            serve(&listener, None, |method, target| {
                plain(200, &format!("{method} {target}"))
            })
        });
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
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n", "a".repeat(MAX_HEAD));
        assert!(exchange(addr, long.as_bytes()).starts_with("HTTP/1.1 431 "));
    }

    /// Twenty clients that send half a head or half a body and wait: a request sent
    /// after them is answered all the same (the bound is far above any honest answer).
    #[test]
    fn idle_clients_do_not_starve_the_others() {
        let addr = start();
        let idle: Vec<_> = (0..20)
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
            .expect("answered while twenty clients idle");
        assert!(raw.starts_with(b"HTTP/1.1 200 "));
        drop(idle);
    }
}
