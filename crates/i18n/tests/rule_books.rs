//! The rule books of `docs/rules/` are kept in step: every English book
//! `NAME.md` has a German `NAME.de.md` and a Dutch `NAME.nl.md` with the
//! same sections (the same headings, level by level, in the same order),
//! and each section has as many list items, numbered rules and table rows
//! in every language. A rule added to one book and not to the others
//! fails here.

use std::path::{Path, PathBuf};

const TRANSLATIONS: [&str; 2] = ["de", "nl"];

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules")
}

/// One section of a book: its heading's level (0 before the first
/// heading), and how many list items, numbered rules and table rows it
/// holds.
#[derive(Debug, PartialEq, Eq)]
struct Section {
    level: usize,
    items: usize,
    numbered: usize,
    table_rows: usize,
}

fn sections(text: &str) -> Vec<Section> {
    let mut sections = vec![Section {
        level: 0,
        items: 0,
        numbered: 0,
        table_rows: 0,
    }];
    let mut in_code = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes > 0 && line[hashes..].starts_with(' ') {
            sections.push(Section {
                level: hashes,
                items: 0,
                numbered: 0,
                table_rows: 0,
            });
            continue;
        }
        let section = sections.last_mut().unwrap();
        let body = line.trim_start();
        let digits = body.chars().take_while(char::is_ascii_digit).count();
        if body.starts_with("- ") || body.starts_with("* ") {
            section.items += 1;
        } else if digits > 0 && body[digits..].starts_with(". ") {
            section.numbered += 1;
        } else if body.starts_with('|') {
            section.table_rows += 1;
        }
    }
    sections
}

/// The English books: `NAME.md` without a language before `.md`.
fn english_books() -> Vec<PathBuf> {
    let mut books: Vec<PathBuf> = std::fs::read_dir(rules_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.ends_with(".md")
                && !TRANSLATIONS
                    .iter()
                    .any(|lang| name.ends_with(&format!(".{lang}.md")))
        })
        .collect();
    books.sort();
    books
}

#[test]
fn every_rule_book_has_the_same_sections_in_every_language() {
    let books = english_books();
    assert!(books.len() >= 2, "the rule books: {books:?}");
    let mut wrong = Vec::new();
    for english in books {
        let name = english.file_stem().unwrap().to_string_lossy().into_owned();
        let english_text = std::fs::read_to_string(&english).unwrap();
        let english_sections = sections(&english_text);
        assert!(english_sections.len() > 3, "{name}.md has sections");
        for lang in TRANSLATIONS {
            let translation = rules_dir().join(format!("{name}.{lang}.md"));
            let Ok(text) = std::fs::read_to_string(&translation) else {
                wrong.push(format!("{name}.{lang}.md is missing"));
                continue;
            };
            let theirs = sections(&text);
            if theirs.len() != english_sections.len() {
                wrong.push(format!(
                    "{name}.{lang}.md has {} sections, {name}.md {}",
                    theirs.len(),
                    english_sections.len()
                ));
            }
            for (index, (ours, theirs)) in english_sections.iter().zip(&theirs).enumerate() {
                if ours != theirs {
                    wrong.push(format!(
                        "{name}.{lang}.md section {index}: {theirs:?}, {name}.md has {ours:?}"
                    ));
                }
            }
            // Each translation names the English book it follows, and
            // the English book links it.
            if !text.contains(&format!("({name}.md)")) {
                wrong.push(format!("{name}.{lang}.md does not link {name}.md"));
            }
            if !english_text.contains(&format!("({name}.{lang}.md)")) {
                wrong.push(format!("{name}.md does not link {name}.{lang}.md"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_section_counts_its_rules() {
    let book = "# Title\nintro\n## One\n- a\n- b\n  - nested\n## Two\n1. first\n2. second\n   - under\n| a | b |\n|---|---|\n```\n# not a heading\n- not an item\n```\n";
    assert_eq!(
        sections(book),
        vec![
            Section {
                level: 0,
                items: 0,
                numbered: 0,
                table_rows: 0
            },
            Section {
                level: 1,
                items: 0,
                numbered: 0,
                table_rows: 0
            },
            Section {
                level: 2,
                items: 3,
                numbered: 0,
                table_rows: 0
            },
            Section {
                level: 2,
                items: 1,
                numbered: 2,
                table_rows: 2
            },
        ]
    );
}
