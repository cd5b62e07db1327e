//! The hostile corpus (issue 12): packs and saves written to crash, hang, exhaust
//! memory, break determinism or escape, each a test named
//! `hostile::<class>::<case>` that must end in a clean, located error or be played
//! without harm.
//!
//! A pack case is a directory `tests/hostile/packs/<class>/<case>/` holding a pack
//! root (`content/<id>/`, `scripts/<id>/`) and `expect.txt`:
//!
//! ```text
//! # what the attack is (comment lines start with #)
//! refused: text that must appear on stderr      (exit code 1)
//! warned: text that must appear in the output   (exit code 0)
//! played                                        (exit code 0)
//! args: check {pack}                            (optional: the orrery arguments)
//! ```
//!
//! No case may get a raw escape code (ESC) into the output, whatever it expects.
//!
//! `{pack}` in `args` is the pack's id (the only directory under `content/`, or the
//! one named in `pack.txt`), `{case}` the case directory. Cases too large to commit
//! (a 3,000-deep `extends` chain, 100k definitions, an 86 MB script) and every save
//! case are written by code ([`crate::hostile_generated`]) into the target's temporary
//! directory when their test runs.
//!
//! Every case runs `orrery` as a child process under an address-space limit
//! ([`ADDRESS_SPACE_KIB`]) and a timeout ([`TIMEOUT`]): a panic, a timeout, a signal
//! (an allocation failure aborts, a stack overflow faults) or an unmet expectation
//! fails the case. After the run, `main` prints a table of tried / held / failed per
//! class ([`print_table`]).

use crate::hostile_generated::{self, Generated};
use crate::repo;
use libtest_mimic::{Failed, Trial};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The address space a case may use, in KiB (2 GiB): far above what a real pack
/// needs, far below what a runaway allocation asks for.
const ADDRESS_SPACE_KIB: u64 = 2 * 1024 * 1024;
/// How long a case may run. A debug build checks a pack in a few seconds; a hang is
/// what this catches.
const TIMEOUT: Duration = Duration::from_secs(90);

/// The outcome of every case run so far: (class, case, held).
static RESULTS: Mutex<Vec<(String, String, bool)>> = Mutex::new(Vec::new());

/// What a case must end in.
#[derive(Debug, Default)]
struct Expect {
    /// `refused`, `warned` or `played`.
    outcome: String,
    /// Texts that must appear (stderr for `refused`, stdout or stderr for `warned`).
    texts: Vec<String>,
    /// The orrery arguments, with `{pack}` and `{case}` still to replace.
    args: Option<String>,
}

fn parse_expect(text: &str) -> Result<Expect, String> {
    let mut expect = Expect::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (word, rest) = line.split_once(':').map(|(w, r)| (w.trim(), r.trim())).unwrap_or((line, ""));
        match word {
            "refused" | "warned" | "played" => {
                if !expect.outcome.is_empty() && expect.outcome != word {
                    return Err(format!("expect.txt names two outcomes: {} and {word}", expect.outcome));
                }
                expect.outcome = word.to_owned();
                if !rest.is_empty() {
                    expect.texts.push(rest.to_owned());
                }
            }
            "args" => expect.args = Some(rest.to_owned()),
            other => return Err(format!("expect.txt: unknown line `{other}` (refused:, warned:, played or args:)")),
        }
    }
    if expect.outcome.is_empty() {
        return Err("expect.txt names no outcome (refused:, warned: or played)".into());
    }
    Ok(expect)
}

/// The id of the pack a case root holds.
fn pack_of(case: &Path) -> String {
    if let Ok(named) = std::fs::read_to_string(case.join("pack.txt")) {
        return named.trim().to_owned();
    }
    let mut packs: Vec<String> = std::fs::read_dir(case.join("content"))
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    packs.sort();
    packs.into_iter().next().unwrap_or_default()
}

