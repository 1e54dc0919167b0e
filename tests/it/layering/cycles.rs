//! No import cycles between files: every `.rs` file under `src/` is a node, and a file has an
//! arrow to each file whose items it names, or this test names the files of each cycle and the
//! line of each arrow in it.
//!
//! - An arrow comes from a path in code or in a `use` tree that starts with `crate::`, `super::`
//!   (also `super::super::`), `self::`, or the name of one of the module's own child modules
//!   (`pub use child::Item` in a `mod.rs`). Comments, doc comments and string literals are
//!   skipped; paths into other crates are not arrows.
//! - A path points at the file that defines its longest module prefix:
//!   `crate::station::db::engine::Row` → `src/station/db/engine/mod.rs` (or `engine.rs`);
//!   `#[path = "…"]` on a `mod` is honoured.
//! - `mod child;` is not an arrow: a parent declaring its children is fine. But a parent that
//!   re-exports or calls into a child while the child uses the parent's items is a cycle; the way
//!   out is a third file both import (`types.rs`, `error.rs`), or the child importing the item
//!   from the file that defines it rather than through the parent's re-export.
//! - Code only tests compile is left out: inline `#[cfg(test)]` items (so
//!   `#[cfg(test)] mod tests { use super::*; }`, which is the same file anyway), files declared
//!   under `#[cfg(test)]`, and files named `tests.rs` or `*_tests.rs`. A test module reaches into
//!   the module it tests by design.
//! - `src/main.rs` is a crate of its own (it uses this one as `packdesk::`), so it is no node.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

/// A module path from the crate root (`["station", "db", "engine"]`; the root is empty).
type ModulePath = Vec<String>;

/// One arrow of the graph: where the path that makes it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Arrow {
    pub line: usize,
    pub path: String,
}

/// FILE → FILE → the first place that file names the other.
pub(super) type Graph = BTreeMap<String, BTreeMap<String, Arrow>>;

/// One cycle: its files in order (the first repeated at the end) and the arrow of each step.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Cycle {
    pub files: Vec<String>,
    pub arrows: Vec<Arrow>,
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "import cycle: {}", self.files.join(" → "))?;
        for (from, arrow) in self.files.iter().zip(&self.arrows) {
            write!(f, "\n    {from}:{} uses {}", arrow.line, arrow.path)?;
        }
        Ok(())
    }
}

/// The cycles among `files` (name relative to the crate root such as `src/a/mod.rs`, text):
/// every arrow that lies on a cycle is on at least one of those listed, each cycle the shortest
/// through its arrow, starting at its first file by name.
pub(super) fn import_cycles(files: &[(String, String)]) -> Vec<Cycle> {
    let graph = import_graph(files);
    let mut cycles = BTreeSet::new();
    for component in strongly_connected(&graph) {
        for from in &component {
            for to in graph[from].keys().filter(|to| component.contains(*to)) {
                if let Some(back) = shortest_path(&graph, &component, to, from) {
                    let mut files = vec![from.clone()];
                    files.extend(back);
                    cycles.insert(starting_at_first(files));
                }
            }
        }
    }
    cycles
        .into_iter()
        .map(|files| {
            let arrows = files
                .windows(2)
                .map(|step| graph[&step[0]][&step[1]].clone())
                .collect();
            Cycle { files, arrows }
        })
        .collect()
}

