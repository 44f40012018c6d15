//! No import circles among the server's modules (issue 28): a module
//! that reaches up into the one that uses it (storage into the service
//! for the time, the ratings into the service for a game) ties the two
//! into one piece that can only be read, changed and tested whole.
//!
//! The graph: a module is a file (`foo/mod.rs` and `foo.rs` are module
//! `foo`); it depends on every module a path of its names — `crate::…`,
//! `super::…`, `self::…`, or one that starts with a module it imported or
//! declared (`use crate::games::tournament;` then `tournament::games::…`).
//! A path names the longest module it begins with; a macro's `$module`
//! segment names every module beside it. Comments and strings are no
//! dependency.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// The circles allowed to stay, each with its reason. None is.
const ALLOWED: &[(&[&str], &str)] = &[];

/// A module's name from its file's path under `src/`: `games/gt/mod.rs`
/// is `games/gt`, `lib.rs` the crate's root, ``.
fn module_of(file: &Path) -> String {
    let mut parts: Vec<String> = file
        .with_extension("")
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("/")
}

/// The text of a source file without its comments and string literals,
/// which name nothing.
fn code_of(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let starts = |at: usize, with: &str| {
        with.chars()
            .enumerate()
            .all(|(n, c)| chars.get(at + n) == Some(&c))
    };
    let mut code = String::with_capacity(text.len());
    let mut at = 0;
    while at < chars.len() {
        let raw = chars[at] == 'r'
            && (starts(at + 1, "\"") || starts(at + 1, "#"))
            && !chars[..at]
                .last()
                .is_some_and(|c| c.is_alphanumeric() || *c == '_');
        if starts(at, "//") {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if starts(at, "/*") {
            at += 2;
            while at < chars.len() && !starts(at, "*/") {
                at += 1;
            }
            at += 2;
        } else if raw {
            let hashes = chars[at + 1..].iter().take_while(|&&c| c == '#').count();
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            at += 2 + hashes;
            while at < chars.len() && !starts(at, &close) {
                at += 1;
            }
            at += close.len();
            code.push_str("\"\"");
        } else if chars[at] == '\'' && (starts(at + 1, "\\") || starts(at + 2, "'")) {
            // A character ('{', '\''), not a lifetime ('a).
            at += if chars[at + 1] == '\\' { 3 } else { 2 };
            while at < chars.len() && chars[at] != '\'' {
                at += 1;
            }
            at += 1;
        } else if chars[at] == '"' {
            at += 1;
            while at < chars.len() && chars[at] != '"' {
                at += if chars[at] == '\\' { 2 } else { 1 };
            }
            at += 1;
            code.push_str("\"\"");
        } else {
            code.push(chars[at]);
            at += 1;
        }
    }
    code
}

/// The code's tokens: words (`$module` included), `::`, and single
/// characters; white space separates them.
fn tokens(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' || c == '$' {
            let mut word = c.to_string();
            while let Some(&next) = chars.peek().filter(|c| c.is_alphanumeric() || **c == '_') {
                word.push(next);
                chars.next();
            }
            tokens.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".into());
        } else if !c.is_whitespace() {
            tokens.push(c.to_string());
        }
    }
    tokens
}

fn is_word(token: &str) -> bool {
    token.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
}

/// The paths of a path tree that starts at `tokens[at]` (`a::b::{c, d::e
/// as f}`), each with the name it is imported as; appends them to `out`
/// and returns where the tree ends.
fn tree(
    tokens: &[String],
    mut at: usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, String)>,
) -> usize {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(at).map(String::as_str) {
            Some("{") => {
                at += 1;
                while tokens.get(at).is_some_and(|t| t != "}") {
                    if tokens[at] == "," {
                        at += 1;
                    } else {
                        at = tree(tokens, at, &path, out);
                    }
                }
                return at + 1;
            }
            Some("self")
                if !path.is_empty() && tokens.get(at + 1).map(String::as_str) != Some("::") =>
            {
                at += 1;
            }
            Some(word) if is_word(word) => {
                path.push(word.to_string());
                at += 1;
                if tokens.get(at).map(String::as_str) == Some("::") {
                    at += 1;
                    continue;
                }
            }
            _ => {}
        }
        break;
    }
    let mut name = path.last().cloned().unwrap_or_default();
    if tokens.get(at).map(String::as_str) == Some("as") {
        name = tokens.get(at + 1).cloned().unwrap_or_default();
        at += 2;
    }
    out.push((path, name));
    at
}

