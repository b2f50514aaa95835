//! Emergo endgame tables: builds (or loads) a table, prints its figures and the
//! verdicts on Freeling's published endgame claims.
//!
//! ```text
//! cargo run --release --example endgame -- <1v1|2v1>
//!     [--threads N] [--save DIR] [--load DIR] [--probe "<position text>"]...
//!     [--check STEP] [--quiet]
//! ```
//!
//! `1v1` solves one column against one (pure, 12 men each, nothing in hand); `2v1`
//! solves it first, then two columns against one (with one against two). `--save DIR`
//! writes the tables to `DIR/<class>.cctb`, `--load DIR` reads them from there instead
//! of building them. `--probe` prints the value and the best moves of a position.
//! `--check STEP` checks every STEP-th position of the table against the ruleset's moves:
//! a win has a move to a loss one ply shorter (and none to a shorter one), a loss has
//! only moves to wins, the longest one ply shorter, a draw a move to a draw and none to
//! a loss.

#[cfg(test)]
#[path = "shared/cli.rs"]
mod cli;

use column_checkers::games::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::solver::{
    solve_with_stats, steps_apart, EmergoTables, OneOnOne, Options, PositionClass, Progress,
    PureColumn, Stats, Table, TwoOnOne, TwoOnOneParts, Value,
};
use column_checkers::{Color, Emergo, Position};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Emergo endgame tables: builds (or loads) a table, prints its figures and the
/// verdicts on Freeling's published endgame claims.
#[derive(clap::Parser, Debug)]
#[command(name = "endgame")]
struct Args {
    /// Which table: 1v1 (one column against one, pure, 12 men each, nothing in hand),
    /// 2v1 (1v1 first, then two columns against one, with one against two), or the
    /// win/loss/draw database of a draughts game (international, russian, brazilian)
    /// up to --pieces pieces
    #[arg(value_parser = ["1v1", "2v1", "international", "russian", "brazilian"])]
    class: String,
    /// The draughts databases: every slice of up to N pieces
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=7))]
    pieces: u32,
    /// Build on N threads
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    threads: u64,
    /// Write the tables to DIR/<class>.cctb
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Read the tables from DIR instead of building them
    #[arg(long, value_name = "DIR")]
    load: Option<PathBuf>,
    /// Print the value and the best moves of a position (checked before the tables are built)
    #[arg(
        long = "probe",
        value_name = "POSITION TEXT",
        allow_hyphen_values = true
    )]
    probes: Vec<String>,
    /// Check every STEP-th position of the table against the ruleset's moves
    #[arg(long, value_name = "STEP", value_parser = clap::value_parser!(u64).range(1..))]
    check: Option<u64>,
    /// Print less progress
    #[arg(long)]
    quiet: bool,
}

/// Peak resident memory of this process, from /proc (Linux), in bytes.
fn peak_rss() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn mib(b: u64) -> String {
    format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0))
}

fn build<C: PositionClass>(class: &C, label: &str, a: &Args) -> Result<Table, String> {
    let file = |dir: &PathBuf| dir.join(format!("{}.cctb", class.name()));
    if let Some(dir) = &a.load {
        let t0 = Instant::now();
        let t = Table::load(&file(dir), &class.name(), class.size()).map_err(|e| e.to_string())?;
        println!(
            "{label}: loaded {} in {:.2} s",
            file(dir).display(),
            t0.elapsed().as_secs_f64()
        );
        return Ok(t);
    }
    let last = AtomicU64::new(u64::MAX);
    // the bar only on a terminal (CI logs get the summary lines)
    let quiet = a.quiet || !std::io::stderr().is_terminal();
    let bar = |p: Progress| {
        if quiet {
            return;
        }
        let (stage, done, total) = match p {
            Progress::Expand { done, total } => ("moves", done, total),
            Progress::Predecessors { .. } => ("turning edges", 1, 1),
            Progress::Round {
                resolved, total, ..
            } => ("retrograde", resolved, total),
        };
        let pct = done * 100 / total.max(1);
        let key = pct + 1000 * stage.len() as u64;
        if last.swap(key, Ordering::Relaxed) != key {
            let filled = (pct / 5) as usize;
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r{label} {stage:>13} [{}{}] {pct:3}%",
                "#".repeat(filled),
                ".".repeat(20 - filled)
            );
            let _ = err.flush();
        }
    };
    let opts = Options {
        threads: a.threads as usize,
        progress: Some(&bar),
    };
    let t0 = Instant::now();
    let (table, stats): (Table, Stats) = solve_with_stats(class, &opts);
    let secs = t0.elapsed().as_secs_f64();
    if !quiet {
        eprintln!();
    }
    println!(
        "{label}: built in {secs:.1} s on {} thread(s): {} numbers, {} moves in the class, {} to known values, {} rounds; solver arrays {}, table {}, process peak {}",
        a.threads,
        stats.positions,
        stats.edges,
        stats.known,
        stats.rounds,
        mib(stats.peak_bytes),
        mib(table.memory_bytes() as u64),
        peak_rss().map_or("?".into(), mib),
    );
    if let Some(dir) = &a.save {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        table.save(&file(dir)).map_err(|e| e.to_string())?;
        println!("{label}: saved {}", file(dir).display());
    }
    Ok(table)
}