/// How a child process ended.
struct Ended {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

/// Runs `orrery <args>` under the address-space limit and the timeout.
fn run_limited(args: &[String], dir: &Path) -> Ended {
    let script = format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_orrery"))
        .args(args)
        .current_dir(dir)
        .env_remove("ORRERY_ROOT")
        .env("ORRERY_SAVE_DIR", dir.join(".saves"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    // Read both pipes while waiting, so a chatty child never blocks on a full pipe.
    let mut out_pipe = child.stdout.take().expect("piped");
    let mut err_pipe = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || read_capped(&mut out_pipe));
    let err_reader = std::thread::spawn(move || read_capped(&mut err_pipe));
    let deadline = Instant::now() + TIMEOUT;
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ended {
        code: status.code(),
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        timed_out,
    }
}

/// A pipe's text, keeping at most 64 KiB of it (a flood of output is itself a
/// finding, but must not exhaust the test's memory).
fn read_capped(pipe: &mut impl Read) -> String {
    const KEEP: usize = 64 * 1024;
    let mut kept = Vec::new();
    let mut buffer = [0u8; 8192];
    while let Ok(n) = pipe.read(&mut buffer) {
        if n == 0 {
            break;
        }
        if kept.len() < KEEP {
            kept.extend_from_slice(&buffer[..n.min(KEEP - kept.len())]);
        }
    }
    String::from_utf8_lossy(&kept).into_owned()
}

/// Runs a case; what went wrong, if anything.
pub fn run_case(case: &Path) -> Result<(), String> {
    let expect_text = std::fs::read_to_string(case.join("expect.txt")).map_err(|e| format!("cannot read expect.txt: {e}"))?;
    let expect = parse_expect(&expect_text)?;
    let pack = pack_of(case);
    let template = expect.args.clone().unwrap_or_else(|| "check {pack}".into());
    let mut args = vec!["--root".to_owned(), case.display().to_string()];
    args.extend(template.split_whitespace().map(|a| a.replace("{pack}", &pack).replace("{case}", &case.display().to_string())));
    let ended = run_limited(&args, case);
    let shown = format!("orrery {}\nexit {:?}\nstdout:\n{}\nstderr:\n{}", args.join(" "), ended.code, ended.stdout, ended.stderr);
    if ended.timed_out {
        return Err(format!("hung: still running after {} s\n{shown}", TIMEOUT.as_secs()));
    }
    if ended.code == Some(101) || ended.stderr.contains("panicked") {
        return Err(format!("panicked\n{shown}"));
    }
    // Whatever a pack writes, no escape code may reach the player's terminal.
    if ended.stdout.contains('\u{1b}') || ended.stderr.contains('\u{1b}') {
        return Err(format!("a raw escape code reached the output\n{}", shown.escape_debug()));
    }
    let Some(code) = ended.code else {
        return Err(format!("killed by a signal (an allocation failure aborts, a stack overflow faults)\n{shown}"));
    };
    match expect.outcome.as_str() {
        "refused" => {
            if code == 0 {
                return Err(format!("accepted, but it must be refused\n{shown}"));
            }
            if let Some(missing) = expect.texts.iter().find(|t| !ended.stderr.contains(t.as_str())) {
                return Err(format!("refused, but stderr does not say `{missing}`\n{shown}"));
            }
        }
        "warned" | "played" => {
            if code != 0 {
                return Err(format!("refused, but it must be {}\n{shown}", expect.outcome));
            }
            let output = format!("{}{}", ended.stdout, ended.stderr);
            if let Some(missing) = expect.texts.iter().find(|t| !output.contains(t.as_str())) {
                return Err(format!("no warning `{missing}` in the output\n{shown}"));
            }
        }
        _ => unreachable!("parse_expect names one of three outcomes"),
    }
    Ok(())
}

/// The committed cases: (class, case, directory).
fn committed_cases() -> Vec<(String, String, PathBuf)> {
    let root = repo().join("tests/hostile/packs");
    let mut cases = Vec::new();
    for class in sorted_dirs(&root) {
        let class_name = name_of(&class);
        for case in sorted_dirs(&class).into_iter().filter(|c| c.join("expect.txt").is_file()) {
            cases.push((class_name.clone(), name_of(&case), case));
        }
    }
    cases
}

fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir).map(|e| e.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect()).unwrap_or_default();
    found.sort();
    found
}

fn name_of(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

fn record(class: &str, case: &str, result: &Result<(), String>) {
    if let Ok(mut results) = RESULTS.lock() {
        results.push((class.to_owned(), case.to_owned(), result.is_ok()));
    }
}

/// One test per committed and per generated case.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (class, name, dir) in committed_cases() {
        trials.push(Trial::test(format!("hostile::{class}::{name}"), move || {
            let result = run_case(&dir);
            record(&class, &name, &result);
            result.map_err(Failed::from)
        }));
    }
    for Generated { class, name, make } in hostile_generated::cases() {
        trials.push(Trial::test(format!("hostile::{class}::{name}"), move || {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile").join(class).join(name);
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).map_err(|e| Failed::from(format!("cannot create {}: {e}", dir.display())))?;
            let result = make(&dir).and_then(|()| run_case(&dir));
            record(class, name, &result);
            // A generated case can be large (an 86 MB script): keep it only when it failed.
            if result.is_ok() && std::env::var_os("ORRERY_KEEP").is_none() {
                let _ = std::fs::remove_dir_all(&dir);
            }
            result.map_err(Failed::from)
        }));
    }
    trials
}

/// Prints tried / held / failed per class for the cases that ran (none when the
/// filter excluded them all).
pub fn print_table() {
    let Ok(results) = RESULTS.lock() else { return };
    if results.is_empty() {
        return;
    }
    let mut classes: Vec<&str> = results.iter().map(|(c, _, _)| c.as_str()).collect();
    classes.sort();
    classes.dedup();
    println!("\nhostile corpus      tried   held failed");
    let (mut tried, mut held) = (0, 0);
    for class in classes {
        let of_class: Vec<_> = results.iter().filter(|(c, _, _)| c == class).collect();
        let ok = of_class.iter().filter(|(_, _, h)| *h).count();
        println!("{class:<18} {:>6} {:>6} {:>6}", of_class.len(), ok, of_class.len() - ok);
        tried += of_class.len();
        held += ok;
    }
    println!("{:<18} {tried:>6} {held:>6} {:>6}", "all", tried - held);
    for (class, case, _) in results.iter().filter(|(_, _, h)| !h) {
        println!("  failed: {class}::{case}");
    }
}
