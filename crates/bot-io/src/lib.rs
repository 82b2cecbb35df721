//! What the contest bots share: [`BotError`], the error that stops a bot when reading or writing
//! fails or the judge's input breaks the protocol. A bot prints it as one stderr line and exits
//! non-zero. No dependencies, so every bot can still be bundled into one source file.

use std::fmt;
use std::io;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        let e = BotError::from(io::Error::new(io::ErrorKind::BrokenPipe, "gone"));
        assert_eq!(e.to_string(), "i/o error: gone");
        assert_eq!(BotError::Bad("line 3: x".into()).to_string(), "line 3: x");
    }
}
