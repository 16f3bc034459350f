//! The `knights` commands that the project shows its readers, found in text: in
//! markdown (fenced or indented code, and `inline code`) and in HTML (`<code>`). The
//! binary's own tests parse every one with the real argument parser (`src/cli/shown.rs`
//! includes this file); `docs_commands` runs the ones that are quick, and the
//! gallery's tests run the commands of every built page.

/// The commands in `text`, each as its arguments after `knights`; a command written
/// as a template (`knights worksheet BOARD -o sheet.pdf`) is left out, since it is
/// not one to run as it stands.
pub fn commands(text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut fenced = false;
    // A code line ending in `\` goes on in the next one, as in a shell.
    let mut begun = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let code = fenced || line.starts_with("    ");
        if code {
            if let Some(head) = line.trim_end().strip_suffix('\\') {
                begun.push_str(head.trim());
                begun.push(' ');
                continue;
            }
        }
        let whole = format!("{}{}", std::mem::take(&mut begun), line.trim_start());
        let t = whole.as_str();
        let t = t.strip_prefix("$ ").unwrap_or(t);
        if code && t.starts_with("knights ") {
            // A comment follows a command after `#` or a gap of spaces.
            let command = t.split(" #").next().unwrap_or(t);
            found.push(command.split("  ").next().unwrap_or(command).to_string());
        }
        if !fenced && line.starts_with('#') {
            continue; // a heading names a subcommand or an option, it shows no command
        }
        for (open, close) in [("`", "`"), ("<code>", "</code>")] {
            let mut rest = line;
            while let Some(i) = rest.find(&format!("{open}knights ")) {
                let after = &rest[i + open.len()..];
                let Some(j) = after.find(close) else { break };
                found.push(unescape(&after[..j]));
                rest = &after[j + close.len()..];
            }
        }
    }
    found
        .iter()
        .flat_map(|c| c.split(['|', ';']).flat_map(|c| c.split("&&")))
        .filter_map(|segment| {
            let words: Vec<String> = segment.split_whitespace().map(unquote).collect();
            (words.first().map(String::as_str) == Some("knights")).then(|| words[1..].to_vec())
        })
        .filter(|args| !args.is_empty() && !args.iter().any(|a| placeholder(a)))
        .collect()
}

/// Whether a word stands for something the reader fills in: a capital letter marks one
/// (`BOARD`, `FILE`, `WxH`, `8mxH`, `A,B`), and so do `...`, an optional `[--json]` and
/// `<path>`.
fn placeholder(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_uppercase())
        || word.contains("...")
        || word.contains(['[', '<', '…'])
}

/// A word as the shell passes it: quotes around it taken off (`'2*turns+crossings'`,
/// which the option's parser reads).
fn unquote(word: &str) -> String {
    let quoted = |q: char| word.len() >= 2 && word.starts_with(q) && word.ends_with(q);
    match quoted('\'') || quoted('"') {
        true => word[1..word.len() - 1].to_string(),
        false => word.to_string(),
    }
}

/// HTML's escapes undone.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// The markdown files whose commands readers are shown, relative to the repository's
/// root: the README, docs/, the shipped catalogue's pages and the starter site's.
pub fn shown_files(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = vec![root.join("README.md")];
    for dir in ["docs", "content/pages", "crates/knights-site/starter/pages"] {
        let mut md: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        md.sort();
        files.extend(md);
    }
    files
}

/// Whether `args` only names a subcommand in prose (`knights verify`), rather than
/// being a command to run.
pub fn named_only(args: &[String]) -> bool {
    args.len() == 1 && args[0] != "list"
}

/// Whether running `args` is quick: no subcommand that builds a site, serves, times,
/// searches or solves, no board side above 128, and no standard input to wait for.
pub fn quick(args: &[String]) -> bool {
    if named_only(args) {
        return false;
    }
    let slow = [
        "build", "serve", "bench", "gadgets", "motif", "optimum", "init",
    ];
    let big = args.iter().any(|a| {
        a.split(['x', 'X']).count() >= 2
            && a.split(['x', 'X']).all(|n| n.parse::<u32>().is_ok())
            && a.split(['x', 'X']).any(|n| n.parse::<u32>().unwrap() > 128)
    });
    !slow.contains(&args[0].as_str()) && !big && !args.iter().any(|a| a == "-")
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn commands_are_found_in_code_and_templates_left_out() {
        let text = "```\n$ knights tour 8x8 --format grid   # a tour\nknights init d && cd d && knights build\nknights verify a.json      the proof\n```\n## `knights render --animate`\n\
                    Prose: knights can leap; `knights verify seven.json` and\n\
                    `knights worksheet BOARD -o s.pdf`; <code>knights tour 6x6 --algo a&amp;b</code>\n    knights list\n\
                    ```\nknights tour 9x9 \\\n  --open \\\n  -o t.json\n```\n";
        let got: Vec<String> = commands(text).iter().map(|c| c.join(" ")).collect();
        assert_eq!(
            got,
            [
                "tour 8x8 --format grid",
                "init d",
                "build",
                "verify a.json",
                "verify seven.json",
                "tour 6x6 --algo a&b",
                "list",
                "tour 9x9 --open -o t.json"
            ]
        );
    }
}
