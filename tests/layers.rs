//! The crate's layers point one way (ARCHITECTURE.md): `alloc_prelude` (the no_std build's
//! prelude) < `engine` < `text` < `games` <
//! `tools`, with `solver` beside `tools` (engine and games below it, neither importing
//! the other); the crate root (`lib.rs`) may name everything. And no two modules import
//! each other, a module and its own submodules excepted (the submodule is part of it).
//!
//! Read from the sources: every `crate::` and `super::` path in code outside
//! `#[cfg(test)]` items and the modules declared under them (tests may reach up: the
//! engine's tests name rulesets), with comments and the contents of string and
//! character literals left out, so doc links do not count. A path is an import of the longest module of `src/` it starts with.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The source text with comments, string and character literals blanked out (newlines
/// kept).
fn code_only(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = String::with_capacity(src.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (at(i + 1) == '"' || (at(i + 1) == '#' && (at(i + 2) == '"' || at(i + 2) == '#')))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // a raw string: r"..." or r#"..."#
            let mut hashes = 0;
            i += 1;
            out.push(' ');
            while c[i] == '#' {
                hashes += 1;
                i += 1;
                out.push(' ');
            }
            i += 1;
            out.push('"');
            while i < c.len() {
                if c[i] == '"' && (0..hashes).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    out.push('"');
                    out.extend(std::iter::repeat(' ').take(hashes));
                    i += 1 + hashes;
                    break;
                }
                out.push(blank(c[i]));
                i += 1;
            }
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // a character literal ('x', '\n', '\u{..}'); a lifetime has no closing quote
            out.push('\'');
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The code with every item under a `#[cfg(...)]` that names `test` removed: the
/// attribute, then the item up to its `;` or its closing brace.
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(") {
        let attr_end = at + rest[at..].find(']').expect("an attribute ends");
        let names_test = rest[at..attr_end]
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .any(|w| w == "test");
        if !names_test {
            out.push_str(&rest[..attr_end + 1]);
            rest = &rest[attr_end + 1..];
            continue;
        }
        out.push_str(&rest[..at]);
        let item = &rest[attr_end + 1..];
        let mut depth = 0;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The tokens of code: identifiers, `::` and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphanumeric() || c[i] == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push(c[i].to_string());
            }
            i += 1;
        }
    }
    out
}

/// The paths that start at `t[i]` (an identifier after `::`), with `prefix` before
/// them: one path, or one per member of a `{...}` group.
fn paths_at(t: &[String], mut i: usize, mut prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    loop {
        match t.get(i).map(String::as_str) {
            Some("{") => {
                // a group: members separated by commas at this level
                i += 1;
                loop {
                    match t.get(i).map(String::as_str) {
                        None | Some("}") => return,
                        Some(",") => i += 1,
                        Some(_) => {
                            paths_at(t, i, prefix.clone(), out);
                            // skip the member
                            let mut depth = 0;
                            while let Some(tok) = t.get(i) {
                                match tok.as_str() {
                                    "{" => depth += 1,
                                    "}" if depth == 0 => break,
                                    "}" => depth -= 1,
                                    "," if depth == 0 => break,
                                    _ => {}
                                }
                                i += 1;
                            }
                        }
                    }
                }
            }
            Some(id) if id.chars().all(|ch| ch.is_alphanumeric() || ch == '_') => {
                prefix.push(id.to_string());
                if t.get(i + 1).map(String::as_str) == Some("::") {
                    i += 2;
                } else {
                    out.push(prefix);
                    return;
                }
            }
            _ => {
                out.push(prefix);
                return;
            }
        }
    }
}

/// A module of `src/`: its path below the crate root (`["engine", "moves"]`).
type Module = Vec<String>;

