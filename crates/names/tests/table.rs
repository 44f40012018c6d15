//! The rule for names, case by case, from `names.tsv` (its head says how
//! a line reads): `Name::new`'s verdict and the name it gives,
//! `Name::stored`'s verdict, and which inputs share a skeleton.

use std::collections::BTreeMap;

use names::{skeleton_of, Name, NameError, Skeleton};

/// The rule an error names, as the table spells it.
fn rule(error: &NameError) -> &'static str {
    match error {
        NameError::Empty => "empty",
        NameError::TooLong { .. } => "too-long",
        NameError::ControlCharacter { .. } => "control",
        NameError::FormatCharacter { .. } => "format",
        NameError::UnassignedCharacter { .. } => "unassigned",
        NameError::LineSeparator { .. } => "line-separator",
        NameError::Blank => "blank",
    }
}

fn verdict(result: &Result<Name, NameError>) -> &'static str {
    result.as_ref().map_or_else(rule, |_| "ok")
}

/// `\u{XXXX}`, `\t`, `\n` and `\\` read as the characters they name.
fn unescape(field: &str, line: usize) -> String {
    let mut text = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => text.push('\t'),
            Some('n') => text.push('\n'),
            Some('\\') => text.push('\\'),
            Some('u') => {
                assert_eq!(chars.next(), Some('{'), "line {line}: \\u{{XXXX}}");
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let code = u32::from_str_radix(&hex, 16)
                    .unwrap_or_else(|_| panic!("line {line}: \\u{{{hex}}}"));
                text.push(char::from_u32(code).expect("a scalar value"));
            }
            other => panic!("line {line}: unknown escape \\{other:?}"),
        }
    }
    text
}

#[test]
fn every_case_of_the_table() {
    let table = include_str!("names.tsv");
    let mut groups: BTreeMap<&str, (Skeleton, String)> = BTreeMap::new();
    let mut cases = 0;
    for (index, line) in table.lines().enumerate() {
        let line_no = index + 1;
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [input, new, name, stored, group, _note] = fields[..] else {
            panic!(
                "line {line_no}: 6 tab-separated fields, not {}",
                fields.len()
            );
        };
        let input = unescape(input, line_no);
        cases += 1;

        let made = Name::new(&input);
        assert_eq!(
            verdict(&made),
            new,
            "line {line_no}: new({input:?}) = {made:?}"
        );
        let expected = match name {
            "-" => None,
            "=" => Some(input.clone()),
            name => Some(unescape(name, line_no)),
        };
        assert_eq!(
            made.as_ref().ok().map(Name::as_str),
            expected.as_deref(),
            "line {line_no}: the name new({input:?}) gives"
        );
        if let Ok(made) = &made {
            assert_eq!(made.skeleton(), skeleton_of(&input), "line {line_no}");
        }

        let read = Name::stored(&input);
        assert_eq!(
            verdict(&read),
            stored,
            "line {line_no}: stored({input:?}) = {read:?}"
        );
        if let Ok(read) = &read {
            assert_eq!(
                read.as_str(),
                input.trim(),
                "line {line_no}: kept as written"
            );
            assert_eq!(read.skeleton(), skeleton_of(&input), "line {line_no}");
        }

        if group == "-" {
            continue;
        }
        let skeleton = skeleton_of(&input);
        match groups.get(group) {
            Some((first, example)) => assert_eq!(
                &skeleton, first,
                "line {line_no}: {input:?} is in group {group} with {example:?}"
            ),
            None => {
                for (other, (theirs, example)) in &groups {
                    assert_ne!(
                        &skeleton, theirs,
                        "line {line_no}: {input:?} (group {group}) looks like {example:?} (group {other})"
                    );
                }
                groups.insert(group, (skeleton, input));
            }
        }
    }
    assert!(cases > 50, "{cases} cases read");
}

/// The names in the issue: once `ann` exists, each of these is refused
/// as too like it.
#[test]
fn the_issue_s_look_alikes_of_ann() {
    let ann = Name::new("ann").unwrap();
    assert_eq!(ann.skeleton().as_str(), "ann");
    assert_eq!(ann.skeleton().to_string(), "ann");
    for like in ["Ann", "\u{430}nn", "ANN", "\u{FF41}\u{FF4E}\u{FF4E}"] {
        assert!(ann.looks_like(&Name::new(like).unwrap()), "{like:?}");
    }
    assert!(Name::new("an\u{200B}n").is_err());
    let stored = Name::stored("an\u{200B}n").unwrap();
    assert!(ann.looks_like(&stored));
    assert!(!ann.looks_like(&Name::new("anne").unwrap()));
    assert_eq!(
        Skeleton::from_stored(ann.skeleton().as_str().to_string()),
        ann.skeleton()
    );
}
