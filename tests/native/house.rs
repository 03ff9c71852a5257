//! The house's own promises: an ignored test that says where it runs is run there.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// An ignored test: its file, its name and the reason given.
struct Ignored {
    file: PathBuf,
    name: String,
    reason: String,
}

fn ignored_tests() -> Vec<Ignored> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    let mut out = vec![];
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            let Some(rest) = l.trim().strip_prefix("#[ignore = \"") else { continue };
            let reason = rest.trim_end_matches("\"]").to_string();
            let name = lines[i + 1..]
                .iter()
                .find_map(|l| l.trim().strip_prefix("fn ").map(|f| f.split('(').next().unwrap().to_string()))
                .unwrap();
            out.push(Ignored { file: file.strip_prefix(root).unwrap().to_path_buf(), name, reason });
        }
    }
    out
}

/// The recipe of a Makefile target, its lines joined.
fn recipe(target: &str) -> String {
    let make = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Makefile")).unwrap();
    let start = make.find(&format!("\n{target}:")).unwrap_or_else(|| panic!("no target {target}"));
    make[start + 1..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with('\t'))
        .map(|l| l.trim().trim_end_matches('\\'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The test binaries (`--test X`) and name filters (after `--ignored`) of a cargo command.
fn cargo_run(command: &str) -> (Vec<String>, Vec<String>) {
    let words: Vec<&str> = command.split_whitespace().collect();
    let tests = words.windows(2).filter(|w| w[0] == "--test").map(|w| w[1].to_string()).collect();
    let filters = match words.iter().position(|w| *w == "--ignored") {
        Some(i) => words[i + 1..].iter().take_while(|w| !w.starts_with('-')).map(|w| w.to_string()).collect(),
        None => vec![],
    };
    (tests, filters)
}

/// An `#[ignore]` reason that names where the test runs is true: `make test` (its optimised
/// part, `make test-release`) lists it, or the cargo command it quotes selects it; and every
/// name `make test-release` lists selects an ignored test.
#[test]
fn ignored_tests_run_where_they_say() {
    let release = recipe("test-release");
    let (binaries, filters) = cargo_run(&release);
    assert!(!filters.is_empty(), "make test-release names its tests: {release}");
    let ignored = ignored_tests();
    let runs = |t: &Ignored, binaries: &[String], filters: &[String]| {
        // tests/NAME.rs is the test binary NAME, and so is every file of tests/NAME/.
        let binary = t.file.iter().nth(1).map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string());
        let binary_ok = t.file.starts_with("tests") && binary.is_some_and(|b| binaries.contains(&b));
        binary_ok && filters.iter().any(|f| t.name.contains(f.as_str()))
    };
    for t in &ignored {
        if t.reason.contains("make test") {
            assert!(
                runs(t, &binaries, &filters),
                "{}: {} says '{}' but make test-release ({release}) does not run it",
                t.file.display(),
                t.name,
                t.reason
            );
        } else if let Some(i) = t.reason.find("cargo test") {
            let (b, f) = cargo_run(&t.reason[i..]);
            // The command's filter comes before `-- --ignored`.
            let words: Vec<&str> = t.reason[i..].split_whitespace().collect();
            let filter = words.iter().position(|w| *w == "--").map(|k| words[k - 1].to_string());
            let filters: Vec<String> = filter.into_iter().chain(f).collect();
            assert!(
                runs(t, &b, &filters),
                "{}: {}'s reason '{}' does not select it",
                t.file.display(),
                t.name,
                t.reason
            );
        }
    }
    for f in &filters {
        assert!(
            ignored.iter().any(|t| t.name.contains(f.as_str()) && t.reason.contains("make test")),
            "make test-release names '{f}', which selects no test marked for it"
        );
    }
}

/// Every `.rs` file of `src/<dir>` with its text.
fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    let mut files = vec![];
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir), &mut files);
    files.into_iter().map(|f| (f.clone(), std::fs::read_to_string(&f).unwrap())).collect()
}

