//! What the contest bots share: [`BotError`], the error that stops a bot when reading or writing
//! fails or the judge's input breaks the protocol (a bot prints it as one stderr line and exits
//! non-zero); [`Lines`], the judge's input line by line with numbers; [`two_ints`] for `x y`
//! arguments; `Ints` (feature `ints`), a judge that sends bare integers, read a value at a time. No
//! dependencies, so every bot can still be bundled into one source file.
//!
//! # Example
//!
//! ```
//! use bot_io::{two_ints, BotError, Lines};
//!
//! // A judge sends `MOVE x y` lines; a bad one becomes one clear error naming the line.
//! let mut lines = Lines::new("MOVE 8 8\nMOVE 7 x\n".as_bytes());
//! let line = lines.next("a move")?;
//! let parts: Vec<&str> = line.split_whitespace().collect();
//! assert_eq!(two_ints(&parts[1..], lines.no(), &line)?, (8, 8));
//! let line = lines.next("a move")?;
//! let parts: Vec<&str> = line.split_whitespace().collect();
//! let err = two_ints(&parts[1..], lines.no(), &line).unwrap_err();
//! assert_eq!(err.to_string(), "line 2 \"MOVE 7 x\": expected two integers");
//! assert!(lines.next("FINISH").is_err(), "the input ended");
//! # Ok::<(), BotError>(())
//! ```
//!
//! `examples/echo.rs` is a whole (tiny) bot on these pieces.

#[cfg(feature = "ints")]
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

/// Why a bot stopped with an error.
#[derive(Debug)]
pub enum BotError {
    /// Reading or writing failed.
    Io(io::Error),
    /// The judge's input broke the protocol; the text says what was read and where.
    Bad(String),
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Io(e) => write!(f, "i/o error: {e}"),
            BotError::Bad(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for BotError {}

impl From<io::Error> for BotError {
    fn from(e: io::Error) -> Self {
        BotError::Io(e)
    }
}

/// The judge's input, line by line, with 1-based line numbers for error messages.
pub struct Lines<R> {
    lines: io::Lines<R>,
    no: usize,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `input`.
    pub fn new(input: R) -> Lines<R> {
        Lines {
            lines: input.lines(),
            no: 0,
        }
    }

    /// The next line; the end of input is an error naming what was expected.
    pub fn next(&mut self, what: &str) -> Result<String, BotError> {
        self.no += 1;
        match self.lines.next() {
            Some(l) => Ok(l?),
            None => Err(BotError::Bad(format!(
                "input ended before {what} (line {})",
                self.no
            ))),
        }
    }

    /// The number of the line [`Lines::next`] returned last (1-based).
    pub fn no(&self) -> usize {
        self.no
    }
}

/// A judge's input of whitespace-separated integers, read a value (a fixed number of integers)
/// at a time. Tolerant of layout — any whitespace between integers, a value may span lines —
/// but strict about content: a non-number, a line holding more numbers than the value being
/// read, or input ending in the middle of a value is a [`BotError::Bad`] naming what was read.
///
/// ```
/// use bot_io::Ints;
///
/// let mut ints = Ints::new("0\n1 2\n3 4\n".as_bytes());
/// assert_eq!(ints.read::<1>("a color")?, Some([0]));
/// assert_eq!(ints.read::<4>("a move")?, Some([1, 2, 3, 4]));
/// assert_eq!(ints.read::<4>("a move")?, None, "the input ended cleanly");
/// let err = Ints::new("1 2 3 4 5\n".as_bytes()).read::<4>("a move").unwrap_err();
/// assert_eq!(err.to_string(), "line 1 \"1 2 3 4 5\" holds 5 numbers, but a move needs 4");
/// # Ok::<(), bot_io::BotError>(())
/// ```
///
/// Behind the feature `ints` (off by default).
#[cfg(feature = "ints")]
pub struct Ints<R> {
    input: R,
    pending: VecDeque<String>,
    line_no: u64,
    line: String,
}

#[cfg(feature = "ints")]
impl<R: BufRead> Ints<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Self {
        Ints {
            input,
            pending: VecDeque::new(),
            line_no: 0,
            line: String::new(),
        }
    }

    /// The next `N` integers, for `what` (named in errors). `Ok(None)`: the input ended before
    /// any of them.
    pub fn read<const N: usize>(&mut self, what: &str) -> Result<Option<[i64; N]>, BotError> {
        let mut out = [0i64; N];
        let mut got = 0;
        while got < N {
            if self.pending.is_empty() {
                // A line that is not UTF-8 is malformed input, not an i/o failure.
                let mut raw = Vec::new();
                let n = self.input.read_until(b'\n', &mut raw)?;
                if n == 0 {
                    if got == 0 {
                        return Ok(None);
                    }
                    return Err(BotError::Bad(format!(
                        "input ended while reading {what}: got only {:?}",
                        &out[..got]
                    )));
                }
                self.line_no += 1;
                self.line = String::from_utf8_lossy(&raw).into_owned();
                let tokens: Vec<String> = self.line.split_whitespace().map(String::from).collect();
                if tokens.len() > N - got {
                    return Err(BotError::Bad(format!(
                        "line {} {:?} holds {} numbers, but {what} needs {}",
                        self.line_no,
                        self.line.trim_end(),
                        tokens.len(),
                        N - got
                    )));
                }
                self.pending.extend(tokens);
                continue;
            }
            let tok = self.pending.pop_front().expect("non-empty");
            out[got] = tok.parse().map_err(|_| {
                BotError::Bad(format!(
                    "line {} {:?}: {tok:?} is not an integer (reading {what})",
                    self.line_no,
                    self.line.trim_end()
                ))
            })?;
            got += 1;
        }
        Ok(Some(out))
    }
}

/// The first two of `parts` as integers, or an error naming line `line_no`, `line`.
pub fn two_ints(parts: &[&str], line_no: usize, line: &str) -> Result<(i64, i64), BotError> {
    let bad = || BotError::Bad(format!("line {line_no} {line:?}: expected two integers"));
    match parts {
        [x, y, ..] => Ok((x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let e = BotError::from(io::Error::new(io::ErrorKind::BrokenPipe, "gone"));
        assert_eq!(e.to_string(), "i/o error: gone");
        assert_eq!(BotError::Bad("line 3: x".into()).to_string(), "line 3: x");
    }

    #[test]
    fn lines_and_integers() {
        let mut l = Lines::new("a\nb 1 2\n".as_bytes());
        assert_eq!(l.next("a").unwrap(), "a");
        let b = l.next("b").unwrap();
        assert_eq!(l.no(), 2);
        let parts: Vec<&str> = b.split(' ').collect();
        assert_eq!(two_ints(&parts[1..], 2, &b).unwrap(), (1, 2));
        let e = two_ints(&parts[..1], 2, &b).unwrap_err().to_string();
        assert_eq!(e, "line 2 \"b 1 2\": expected two integers");
        let e = l.next("FINISH").unwrap_err().to_string();
        assert_eq!(e, "input ended before FINISH (line 3)");
    }
}
