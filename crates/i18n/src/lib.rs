//! The terminal's human-facing words in English, German or Dutch.
//!
//! The message catalogs are the repository's `locales/{en,de,nl}/`
//! (Project Fluent), shared with the pages; the terminal reads
//! `terminal.ftl`, and `refusals.ftl` for the rules' refusals by their
//! codes (`refusal-kubb-…`, as the pages show them). A command asks for [`Messages`] in the language the user
//! chose (`--lang`, else [`Lang::from_env`]) and says
//! [`Messages::msg`]. Machine output (records, notation, JSON, the engine
//! protocol, CSV) never goes through here.
//!
//! ```
//! use i18n::{Lang, Messages};
//!
//! let lang: Lang = "nl".parse().unwrap();
//! assert_eq!(lang, Lang::Nl);
//! let messages = Messages::new(lang);
//! assert_eq!(messages.lang(), Lang::Nl);
//! assert_eq!(Lang::from_locale("de_DE.UTF-8"), Some(Lang::De));
//! ```

use std::fmt;
use std::str::FromStr;

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

/// A language the project speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    De,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Nl];

    /// The language's code, as `--lang` and the catalogs' folders say it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Nl => "nl",
        }
    }

    /// The language of a POSIX locale name (`de_DE.UTF-8`, `nl_BE`,
    /// `en`), or `None` for one the project does not speak (`C`, `fr_FR`).
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let language = locale.split(['_', '.', '@', '-']).next()?;
        language.to_ascii_lowercase().parse().ok()
    }

    /// The language of the environment, as POSIX orders it: `LC_ALL`,
    /// then `LC_MESSAGES`, then `LANG`; the first that is set decides,
    /// and English stands for any language the project does not speak.
    pub fn from_env() -> Lang {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    fn from_vars(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.is_empty())
            .and_then(|locale| Lang::from_locale(&locale))
            .unwrap_or_default()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is not `en`, `de` or `nl`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown language '{}': choose en, de or nl",
            self.0.escape_debug()
        )
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "en" => Ok(Lang::En),
            "de" => Ok(Lang::De),
            "nl" => Ok(Lang::Nl),
            _ => Err(UnknownLang(text.to_string())),
        }
    }
}

/// The terminal's catalogs of each language, built in: its own words
/// and the refusals (their ids do not meet: `terminal-…`, `refusal-…`).
fn terminal_catalogs(lang: Lang) -> [&'static str; 2] {
    match lang {
        Lang::En => [
            include_str!("../../../locales/en/terminal.ftl"),
            include_str!("../../../locales/en/refusals.ftl"),
        ],
        Lang::De => [
            include_str!("../../../locales/de/terminal.ftl"),
            include_str!("../../../locales/de/refusals.ftl"),
        ],
        Lang::Nl => [
            include_str!("../../../locales/nl/terminal.ftl"),
            include_str!("../../../locales/nl/refusals.ftl"),
        ],
    }
}

/// The terminal's messages in one language.
pub struct Messages {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Messages {
    pub fn new(lang: Lang) -> Messages {
        let locale = lang.code().parse().expect("the codes are language tags");
        let mut bundle = FluentBundle::new(vec![locale]);
        // A terminal shows no bidirectional text: no isolation marks
        // around the placeables.
        bundle.set_use_isolating(false);
        for catalog in terminal_catalogs(lang) {
            let resource = FluentResource::try_new(catalog.to_string())
                // The catalog tests parse every catalog without error.
                .unwrap_or_else(|(resource, _)| resource);
            bundle
                .add_resource(resource)
                .unwrap_or_else(|_| unreachable!("the catalog tests find no id twice"));
        }
        Messages { lang, bundle }
    }

    /// Whether the catalogs have the message `id` (a refusal's code may
    /// be newer than the catalogs a binary was built with).
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `id`. One the catalog lacks is said as its id (the
    /// catalog tests keep that from shipping).
    pub fn msg(&self, id: &str) -> String {
        self.msg_with(id, &[])
    }

    /// The message `id` with its arguments: numbers select the plural
    /// forms of the language (CLDR), text is put in as it is.
    pub fn msg_with(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(*text),
                Arg::Number(number) => FluentValue::from(*number),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }
}

/// An argument of a message.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    Text(&'a str),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(text)
    }
}

impl From<u32> for Arg<'_> {
    fn from(number: u32) -> Self {
        Arg::Number(number.into())
    }
}

impl From<usize> for Arg<'_> {
    fn from(number: usize) -> Self {
        Arg::Number(number as f64)
    }
}

impl From<f64> for Arg<'_> {
    fn from(number: f64) -> Self {
        Arg::Number(number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_decides_in_posix_order() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.to_string())
            }
        };
        assert_eq!(Lang::from_vars(vars(&[])), Lang::En);
        assert_eq!(Lang::from_vars(vars(&[("LANG", "nl_NL.UTF-8")])), Lang::Nl);
        assert_eq!(
            Lang::from_vars(vars(&[("LANG", "nl_NL.UTF-8"), ("LC_ALL", "de_AT")])),
            Lang::De
        );
        // An empty LC_ALL is unset; LC_MESSAGES comes before LANG.
        assert_eq!(
            Lang::from_vars(vars(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "de_DE"),
                ("LANG", "nl_BE")
            ])),
            Lang::De
        );
        // A language the project does not speak is English.
        assert_eq!(Lang::from_vars(vars(&[("LANG", "fr_FR.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_vars(vars(&[("LC_ALL", "C")])), Lang::En);
    }

    #[test]
    fn a_language_code_is_one_of_three() {
        for lang in Lang::ALL {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
            assert_eq!(lang.to_string(), lang.code());
        }
        let refused = "fr".parse::<Lang>().unwrap_err();
        assert_eq!(
            refused.to_string(),
            "unknown language 'fr': choose en, de or nl"
        );
        assert!("EN".parse::<Lang>().is_err());
    }

    #[test]
    fn the_refusals_are_there_by_their_codes() {
        let messages = Messages::new(Lang::Nl);
        assert!(messages.has("refusal-kubb-lag-tie"));
        assert!(!messages.has("refusal-kubb-no-such-code"));
    }

    #[test]
    fn a_message_the_catalog_lacks_is_its_id() {
        let messages = Messages::new(Lang::De);
        let lacking = "no-such-message";
        assert_eq!(messages.msg(lacking), lacking);
    }
}
