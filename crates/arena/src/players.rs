//! Players from the command line's specs: `bot` (the contest's workspace bot, built
//! `--release` with cargo), `greedy` and `random` (the contest's built-in players),
//! `gomocup:PATH` (a Gomocup brain) or a program path, with its arguments.

use crate::{BotCommand, Contestant};
use std::path::{Path, PathBuf};

/// The workspace root this arena was built from.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Builds `package` in release mode and returns its binary's path.
pub fn build_bot(package: &str) -> Result<PathBuf, String> {
    let root = workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("arena: building {package} (release)…");
    let status = std::process::Command::new(cargo)
        .args(["build", "--release", "--quiet", "-p", package])
        .current_dir(&root)
        .status()
        .map_err(|e| format!("cannot run cargo to build {package}: {e}"))?;
    if !status.success() {
        return Err(format!("building {package} failed ({status})"));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    Ok(target.join("release").join(package))
}

/// A player from its spec: `bot`, `greedy`, `random`, `gomocup:PATH` or a program path, with
/// its program's arguments; and its name for tables and records.
pub fn resolve(contest: &str, spec: &str, args: &[String]) -> Result<(Contestant, String), String> {
    let no_args = || {
        if args.is_empty() {
            Ok(())
        } else {
            Err(format!("{spec} takes no program arguments"))
        }
    };
    let c = match spec {
        "greedy" => {
            no_args()?;
            Contestant::Greedy
        }
        "random" => {
            no_args()?;
            Contestant::Random
        }
        "bot" => {
            Contestant::Bot(BotCommand::new(build_bot(contest)?).with_args(args.iter().cloned()))
        }
        path => match path.strip_prefix("gomocup:") {
            Some(brain) => {
                Contestant::Gomocup(BotCommand::new(brain).with_args(args.iter().cloned()))
            }
            None => Contestant::Bot(BotCommand::new(path).with_args(args.iter().cloned())),
        },
    };
    // Programs by their file name and arguments (paths make tables unreadable).
    let short = |cmd: &BotCommand| {
        let file = cmd.program.file_name().map_or_else(
            || cmd.program.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        std::iter::once(file)
            .chain(cmd.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let name = match &c {
        Contestant::Bot(cmd) => short(cmd),
        Contestant::Gomocup(cmd) => format!("gomocup:{}", short(cmd)),
        other => other.to_string(),
    };
    Ok((c, name))
}
