//! A bot as a child process: write lines to its stdin, read lines from its stdout with a
//! deadline, keep the tail of its stderr, and always kill and reap it.
//!
//! Each bot runs in a process group of its own, and killing it kills the whole group, so a bot
//! that is a shell script or starts helpers leaves nothing behind. Every live group is listed, so
//! that [`kill_all`] (the arena's Ctrl-C handler) can stop them all.

use crate::record::Failure;
use crate::BotCommand;
use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::collections::BTreeSet;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Longest stdout line kept, in bytes; a longer one is cut (a flooding bot cannot exhaust memory).
pub const MAX_LINE: u64 = 4096;
/// How much of the end of stderr is kept, in bytes.
pub const STDERR_TAIL: usize = 4096;

/// Process groups of the bots now running, and whether [`kill_all`] has closed the arena to new
/// ones.
struct Live {
    groups: BTreeSet<i32>,
    closed: bool,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    groups: BTreeSet::new(),
    closed: false,
});

fn live() -> std::sync::MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every bot's process group still running and refuses every later [`BotProcess::spawn`]
/// (for an interrupted arena, which exits next).
///
/// Without the refusal a worker whose game ended because its bot was just killed could start
/// the next game's bot between this call and the exit, and leave it running: spawning and
/// listing happen under the same lock as this, so each new bot is either listed before it (and
/// killed) or refused after it.
pub fn kill_all() {
    let mut live = live();
    live.closed = true;
    for &group in live.groups.iter() {
        let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    }
}

/// What waiting for a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recv {
    /// One line, without its line ending.
    Line(String),
    /// The deadline passed first.
    Timeout,
    /// The bot closed its stdout (usually: it exited).
    Closed,
}

/// Runs `cmd` to its end with `input` on stdin (then closed), for tests of a bot's handling of
/// bad input: returns its exit status and stderr (stdout is discarded).
pub fn run_with_input(cmd: &BotCommand, input: &[u8]) -> io::Result<(ExitStatus, String)> {
    let mut child = Command::new(&cmd.program)
        .args(&cmd.args)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A bot that exits before reading everything closes the pipe: not an error here.
    let _ = stdin.write_all(input);
    drop(stdin);
    let group = child.id() as i32;
    let out = child.wait_with_output();
    let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
    let out = out?;
    Ok((
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// A running bot. Dropping it kills and reaps the process.
pub struct BotProcess {
    child: std::process::Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    started: Instant,
}

impl BotProcess {
    /// After the game: the program (the player in `seat`) must exit 0 within `timeout` and
    /// print nothing more; otherwise its fault.
    pub fn finish_game(&mut self, timeout: Duration, seat: usize) -> Result<(), Failure> {
        let status = self.wait_exit(timeout);
        let extra = self.remaining_lines(Duration::from_millis(20));
        if let Some(line) = extra.first() {
            return Err(Failure::protocol(
                seat,
                format!("printed {line:?} after the game ended"),
            ));
        }
        match status {
            None => Err(Failure::protocol(
                seat,
                format!(
                    "did not exit within {} ms after the game ended",
                    timeout.as_millis()
                ),
            )),
            Some(s) if !s.success() => Err(Failure::crash(seat, format!("exited with {s}"))),
            Some(_) => Ok(()),
        }
    }

    /// Starts `cmd` with piped stdin, stdout and stderr.
    pub fn spawn(cmd: &BotCommand) -> io::Result<BotProcess> {
        let mut child = {
            let mut live = live();
            if live.closed {
                return Err(io::Error::new(
                    io::ErrorKind::Interrupted,
                    "the arena is stopping: no new bots",
                ));
            }
            let child = Command::new(&cmd.program)
                .args(&cmd.args)
                .process_group(0)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()?;
            live.groups.insert(child.id() as i32);
            child
        };
        let started = Instant::now();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf);
                        let line = text.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let mut err_pipe = child.stderr.take().expect("piped stderr");
        let tail = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut chunk = [0u8; 1024];
            while let Ok(n) = err_pipe.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&chunk[..n]);
                let excess = t.len().saturating_sub(STDERR_TAIL);
                t.drain(..excess);
            }
        });
        Ok(BotProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
            started,
        })
    }

    /// When the process was started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Writes `line` and a newline to the bot's stdin and flushes.
    pub fn send_line(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// Closes the bot's stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits up to `timeout` for the next stdout line.
    pub fn recv_line(&mut self, timeout: Duration) -> Recv {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Recv::Line(line),
            Err(RecvTimeoutError::Timeout) => Recv::Timeout,
            Err(RecvTimeoutError::Disconnected) => Recv::Closed,
        }
    }

    /// Waits up to `timeout` for the bot to exit; kills it if it has not. `None` if it was killed.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.kill_group();
                    return Some(status);
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1))
                }
                _ => {
                    self.kill();
                    return None;
                }
            }
        }
    }

    /// Lines the bot printed that have not been read yet (waits up to `timeout` for the first).
    pub fn remaining_lines(&mut self, timeout: Duration) -> Vec<String> {
        let mut out = Vec::new();
        if let Recv::Line(l) = self.recv_line(timeout) {
            out.push(l);
            while let Ok(l) = self.lines.try_recv() {
                out.push(l);
            }
        }
        out
    }

    /// The last [`STDERR_TAIL`] bytes the bot wrote to stderr.
    pub fn stderr_tail(&self) -> String {
        let t = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&t).into_owned()
    }

    /// Kills the process and everything it started (its process group), and reaps it.
    pub fn kill(&mut self) {
        self.stdin = None;
        self.kill_group();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Kills the bot's process group once (helpers it left behind included). The group id is
    /// the bot's pid: not reused before the bot is reaped, and at most microseconds after
    /// (`wait_exit`), far less than the kernel takes to cycle through its pids.
    fn kill_group(&mut self) {
        let group = self.child.id() as i32;
        if live().groups.remove(&group) {
            let _ = killpg(Pid::from_raw(group), Signal::SIGKILL);
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
