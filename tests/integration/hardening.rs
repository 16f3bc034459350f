//! Bad input and hostile surroundings, met by the real binary in a temporary folder:
//! odd output targets, interrupts, wrong arguments, a gallery build pointed at the
//! wrong folders.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::run::{knights, knights_limited, refused, stderr};

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

// Writing files.

#[cfg(unix)]
#[test]
fn a_fifo_target_is_written_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let o = knights(&["tour", "8x8", "--format", "grid", "-o", s(&fifo)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = reader.join().unwrap();
    assert_eq!(text.lines().count(), 8, "{text}");
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn a_device_target_is_written_not_replaced() {
    // Replacing /dev/null would need root; a device in place is written through.
    let o = knights(&["tour", "8x8", "-o", "/dev/null"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = knights(&["tour", "8x8", "-o", "/dev/stdout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"path\""));
}

#[test]
fn dash_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["tour", "6x6", "--format", "grid", "-o", "-"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 6);
    assert!(names(dir.path()).is_empty(), "no file named -");
}

#[cfg(unix)]
#[test]
fn a_planted_link_at_a_predictable_name_is_not_followed() {
    // The old temporary name was `.NAME.tmp-PID`: plant links for every likely PID.
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    fs::write(&victim, "precious").unwrap();
    let out = dir.path().join("t.json");
    let o = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["tour", "60x60", "-o", s(&out)])
        .spawn()
        .unwrap();
    let pid = o.id();
    for p in pid..pid + 64 {
        let _ = std::os::unix::fs::symlink(&victim, dir.path().join(format!(".t.json.tmp-{p}")));
    }
    let o = o.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
}

#[cfg(unix)]
#[test]
fn a_replaced_file_keeps_its_mode_and_a_link_stays_a_link() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    fs::write(&real, "old").unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o604)).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = knights(&["tour", "8x8", "-o", s(&link)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(&real).unwrap().contains("\"path\""));
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o604
    );
}

#[test]
fn a_long_file_name_can_be_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("{}.json", "t".repeat(240)));
    let o = knights(&["tour", "8x8", "-o", s(&out)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.is_file());
}

#[test]
fn stale_temporary_files_of_a_killed_run_are_removed_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let stale = dir.path().join(".knights-Ab3dE9.tmp");
    fs::write(&stale, "half a tour").unwrap();
    // Written two minutes ago (one just written may be a live run's, not yet locked).
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    let file = fs::File::options().write(true).open(&stale).unwrap();
    file.set_modified(past).unwrap();
    let o = knights(&["tour", "8x8", "-o", s(&dir.path().join("t.json"))]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(names(dir.path()), ["t.json"]);
}