/// Counts of wins, losses and draws.
#[derive(Default, Clone, Copy)]
struct Wld([u64; 3]);

impl Wld {
    fn add(&mut self, v: Value, weight: u64) {
        let k = match v {
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        };
        self.0[k] += weight;
    }
}

/// A published claim and how the positions it speaks of fare.
struct Claim {
    text: &'static str,
    agree: u64,
    disagree: u64,
    draws: u64,
    examples: Vec<String>,
}

impl Claim {
    fn new(text: &'static str) -> Self {
        Claim {
            text,
            agree: 0,
            disagree: 0,
            draws: 0,
            examples: Vec::new(),
        }
    }
    fn record(&mut self, ok: bool, weight: u64, pos: impl FnOnce() -> String, value: Value) {
        if ok {
            self.agree += weight;
        } else {
            self.disagree += weight;
            if value == Value::Draw {
                self.draws += weight;
            }
            if self.examples.len() < 3 {
                self.examples
                    .push(format!("{} (the side to move: {value})", pos()));
            }
        }
    }
    fn print(&self, label: &str) {
        let verdict = if self.disagree == 0 { "holds" } else { "fails" };
        println!(
            "{label} claim \"{}\": {verdict}: {} positions agree, {} do not ({} of them draws)",
            self.text, self.agree, self.disagree, self.draws
        );
        for e in &self.examples {
            println!("    counterexample: {e}");
        }
    }
}

struct Summary {
    wld: Wld,
    by_diff: BTreeMap<i32, Wld>,
    longest: Option<(u16, u64)>,
}

fn print_summary(label: &str, positions: u64, s: &Summary, diff: &str) {
    let [w, l, d] = s.wld.0;
    println!("{label}: positions {positions}, wins {w}, losses {l}, draws {d} (side to move)");
    println!("{label}: by cap difference ({diff}), for the side to move:");
    println!(
        "  {:>5} {:>12} {:>12} {:>12}",
        "diff", "wins", "losses", "draws"
    );
    for (k, v) in &s.by_diff {
        let [w, l, d] = v.0;
        println!("  {k:>+5} {w:>12} {l:>12} {d:>12}");
    }
}

fn print_longest(label: &str, tables: &EmergoTables, pos: &Emergo, d: u16) {
    let pv = tables.principal_variation(pos, 400);
    let line: Vec<String> = pv.iter().map(|m| m.to_string()).collect();
    println!("{label}: longest forced win: {d} plies, {pos}");
    println!("{label}: principal variation: {}", line.join(" "));
}

