//! The message catalogs of `locales/` hold together: every language has
//! the same files, each file parses, each message has the same attributes
//! and takes the same arguments in every language, every message is used
//! by the pages or the terminal, and every message the code asks for is
//! there.
//!
//! The refusal messages (`refusal-*`) answer the server's refusal codes:
//! the server's tests hold them to its list of codes, both ways.
//!
//! The terminal's referee passes `$words` (seed or club) to every message
//! it says: a language chooses by it where its words differ, and needs
//! not name it where they do not (German says Wurfholz for both), so
//! `$words` is left out of the terminal's shapes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast;
use regex::Regex;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const LANGUAGES: [&str; 3] = ["en", "de", "nl"];

/// A message's shape: its attributes and the variables it uses.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    has_value: bool,
    attributes: BTreeSet<String>,
    variables: BTreeSet<String>,
}

/// Every message of one language: (file, id) to its shape.
fn catalog(language: &str) -> BTreeMap<(String, String), Shape> {
    let dir = root().join("locales").join(language);
    let mut messages = BTreeMap::new();
    let mut ids = BTreeSet::new();
    for file in ftl_files(&dir) {
        let text = std::fs::read_to_string(dir.join(&file)).unwrap();
        let resource = fluent_syntax::parser::parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{language}/{file} does not parse: {errors:?}"));
        for entry in resource.body {
            match entry {
                ast::Entry::Message(message) => {
                    let id = message.id.name.to_string();
                    assert!(ids.insert(id.clone()), "{language}: '{id}' twice");
                    let mut variables = BTreeSet::new();
                    if let Some(value) = &message.value {
                        pattern_variables(value, &mut variables);
                    }
                    for attribute in &message.attributes {
                        pattern_variables(&attribute.value, &mut variables);
                    }
                    if file == "terminal.ftl" {
                        variables.remove("words");
                    }
                    let shape = Shape {
                        has_value: message.value.is_some(),
                        attributes: message
                            .attributes
                            .iter()
                            .map(|attribute| attribute.id.name.to_string())
                            .collect(),
                        variables,
                    };
                    messages.insert((file.clone(), id), shape);
                }
                ast::Entry::Term(term) => panic!(
                    "{language}/{file}: term -{} (the catalogs use messages only)",
                    term.id.name
                ),
                ast::Entry::Junk { content } => {
                    panic!("{language}/{file}: cannot read {content:?}")
                }
                _ => {}
            }
        }
    }
    messages
}

fn ftl_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ftl"))
        .collect();
    files.sort();
    files
}

fn pattern_variables(pattern: &ast::Pattern<&str>, variables: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, variables);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, variables: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, variables);
            for variant in variants {
                pattern_variables(&variant.value, variables);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, variables),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, variables: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, variables);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, variables);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, variables)
        }
        _ => {}
    }
}

#[test]
fn every_language_has_the_same_messages_of_the_same_shape() {
    let english = catalog("en");
    assert!(!english.is_empty());
    let mut wrong = Vec::new();
    for language in &LANGUAGES[1..] {
        assert_eq!(
            ftl_files(&root().join("locales/en")),
            ftl_files(&root().join("locales").join(language)),
            "{language} has the files of en"
        );
        let other = catalog(language);
        for ((file, id), shape) in &english {
            match other.get(&(file.clone(), id.clone())) {
                None => wrong.push(format!("{language}/{file}: '{id}' is missing")),
                Some(theirs) if theirs != shape => wrong.push(format!(
                    "{language}/{file}: '{id}' is {theirs:?}, en has {shape:?}"
                )),
                Some(_) => {}
            }
        }
        for (file, id) in other.keys() {
            if !english.contains_key(&(file.clone(), id.clone())) {
                wrong.push(format!("{language}/{file}: '{id}' is not in en"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The text of the pages and of the Rust sources that can show messages.
fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root().join("web")).unwrap() {
        let path = entry.unwrap().path();
        if path
            .extension()
            .is_some_and(|extension| extension == "js" || extension == "html")
        {
            files.push(path);
        }
    }
    let mut dirs = vec![root().join("crates")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if !path.ends_with("target") {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|extension| extension == "rs")
                && path.components().any(|part| part.as_os_str() == "src")
            {
                files.push(path);
            }
        }
    }
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

#[test]
fn every_message_is_used() {
    let text: String = sources().into_iter().map(|(_, text)| text).collect();
    let unused: Vec<String> = catalog("en")
        .into_keys()
        .filter(|(_, id)| !id.starts_with("refusal-"))
        .filter(|(_, id)| {
            !text.contains(&format!("\"{id}\"")) && !text.contains(&format!("'{id}'"))
        })
        .map(|(file, id)| format!("{file}: {id}"))
        .collect();
    assert!(unused.is_empty(), "unused messages:\n{}", unused.join("\n"));
}

#[test]
fn every_message_asked_for_is_in_the_catalog() {
    let ids: BTreeSet<String> = catalog("en").into_keys().map(|(_, id)| id).collect();
    let asked = Regex::new(concat!(
        r#"(?:\bt|\btAttribute|\bmsg|\bmsg_with|\bsay)\(\s*"([a-z][a-z0-9-]*)""#,
        r#"|data-l10n-id="([a-z][a-z0-9-]*)""#,
        r#"|\bl10n: \["([a-z][a-z0-9-]*)""#,
        r#"|\blocalize\([^,()]+,\s*"([a-z][a-z0-9-]*)""#,
    ))
    .unwrap();
    let mut missing = Vec::new();
    for (path, text) in sources() {
        for found in asked.captures_iter(&text) {
            let id = found.iter().skip(1).flatten().next().unwrap().as_str();
            if !ids.contains(id) {
                missing.push(format!("{}: '{id}'", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "asked for, not in locales/en:\n{}",
        missing.join("\n")
    );
}
