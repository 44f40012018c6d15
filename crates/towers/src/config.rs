//! `towers serve`'s configuration from four places, in this order: its
//! flags, then the environment (`TOWERS_ADDR`, … clap's `env`), then a TOML
//! file (`--config FILE`, or `TOWERS_CONFIG`), then the defaults.
//!
//! The file's values become the flags' defaults before the command line is
//! read again, so clap applies the order and every value passes the same
//! parser whichever place it came from. `--print-config` shows the result
//! with where each value came from ([`Settings`]).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use clap::parser::ValueSource;
use clap::{ArgMatches, Command};

use crate::UsageError;

/// The settings of `serve` that are not settings themselves.
const NOT_SETTINGS: [&str; 3] = ["config", "print_config", "help"];

/// A configuration file's values, by setting.
struct File {
    path: PathBuf,
    values: BTreeMap<String, String>,
}

/// Where a setting's value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Flag,
    Environment(String),
    File(PathBuf),
    Default,
    /// Not set anywhere, and without a default.
    Unset,
}

/// One setting in force.
#[derive(Clone, Debug)]
pub struct Setting {
    pub key: String,
    pub value: Option<String>,
    pub origin: Origin,
}

/// `serve`'s settings in force, with their origins.
#[derive(Clone, Debug, Default)]
pub struct Settings(pub Vec<Setting>);

/// Reads the command line, completing `serve`'s settings from the
/// environment and its configuration file. Clap's own errors (and
/// `--help`) end the process as clap does; a configuration file that
/// cannot be used is a [`UsageError`].
pub fn read(command: Command) -> Result<(ArgMatches, Option<Settings>), UsageError> {
    let matches = command.clone().get_matches();
    let Some(serve) = matches.subcommand_matches("serve") else {
        return Ok((matches, None));
    };
    let serve_command = command
        .find_subcommand("serve")
        .expect("the command has serve")
        .clone();
    let file = match serve.get_one::<PathBuf>("config") {
        Some(path) => Some(read_file(path, &serve_command)?),
        None => None,
    };
    let matches = match &file {
        Some(file) => with_file_defaults(command, file).get_matches(),
        None => matches,
    };
    let serve = matches
        .subcommand_matches("serve")
        .expect("the same command line");
    let settings = settings_of(&serve_command, serve, file.as_ref());
    Ok((matches, Some(settings)))
}

/// The TOML file's values as text, each checked to name a setting.
fn read_file(path: &Path, serve: &Command) -> Result<File, UsageError> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|error| UsageError(format!("cannot read the configuration {shown}: {error}")))?;
    let table: toml::Table = text
        .parse()
        .map_err(|error| UsageError(format!("{shown} is not TOML: {error}")))?;
    let known: Vec<&str> = setting_ids(serve).collect();
    let mut values = BTreeMap::new();
    for (key, value) in table {
        if !known.contains(&key.as_str()) {
            return Err(UsageError(format!(
                "{shown}: '{key}' is no setting of towers serve (the settings: {})",
                known.join(", ")
            )));
        }
        let text = match value {
            toml::Value::String(text) => text,
            toml::Value::Integer(number) => number.to_string(),
            toml::Value::Boolean(flag) => flag.to_string(),
            other => {
                return Err(UsageError(format!(
                    "{shown}: '{key}' is a {}; a setting is a string, a whole number or true/false",
                    other.type_str()
                )))
            }
        };
        values.insert(key, text);
    }
    Ok(File {
        path: path.to_path_buf(),
        values,
    })
}

/// The ids of `serve`'s settings, as the file and `--print-config` name
/// them (`course_port`).
fn setting_ids(serve: &Command) -> impl Iterator<Item = &str> {
    serve
        .get_arguments()
        .map(|arg| arg.get_id().as_str())
        .filter(|id| !NOT_SETTINGS.contains(id))
}

fn with_file_defaults(command: Command, file: &File) -> Command {
    command.mut_subcommand("serve", |serve| {
        file.values.iter().fold(serve, |serve, (key, value)| {
            serve.mut_arg(key, |arg| arg.default_value(value.clone()))
        })
    })
}

fn settings_of(serve: &Command, matches: &ArgMatches, file: Option<&File>) -> Settings {
    let settings = serve
        .get_arguments()
        .filter(|arg| !NOT_SETTINGS.contains(&arg.get_id().as_str()))
        .map(|arg| {
            let key = arg.get_id().to_string();
            let value = matches.get_raw(&key).map(|values| {
                values
                    .map(|value| value.to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join(",")
            });
            let origin = match matches.value_source(&key) {
                Some(ValueSource::CommandLine) => Origin::Flag,
                Some(ValueSource::EnvVariable) => Origin::Environment(
                    arg.get_env()
                        .map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
                ),
                Some(_) => match file.filter(|file| file.values.contains_key(&key)) {
                    Some(file) => Origin::File(file.path.clone()),
                    None => Origin::Default,
                },
                None => Origin::Unset,
            };
            Setting { key, value, origin }
        })
        .collect();
    Settings(settings)
}

/// As a TOML file that gives the same configuration, each line saying
/// where its value came from; a database URL's password is shown as `***`.
impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "# towers serve: flags, then environment, then file, then defaults"
        )?;
        for setting in &self.0 {
            let origin = match &setting.origin {
                Origin::Flag => "flag".to_string(),
                Origin::Environment(name) => format!("environment {name}"),
                Origin::File(path) => format!("file {}", path.display()),
                Origin::Default => "default".to_string(),
                Origin::Unset => "unset".to_string(),
            };
            match &setting.value {
                Some(value) => {
                    let value = redacted(&setting.key, value);
                    writeln!(f, "{} = {}  # {origin}", setting.key, toml_value(&value))?
                }
                None => writeln!(f, "# {}  ({origin})", setting.key)?,
            }
        }
        Ok(())
    }
}

/// A value as TOML writes it: numbers and booleans bare, text quoted.
fn toml_value(value: &str) -> String {
    if value.parse::<i64>().is_ok() || value == "true" || value == "false" {
        value.to_string()
    } else {
        toml::Value::String(value.to_string()).to_string()
    }
}

/// `value` with a URL's password replaced (`postgres://u:***@host/db`).
fn redacted(key: &str, value: &str) -> String {
    if key != "database" {
        return value.to_string();
    }
    match url::Url::parse(value) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_password_is_never_shown() {
        assert_eq!(
            redacted("database", "postgres://towers:s3cret@db.example/towers"),
            "postgres://towers:***@db.example/towers"
        );
        assert_eq!(redacted("database", "sqlite:towers.db"), "sqlite:towers.db");
        assert_eq!(redacted("public_url", "https://a:b@c/"), "https://a:b@c/");
    }

    #[test]
    fn values_print_as_toml_reads_them() {
        assert_eq!(toml_value("5555"), "5555");
        assert_eq!(toml_value("true"), "true");
        assert_eq!(toml_value("127.0.0.1:8080"), "\"127.0.0.1:8080\"");
        assert_eq!(toml_value("say \"hi\""), "'say \"hi\"'");
    }
}