fn one_on_one(table: &Table, tables: &EmergoTables) {
    let class = OneOnOne::default();
    let mut s = Summary {
        wld: Wld::default(),
        by_diff: BTreeMap::new(),
        longest: None,
    };
    let mut move_claim = Claim::new("equal caps: the side to move wins");
    let mut opposition_claim = Claim::new(
        "equal caps: the side with the opposition wins (the side to move when the columns stand an odd number of steps apart)",
    );
    let mut one_claim = Claim::new("a cap difference of one man wins regardless of opposition");
    let mut more_claim = Claim::new("(not published) the bigger cap wins");
    for i in 0..class.size() {
        let v = table.value(i);
        let (turn, w, b) = class.parts(i);
        s.wld.add(v, 1);
        let diff = w.cap as i32 - b.cap as i32;
        s.by_diff.entry(diff).or_default().add(v, 1);
        if let Value::Win(d) = v {
            if s.longest.map_or(true, |(ld, _)| d > ld) {
                s.longest = Some((d, i));
            }
        }
        let pos = || class.position(i).to_string();
        let mover_wins = matches!(v, Value::Win(_));
        let mover_loses = matches!(v, Value::Loss(_));
        if diff == 0 {
            move_claim.record(mover_wins, 1, pos, v);
            let odd = steps_apart(w.square, b.square) % 2 == 1;
            let ok = if odd { mover_wins } else { mover_loses };
            opposition_claim.record(ok, 1, pos, v);
        } else {
            let mover_bigger = (diff > 0) == (turn == Color::White);
            let ok = if mover_bigger {
                mover_wins
            } else {
                mover_loses
            };
            if diff.abs() == 1 {
                one_claim.record(ok, 1, pos, v);
            }
            more_claim.record(ok, 1, pos, v);
        }
    }
    print_summary("1v1", class.size(), &s, "c_w - c_b");
    if let Some((d, i)) = s.longest {
        print_longest("1v1", tables, &class.position(i), d);
    }
    for c in [&move_claim, &opposition_claim, &one_claim, &more_claim] {
        c.print("1v1");
    }
    println!("1v1 claim \"six under six is a win in virtually any situation\": not decided here (one on one, six under six means both columns are, c_w = c_b = 6); see 2v1");
}

fn two_on_one(table: &Table, tables: &EmergoTables) {
    let mut s = Summary {
        wld: Wld::default(),
        by_diff: BTreeMap::new(),
        longest: None,
    };
    let mut six =
        Claim::new("six under six (a column of 6 over 6) is a win in virtually any situation");
    let mut six_two = Claim::new("(the same, the six under six one of two columns)");
    let mut six_one = Claim::new("(the same, the six under six the single column)");
    let mut total = 0u64;
    for i in 0..TwoOnOne::SIZE {
        let parts: TwoOnOneParts = TwoOnOne::parts(i);
        let weight = parts.weight(i);
        if weight == 0 {
            continue;
        }
        total += weight;
        let v = table.value(i);
        s.wld.add(v, weight);
        let diff = parts.two[0].cap as i32 + parts.two[1].cap as i32 - parts.one.cap as i32;
        s.by_diff.entry(diff).or_default().add(v, weight);
        if let Value::Win(d) = v {
            if s.longest.map_or(true, |(ld, _)| d > ld) {
                s.longest = Some((d, i));
            }
        }
        let six_of = |c: &PureColumn| c.cap == 6 && c.prisoners == 6;
        let two_has = parts.two.iter().any(six_of);
        let one_has = six_of(&parts.one);
        if two_has || one_has {
            let owner_to_move = if two_has {
                parts.two_to_move
            } else {
                !parts.two_to_move
            };
            let ok = match v {
                Value::Win(_) => owner_to_move,
                Value::Loss(_) => !owner_to_move,
                Value::Draw => false,
            };
            let text = || parts.position().to_string();
            six.record(ok, weight, text, v);
            let by = if two_has { &mut six_two } else { &mut six_one };
            by.record(ok, weight, text, v);
        }
    }
    assert_eq!(
        total,
        TwoOnOne::POSITIONS,
        "the weights count every position once"
    );
    print_summary(
        "2v1",
        TwoOnOne::POSITIONS,
        &s,
        "caps of the two columns minus the cap of the one",
    );
    println!(
        "2v1: one on two (Black with the two columns) is the same table with the colours exchanged"
    );
    if let Some((d, i)) = s.longest {
        print_longest("2v1", tables, &TwoOnOne::position(i), d);
    }
    for c in [&six, &six_two, &six_one] {
        c.print("2v1");
    }
}