/// Capabilities are hooks, not downcasts: no line of the page, the CLI or the search names a
/// family's module path (`families::oware::…`) or its variant of the `Any` types
/// (`AnyPosition::Oware(…)`, `FamilyId::Kalah`). The labs' pages (`web/labs/`) are the labs'
/// own, and a lab is about its paper's games (as `src/labs` is).
#[test]
fn only_the_families_name_a_family() {
    use mancala_lab::families::FamilyId;
    // Every family's module, from the registry, and the row games' shared one.
    let folders: Vec<&str> = FamilyId::ALL.iter().map(|f| f.module()).chain(["row"]).collect();
    let variants: Vec<String> = FamilyId::ALL.iter().map(|f| format!("{f:?}")).collect();
    let mut found = vec![];
    for dir in ["web", "cli", "search"] {
        for (file, text) in sources(dir) {
            if file.components().any(|c| c.as_os_str() == "labs") {
                continue;
            }
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let module = folders.iter().any(|m| {
                    code.match_indices(&format!("families::{m}")).any(|(i, _)| {
                        let after = code[i + "families::".len() + m.len()..].chars().next();
                        !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    })
                });
                let variant = variants.iter().any(|v| {
                    ["AnyPosition::", "AnyMove::", "AnyRules::", "AnySetupError::", "FamilyId::"].iter().any(|t| {
                        code.contains(&format!("{t}{v}("))
                            || code.contains(&format!("{t}{v} "))
                            || code.contains(&format!("{t}{v})"))
                            || code.contains(&format!("{t}{v},"))
                    })
                });
                if module || variant {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "lines naming a family outside src/families:\n{}", found.join("\n"));
}

/// The first column (and the `#…` page column, for the labs) of a docs table between two
/// markers.
fn docs_table(file: &str, marker: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let body =
        text.split(&format!("<!-- {marker} -->")).nth(1).unwrap().split(&format!("<!-- /{marker} -->")).next().unwrap();
    body.lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| l.trim_matches('|').split('|').map(|c| c.trim().trim_matches('`').to_string()).collect())
        .collect()
}

/// The docs' family list and lab list are the registries', in their order.
#[test]
fn the_docs_list_the_registered_families_and_labs() {
    use mancala_lab::families::FamilyId;
    let families: Vec<String> =
        docs_table("docs/architecture.md", "families").into_iter().map(|r| r[0].clone()).collect();
    let registered: Vec<String> = FamilyId::ALL.iter().map(|f| format!("{f:?}")).collect();
    assert_eq!(families, registered, "docs/architecture.md's family table");
    for (row, f) in docs_table("docs/architecture.md", "families").iter().zip(FamilyId::ALL) {
        assert_eq!(row[1], f.key(), "the rules ids of {f:?}");
    }
    let labs: Vec<String> = docs_table("docs/architecture.md", "labs").into_iter().map(|r| r[1].clone()).collect();
    let registered: Vec<String> = mancala_lab::labs::LABS.iter().map(|(path, _, _)| format!("#{path}")).collect();
    assert_eq!(labs, registered, "docs/architecture.md's lab table");
}

/// The papers' tables are test data with their sources: every file of `data/` cites works
/// (books, papers, a repository's path), never a web page or a mirror of one, and the
/// Domineering table, the one built from many sources, gives each row's primary work with
/// its year and where in it the value stands (issue 44, item 4.7).
#[test]
fn the_data_cites_works_not_web_pages() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    // The papers' tables (data/puzzles/ holds the puzzles made here, not a source's).
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    files.sort();
    assert!(files.len() >= 18, "data/ holds {} files", files.len());
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap().to_lowercase();
        for web in ["http:", "https:", "www.", "wiki"] {
            assert!(!text.contains(web), "{} cites a web page ({web})", f.display());
        }
    }
    let rows = mancala_lab::families::grid::domineering::table();
    assert!(rows.len() >= 40, "{} Domineering rows", rows.len());
    for r in &rows {
        let year = r
            .source
            .split(|c: char| !c.is_ascii_digit())
            .any(|w| w.len() == 4 && (w.starts_with("19") || w.starts_with("20")));
        let place = ["p. ", "pp. ", "section", "appendix", "problem", "ch. ", "derived"]
            .iter()
            .any(|p| r.source.to_lowercase().contains(p));
        let software = r.source.contains('/')
            && (r.source.contains(".rs")
                || r.source.contains(".py")
                || r.source.contains(".scala")
                || r.source.contains(".test"));
        assert!(
            year && place || software,
            "{}: no work with its year and place, nor a program's test: {}",
            r.shape,
            r.source
        );
    }
}