fn module_of(file: &Path, src: &Path) -> Module {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut m: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(m.last().map(String::as_str), Some("mod" | "lib")) {
        m.pop();
    }
    m
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of the modules that `code` declares in files of their own under a
/// `#[cfg(...)]` that names `test` (`#[cfg(test)] mod reference;`): test code, whole.
fn test_modules(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(") {
        let attr_end = at + rest[at..].find(']').expect("an attribute ends");
        let names_test = rest[at..attr_end]
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
            .any(|w| w == "test");
        rest = &rest[attr_end + 1..];
        if !names_test {
            continue;
        }
        let item = tokens(&rest[..rest.find([';', '{']).map_or(rest.len(), |e| e + 1)]);
        let words: Vec<&str> = item.iter().map(String::as_str).collect();
        if let [.., "mod", name, ";"] = words[..] {
            out.push(name.to_string());
        }
    }
    out
}

/// Every module of `src/` and the modules its code outside tests imports; the modules
/// that are test code whole (declared under `#[cfg(test)]`) are left out.
fn imports() -> BTreeMap<Module, BTreeSet<Module>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|f| module_of(f, &src)).collect();
    let mut tests: Vec<Module> = Vec::new();
    for file in &files {
        let me = module_of(file, &src);
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        for name in test_modules(&code) {
            tests.push(me.iter().cloned().chain([name]).collect());
        }
    }
    let mut graph = BTreeMap::new();
    for file in &files {
        let me = module_of(file, &src);
        if tests.iter().any(|t| me.starts_with(t)) {
            continue;
        }
        let code = without_tests(&code_only(&std::fs::read_to_string(file).unwrap()));
        let t = tokens(&code);
        let mut paths = Vec::new();
        for i in 0..t.len().saturating_sub(2) {
            let after_dollar = i > 0 && t[i - 1] == "$";
            let after_colons = i > 0 && t[i - 1] == "::";
            if t[i + 1] != "::" || after_dollar || after_colons {
                continue;
            }
            let start = match t[i].as_str() {
                "crate" => Vec::new(),
                // the parent of the file's module
                "super" => me[..me.len().saturating_sub(1)].to_vec(),
                _ => continue,
            };
            paths_at(&t, i + 2, start, &mut paths);
        }
        let targets: BTreeSet<Module> = paths
            .into_iter()
            .filter_map(|p| {
                (0..=p.len())
                    .rev()
                    .map(|n| p[..n].to_vec())
                    .find(|m| modules.contains(m))
            })
            .filter(|m| *m != me)
            .collect();
        graph.insert(me, targets);
    }
    graph
}

/// The layer of a top-level module, and the modules it may import besides its own
/// and those of lower layers.
fn layer(top: &str) -> Option<u8> {
    match top {
        // `alloc`'s prelude for the no_std build, below everything
        "alloc_prelude" => Some(0),
        "engine" => Some(1),
        "text" => Some(2),
        "games" => Some(3),
        "tools" | "solver" => Some(4),
        _ => None,
    }
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let graph = imports();
    assert!(
        graph.len() > 50,
        "the sources were read: {} modules",
        graph.len()
    );
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        let Some(own) = from.first().and_then(|t| layer(t)) else {
            continue; // the crate root and the rulings page
        };
        for to in targets {
            let Some(theirs) = to.first().and_then(|t| layer(t)) else {
                wrong.push(format!(
                    "{} -> {} (the crate root)",
                    from.join("::"),
                    to.join("::")
                ));
                continue;
            };
            // tools and solver share a layer but stay apart
            if theirs > own || (theirs == own && to[0] != from[0]) {
                wrong.push(format!("{} -> {}", from.join("::"), to.join("::")));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that point up:\n{}",
        wrong.join("\n")
    );
    // the check sees imports: the engine's position module imports its errors
    assert!(graph[&vec!["engine".to_string(), "position".to_string()]]
        .contains(&vec!["engine".to_string(), "error".to_string()]));
}

#[test]
fn no_two_modules_import_each_other() {
    let graph = imports();
    let contains = |outer: &Module, inner: &Module| inner.starts_with(outer);
    let mut both = Vec::new();
    for (a, targets) in &graph {
        for b in targets {
            if a < b
                && !contains(a, b)
                && !contains(b, a)
                && graph.get(b).is_some_and(|t| t.contains(a))
            {
                both.push(format!("{} <-> {}", a.join("::"), b.join("::")));
            }
        }
    }
    assert!(
        both.is_empty(),
        "modules that import each other:\n{}",
        both.join("\n")
    );
}

#[test]
fn the_reader_sees_through_comments_strings_and_tests() {
    let src = r##"
        use crate::engine::{moves::{Move, MoveList}, color::Color};
        // use crate::tools::registry;
        /// [link](crate::tools::playout)
        const S: &str = "crate::games::lasca";
        const R: &str = r#"crate::games::dameo"#;
        const C: char = '{';
        fn f<'a>(x: &'a str) -> crate::text::notation::MoveQuery { todo!() }
        #[cfg(test)]
        mod tests { use crate::games::emergo::Emergo; }
        #[cfg(test)]
        pub(crate) mod reference;
        #[cfg(feature = "testing")]
        use crate::engine::perft;
    "##;
    let code = without_tests(&code_only(src));
    let t = tokens(&code);
    let mut paths = Vec::new();
    for i in 0..t.len() - 2 {
        if t[i] == "crate" && t[i + 1] == "::" {
            paths_at(&t, i + 2, Vec::new(), &mut paths);
        }
    }
    assert_eq!(test_modules(&code_only(src)), ["reference"]);
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        [
            "engine::moves::Move",
            "engine::moves::MoveList",
            "engine::color::Color",
            "text::notation::MoveQuery",
            "engine::perft",
        ]
    );
}
