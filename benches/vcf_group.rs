//! The VCF benchmark group both games' benches share (`#[path]`-included by `gomoku.rs` and
//! `renju.rs`): the threat module's VCF search on positions where the side to move has one and
//! on positions where it has none, throughput in positions.

use criterion::{Criterion, Throughput};
use gomoku::threats::{self, ThreatBoard, ThreatLimits};
use std::hint::black_box;

/// Benchmarks `threats::vcf` within `limits` as group `name`: `found` over `with`, `none` over
/// `without` (each position cloned, then searched).
pub fn bench_vcf<B: ThreatBoard + Clone>(
    c: &mut Criterion,
    name: &str,
    with: &[B],
    without: &[B],
    limits: ThreatLimits,
) {
    let mut g = c.benchmark_group(name);
    for (case, set) in [("found", with), ("none", without)] {
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_function(case, |b| {
            b.iter(|| {
                for p in set {
                    black_box(threats::vcf(&mut p.clone(), limits));
                }
            })
        });
    }
    g.finish();
}