/// Checks the value of `pos` against the values its moves lead to.
fn check_position(tables: &EmergoTables, pos: &Emergo) -> Result<(), String> {
    let v = tables
        .value(pos)
        .ok_or(format!("{pos}: not in the tables"))?;
    let moves = tables
        .moves(pos)
        .ok_or(format!("{pos}: a move leads out of the tables"))?;
    let after: Vec<Value> = moves.iter().map(|m| m.1).collect();
    let ok = match v {
        _ if after.is_empty() => matches!(v, Value::Loss(0) | Value::Draw),
        Value::Win(d) => {
            after.contains(&v) && after.iter().all(|w| w.score() <= Value::Win(d).score())
        }
        Value::Loss(_) => {
            after.contains(&v)
                && after
                    .iter()
                    .all(|w| matches!(w, Value::Loss(_)) && w.score() <= v.score())
        }
        Value::Draw => {
            after.contains(&Value::Draw) && after.iter().all(|w| !matches!(w, Value::Win(_)))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{pos}: {v}, but its moves give {after:?}"))
    }
}

fn check(tables: &EmergoTables, class: &str, step: u64) -> Result<(), String> {
    let (size, position): (u64, Box<dyn Fn(u64) -> Emergo>) = if class == "1v1" {
        let c = OneOnOne::default();
        (c.size(), Box::new(move |i| c.position(i)))
    } else {
        (TwoOnOne::SIZE, Box::new(TwoOnOne::position))
    };
    let mut n = 0u64;
    for i in (0..size).step_by(step as usize) {
        check_position(tables, &position(i))?;
        n += 1;
    }
    println!("{class}: checked {n} positions (every {step}th) against their moves: consistent");
    Ok(())
}

/// The error for a probe outside the classes of the tables.
fn not_in_tables(text: &str, two_on_one: bool) -> String {
    format!(
        "--probe {text:?}: not in the tables (pure one on one{}, 12 men each, nothing in hand)",
        if two_on_one {
            ", two on one, one on two"
        } else {
            ""
        }
    )
}

fn probe(tables: &EmergoTables, text: &str) -> Result<(), String> {
    let pos: Emergo = text.parse().map_err(|e| format!("--probe {text:?}: {e}"))?;
    let Some(v) = tables.value(&pos) else {
        return Err(not_in_tables(text, tables.two_on_one.is_some()));
    };
    println!("probe {pos}: {v} for {}", pos.turn());
    if let Some(moves) = tables.moves(&pos) {
        let best = moves.first().map(|m| m.1);
        for (m, mv) in &moves {
            let mark = if Some(*mv) == best { " (best)" } else { "" };
            println!("  {m}: {mv}{mark}");
        }
    }
    Ok(())
}

fn run() -> Result<(), String> {
    let a: Args = clap::Parser::parse();
    match a.class.as_str() {
        "international" => return draughts::run::<InternationalRules>(&a),
        "russian" => return draughts::run::<RussianRules>(&a),
        "brazilian" => return draughts::run::<BrazilianRules>(&a),
        _ => {}
    }
    // a mistyped probe, or one the tables would not know, fails before they are built
    for p in &a.probes {
        let pos = p
            .parse::<Emergo>()
            .map_err(|e| format!("--probe {p:?}: {e}"))?;
        if !EmergoTables::would_know(&pos, a.class == "2v1") {
            return Err(not_in_tables(p, a.class == "2v1"));
        }
    }
    let one = OneOnOne::default();
    let one_table = build(&one, "1v1", &a)?;
    let mut tables = EmergoTables {
        one_on_one: one_table,
        two_on_one: None,
    };
    if a.class == "2v1" {
        let t = build(&TwoOnOne::new(&tables.one_on_one), "2v1", &a)?;
        tables.two_on_one = Some(t);
    }
    if a.class == "1v1" {
        one_on_one(&tables.one_on_one, &tables);
    } else {
        let t = tables.two_on_one.as_ref().expect("built");
        two_on_one(t, &tables);
    }
    if let Some(step) = a.check {
        check(&tables, &a.class, step)?;
    }
    for p in &a.probes {
        probe(&tables, p)?;
    }
    Ok(())
}

/// The draughts databases: build (or load) every slice, print its figures, probe.
mod draughts {
    use super::{mib, peak_rss, Args};
    use column_checkers::custom::CheckersPosition;
    use column_checkers::solver::{Database, DraughtsRules, Material, Options, Progress, Wld};
    use column_checkers::{MoveList, Position};
    use std::collections::BTreeMap;
    use std::io::{IsTerminal, Write};
    use std::time::Instant;

    /// CPU seconds this process has used, from /proc (Linux; clock ticks of 1/100 s).
    fn cpu_seconds() -> Option<f64> {
        let s = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<&str> = s.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    }

    /// Figures of one piece count.
    #[derive(Default)]
    struct Figures {
        wall: f64,
        expand: f64,
        cpu: f64,
        numbers: u64,
        positions: u64,
        wld: [u64; 3],
        bytes: u64,
        solver_peak: u64,
        loaded: usize,
    }

    /// Checks the value of `pos` against the values its moves lead to; answers the
    /// number of probes.
    fn check_position<R: DraughtsRules>(
        db: &Database<R>,
        pos: &CheckersPosition<R>,
    ) -> Result<u64, String> {
        let v = db.probe(pos).ok_or(format!("{pos}: not in the database"))?;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut after = Vec::new();
        for m in moves.iter() {
            let mut c = pos.clone();
            c.play_unchecked(m);
            after.push(
                db.probe(&c)
                    .ok_or(format!("{pos}: {m} leads out of the database"))?
                    .before(),
            );
        }
        let ok = match v {
            Wld::Win => after.contains(&Wld::Win),
            Wld::Loss => after.iter().all(|&w| w == Wld::Loss),
            Wld::Draw => after.contains(&Wld::Draw) && !after.contains(&Wld::Win),
        };
        if ok {
            Ok(1 + after.len() as u64)
        } else {
            Err(format!("{pos}: {v}, but its moves give {after:?}"))
        }
    }

    fn probe<R: DraughtsRules>(db: &Database<R>, text: &str) -> Result<(), String> {
        let pos: CheckersPosition<R> =
            text.parse().map_err(|e| format!("--probe {text:?}: {e}"))?;
        let v = db.probe(&pos).ok_or(format!(
            "--probe {text:?}: not in the database (up to the pieces built)"
        ))?;
        println!("probe {pos}: {v} for {}", pos.turn());
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for m in moves.iter() {
            let mut c = pos.clone();
            c.play_unchecked(m);
            if let Some(w) = db.probe(&c) {
                println!("  {m}: {}", w.before());
            }
        }
        Ok(())
    }

    pub fn run<R: DraughtsRules>(a: &Args) -> Result<(), String> {
        // a mistyped probe fails before the database is built
        for p in &a.probes {
            p.parse::<CheckersPosition<R>>()
                .map_err(|e| format!("--probe {p:?}: {e}"))?;
        }
        let quiet = a.quiet || !std::io::stderr().is_terminal();
        if let Some(dir) = &a.save {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let mut db = Database::<R>::new();
        let mut figures: BTreeMap<u32, Figures> = BTreeMap::new();
        for group in Database::<R>::order(a.pieces) {
            let n = group[0].pieces();
            let f = figures.entry(n).or_default();
            let label: Vec<String> = group.iter().map(|m| m.to_string()).collect();
            let label = label.join(" + ");
            if let Some(dir) = &a.load {
                let mut all = true;
                for &m in &group {
                    all &= db.load_slice(dir, m).map_err(|e| e.to_string())?;
                }
                if all {
                    f.loaded += group.len();
                    for &m in &group {
                        f.numbers += db.slice_size(m);
                    }
                    continue;
                }
            }
            // when the expansion ended (the first round)
            let expanded = std::sync::OnceLock::new();
            let bar = |p: Progress| {
                if let Progress::Round { .. } = p {
                    expanded.get_or_init(Instant::now);
                }
                if quiet {
                    return;
                }
                let text = match p {
                    Progress::Expand { done, total } => {
                        format!("expanding {}%", done * 100 / total.max(1))
                    }
                    Progress::Round {
                        round,
                        resolved,
                        total,
                    } => format!(
                        "round {round}, {}% won or lost",
                        resolved * 100 / total.max(1)
                    ),
                    // the lean solver keeps no edges to turn round
                    Progress::Predecessors { .. } => return,
                };
                let _ = write!(std::io::stderr().lock(), "\r{label}: {text:<40}");
            };
            let opts = Options {
                threads: a.threads as usize,
                progress: Some(&bar),
            };
            let (t0, c0) = (Instant::now(), cpu_seconds());
            let stats = db.solve(&group, &opts);
            let wall = t0.elapsed().as_secs_f64();
            let cpu = cpu_seconds().zip(c0).map_or(0.0, |(b, a)| b - a);
            let expand = expanded.get().map_or(wall, |t| (*t - t0).as_secs_f64());
            if !quiet {
                eprint!("\r{:80}\r", "");
            }
            f.wall += wall;
            f.expand += expand;
            f.cpu += cpu;
            f.solver_peak = f.solver_peak.max(stats.peak_bytes);
            println!(
                "{label}: solved in {wall:.2} s ({expand:.2} s expanding; {cpu:.2} s of CPU): {} numbers, {} moves in the pair, {} settled by their moves out, {} rounds, solver arrays {}",
                stats.numbers, stats.edges, stats.settled, stats.rounds, mib(stats.peak_bytes)
            );
            for &m in &group {
                let t = db.table(m).expect("solved");
                let [w, l, d, none] = t.counts();
                let packed = db.packed(m).expect("solved");
                let bytes = match &a.save {
                    Some(dir) => db.save_slice(dir, m).map_err(|e| e.to_string())?,
                    None => packed.to_bytes().len() as u64,
                };
                let positions = t.len() - none;
                f.numbers += t.len();
                f.positions += positions;
                f.wld[0] += w;
                f.wld[1] += l;
                f.wld[2] += d;
                f.bytes += bytes;
                println!(
                    "  {m}: {positions} positions: {w} wins, {l} losses, {d} draws (side to move); file {bytes} bytes, {:.3} bits a position",
                    bytes as f64 * 8.0 / positions.max(1) as f64,
                );
            }
        }
        for (n, f) in &figures {
            if f.loaded > 0 {
                println!(
                    "{n} pieces: {} slices loaded ({} numbers)",
                    f.loaded, f.numbers
                );
            }
            if f.positions > 0 {
                println!(
                    "{n} pieces: solved in {:.1} s ({:.1} s expanding; {:.1} s of CPU) on {} thread(s): {} numbers, {} positions ({} wins, {} losses, {} draws); files {} bytes ({:.3} bits a position); solver arrays at most {}",
                    f.wall, f.expand, f.cpu, a.threads, f.numbers, f.positions, f.wld[0], f.wld[1], f.wld[2],
                    f.bytes, f.bytes as f64 * 8.0 / f.positions as f64, mib(f.solver_peak)
                );
            }
        }
        println!("process peak {}", peak_rss().map_or("?".into(), mib));
        if let Some(step) = a.check {
            let t0 = Instant::now();
            let (mut checked, mut probes) = (0u64, 0u64);
            for m in db.slices().collect::<Vec<Material>>() {
                for i in (0..db.slice_size(m)).step_by(step as usize) {
                    if let Some(pos) = db.position(m, i) {
                        probes += check_position(&db, &pos)?;
                        checked += 1;
                    }
                }
            }
            println!(
                "checked {checked} positions (every {step}th number of each slice) against their moves: consistent ({probes} probes in {:.2} s)",
                t0.elapsed().as_secs_f64()
            );
        }
        for p in &a.probes {
            probe(&db, p)?;
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("endgame: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// --probe take every ruleset's start position text, Emergo's `- w 12/12` (which
    /// starts with `-`) too.
    #[test]
    fn text_options_take_the_crates_texts() {
        let command = Args::command();
        cli::assert_takes_start_texts(&command, &["1v1"], "--probe", "probes", &["--quiet"]);
    }
}