/// The inline modules (`mod tests { … }`) each token is in, innermost
/// last.
fn inline_modules(tokens: &[String]) -> Vec<Vec<String>> {
    let mut open: Vec<(usize, String)> = Vec::new();
    let mut depth = 0;
    let mut within = Vec::with_capacity(tokens.len());
    for (at, token) in tokens.iter().enumerate() {
        match token.as_str() {
            "{" => {
                depth += 1;
                if at >= 2 && tokens[at - 2] == "mod" {
                    open.push((depth, tokens[at - 1].clone()));
                }
            }
            "}" => {
                if open.last().is_some_and(|(at_depth, _)| *at_depth == depth) {
                    open.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        within.push(open.iter().map(|(_, name)| name.clone()).collect());
    }
    within
}

/// The module paths (from the crate's root) that the code of module
/// `here` names.
fn named_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let within = inline_modules(&tokens);
    let starts_path = |at: usize| at == 0 || !matches!(tokens[at - 1].as_str(), "::" | ".");
    let mut found = Vec::new();
    for at in (0..tokens.len()).filter(|&at| starts_path(at)) {
        if tokens.get(at + 1).map(String::as_str) != Some("::") {
            continue;
        }
        let mut own = here.to_vec();
        own.extend(within[at].iter().cloned());
        let (mut base, mut next) = match tokens[at].as_str() {
            "crate" => (Vec::new(), at + 2),
            "self" => (own, at + 2),
            "super" => (own[..own.len().saturating_sub(1)].to_vec(), at + 2),
            // A macro's module, relative to where the macro is expanded.
            word if word.starts_with('$') => (own, at),
            _ => continue,
        };
        while tokens.get(next).map(String::as_str) == Some("super") {
            base.pop();
            next += 2;
        }
        tree(&tokens, next, &base, &mut found);
    }
    let mut paths: Vec<Vec<String>> = found.iter().map(|(path, _)| path.clone()).collect();
    // A path may start with a name imported above, or a module declared
    // here (`mod x;`: a declaration alone is no dependency).
    for at in 0..tokens.len().saturating_sub(2) {
        if tokens[at] == "mod" && tokens[at + 2] == ";" {
            let mut path = here.to_vec();
            path.push(tokens[at + 1].clone());
            found.push((path, tokens[at + 1].clone()));
        }
    }
    let imported: HashMap<&str, &Vec<String>> = found
        .iter()
        .map(|(path, name)| (name.as_str(), path))
        .collect();
    for at in (0..tokens.len()).filter(|&at| starts_path(at)) {
        let Some(path) = imported.get(tokens[at].as_str()) else {
            continue;
        };
        if tokens.get(at + 1).map(String::as_str) == Some("::") {
            let mut more = Vec::new();
            tree(&tokens, at + 2, path, &mut more);
            paths.extend(more.into_iter().map(|(path, _)| path));
        }
    }
    paths
}

/// The modules a path names, given each module's code: the longest
/// module it begins with. A macro's `$module` segment stands for each
/// module beside it that has what the path names next (a module of its
/// own, or an item: `$module::State`).
fn targets(path: &[String], code: &BTreeMap<String, String>) -> Vec<String> {
    let longest = |path: &[String]| {
        (0..=path.len())
            .rev()
            .map(|len| path[..len].join("/"))
            .find(|module| code.contains_key(module))
    };
    let Some(at) = path.iter().position(|segment| segment.starts_with('$')) else {
        return longest(path).into_iter().collect();
    };
    let (parent, next) = (&path[..at], path.get(at + 1));
    let mut found = Vec::new();
    for (module, text) in code {
        let parts: Vec<&str> = module.split('/').filter(|part| !part.is_empty()).collect();
        if parts.len() != at + 1 || parts[..at] != *parent {
            continue;
        }
        let mut expanded = parent.to_vec();
        expanded.push(parts[at].to_string());
        expanded.extend_from_slice(&path[at + 1..]);
        let has_next = next.is_some_and(|next| {
            longest(&expanded).is_some_and(|named| named != *module) || tokens(text).contains(next)
        });
        if has_next {
            found.extend(targets(&expanded, code));
        }
    }
    found
}

/// Each module's dependencies, from the sources by module.
fn graph(sources: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let code: BTreeMap<String, String> = sources
        .iter()
        .map(|(module, text)| (module.clone(), code_of(text)))
        .collect();
    code.iter()
        .map(|(module, text)| {
            let here: Vec<String> = match module.as_str() {
                "" => Vec::new(),
                module => module.split('/').map(String::from).collect(),
            };
            let uses = named_paths(text, &here)
                .iter()
                .flat_map(|path| targets(path, &code))
                .filter(|target| target != module)
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

/// The graph's circles: its strongly connected parts of more than one
/// module (Tarjan's algorithm), each sorted, largest first.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, module: &'a str) {
            let index = self.index.len();
            self.index.insert(module, index);
            self.low.insert(module, index);
            self.stack.push(module);
            for next in self.graph.get(module).into_iter().flatten() {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    self.low
                        .insert(module, self.low[module].min(self.low[next.as_str()]));
                } else if self.stack.contains(&next.as_str()) {
                    self.low
                        .insert(module, self.low[module].min(self.index[next.as_str()]));
                }
            }
            if self.low[module] == index {
                let at = self
                    .stack
                    .iter()
                    .position(|m| *m == module)
                    .expect("on the stack");
                let mut part: Vec<String> = self.stack.drain(at..).map(String::from).collect();
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for module in graph.keys() {
        if !walk.index.contains_key(module.as_str()) {
            walk.visit(module);
        }
    }
    walk.found.sort_by_key(|part| std::cmp::Reverse(part.len()));
    walk.found
}

/// The text of every Rust file under `dir`, by its module.
fn sources(src: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).expect("the source folder reads") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            sources(src, &path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let relative = path.strip_prefix(src).expect("under src");
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            out.insert(module_of(relative), text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(files: &[(&str, &str)]) -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(file, text)| (module_of(Path::new(file)), text.to_string()))
            .collect()
    }

    fn uses(graph: &BTreeMap<String, BTreeSet<String>>, module: &str) -> Vec<String> {
        graph[module].iter().cloned().collect()
    }

    #[test]
    fn every_kind_of_path_is_followed_to_its_module() {
        let graph = graph(&source(&[
            ("lib.rs", "mod a;\nmod b;\nfn f() { a::run(); }"),
            (
                "a/mod.rs",
                "pub mod inner;\nuse crate::b::{self, Thing as T};\nuse self::inner::X;",
            ),
            (
                "a/inner.rs",
                "use super::super::c;\nfn g() { c::deep::go(); }",
            ),
            (
                "b.rs",
                "// crate::a::inner is only spoken of\nconst S: &str = \"crate::a\";",
            ),
            (
                "c/mod.rs",
                "pub mod deep;\nmod other;\nmacro_rules! m { ($k:ident) => { $k::h() } }",
            ),
            (
                "c/deep.rs",
                "fn h() { crate::kinds!(x); crate::a::$module::g(); }",
            ),
            ("c/other.rs", "fn unrelated() { let brace = '{'; }"),
        ]));
        assert_eq!(uses(&graph, ""), ["a"]);
        assert_eq!(uses(&graph, "a"), ["a/inner", "b"]);
        assert_eq!(uses(&graph, "a/inner"), ["c", "c/deep"]);
        assert!(uses(&graph, "b").is_empty());
        assert_eq!(uses(&graph, "c"), ["c/deep"]);
        assert_eq!(uses(&graph, "c/deep"), ["", "a/inner"]);
    }

    #[test]
    fn a_circle_is_found_and_a_line_is_none() {
        let graph = graph(&source(&[
            ("lib.rs", ""),
            ("app.rs", "use crate::store::Store;"),
            ("store.rs", "use crate::clock::now;"),
            ("clock.rs", "fn now() { crate::app::App::tick() }"),
            ("web.rs", "use crate::app::App;"),
        ]));
        assert_eq!(circles(&graph), [["app", "clock", "store"]]);
        let mut line = graph.clone();
        line.get_mut("clock").unwrap().clear();
        assert!(circles(&line).is_empty());
    }

    #[test]
    fn no_module_of_the_server_reaches_back_to_one_that_uses_it() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = BTreeMap::new();
        sources(&src, &src, &mut files);
        let allowed: Vec<Vec<&str>> = ALLOWED.iter().map(|(circle, _)| circle.to_vec()).collect();
        let found: Vec<String> = circles(&graph(&files))
            .into_iter()
            .filter(|circle| !allowed.contains(&circle.iter().map(String::as_str).collect()))
            .map(|circle| format!("{} files: {}", circle.len(), circle.join(" ↔ ")))
            .collect();
        assert!(
            found.is_empty(),
            "modules that depend on each other (move what they share down):\n{}",
            found.join("\n")
        );
    }
}