/// The FILE → FILE graph of `files`, leaving out the files only tests compile.
pub(super) fn import_graph(files: &[(String, String)]) -> Graph {
    let parsed: BTreeMap<&str, Parsed> = files
        .iter()
        .filter(|(name, _)| name != "src/main.rs")
        .map(|(name, text)| (name.as_str(), parse(text)))
        .collect();
    let mut modules: BTreeMap<ModulePath, String> = BTreeMap::new();
    for name in parsed.keys() {
        if let Some(module) = module_by_convention(name) {
            modules.entry(module).or_insert_with(|| (*name).to_string());
        }
    }
    // A `#[path]` names the file outright, and `#[cfg(test)]` makes a module test-only.
    let mut test_modules: Vec<ModulePath> = Vec::new();
    for (name, file) in &parsed {
        let Some(parent) = module_by_convention(name) else {
            continue;
        };
        for declared in &file.declared {
            let mut module = parent.clone();
            module.push(declared.name.clone());
            if let Some(path) = &declared.path {
                let dir = name.rsplit_once('/').map_or("", |(dir, _)| dir);
                modules.retain(|_, file| *file != normalize(&format!("{dir}/{path}")));
                modules.insert(module.clone(), normalize(&format!("{dir}/{path}")));
            }
            if declared.test_only {
                test_modules.push(module);
            }
        }
    }
    let module_of: BTreeMap<&str, &ModulePath> = modules
        .iter()
        .map(|(module, file)| (file.as_str(), module))
        .collect();
    let test_only = |name: &str| {
        let file_name = name.rsplit('/').next().unwrap_or(name);
        file_name == "tests.rs"
            || file_name.ends_with("_tests.rs")
            || module_of
                .get(name)
                .is_some_and(|module| test_modules.iter().any(|t| module.starts_with(t)))
    };
    let mut graph = Graph::new();
    for (name, file) in &parsed {
        if test_only(name) {
            continue;
        }
        let Some(module) = module_of.get(name) else {
            continue;
        };
        let arrows = graph.entry((*name).to_string()).or_default();
        for used in &file.paths {
            let mut scope = (*module).clone();
            scope.extend(used.inline_modules.iter().cloned());
            let Some(target) = resolve(&scope, &used.segments, &modules) else {
                continue;
            };
            if target != *name && !test_only(&target) {
                arrows.entry(target.clone()).or_insert_with(|| Arrow {
                    line: used.line,
                    path: used.segments.join("::"),
                });
            }
        }
    }
    graph
}

/// The module a file is by the file-system convention (`src/a/mod.rs` and `src/a.rs` → `a`).
fn module_by_convention(name: &str) -> Option<ModulePath> {
    let relative = name.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut module: ModulePath = relative.split('/').map(str::to_string).collect();
    if module.len() == 1 && (module[0] == "lib" || module[0] == "main") {
        return Some(Vec::new());
    }
    if module.last().is_some_and(|last| last == "mod") {
        module.pop();
    }
    Some(module)
}

/// `a/b/../c.rs` → `a/c.rs`.
fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            part => parts.push(part),
        }
    }
    parts.join("/")
}

/// The file a path written in module `scope` points at, if it points into this crate.
fn resolve(
    scope: &[String],
    segments: &[String],
    modules: &BTreeMap<ModulePath, String>,
) -> Option<String> {
    let first = segments.first()?;
    let (mut absolute, rest) = match first.as_str() {
        "crate" => (Vec::new(), &segments[1..]),
        "self" => (scope.to_vec(), &segments[1..]),
        "super" => {
            let mut base = scope.to_vec();
            let supers = segments.iter().take_while(|s| *s == "super").count();
            for _ in 0..supers {
                base.pop()?;
            }
            (base, &segments[supers..])
        }
        // A bare first segment is this module's child, or another crate.
        child => {
            let mut module = scope.to_vec();
            module.push(child.to_string());
            if !modules.contains_key(&module) {
                return None;
            }
            (scope.to_vec(), segments)
        }
    };
    absolute.extend(rest.iter().filter(|s| *s != "self").cloned());
    loop {
        if let Some(file) = modules.get(&absolute) {
            return Some(file.clone());
        }
        absolute.pop()?;
    }
}

/// A `mod name;` in a file.
#[derive(Debug, Default)]
struct Declared {
    name: String,
    path: Option<String>,
    test_only: bool,
}

/// A path written in a file, outside test-only code.
#[derive(Debug)]
struct UsedPath {
    line: usize,
    /// The inline `mod name { … }` blocks it is written in.
    inline_modules: Vec<String>,
    segments: Vec<String>,
}

