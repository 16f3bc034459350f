//! The connections that wait on their client, all polled by one thread (mio), so that
//! an idle client costs its buffer and a file descriptor, not a thread:
//! - those still sending their request head: each has until [`IDLE`] after it
//!   connected for its whole head (a byte now and then does not extend it); then it
//!   gets 408 and is closed. A complete head goes to the workers.
//! - those answered, whose client may still send (a body the server does not want):
//!   what comes is read and dropped for at most [`DRAIN`], then the connection is
//!   closed (closing with unread bytes would reset it before the client has read the
//!   answer).

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use mio::net::{TcpListener, TcpStream};
use mio::{Events, Interest, Poll, Token};

use super::send::{Job, Pool};
use super::{plain, Reply, IDLE};

/// The largest request head read (a browser's is under 8 KiB).
pub const MAX_HEAD: usize = 16 * 1024;

/// The most header lines read.
const MAX_HEADERS: usize = 64;

/// The most connections waiting for their head (and, apart, being closed); past it,
/// the oldest is closed to make room (it has waited longest, and honest clients send
/// their head at once).
const MAX_WAITING: usize = 4096;

/// How long what a client sends after its answer is read and dropped, in all.
pub const DRAIN: Duration = Duration::from_secs(1);

pub const LISTENER: Token = Token(0);
pub const WAKER: Token = Token(1);

/// A connection whose head is not yet complete, or that is being closed.
struct Waiting {
    stream: TcpStream,
    head: Vec<u8>,
    deadline: Instant,
}

/// The connections polled, by token. Tokens rise with each connection, and each set
/// gives all its members the same time, so a set's first is the one whose deadline
/// comes first.
struct Sets {
    heads: BTreeMap<usize, Waiting>,
    closing: BTreeMap<usize, Waiting>,
    next: usize,
}

/// What a connection's bytes so far make.
enum Head {
    Partial,
    Complete {
        method: String,
        target: String,
    },
    /// Not HTTP/1.x, or too large: the answer to it.
    Bad(Reply),
}