/// Starts `knights args` in `dir`, waits until a name passing `seen` appears in `dir`,
/// sends SIGINT, and returns the exit status.
#[cfg(unix)]
fn interrupt_when(dir: &Path, args: &[&str], seen: impl Fn(&str) -> bool) -> Output {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let child = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !names(dir).iter().any(|n| seen(n)) {
        assert!(start.elapsed() < Duration::from_secs(120), "never saw it");
        std::thread::sleep(Duration::from_millis(1));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn an_interrupted_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let o = interrupt_when(dir.path(), &["tour", "3000x3000", "-o", "big.json"], |n| {
        n.starts_with(".knights-")
    });
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
}

// Exit codes and messages.

#[test]
fn usage_errors_exit_2_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let jpg = dir.path().join("x.jpg");
    for args in [
        &["tour", "8x8", "--algo", "foo"][..],
        &["render", "8x8", "-o", s(&jpg)],
        &["render", "8x8", "--width", "0", "-o", "x.png"],
        &["render", "8x8", "--dpi", "nan", "-o", "x.png"],
        &["build", "--jobs", "0"],
        &["build", "--jobs", "100000"],
        &["bench", "--algo", "foo"],
    ] {
        let o = knights(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
    assert!(names(dir.path()).is_empty());
    let o = knights(&["build", "--jobs", "20000"]);
    assert!(stderr(&o).contains("from 1 to 256"), "{}", stderr(&o));
}

#[test]
fn bad_board_sizes_get_a_board_message() {
    let o = knights(&["tour", "-5x8"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("a side cannot be negative"),
        "{}",
        stderr(&o)
    );
    let o = knights(&["tour", "99999999999x2"]);
    assert!(stderr(&o).contains("too large a board"), "{}", stderr(&o));
    let o = knights(&["metrics", "-5x8"]);
    refused(&o, "a side cannot be negative");
}

#[test]
fn a_huge_argument_gets_a_short_message() {
    let huge = format!("{}x8", "9".repeat(100_000));
    for args in [
        &["tour", &huge][..],
        &["metrics", &huge],
        &["frobnicate", &huge],
    ] {
        let o = knights(args);
        assert_ne!(o.status.code(), Some(0));
        assert!(o.stderr.len() < 1000, "{} bytes", o.stderr.len());
    }
}

#[test]
fn json_with_a_byte_order_mark_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    let o = knights(&["tour", "6x6", "-o", s(&p)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend(fs::read(&p).unwrap());
    fs::write(&p, bytes).unwrap();
    let o = knights(&["verify", s(&p)]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn leaper_steps_above_2_to_the_31_are_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    fs::write(
        &p,
        r#"{"board": {"width": 3, "height": 3}, "leaper": [1, 3000000000], "closed": false, "path": []}"#,
    )
    .unwrap();
    let o = knights(&["verify", s(&p)]);
    refused(&o, "(1, 3000000000)");
}

#[test]
fn bench_checks_its_sizes_before_printing_and_its_help_default_parses() {
    // A side of 0 is out of --sizes' range: a usage error (option_values).
    let o = knights(&["bench", "--sizes", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let help = String::from_utf8_lossy(&knights(&["bench", "--help"]).stdout).into_owned();
    let default = help
        .split("[default: ")
        .nth(1)
        .and_then(|d| d.split(']').next())
        .expect("--sizes shows a default")
        .to_string();
    assert_eq!(default, "1000,4000,10000");
    // The shown default is accepted back (checked on a bad size so nothing runs).
    let o = knights(&["bench", "--sizes", &format!("{default},0")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'0' for '--sizes"), "{}", stderr(&o));
}

#[test]
fn build_options_on_a_tour_file_and_an_empty_theme_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    assert!(knights(&["tour", "6x6", "-o", s(&p)]).status.success());
    for flag in [&["--algo", "besa"][..], &["--open"]] {
        let mut args = vec!["metrics", s(&p)];
        args.extend_from_slice(flag);
        let o = knights(&args);
        assert_eq!(o.status.code(), Some(2), "{flag:?}");
        assert!(stderr(&o).contains(flag[0]), "{}", stderr(&o));
    }
    let out = dir.path().join("t.svg");
    let o = knights(&["render", s(&p), "--theme", "", "-o", s(&out)]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("theme"), "{}", stderr(&o));
    assert!(!out.exists());
}

#[test]
fn one_cell_is_singular() {
    let o = Command::new(env!("CARGO_BIN_EXE_knights"))
        .args(["verify", "-"])
        .stdin(fs::File::open(write_one_cell().path()).unwrap())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("(1 cell)"));
}

fn write_one_cell() -> tempfile::NamedTempFile {
    let f = tempfile::NamedTempFile::new().unwrap();
    fs::write(f.path(), "1\n").unwrap();
    f
}

// The gallery build.

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// `knights build` of `content` into `out` with the shipped templates.
fn build(content: &Path, out: &Path) -> Output {
    let templates = root().join("crates/knights-site/templates");
    knights(&[
        "build",
        "--content",
        s(content),
        "--templates",
        s(&templates),
        "--out",
        s(out),
    ])
}

fn copy_fixture(to: &Path) {
    let from = root().join("tests/fixtures/site/content");
    for e in walkdir::WalkDir::new(&from) {
        let e = e.unwrap();
        let dest = to.join(e.path().strip_prefix(&from).unwrap());
        if e.file_type().is_dir() {
            fs::create_dir_all(&dest).unwrap();
        } else {
            fs::copy(e.path(), &dest).unwrap();
        }
    }
}

#[test]
fn content_inside_the_output_folder_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_fixture(&site.join("content"));
    let o = build(&site.join("content"), &site);
    refused(&o, "lies inside --out");
    assert!(site.join("content/catalogue.toml").is_file());
}

#[test]
fn an_empty_catalogue_does_not_replace_a_good_site() {
    let dir = tempfile::tempdir().unwrap();
    let (content, site) = (dir.path().join("content"), dir.path().join("site"));
    copy_fixture(&content);
    let o = build(&content, &site);
    assert!(o.status.success(), "{}", stderr(&o));
    let empty = dir.path().join("empty");
    fs::create_dir(&empty).unwrap();
    let o = build(&empty, &site);
    refused(&o, "refusing to build an empty site");
    assert!(site.join("index.html").is_file());
}

#[test]
fn a_second_build_into_the_same_site_is_told_another_is_writing() {
    let dir = tempfile::tempdir().unwrap();
    let (content, site) = (dir.path().join("content"), dir.path().join("site"));
    copy_fixture(&content);
    // Hold the lock as a running build does.
    let lock = fs::File::create(dir.path().join(".site.knights-lock")).unwrap();
    lock.try_lock().unwrap();
    let o = build(&content, &site);
    refused(&o, &format!("another build is writing {}", site.display()));
    drop(lock);
    assert!(build(&content, &site).status.success());
    assert_eq!(
        names(dir.path()),
        [".site.knights-cache", "content", "site"],
        "the lock file goes with the build"
    );
}

#[test]
fn templates_without_static_keep_the_built_in_style_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let (content, site, templates) = (
        dir.path().join("content"),
        dir.path().join("site"),
        dir.path().join("templates"),
    );
    copy_fixture(&content);
    fs::create_dir(&templates).unwrap();
    fs::write(
        templates.join("page.html"),
        "{% extends \"base.html\" %}{% block main %}OWN PAGE {{ title }}{% endblock main %}",
    )
    .unwrap();
    let o = knights(&[
        "build",
        "--content",
        s(&content),
        "--templates",
        s(&templates),
        "--out",
        s(&site),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = fs::read_to_string(site.join("pages/about.html")).unwrap();
    assert!(page.contains("OWN PAGE"), "{page}");
    assert_eq!(
        fs::read(site.join("static/style.css")).unwrap(),
        fs::read(root().join("crates/knights-site/templates/static/style.css")).unwrap()
    );
    let o = knights(&["build", "--content", s(&content), "--templates", "nowhere"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "knights: templates folder nowhere not found: leave --templates out to use the built-in templates\n"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_build_leaves_no_staging_folder() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_fixture(&content);
    let work = dir.path().join("work");
    fs::create_dir(&work).unwrap();
    let templates = root().join("crates/knights-site/templates");
    let args = [
        "build",
        "--content",
        s(&content),
        "--templates",
        s(&templates),
        "--out",
        "site",
    ];
    let o = interrupt_when(&work, &args, |n| n.starts_with(".site.knights-new-"));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(names(&work).is_empty(), "{:?}", names(&work));
}

// Memory.

#[cfg(unix)]
#[test]
fn an_address_space_limit_is_respected() {
    let o = knights_limited(2_000_000, &["tour", "30000x30000"]);
    refused(&o, "needs about 6.7 GiB");
    let o = knights_limited(2_000_000, &["bench", "--sizes", "30000"]);
    refused(&o, "needs about");
    assert!(o.stdout.is_empty());
}

#[cfg(unix)]
#[test]
fn a_drawing_too_large_for_memory_is_refused_with_the_figure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    let args = [
        "render",
        "400x400",
        "--algo",
        "stitch",
        "--show",
        "+squares,+turns,+crossings",
        "--style",
        "detail", // the automatic overview of a board this size is small
        "-o",
        s(&out),
    ];
    let o = knights_limited(400_000, &args);
    refused(&o, "the drawing of the 400x400 board needs about");
    assert!(stderr(&o).contains("an SVG of about"), "{}", stderr(&o));
    assert!(names(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn a_small_file_declaring_a_huge_board_is_verified_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    fs::write(
        &p,
        r#"{"board": {"width": 65535, "height": 65535}, "closed": false, "path": [[0, 0], [1, 2], [2, 0]]}"#,
    )
    .unwrap();
    let o = knights_limited(300_000, &["verify", s(&p)]);
    refused(
        &o,
        "the path has 3 cells but the 65535x65535 board has 4294836225",
    );
}

#[test]
fn reading_dev_zero_stops_at_once() {
    let o = knights(&["verify", "/dev/zero"]);
    refused(&o, "cannot start a tour file");
}