#[derive(Debug, Default)]
struct Parsed {
    declared: Vec<Declared>,
    paths: Vec<UsedPath>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Ident(String),
    PathSep,
    Punct(char),
    Str(String),
    Number,
}

#[derive(Debug)]
struct Token {
    kind: Kind,
    line: usize,
}

impl Token {
    fn is(&self, c: char) -> bool {
        self.kind == Kind::Punct(c)
    }

    fn ident(&self) -> Option<&str> {
        match &self.kind {
            Kind::Ident(name) => Some(name),
            _ => None,
        }
    }
}

/// The tokens of Rust source, without comments; string literals become one `Str` each, so a
/// path in a string or comment never reads as code.
fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start_line = line;
        let mut push = |kind| {
            tokens.push(Token {
                kind,
                line: start_line,
            })
        };
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
        } else if c == '"' {
            let (text, end) = quoted(&chars, i + 1, &mut line);
            push(Kind::Str(text));
            i = end;
        } else if c == '\'' {
            // A char literal ('a', '\n', '{') or a lifetime ('a, 'static), whose name is harmless.
            if at(i + 1) == '\\' {
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let raw_string = matches!(word.as_str(), "r" | "br" | "cr")
                && (at(i) == '"' || (at(i) == '#' && (at(i + 1) == '"' || at(i + 1) == '#')));
            if raw_string {
                let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
                i += hashes + 1;
                let body = i;
                while i < chars.len()
                    && !(chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|c| *c == '#'))
                {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                push(Kind::Str(chars[body..i.min(chars.len())].iter().collect()));
                i += hashes + 1;
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                let (text, end) = quoted(&chars, i + 1, &mut line);
                push(Kind::Str(text));
                i = end;
            } else if word == "b" && at(i) == '\'' {
                i += if at(i + 1) == '\\' { 4 } else { 3 };
                while i < chars.len() && chars[i - 1] != '\'' {
                    i += 1;
                }
            } else if word == "r" && at(i) == '#' {
                i += 1; // A raw identifier: `r#type` is the word `type`.
            } else {
                push(Kind::Ident(word));
            }
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            push(Kind::Number);
        } else if c == ':' && at(i + 1) == ':' {
            push(Kind::PathSep);
            i += 2;
        } else if c == '$' {
            i += 1; // `$crate::x` in a macro is `crate::x`.
        } else {
            push(Kind::Punct(c));
            i += 1;
        }
    }
    tokens
}