/// The end-to-end files (tests and helpers): name and text.
fn e2e_files() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".mjs"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    out.sort();
    out
}

/// The end of the comment (`//` to the line's end, `/* … */`) that starts at `i`.
fn comment_end(b: &[char], i: usize) -> usize {
    if b.get(i + 1) == Some(&'/') {
        b[i..].iter().position(|&c| c == '\n').map_or(b.len(), |k| i + k)
    } else {
        (i + 2..b.len().saturating_sub(1)).find(|&k| b[k] == '*' && b[k + 1] == '/').map_or(b.len(), |k| k + 2)
    }
}

/// JavaScript with the text of its strings, template literals, regular expressions and
/// comments blanked (braces and words in them no longer count); the same length, so that
/// positions carry over.
fn js_code_only(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = b.clone();
    let (mut i, mut last) = (0, ' ');
    // Open template literals: the brace depth of each `${` inside one.
    let mut templates: Vec<usize> = vec![];
    let mut depth = 0usize;
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in out.iter_mut().take(to).skip(from) {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied().unwrap_or(' ');
        match c {
            '/' if next == '/' || next == '*' => {
                let end = comment_end(&b, i);
                blank(&mut out, i, end);
                i = end;
                continue;
            }
            '/' if "(,=:[!&|?{};+-*%<>~^".contains(last)
                || last == 'n' && b[..i].iter().collect::<String>().trim_end().ends_with("return") =>
            {
                // A regular expression literal.
                let (mut k, mut class) = (i + 1, false);
                while k < b.len() && b[k] != '\n' && (class || b[k] != '/') {
                    match b[k] {
                        '\\' => k += 1,
                        '[' => class = true,
                        ']' => class = false,
                        _ => {}
                    }
                    k += 1;
                }
                blank(&mut out, i + 1, k);
                i = k + 1;
                last = 'x';
                continue;
            }
            '\'' | '"' => {
                let mut k = i + 1;
                while k < b.len() && b[k] != c && b[k] != '\n' {
                    k += if b[k] == '\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, k.min(b.len()));
                i = k + 1;
                last = 'x';
                continue;
            }
            '`' => {
                // Into a template literal: its text blanked up to `${` or the closing backtick.
                i = template_text(&b, &mut out, i + 1, &mut templates, depth, blank);
                last = 'x';
                continue;
            }
            '{' => depth += 1,
            '}' => {
                if templates.last() == Some(&depth) {
                    templates.pop();
                    depth -= 1;
                    i = template_text(&b, &mut out, i + 1, &mut templates, depth, blank);
                    last = 'x';
                    continue;
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        if !c.is_whitespace() {
            last = c;
        }
        i += 1;
    }
    out.into_iter().collect()
}

/// Blanks a template literal's text from `i` to its end or its next `${` (whose brace depth is
/// then pushed); returns where code goes on.
fn template_text(
    b: &[char],
    out: &mut Vec<char>,
    mut i: usize,
    templates: &mut Vec<usize>,
    depth: usize,
    blank: impl Fn(&mut Vec<char>, usize, usize),
) -> usize {
    let from = i;
    while i < b.len() {
        match b[i] {
            '\\' => i += 2,
            '`' => {
                blank(out, from, i);
                return i + 1;
            }
            '$' if b.get(i + 1) == Some(&'{') => {
                blank(out, from, i);
                templates.push(depth + 1);
                // The `{` is counted by the caller's loop.
                return i + 1;
            }
            _ => i += 1,
        }
    }
    blank(out, from, b.len());
    b.len()
}

/// The end of the block whose `{` is at `open` in code (strings blanked): the index of its `}`.
fn block_end(code: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, &c) in code.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The name a line defines as a function, if it does: `function f(`, `async function f(`,
/// `const f = (…) =>`, `const f = async (…) =>`, `const f = x =>`.
fn defined_function(line: &str) -> Option<String> {
    let l = line.trim_start().trim_start_matches("export ").trim_start_matches("async ");
    let ident = |s: &str| -> String { s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect() };
    if let Some(rest) = l.strip_prefix("function ") {
        let name = ident(rest);
        return (!name.is_empty() && rest[name.len()..].trim_start().starts_with('(')).then_some(name);
    }
    let rest = l.strip_prefix("const ")?;
    let name = ident(rest);
    let value =
        rest[name.len()..].trim_start().strip_prefix('=')?.trim_start().trim_start_matches("async ").trim_start();
    let arrow = value.find("=>")?;
    let params = value[..arrow].trim();
    let is_params = params.starts_with('(') && params.ends_with(')')
        || !params.is_empty() && params.chars().all(|c| c.is_alphanumeric() || c == '_');
    (!name.is_empty() && is_params).then_some(name)
}

/// A function's body in code (strings blanked) from its definition at char `at`: the block
/// after its first `{` on the definition's line when the line has one, otherwise the rest of
/// the statement's line.
fn body_from(chars: &[char], at: usize) -> String {
    let line_end = chars[at..].iter().position(|&c| c == '\n').map_or(chars.len(), |k| at + k);
    let line: String = chars[at..line_end].iter().collect();
    match line.find("=> {").map(|k| k + 3).or_else(|| (!line.contains("=>")).then(|| line.find('{')).flatten()) {
        Some(k) => {
            let open = at + line[..k].chars().count();
            chars[open..block_end(chars, open)].iter().collect()
        }
        None => line,
    }
}

/// The end-to-end files' functions that assert (directly, through `soon`, or through another
/// such function), by name.
fn asserting_helpers(files: &[(String, String)]) -> std::collections::BTreeSet<String> {
    let mut bodies: Vec<(String, String)> = vec![];
    for (_, text) in files {
        let code: Vec<char> = js_code_only(text).chars().collect();
        let mut at = 0;
        for line in code.split(|&c| c == '\n') {
            let l: String = line.iter().collect();
            if let Some(name) = defined_function(&l) {
                bodies.push((name, body_from(&code, at)));
            }
            at += line.len() + 1;
        }
    }
    let mut known: std::collections::BTreeSet<String> = ["soon".to_string()].into();
    loop {
        let before = known.len();
        for (name, body) in &bodies {
            if body.contains("assert") || known.iter().any(|k| calls(body, k)) {
                known.insert(name.clone());
            }
        }
        if known.len() == before {
            return known;
        }
    }
}

/// `body` calls `name(` (as a whole word, not a method of another name).
fn calls(body: &str, name: &str) -> bool {
    body.match_indices(&format!("{name}("))
        .any(|(k, _)| !body[..k].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.'))
}

/// The text inside the parentheses opened at char `open`.
fn parenthesised(chars: &[char], open: usize) -> String {
    let mut depth = 0;
    for (k, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return chars[open + 1..k].iter().collect();
                }
            }
            _ => {}
        }
    }
    String::new()
}

/// No end-to-end test passes by accident: every test body asserts (itself or through a helper
/// that does); a loop over a list read from the page or built at run time checks the list's
/// length first; `Math.min`/`Math.max` over a list checks its length (over an empty list they
/// give ±Infinity, which passes any bound).
#[test]
fn end_to_end_tests_cannot_pass_by_accident() {
    let files = e2e_files();
    let helpers = asserting_helpers(&files);
    let mut faults = vec![];
    for (name, text) in files.iter().filter(|(n, _)| n.ends_with(".test.mjs")) {
        let code_text = js_code_only(text);
        let code: Vec<char> = code_text.chars().collect();
        let line_of = |k: usize| code[..k].iter().filter(|&&c| c == '\n').count() + 1;
        let find_all = |pat: &str| -> Vec<usize> {
            let p: Vec<char> = pat.chars().collect();
            (0..code.len().saturating_sub(p.len())).filter(|&k| code[k..k + p.len()] == p[..]).collect()
        };
        // Every test asserts.
        for k in find_all("test(") {
            if k > 0 && !code[..k].iter().rev().take_while(|&&c| c != '\n').all(|c| c.is_whitespace()) {
                continue;
            }
            let Some(arrow) = (k..code.len() - 1).find(|&i| code[i] == '=' && code[i + 1] == '>') else { continue };
            let Some(open) = (arrow..code.len()).find(|&i| code[i] == '{') else { continue };
            let body: String = code[open..block_end(&code, open)].iter().collect();
            if !body.contains("assert") && !helpers.iter().any(|h| calls(&body, h)) {
                faults.push(format!("{name}:{}: a test that asserts nothing", line_of(k)));
            }
        }
        // A list's length is checked where an assertion names `list.length` or pins the list's
        // content (`assert.deepEqual(list…`), where the list is returned as `list: list.length`
        // and that figure asserted, or where the list is a literal written in the file.
        let statements: Vec<&str> = code_text.split(';').filter(|s| s.contains("assert")).collect();
        let checked = |list: &str| {
            let base = list.trim().trim_start_matches("await ").trim();
            let base = base.strip_prefix("Object.entries(").or(base.strip_prefix("Object.keys(")).unwrap_or(base);
            let ident: String = base.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let literal = (code_text.contains(&format!("const {ident} = ["))
                || code_text.contains(&format!("const {ident} = {{")))
                && !code_text.contains(&format!("const {ident} = [..."))
                && !code_text.contains(&format!("const {ident} = [];"));
            // `word` in `s` as a whole name (not the end of a longer one: `boxes.length` is not `s.length`).
            let named = |s: &str, word: &str| {
                s.match_indices(word).any(|(k, _)| {
                    !s[..k].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                })
            };
            let pinned = |s: &&str| {
                named(s, &format!("{base}.length"))
                    || named(s, &format!("{ident}.length"))
                    || s.contains(&format!("deepEqual({ident},"))
                    || s.contains(&format!("deepEqual({ident}.map("))
            };
            let returned = code_text.contains(&format!("{ident}: {ident}.length"))
                && statements.iter().any(|s| s.contains(&format!(".{ident} ")) || s.contains(&format!(".{ident},")));
            !ident.is_empty() && (literal || returned || statements.iter().any(pinned))
        };
        for k in find_all("for (") {
            let head = parenthesised(&code, k + 4);
            let Some((_, list)) = head.split_once(" of ") else { continue };
            // Only a loop that asserts can pass by having nothing to loop over.
            let after = k + 4 + head.chars().count() + 2;
            let next = (after..code.len()).find(|&i| !code[i].is_whitespace()).unwrap_or(code.len());
            let body: String = if code.get(next) == Some(&'{') {
                code[next..block_end(&code, next)].iter().collect()
            } else {
                code[next..].iter().take_while(|&&c| c != ';').collect()
            };
            if !body.contains("assert") && !helpers.iter().any(|h| calls(&body, h)) {
                continue;
            }
            let list = list.trim();
            let ok = match list.strip_prefix('[') {
                // A literal array: only its spread parts may be empty; one non-empty part will do.
                Some(inner) => {
                    let parts: Vec<&str> = inner.trim_end_matches(']').split(',').map(str::trim).collect();
                    parts.iter().any(|p| !p.starts_with("...") && !p.is_empty())
                        || parts.iter().any(|p| checked(p.trim_start_matches("...").trim_start_matches("new Set(")))
                }
                None => checked(list),
            };
            if !ok {
                faults.push(format!("{name}:{}: a loop over {list} with no check of its length", line_of(k)));
            }
        }
        // `assert.ok(list.every(…))` holds for an empty list.
        for k in find_all(".every(") {
            let before: String = code[k.saturating_sub(60)..k].iter().collect();
            let list: String =
                before.chars().rev().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.').collect();
            let list: String = list.chars().rev().collect();
            let statement_start =
                code[..k].iter().rposition(|&c| c == ';' || c == '{' || c == '}').map_or(0, |s| s + 1);
            let statement: String = code[statement_start..k].iter().collect();
            if statement.contains("assert") && !list.is_empty() && !checked(&list) {
                faults.push(format!("{name}:{}: {list}.every(…) asserted with no check of its length", line_of(k)));
            }
        }
        for pat in ["Math.min(...", "Math.max(..."] {
            for k in find_all(pat) {
                let rest: String = code[k + pat.len()..].iter().take(80).collect();
                let list: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.').collect();
                let list = list.trim_end_matches(".map").trim_end_matches('.');
                if !checked(list) {
                    faults.push(format!("{name}:{}: {pat}{list}) with no check of its length", line_of(k)));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Rust with the text of its strings, characters and comments blanked (same length).
fn rust_code_only(text: &str) -> Vec<char> {
    let b: Vec<char> = text.chars().collect();
    let mut out = b.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in out.iter_mut().take(to.min(b.len())).skip(from) {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let next = b.get(i + 1).copied().unwrap_or(' ');
        match b[i] {
            '/' if next == '/' || next == '*' => {
                let end = comment_end(&b, i);
                blank(&mut out, i, end);
                i = end;
            }
            'r' if (next == '"' || next == '#') && !b[..i].last().is_some_and(|c| c.is_alphanumeric() || *c == '_') => {
                // A raw string: r"…", r#"…"#.
                let hashes = b[i + 1..].iter().take_while(|&&c| c == '#').count();
                if b.get(i + 1 + hashes) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let from = i + 2 + hashes;
                let end = (from..b.len()).find(|&k| b[k..].starts_with(&close)).unwrap_or(b.len());
                blank(&mut out, from, end);
                i = end + close.len();
            }
            '"' => {
                let mut k = i + 1;
                while k < b.len() && b[k] != '"' {
                    k += if b[k] == '\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, k);
                i = k + 1;
            }
            // A character literal ('x', '\n', '\u{7b}'), not a lifetime ('a).
            '\'' if next == '\\' || b.get(i + 2) == Some(&'\'') => {
                let end =
                    (i + 2..b.len()).find(|&k| b[k] == '\'' && (b[k - 1] != '\\' || k == i + 3)).unwrap_or(b.len());
                blank(&mut out, i + 1, end);
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// No Rust test passes by asserting nothing: every `#[test]` function's body asserts (or
/// panics on purpose) itself or through a function or macro of the crate or its tests that
/// does. (A test whose only claim is "no panic" asserts what it keeps.)
#[test]
fn rust_tests_assert_something() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    // An assertion that runs in every build (`debug_assert!` is compiled out of optimised ones).
    let asserts = |body: &str| {
        body.match_indices("assert").any(|(k, _)| !body[..k].ends_with("debug_"))
            || ["panic!", "unreachable!", "unwrap_err", "expect_err"].iter().any(|a| body.contains(a))
    };
    // Every function and macro of test code (the files of `tests/`, a `tests.rs`, or below a
    // file's first `#[cfg(test)]`): its name and body; every test: its file, line and body.
    // Library code that asserts does not make a test that calls it an assertion.
    let mut defs: Vec<(String, String)> = vec![];
    let mut tests: Vec<(String, usize, String)> = vec![];
    for file in &files {
        let code = rust_code_only(&std::fs::read_to_string(file).unwrap());
        let text: String = code.iter().collect();
        let test_file = file.starts_with(root.join("tests")) || file.ends_with("tests.rs");
        let tests_from = if test_file { 0 } else { text.find("#[cfg(test)]").unwrap_or(text.len()) };
        let mut search = 0;
        while let Some(k) = text[search..].find("fn ").map(|k| k + search) {
            search = k + 3;
            if text[..k].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = text[k + 3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let Some(open) = text[k..].find(['{', ';']).map(|o| o + k) else { break };
            if text.as_bytes()[open] == b';' {
                continue;
            }
            let start = text[..open].chars().count();
            let end = block_end(&code, start);
            let body: String = code[start..end].iter().collect();
            // A test: `#[test]` among the attribute lines just above the `fn` (`pub`, `async`
            // and the like aside).
            let head = text[..k].trim_end().trim_end_matches("pub").trim_end_matches("async").trim_end();
            let attributes: Vec<&str> =
                head.lines().rev().map(str::trim).take_while(|l| l.starts_with("#[") || l.is_empty()).collect();
            if attributes.iter().any(|a| a.starts_with("#[test]")) {
                let line = text[..k].matches('\n').count() + 1;
                tests.push((file.strip_prefix(root).unwrap().display().to_string(), line, body.clone()));
            }
            if k >= tests_from {
                defs.push((name, body));
            }
        }
        for (k, _) in text.match_indices("macro_rules! ").filter(|&(k, _)| k >= tests_from) {
            let name: String = text[k + 13..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let Some(open) = text[k..].find('{').map(|o| o + k) else { continue };
            let start = text[..open].chars().count();
            let body: String = code[start..block_end(&code, start)].iter().collect();
            defs.push((format!("{name}!"), body));
        }
    }
    // The names a body calls as free functions or macros: identifiers followed by `(`, `::<` or
    // `!`, not a method (`.push(`) or a path's last part (`Vec::new(`).
    let calls_in = |body: &str| -> std::collections::BTreeSet<String> {
        let c: Vec<char> = body.chars().collect();
        let mut out = std::collections::BTreeSet::new();
        let mut k = 0;
        while k < c.len() {
            if (c[k].is_alphabetic() || c[k] == '_') && (k == 0 || !(c[k - 1].is_alphanumeric() || c[k - 1] == '_')) {
                let end = (k..c.len()).find(|&i| !(c[i].is_alphanumeric() || c[i] == '_')).unwrap_or(c.len());
                let name: String = c[k..end].iter().collect();
                let rest: String = c[end..c.len().min(end + 3)].iter().collect();
                let method = k > 0 && (c[k - 1] == '.' || c[k - 1] == ':');
                if method {
                    // A method or a path's last part: not a helper of the tests.
                } else if rest.starts_with('(') || rest.starts_with("::<") {
                    out.insert(name);
                } else if rest.starts_with('!') {
                    out.insert(format!("{name}!"));
                }
                k = end;
            } else {
                k += 1;
            }
        }
        out
    };
    let defs: Vec<(String, bool, std::collections::BTreeSet<String>)> =
        defs.iter().map(|(name, body)| (name.clone(), asserts(body), calls_in(body))).collect();
    let mut known: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    loop {
        let before = known.len();
        for (name, direct, calls) in &defs {
            if *direct || calls.iter().any(|c| known.contains(c)) {
                known.insert(name.clone());
            }
        }
        if known.len() == before {
            break;
        }
    }
    let faults: Vec<String> = tests
        .iter()
        .filter(|(_, _, body)| !asserts(body) && !calls_in(body).iter().any(|c| known.contains(c)))
        .map(|(file, line, _)| format!("{file}:{line}: a test that asserts nothing"))
        .collect();
    assert!(tests.len() > 250, "{} tests found", tests.len());
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
