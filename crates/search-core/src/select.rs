//! The selective options by name ([`Selective`]), for command lines and match specs (feature
//! `tools`, on by default).

use crate::config::SearchConfig;

/// Which selective options are on, by name: one vocabulary for every game's engine, its
/// command line and match specs (`null_move=1`). A game keeps its tuned values for each option
/// in a preset [`SearchConfig`] and [`Selective::apply`] copies the ones that are on.
///
/// ```
/// use search_core::{Margin, SearchConfig, Selective};
///
/// let preset = SearchConfig {
///     reverse_futility: Some(Margin { max_depth: 4, base: 0, per_depth: 60 }),
///     ..SearchConfig::default()
/// };
/// let mut on = Selective::default();
/// on.set_spec("reverse_futility=1").unwrap();
/// let config = on.apply(SearchConfig::default(), &preset);
/// assert_eq!(config.reverse_futility, preset.reverse_futility);
/// assert_eq!(config.null_move, None);
/// assert!(on.set_spec("warp=1").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selective {
    /// [`SearchConfig::null_move`].
    pub null_move: bool,
    /// [`SearchConfig::reverse_futility`].
    pub reverse_futility: bool,
    /// [`SearchConfig::razoring`].
    pub razoring: bool,
    /// [`SearchConfig::futility`].
    pub futility: bool,
    /// [`SearchConfig::lmr`].
    pub lmr: bool,
    /// [`SearchConfig::late_move_pruning`].
    pub late_move_pruning: bool,
    /// [`SearchConfig::iir`].
    pub iir: bool,
    /// [`SearchConfig::singular`].
    pub singular: bool,
}

/// A selective option's name or value that [`Selective`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError(String);

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OptionError {}

impl Selective {
    /// The option names, as [`SearchConfig`]'s fields.
    pub const NAMES: [&'static str; 8] = [
        "null_move",
        "reverse_futility",
        "razoring",
        "futility",
        "lmr",
        "late_move_pruning",
        "iir",
        "singular",
    ];

    /// Turns the option `name` (one of [`Selective::NAMES`]) on or off.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), OptionError> {
        let i = Self::NAMES.iter().position(|n| *n == name).ok_or_else(|| {
            OptionError(format!(
                "unknown search option {name:?} (known: {})",
                Self::NAMES.join(", ")
            ))
        })?;
        // In the order of `NAMES`.
        let slots = [
            &mut self.null_move,
            &mut self.reverse_futility,
            &mut self.razoring,
            &mut self.futility,
            &mut self.lmr,
            &mut self.late_move_pruning,
            &mut self.iir,
            &mut self.singular,
        ];
        *slots[i] = on;
        Ok(())
    }

    /// Reads `NAME=1` or `NAME=0` (also `on`/`off`) and sets that option.
    pub fn set_spec(&mut self, spec: &str) -> Result<(), OptionError> {
        let (name, value) = spec
            .split_once('=')
            .ok_or_else(|| OptionError(format!("{spec:?}: expected NAME=0|1")))?;
        let on = match value.trim() {
            "1" | "on" => true,
            "0" | "off" => false,
            v => return Err(OptionError(format!("{spec:?}: {v:?} is not 0 or 1"))),
        };
        self.set(name.trim(), on)
    }

    /// `base` with the options that are on copied from `preset` (and those that are off
    /// cleared).
    pub fn apply(&self, base: SearchConfig, preset: &SearchConfig) -> SearchConfig {
        fn pick<T>(on: bool, value: Option<T>) -> Option<T> {
            if on {
                value
            } else {
                None
            }
        }
        SearchConfig {
            null_move: pick(self.null_move, preset.null_move),
            reverse_futility: pick(self.reverse_futility, preset.reverse_futility),
            razoring: pick(self.razoring, preset.razoring),
            futility: pick(self.futility, preset.futility),
            lmr: pick(self.lmr, preset.lmr),
            late_move_pruning: pick(self.late_move_pruning, preset.late_move_pruning),
            iir: pick(self.iir, preset.iir),
            singular: pick(self.singular, preset.singular),
            ..base
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Selective;

    #[test]
    fn each_name_sets_its_own_field() {
        for name in Selective::NAMES {
            let mut on = Selective::default();
            on.set(name, true).unwrap();
            let shown = format!("{on:?}");
            assert!(shown.contains(&format!(" {name}: true")), "{name}: {shown}");
            assert_eq!(shown.matches("true").count(), 1, "{name}: {shown}");
            on.set_spec(&format!("{name}=off")).unwrap();
            assert_eq!(on, Selective::default());
        }
        let err = Selective::default().set("warp", true).unwrap_err();
        assert!(err.to_string().contains("\"warp\"") && err.to_string().contains("singular"));
    }
}
