//! Stored data made once and kept, for every thread: made outside the lock, so making
//! it may run parallel work. `OnceLock::get_or_init` holds its lock while it makes the
//! value: a thread of rayon's pool that asks for the value meanwhile blocks, and a
//! parallel job of the making thread may then wait for that thread forever.

use std::sync::OnceLock;

/// The value of `lock`, made by `make` the first time. Threads that ask before any
/// value is kept each make one (the same, as it comes from the same data) and the
/// first kept is the one every caller gets.
pub(crate) fn get_or_make<T>(lock: &OnceLock<T>, make: impl FnOnce() -> T) -> &T {
    if let Some(v) = lock.get() {
        return v;
    }
    let v = make();
    lock.get_or_init(|| v)
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use rayon::prelude::*;

    use super::*;

    #[test]
    fn making_the_value_may_run_parallel_work_while_pool_threads_ask_for_it() {
        static LOCK: OnceLock<u32> = OnceLock::new();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let v = get_or_make(&LOCK, || {
                // The pool's one thread asks for the value while it is being made (a
                // job queued first, taken first)...
                pool.spawn(|| {
                    get_or_make(&LOCK, || 1);
                });
                // ...and making it runs a job on that pool.
                pool.install(|| (0..4u32).into_par_iter().sum::<u32>())
            });
            tx.send(*v).unwrap();
        });
        // With the lock held while making the value, neither thread ever returns: fail
        // rather than hang.
        let v = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("deadlock: the pool's thread waits for the lock, the lock for the pool");
        assert!(v == 1 || v == 6, "{v}");
        assert_eq!(LOCK.get(), Some(&v));
    }
}
