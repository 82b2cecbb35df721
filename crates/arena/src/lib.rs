//! The plyforge referee: each contest's judge side, run against bots as subprocesses under the
//! judge's exact protocol, with reference opponents and match summaries.
//!
//! - [`process`]: a bot as a child process with line I/O, deadlines and guaranteed cleanup.
//! - [`alphano_domineering`]: the ALPHANO scored-Domineering judge (clocks, RE/TLE) with random and
//!   greedy reference opponents.
//! - [`kattis_loa`]: the Kattis `linesofaction` judge (a seeded uniformly random mover).
//! - [`neerc_gomoku`]: the NEERC 2014 "Gomoku" judge (the statement's greedy player, bit-exact).
//! - [`summary`]: per-colour results, plies to win, time per move, failures by cause.

pub mod alphano_domineering;
pub mod bundle;
pub mod kattis_loa;
pub mod neerc_gomoku;
pub mod process;
pub mod summary;

/// How to start a bot: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotCommand {
    /// Path of the executable.
    pub program: std::path::PathBuf,
    /// Arguments passed to it.
    pub args: Vec<String>,
}

impl BotCommand {
    /// A command with no arguments.
    pub fn new(program: impl Into<std::path::PathBuf>) -> Self {
        BotCommand {
            program: program.into(),
            args: Vec::new(),
        }
    }

    /// The same command with `args` appended.
    pub fn with_args<I: IntoIterator<Item = S>, S: Into<String>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }
}

impl std::fmt::Display for BotCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.program.display())?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}
