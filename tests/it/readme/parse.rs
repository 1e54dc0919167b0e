//! README.md's shell code blocks as sections of command lines, and a command line as words.
//!
//! A `sh` block holds only commands; a `console` block holds `$ ` commands followed by what they
//! print. A command line may continue on the next with `\`, run several commands with `&&`, end
//! with `&` (in the background) and with a `# comment`.

use std::collections::BTreeMap;

/// The commands under one heading, in order: what one person would type in one sitting.
#[derive(Debug)]
pub struct Section {
    pub heading: String,
    pub lines: Vec<Line>,
}

/// One command line as written, with what the README says it prints (console blocks only).
#[derive(Debug)]
pub struct Line {
    /// 1-based line number in README.md, for the failure message.
    pub number: usize,
    pub text: String,
    pub output: Vec<String>,
}

/// One command to run: `NAME=value` assignments, its words, and whether it runs in the background.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub assignments: Vec<(String, String)>,
    pub words: Vec<String>,
    pub background: bool,
}

/// The language of a block whose lines are not commands (json, text).
const SKIPPED: &str = "";

/// Every section of `readme` with at least one command.
pub fn sections(readme: &str) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    let mut heading = String::new();
    let mut block: Option<String> = None;
    let mut pending = String::new();
    let mut pending_from = 0;
    for (index, raw) in readme.lines().enumerate() {
        let number = index + 1;
        if let Some(lang) = block.clone() {
            if raw.trim_start().starts_with("```") {
                block = None;
                continue;
            }
            let (command, is_output) = match lang.as_str() {
                "console" => match raw.strip_prefix("$ ") {
                    Some(command) => (command, false),
                    None => (raw, true),
                },
                SKIPPED => continue,
                _ => (raw, false),
            };
            if is_output {
                if let Some(line) = sections.last_mut().and_then(|s| s.lines.last_mut()) {
                    line.output.push(raw.to_owned());
                }
                continue;
            }
            if pending.is_empty() {
                pending_from = number;
            }
            if let Some(head) = command.strip_suffix('\\') {
                pending.push_str(head);
                pending.push(' ');
                continue;
            }
            pending.push_str(command);
            let text = std::mem::take(&mut pending);
            if text.trim().is_empty() {
                continue;
            }
            if sections.last().is_none_or(|s| s.heading != heading) {
                sections.push(Section {
                    heading: heading.clone(),
                    lines: Vec::new(),
                });
            }
            if let Some(section) = sections.last_mut() {
                section.lines.push(Line {
                    number: pending_from,
                    text,
                    output: Vec::new(),
                });
            }
        } else if let Some(fence) = raw.trim_start().strip_prefix("```") {
            let lang = fence.trim();
            block = Some(match lang {
                "sh" | "bash" | "shell" | "console" => lang.to_owned(),
                _ => SKIPPED.to_owned(),
            });
        } else if let Some(title) = raw.strip_prefix('#') {
            heading = title.trim_start_matches('#').trim().to_owned();
        }
    }
    sections
        .into_iter()
        .map(|mut s| {
            s.lines.retain(|l| !l.text.trim().is_empty());
            s
        })
        .filter(|s| !s.lines.is_empty())
        .collect()
}

/// The commands of one line, its `$NAME`s expanded from `env` (an unknown name is an error, so a
/// README that uses a variable it never sets fails rather than running with an empty word).
pub fn commands(line: &str, env: &BTreeMap<String, String>) -> Result<Vec<Command>, String> {
    let mut commands = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().peekable();
    let mut quote: Option<char> = None;
    let finish = |words: &mut Vec<String>, commands: &mut Vec<Command>, background| {
        let mut assignments = Vec::new();
        let mut rest = std::mem::take(words);
        while let Some((name, value)) = rest.first().and_then(|w| assignment(w)) {
            assignments.push((name, value));
            rest.remove(0);
        }
        if !rest.is_empty() || !assignments.is_empty() {
            commands.push(Command {
                assignments,
                words: rest,
                background,
            });
        }
    };
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('\''), c) => word.get_or_insert_default().push(c),
            (Some('"'), '$') | (None, '$') => {
                let name = variable(&mut chars);
                let value = env
                    .get(&name)
                    .ok_or_else(|| format!("${name} is used but never set"))?;
                word.get_or_insert_default().push_str(value);
            }
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, '#') if word.is_none() => break,
            (None, ' ' | '\t') => words.extend(word.take()),
            (None, '&') => {
                words.extend(word.take());
                let and = chars.peek() == Some(&'&');
                if and {
                    chars.next();
                }
                finish(&mut words, &mut commands, !and);
            }
            (None, ';') => {
                words.extend(word.take());
                finish(&mut words, &mut commands, false);
            }
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".into());
    }
    words.extend(word.take());
    finish(&mut words, &mut commands, false);
    Ok(commands)
}

fn variable(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> String {
    let braced = chars.peek() == Some(&'{');
    if braced {
        chars.next();
    }
    let mut name = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c);
            chars.next();
        } else {
            break;
        }
    }
    if braced && chars.peek() == Some(&'}') {
        chars.next();
    }
    name
}

/// `NAME=value` as a shell reads a leading assignment.
pub fn assignment(word: &str) -> Option<(String, String)> {
    let (name, value) = word.split_once('=')?;
    let valid = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    valid.then(|| (name.to_owned(), value.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Command> {
        let env = BTreeMap::from([("KEY".to_owned(), "k 1".to_owned())]);
        commands(line, &env).unwrap()
    }

    #[test]
    fn a_line_is_split_as_a_shell_would() {
        let parsed = words(r#"A=1 B='two words' run -H "key: $KEY" -d @x.json # a comment"#);
        assert_eq!(
            parsed,
            [Command {
                assignments: vec![("A".into(), "1".into()), ("B".into(), "two words".into())],
                words: vec!["run", "-H", "key: k 1", "-d", "@x.json"]
                    .into_iter()
                    .map(String::from)
                    .collect(),
                background: false,
            }]
        );
        let parsed = words("build --release && pack --formats deb &");
        assert_eq!(parsed.len(), 2);
        assert!(!parsed[0].background);
        assert!(parsed[1].background);
        assert!(commands("echo $NOPE", &BTreeMap::new()).is_err());
    }

    #[test]
    fn blocks_become_sections_with_their_output() {
        let readme = "# A\n\n```sh\nrun one \\\n  --flag   # why\n```\n\n```json\n{}\n```\n\
                      ## B\n\n```console\n$ two\nprinted\n```\n";
        let sections = sections(readme);
        assert_eq!(sections.len(), 2);
        assert_eq!(sections[0].heading, "A");
        assert_eq!(sections[0].lines[0].number, 4);
        assert_eq!(
            words(&sections[0].lines[0].text)[0].words,
            ["run", "one", "--flag"]
        );
        assert_eq!(sections[1].lines[0].output, ["printed"]);
    }
}
