//! The plyforge referee: each contest's judge side, run against bots as subprocesses under the
//! judge's exact protocol, with reference opponents and match summaries.
//!
//! - [`process`]: a bot as a child process with line I/O, deadlines and guaranteed cleanup.
//! - [`alphano`]: the ALPHANO judge's protocol and clocks, for any of its games.
//! - [`alphano_renju`]: the ALPHANO Renju judge (forbidden moves are RE) with random, greedy
//!   pattern and reduced-time engine opponents.
//! - [`alphano_domineering`]: the ALPHANO scored-Domineering judge (clocks, RE/TLE) with random and
//!   greedy reference opponents.
//! - [`codewarriors_domineering`]: the Code Warriors Domineering-with-bombs arena (a process per
//!   turn, 1 s each) with random and greedy reference opponents.
//! - [`contest`]: the [`contest::Contest`] trait every judge module implements for its matches.
//! - [`kattis_loa`]: the Kattis `linesofaction` judge (a seeded uniformly random mover).
//! - [`neerc_gomoku`]: the NEERC 2014 "Gomoku" judge (the statement's greedy player, bit-exact).
//! - [`record`]: game records as JSON Lines, the same shape for every contest.
//! - [`runner`]: the match runner (threads, progress bar, records, resume, SPRT, final table).
//! - [`stats`]: Elo with its 95% interval, LOS, SPRT.
//! - [`view`]: a recorded position as a Unicode board or an SVG picture.

pub mod alphano;
pub mod alphano_domineering;
pub mod alphano_renju;
pub mod bundle;
pub mod codewarriors_domineering;
pub mod contest;
pub mod kattis_loa;
pub mod lines;
pub mod loa_pair;
pub mod neerc_gomoku;
pub mod players;
pub mod process;
pub mod record;
pub mod registry;
pub mod runner;
pub mod stats;
pub mod view;

/// A player in a match of a contest with built-in reference opponents: a bot run as a subprocess
/// under the judge's protocol, or the contest's random or greedy player (each contest module
/// says what those play).
#[derive(Clone, Debug)]
pub enum Contestant {
    /// A bot speaking the judge's protocol.
    Bot(BotCommand),
    /// A Gomocup (Piskvork protocol) brain, for the games Gomocup plays (Renju); the judge
    /// speaks Gomocup to it under the same clock ([`alphano::play`]). Any other contest rules
    /// it out as unable to play (RE).
    Gomocup(BotCommand),
    /// The contest's seeded random player.
    Random,
    /// The contest's greedy player.
    Greedy,
}

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

impl std::fmt::Display for Contestant {
    /// `greedy`, `random`, the bot's command, or `gomocup:` and the brain's command.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contestant::Bot(cmd) => write!(f, "{cmd}"),
            Contestant::Gomocup(cmd) => write!(f, "gomocup:{cmd}"),
            Contestant::Random => write!(f, "random"),
            Contestant::Greedy => write!(f, "greedy"),
        }
    }
}
