//! A canary for the machine (`LOAD_CANARY`): one thread repeats the same fixed arithmetic every
//! 2 ms and records the CPU time each block took. On a steady machine that time is the same
//! every block; when the host slows the virtual CPUs (docs/perf/quote-store.md, fifteenth part),
//! it grows for every process at once, this thread's included, though it shares nothing with the
//! servers. A fixed-rate phase's tail can then be told apart from a slow machine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::unix_now;

/// A block slower than this many times the median is counted as slowed.
const SLOW: u32 = 5;

/// One block: when it started (Unix seconds) and the CPU time it took.
#[derive(Clone, Copy)]
struct Block {
    at: f64,
    cpu: Duration,
}

/// The running canary; it stops when dropped.
pub struct Canary {
    blocks: Arc<Mutex<Vec<Block>>>,
    stop: Arc<AtomicBool>,
}

impl Canary {
    pub fn start() -> Canary {
        let blocks = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (record, stopped) = (blocks.clone(), stop.clone());
        std::thread::Builder::new()
            .name("canary".into())
            .spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    let at = unix_now();
                    let cpu = timed_block();
                    record.lock().unwrap().push(Block { at, cpu });
                    std::thread::sleep(Duration::from_millis(2));
                }
            })
            .unwrap_or_else(|e| panic!("canary thread: {e}"));
        Canary { blocks, stop }
    }

    /// What the canary saw between two Unix times: how many blocks, how many slowed (against
    /// the median of every block so far) and the longest run of slowed blocks.
    pub fn report(&self, from: f64, to: f64) -> String {
        let blocks = self.blocks.lock().unwrap().clone();
        let mut all: Vec<Duration> = blocks.iter().map(|b| b.cpu).collect();
        all.sort();
        let Some(&median) = all.get(all.len() / 2) else {
            return "canary: no block yet".into();
        };
        let within: Vec<&Block> = blocks
            .iter()
            .filter(|b| (from..to).contains(&b.at))
            .collect();
        let slowed: Vec<&&Block> = within.iter().filter(|b| b.cpu > median * SLOW).collect();
        // Slowed blocks less than 50 ms apart are one event.
        let mut events: Vec<(f64, f64)> = Vec::new();
        for block in &slowed {
            match events.last_mut() {
                Some((_, end)) if block.at - *end < 0.05 => *end = block.at,
                _ => events.push((block.at, block.at)),
            }
        }
        let longest = events.iter().map(|(a, b)| b - a).fold(0.0, f64::max) * 1000.0;
        format!(
            "canary: {} of {} blocks over {SLOW}x the median CPU time ({} µs), in {} events, the longest {:.0} ms",
            slowed.len(),
            within.len(),
            median.as_micros(),
            events.len(),
            longest,
        )
    }
}

impl Drop for Canary {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// About 150 µs of dependent multiplications, and the CPU time this thread spent on them.
fn timed_block() -> Duration {
    let before = thread_cpu();
    let mut x: u64 = 1;
    for _ in 0..100_000 {
        x = std::hint::black_box(
            x.wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407),
        );
    }
    std::hint::black_box(x);
    thread_cpu().saturating_sub(before)
}

fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}
