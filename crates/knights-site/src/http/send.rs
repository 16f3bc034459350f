//! The workers that answer complete requests: a fixed number of threads fed through a
//! bounded queue. Each asks the server for the answer and sends it, the body in
//! chunks of [`CHUNK`] bytes, within a deadline for the whole response: a client that
//! reads slower than [`MIN_RATE`] (or not at all) is cut off, so a worker is held for a
//! bounded time by any client. The answered connection goes back to the poller to be
//! closed, so no worker waits for what a client sends after its answer.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc::{self, Sender, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{Answer, Body, IDLE};

/// The workers: enough for many downloads at once, few enough that their stacks
/// (2 MiB of address space each, a few pages touched) stay small.
pub(super) const WORKERS: usize = 32;

/// Complete requests waiting for a worker; past it, 503.
const QUEUE: usize = 256;

/// The bytes read from a file and written to the socket at a time.
const CHUNK: usize = 64 * 1024;

/// The slowest a client may read a response: a response of `n` bytes must be sent
/// within [`IDLE`] plus `n` at this rate (the server is on the loopback interface,
/// where a reader that keeps up reads a thousand times faster).
pub const MIN_RATE: u64 = 1024 * 1024;

/// Where a worker sends its answered connections: to the poller, which it wakes.
pub struct Back {
    pub streams: Sender<TcpStream>,
    pub waker: mio::Waker,
}

/// A request whose head is complete, for a worker.
pub struct Job {
    pub stream: TcpStream,
    pub method: String,
    pub target: String,
}

/// The worker threads and the queue that feeds them.
pub struct Pool {
    queue: SyncSender<Job>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Starts the workers, each answering with `answer`.
    pub fn start(answer: Arc<Answer>, back: Back) -> io::Result<Pool> {
        let (queue, jobs) = mpsc::sync_channel::<Job>(QUEUE);
        let jobs = Arc::new(Mutex::new(jobs));
        let back = Arc::new(back);
        let mut workers = Vec::with_capacity(WORKERS);
        for _ in 0..WORKERS {
            let (jobs, answer, back) = (Arc::clone(&jobs), Arc::clone(&answer), Arc::clone(&back));
            let worker = std::thread::Builder::new()
                .name("knights-serve-worker".into())
                .stack_size(256 * 1024)
                .spawn(move || loop {
                    let next = jobs.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok(job) = next else { return };
                    respond(job, &*answer, &back);
                })?;
            workers.push(worker);
        }
        Ok(Pool { queue, workers })
    }

    /// Queues `job`, or gives it back when the queue is full.
    pub fn offer(&self, job: Job) -> Result<(), Job> {
        match self.queue.try_send(job) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(job) | TrySendError::Disconnected(job)) => Err(job),
        }
    }

    /// Waits for the queued requests to be answered, and ends the workers.
    pub fn finish(self) {
        drop(self.queue);
        for w in self.workers {
            let _ = w.join();
        }
    }
}

/// Answers `job` and closes its connection. A client that went away, or is too slow,
/// is no concern of the server's.
fn respond(job: Job, answer: &Answer, back: &Back) {
    let Job {
        mut stream,
        method,
        target,
    } = job;
    let reply = answer(&method, &target);
    let deadline = Instant::now() + IDLE + Duration::from_secs(reply.len() / MIN_RATE);
    if stream.set_nonblocking(false).is_err() || stream.set_write_timeout(Some(IDLE)).is_err() {
        return;
    }
    let head = reply.head();
    let sent = match (method == "HEAD", reply.body) {
        (true, _) => stream.write_all(&head),
        (false, Body::Bytes(bytes)) => stream
            .write_all(&head)
            .and_then(|()| stream.write_all(&bytes)),
        (false, Body::Stream { len, mut reader }) => stream
            .write_all(&head)
            .and_then(|()| copy(&mut *reader, len, &mut stream, deadline)),
    };
    if sent.is_ok() && stream.shutdown(Shutdown::Write).is_ok() {
        // The poller drains and closes it; if it has stopped, closed here and now.
        if back.streams.send(stream).is_ok() {
            let _ = back.waker.wake();
        }
    }
}

/// Copies the `len` bytes of `from` to `to` a chunk at a time, failing once
/// `deadline` has passed or when `from` ends early (a file cut short: the client must
/// not take it for whole).
fn copy(from: &mut dyn Read, len: u64, to: &mut TcpStream, deadline: Instant) -> io::Result<()> {
    let mut chunk = vec![0; CHUNK];
    let mut left = len;
    while left > 0 {
        let want = chunk.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = match from.read(&mut chunk[..want]) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if Instant::now() > deadline {
            return Err(io::ErrorKind::TimedOut.into());
        }
        to.write_all(&chunk[..n])?;
        left -= n as u64;
    }
    Ok(())
}
