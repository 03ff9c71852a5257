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
/// (`AnyPosition::Oware(…)`, `FamilyId::Kalah`).
#[test]
fn only_the_families_name_a_family() {
    use mancala_lab::families::FamilyId;
    let folders = [
        "kalah",
        "tchoukaillon",
        "dakon",
        "sowing",
        "atomic",
        "reaping",
        "ratomic",
        "colour",
        "grid",
        "oware",
        "tchouka",
        "tchouka2",
        "row",
    ];
    let variants: Vec<String> = FamilyId::ALL.iter().map(|f| format!("{f:?}")).collect();
    let mut found = vec![];
    for dir in ["web", "cli", "search"] {
        for (file, text) in sources(dir) {
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
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
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