/// The text of a `"…"` literal whose body starts at `start`, and the index after its close.
fn quoted(chars: &[char], start: usize, line: &mut usize) -> (String, usize) {
    let mut i = start;
    while i < chars.len() && chars[i] != '"' {
        *line += usize::from(chars[i] == '\n');
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    let end = i.min(chars.len());
    (chars[start..end].iter().collect(), end + 1)
}

/// The modules a file declares and the paths it writes, outside test-only code.
fn parse(text: &str) -> Parsed {
    let tokens = lex(text);
    let mut parsed = Parsed::default();
    // The inline modules around the current token, each with the brace depth of its body.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut test_only = false;
    let mut path_attribute = None;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if token.is('#') {
            let (end, attribute) = attribute(&tokens, i);
            match attribute {
                Attribute::CfgTest => test_only = true,
                Attribute::Path(path) => path_attribute = Some(path),
                Attribute::Other => {}
            }
            i = end;
            continue;
        }
        // `pub(crate)`, `pub(super)`, `pub(in crate::a)` say who may see an item, not what it uses.
        if token.ident() == Some("pub") {
            i += 1;
            if tokens.get(i).is_some_and(|t| t.is('(')) {
                i = after_group(&tokens, i);
            }
            continue;
        }
        let at_mod = token.ident() == Some("mod");
        let name = tokens.get(i + 1).and_then(Token::ident);
        if let (true, Some(name)) = (at_mod, name)
            && tokens.get(i + 2).is_some_and(|t| t.is(';'))
        {
            parsed.declared.push(Declared {
                name: name.to_string(),
                path: path_attribute.take(),
                test_only,
            });
            test_only = false;
            i += 3;
            continue;
        }
        path_attribute = None;
        if std::mem::take(&mut test_only) {
            i = after_item(&tokens, i);
            continue;
        }
        let names = || inline.iter().map(|(name, _)| name.clone()).collect();
        match &token.kind {
            Kind::Punct('{') => {
                depth += 1;
                i += 1;
            }
            Kind::Punct('}') => {
                if inline.last().is_some_and(|(_, body)| *body == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            Kind::Ident(word) if word == "mod" && name.is_some() => {
                if tokens.get(i + 2).is_some_and(|t| t.is('{')) {
                    depth += 1;
                    inline.push((name.unwrap_or_default().to_string(), depth));
                    i += 3;
                } else {
                    i += 1;
                }
            }
            Kind::Ident(word) if word == "use" => {
                let mut leaves = Vec::new();
                i = use_tree(&tokens, i + 1, Vec::new(), &mut leaves);
                while i < tokens.len() && !tokens[i - 1].is(';') {
                    i += 1;
                }
                for segments in leaves {
                    parsed.paths.push(UsedPath {
                        line: token.line,
                        inline_modules: names(),
                        segments,
                    });
                }
            }
            Kind::Ident(first)
                if tokens.get(i + 1).is_some_and(|t| t.kind == Kind::PathSep)
                    && !(i > 0 && tokens[i - 1].kind == Kind::PathSep) =>
            {
                let mut segments = vec![first.clone()];
                i += 1;
                while tokens.get(i).is_some_and(|t| t.kind == Kind::PathSep)
                    && let Some(next) = tokens.get(i + 1).and_then(Token::ident)
                {
                    segments.push(next.to_string());
                    i += 2;
                }
                parsed.paths.push(UsedPath {
                    line: token.line,
                    inline_modules: names(),
                    segments,
                });
            }
            _ => i += 1,
        }
    }
    parsed
}

enum Attribute {
    CfgTest,
    Path(String),
    Other,
}

/// The attribute starting at the `#` at `start`, and the index after it.
fn attribute(tokens: &[Token], start: usize) -> (usize, Attribute) {
    let mut open = start + 1;
    if tokens.get(open).is_some_and(|t| t.is('!')) {
        open += 1;
    }
    if !tokens.get(open).is_some_and(|t| t.is('[')) {
        return (start + 1, Attribute::Other);
    }
    let end = after_group(tokens, open);
    let inside = &tokens[open + 1..end.saturating_sub(1).max(open + 1)];
    let kinds: Vec<&Kind> = inside.iter().map(|t| &t.kind).collect();
    let ident = |name: &str| Kind::Ident(name.to_string());
    let attribute = match kinds.as_slice() {
        [cfg, Kind::Punct('('), test, Kind::Punct(')')]
            if **cfg == ident("cfg") && **test == ident("test") =>
        {
            Attribute::CfgTest
        }
        [path, Kind::Punct('='), Kind::Str(file)] if **path == ident("path") => {
            Attribute::Path(file.clone())
        }
        _ => Attribute::Other,
    };
    (end, attribute)
}

/// The index after the bracketed group that opens at `open`.
fn after_group(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token.kind {
            Kind::Punct('(' | '[' | '{') => depth += 1,
            Kind::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The index after the item (or statement, field) starting at `start`: after its `;`, or after
/// its body's closing brace; never past the brace that closes what it is in.
fn after_item(tokens: &[Token], start: usize) -> usize {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(start) {
        match token.kind {
            Kind::Punct(';') if depth == 0 => return i + 1,
            Kind::Punct('(' | '[' | '{') => depth += 1,
            Kind::Punct(')' | ']' | '}') => {
                if depth == 0 {
                    return i;
                }
                depth -= 1;
                if depth == 0 && token.is('}') {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The leaf paths of the `use` tree at `start` (after `use`), appended to `leaves`; returns the
/// index after the tree. `a::{b, c::*}` gives `a::b` and `a::c`; `a::{self}` gives `a`.
fn use_tree(
    tokens: &[Token],
    start: usize,
    mut path: Vec<String>,
    leaves: &mut Vec<Vec<String>>,
) -> usize {
    let mut i = start;
    while let Some(token) = tokens.get(i) {
        match &token.kind {
            // A leading `::` names another crate: no segment of this crate matches it.
            Kind::PathSep if path.is_empty() => {
                path.push("::".to_string());
                i += 1;
            }
            Kind::PathSep => i += 1,
            // `a::{self, b}`: the module `a` itself.
            Kind::Ident(name) if name == "self" && !path.is_empty() => {
                leaves.push(path);
                return i + 1;
            }
            Kind::Ident(name) => {
                path.push(name.clone());
                i += 1;
                if tokens.get(i).is_some_and(|t| t.kind == Kind::PathSep) {
                    continue;
                }
                if tokens.get(i).and_then(Token::ident) == Some("as") {
                    i += 2;
                }
                leaves.push(path);
                return i;
            }
            Kind::Punct('*') => {
                leaves.push(path);
                return i + 1;
            }
            Kind::Punct('{') => {
                i += 1;
                while let Some(token) = tokens.get(i) {
                    if token.is('}') {
                        return i + 1;
                    }
                    if token.is(',') {
                        i += 1;
                        continue;
                    }
                    let next = use_tree(tokens, i, path.clone(), leaves);
                    i = next.max(i + 1);
                }
                return i;
            }
            _ => return i,
        }
    }
    i
}

/// Tarjan's strongly connected components with more than one file.
fn strongly_connected(graph: &Graph) -> Vec<BTreeSet<String>> {
    struct State<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'g>(state: &mut State<'g>, node: &'g str) {
        let number = state.index.len();
        state.index.insert(node, number);
        state.low.insert(node, number);
        state.stack.push(node);
        state.on_stack.insert(node);
        let graph = state.graph;
        for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
            if !state.index.contains_key(next.as_str()) {
                visit(state, next);
                let low = state.low[node].min(state.low[next.as_str()]);
                state.low.insert(node, low);
            } else if state.on_stack.contains(next.as_str()) {
                let low = state.low[node].min(state.index[next.as_str()]);
                state.low.insert(node, low);
            }
        }
        if state.low[node] == state.index[node] {
            let mut component = BTreeSet::new();
            while let Some(member) = state.stack.pop() {
                state.on_stack.remove(member);
                component.insert(member.to_string());
                if member == node {
                    break;
                }
            }
            if component.len() > 1 {
                state.found.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found
}

/// A shortest path from `from` to `to` (both included) through the files of `within`.
fn shortest_path(
    graph: &Graph,
    within: &BTreeSet<String>,
    from: &str,
    to: &str,
) -> Option<Vec<String>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([from]);
    while let Some(node) = queue.pop_front() {
        if node == to {
            let mut path = vec![to.to_string()];
            let mut at = to;
            while let Some(previous) = came_from.get(at) {
                path.push(previous.to_string());
                at = previous;
            }
            path.reverse();
            return Some(path);
        }
        for next in graph.get(node).into_iter().flat_map(BTreeMap::keys) {
            if within.contains(next) && next != from && !came_from.contains_key(next.as_str()) {
                came_from.insert(next, node);
                queue.push_back(next);
            }
        }
    }
    None
}

/// A cycle `[a, b, …, a]` turned to start (and end) at its first file by name.
fn starting_at_first(mut files: Vec<String>) -> Vec<String> {
    files.pop();
    let first = files
        .iter()
        .enumerate()
        .min_by_key(|(_, file)| *file)
        .map_or(0, |(at, _)| at);
    files.rotate_left(first);
    files.push(files[0].clone());
    files
}