/// Accepts connections on `listener` and reads their heads, handing each complete one
/// to `pool`, and closes the connections the workers send back on `answered`. After
/// `stop_after` connections, stops accepting and returns once the last head is read.
pub fn run(
    mut poll: Poll,
    mut listener: TcpListener,
    answered: &Receiver<std::net::TcpStream>,
    stop_after: Option<u64>,
    pool: &Pool,
) -> io::Result<()> {
    poll.registry()
        .register(&mut listener, LISTENER, Interest::READABLE)?;
    let mut events = Events::with_capacity(1024);
    let mut sets = Sets {
        heads: BTreeMap::new(),
        closing: BTreeMap::new(),
        next: 2,
    };
    let (mut accepted, mut accepting) = (0u64, true);
    // Set when an accept failed for want of resources (file descriptors): no event
    // comes for the connections still waiting (the poll is edge-triggered), so they
    // are tried again after a short wait.
    let mut retry = false;
    while accepting || !sets.heads.is_empty() {
        let timeout = match (sets.timeout(), retry) {
            (t, false) => t,
            (t, true) => Some(t.map_or(RETRY, |t| t.min(RETRY))),
        };
        if let Err(e) = poll.poll(&mut events, timeout) {
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        let listening = retry || events.iter().any(|e| e.token() == LISTENER);
        if listening && accepting {
            let stop = stop_after.map(|n| n - accepted.min(n));
            let (taken, full) = accept(&listener, &mut sets, &poll, stop);
            accepted += taken;
            retry = full;
            if stop_after.is_some_and(|n| accepted >= n) {
                accepting = false;
                poll.registry().deregister(&mut listener)?;
            }
        }
        for event in &events {
            match event.token() {
                LISTENER => {}
                WAKER => {
                    for stream in answered.try_iter() {
                        if stream.set_nonblocking(true).is_ok() {
                            sets.add(&poll, TcpStream::from_std(stream), true, DRAIN);
                        }
                    }
                }
                Token(t) => sets.readable(&poll, t, pool),
            }
        }
        sets.expire(Instant::now());
    }
    Ok(())
}

/// How long before accepting again after an accept failed for want of resources.
const RETRY: Duration = Duration::from_millis(50);

/// Accepts the connections waiting on `listener` (at most `limit`), each to be read;
/// returns how many, and whether an accept failed with connections perhaps left.
fn accept(listener: &TcpListener, sets: &mut Sets, poll: &Poll, limit: Option<u64>) -> (u64, bool) {
    let mut taken = 0;
    while limit.is_none_or(|n| taken < n) {
        match listener.accept() {
            Ok((stream, _)) => {
                taken += 1;
                sets.add(poll, stream, false, IDLE);
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return (taken, false),
            // A client gone before it was accepted, or a signal: the next one.
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted | io::ErrorKind::Interrupted
                ) => {}
            Err(_) => return (taken, true),
        }
    }
    (taken, false)
}

impl Sets {
    /// How long until the first deadline, if any connection waits.
    fn timeout(&self) -> Option<Duration> {
        let first = [&self.heads, &self.closing]
            .into_iter()
            .filter_map(|set| set.values().next().map(|w| w.deadline))
            .min()?;
        Some(first.saturating_duration_since(Instant::now()))
    }

    /// Polls `stream` for `within`, as a head to read or (`closing`) a connection to
    /// drain and close.
    fn add(&mut self, poll: &Poll, mut stream: TcpStream, closing: bool, within: Duration) {
        let set = if closing {
            &mut self.closing
        } else {
            &mut self.heads
        };
        if set.len() >= MAX_WAITING {
            if let Some((_, oldest)) = set.pop_first() {
                drop_after(oldest.stream, None);
            }
        }
        let token = self.next;
        self.next += 1;
        let registered = poll
            .registry()
            .register(&mut stream, Token(token), Interest::READABLE);
        if registered.is_ok() {
            let (head, deadline) = (Vec::new(), Instant::now() + within);
            set.insert(
                token,
                Waiting {
                    stream,
                    head,
                    deadline,
                },
            );
        }
    }

    /// Reads what the client of `token` sent: a head is handed over once whole, a
    /// closing connection's bytes are dropped.
    fn readable(&mut self, poll: &Poll, token: usize, pool: &Pool) {
        if let Some(w) = self.closing.get_mut(&token) {
            if !drain(&mut w.stream) {
                self.closing.remove(&token); // closed by its client, or reset
            }
            return;
        }
        let Some(w) = self.heads.get_mut(&token) else {
            return;
        };
        match read_head(w) {
            Ok(Head::Partial) => {}
            Ok(head) => {
                let w = self.heads.remove(&token).expect("just read");
                hand_over(poll, w.stream, head, pool);
            }
            Err(_) => {
                self.heads.remove(&token); // closed or reset
            }
        }
    }

    /// Answers 408 to the heads not whole by `now`, and closes the connections
    /// drained long enough.
    fn expire(&mut self, now: Instant) {
        while let Some(e) = self.heads.first_entry() {
            if e.get().deadline > now {
                break;
            }
            let late = e.remove();
            drop_after(late.stream, Some(plain(408, "the request took too long")));
        }
        while let Some(e) = self.closing.first_entry() {
            if e.get().deadline > now {
                break;
            }
            e.remove();
        }
    }
}

/// Reads what `w`'s client has sent (until it would block) and parses the head.
fn read_head(w: &mut Waiting) -> io::Result<Head> {
    let mut chunk = [0; 4096];
    loop {
        match w.stream.read(&mut chunk) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => w.head.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(parse(&w.head)),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
        if w.head.len() > MAX_HEAD {
            return Ok(parse(&w.head));
        }
    }
}

/// The request that `bytes` make, so far.
fn parse(bytes: &[u8]) -> Head {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(bytes) {
        Ok(httparse::Status::Complete(_)) => Head::Complete {
            method: req.method.unwrap_or_default().to_string(),
            target: req.path.unwrap_or_default().to_string(),
        },
        Ok(httparse::Status::Partial) if bytes.len() <= MAX_HEAD => Head::Partial,
        Ok(httparse::Status::Partial) | Err(httparse::Error::TooManyHeaders) => {
            Head::Bad(plain(431, "the request head is too large"))
        }
        Err(e) => Head::Bad(plain(400, &format!("bad request: {e}"))),
    }
}

/// Gives a complete request to the workers (503 when their queue is full), or
/// answers a bad one.
fn hand_over(poll: &Poll, mut stream: TcpStream, head: Head, pool: &Pool) {
    let _ = poll.registry().deregister(&mut stream);
    match head {
        Head::Complete { method, target } => {
            let job = Job {
                stream: stream.into(),
                method,
                target,
            };
            if let Err(job) = pool.offer(job) {
                let busy =
                    plain(503, "the server is busy: try again").with_header("Retry-After", "1");
                drop_after(TcpStream::from_std(job.stream), Some(busy));
            }
        }
        Head::Bad(reply) => drop_after(stream, Some(reply)),
        Head::Partial => {} // never handed over: the poller keeps reading it
    }
}

/// Reads and drops what the client has sent so far (up to 256 KiB, the rest at the
/// next event); false once it has closed (or the connection failed).
fn drain(stream: &mut TcpStream) -> bool {
    let mut sink = [0; 4096];
    for _ in 0..64 {
        match stream.read(&mut sink) {
            Ok(0) => return false,
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
    true
}

/// Sends `reply` (small: it fits the socket's buffer, so it is written at once or
/// not at all), drops what the client has sent so far, and closes.
fn drop_after(mut stream: TcpStream, reply: Option<Reply>) {
    if let Some(reply) = reply {
        let _ = stream.write_all(&reply.small_bytes());
    }
    let _ = stream.shutdown(std::net::Shutdown::Write);
    drain(&mut stream);
}
