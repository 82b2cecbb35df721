//! Controlling a running search: the stop handle, the iteration callback, `Limits::movetime`,
//! and the never-an-illegal-move guard.

use search_core::{
    first_legal_move, guarded, Evaluator, Game, Guarded, Limits, Outcome, SearchConfig, Searcher,
    Side,
};
use std::time::Duration;

/// A game that never ends: three moves everywhere, the position is the path taken.
#[derive(Clone)]
struct Endless {
    path: Vec<u8>,
    key: u64,
}

fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^ (x >> 29)
}

impl Game for Endless {
    type Move = u8;
    const MOVE_INDEX_SPACE: usize = 3;
    fn side_to_move(&self) -> Side {
        if self.path.len() & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }
    fn generate_moves(&self, moves: &mut Vec<u8>) {
        moves.extend(0..3);
    }
    fn make_move(&mut self, mv: u8) {
        self.path.push(mv);
        self.key = mix(self.key ^ u64::from(mv + 1));
    }
    fn unmake_move(&mut self, _mv: u8) {
        self.path.pop();
        self.key = self.path.iter().fold(0, |k, &m| mix(k ^ u64::from(m + 1)));
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Draw
    }
    fn zobrist(&self) -> u64 {
        self.key
    }
    fn move_index(mv: u8) -> usize {
        mv as usize
    }
}

struct Noise;
impl Evaluator<Endless> for Noise {
    fn evaluate(&self, g: &Endless) -> i32 {
        (mix(g.key) % 201) as i32 - 100
    }
}

fn endless() -> Endless {
    Endless {
        path: Vec::new(),
        key: 0,
    }
}

#[test]
fn the_stop_handle_ends_an_unlimited_search_from_another_thread() {
    let mut searcher = Searcher::new(SearchConfig::default());
    let handle = searcher.stop_handle();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        handle.stop();
    });
    let r = searcher.search(&mut endless(), &Noise, &Limits::depth(200));
    stopper.join().unwrap();
    assert!(r.best_move.is_some());
    assert!(!r.exact);
    assert!(r.stats.depth < 200);
    // Without the stop the search would run to depth 200 (3^200 nodes): it returned instead.
    // The next search starts with the flag cleared.
    let again = searcher.search(&mut endless(), &Noise, &Limits::depth(3));
    assert_eq!(again.stats.depth, 3);
}

#[test]
fn the_callback_sees_every_iteration_and_can_stop_the_search() {
    let mut searcher = Searcher::new(SearchConfig::default());
    let handle = searcher.stop_handle();
    let mut seen = Vec::new();
    let r = searcher.search_with(&mut endless(), &Noise, &Limits::depth(50), |it| {
        assert_eq!(
            it.pv.len() as u32,
            it.depth,
            "a full-width PV reaches the horizon"
        );
        seen.push((it.depth, it.score, it.pv.first().copied(), it.nodes));
        if it.depth == 5 {
            handle.stop();
        }
    });
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert!(seen.windows(2).all(|w| w[0].3 <= w[1].3), "nodes only grow");
    let last = seen.last().unwrap();
    assert_eq!((r.stats.depth, r.score, r.best_move), (5, last.1, last.2));
}

#[test]
fn the_guard_replaces_panics_and_refused_answers() {
    let g = endless();
    assert_eq!(first_legal_move(&g), Some(0));
    let legal = |m: &u8| *m < 3;
    assert_eq!(guarded(|| 2, legal, || 0), Guarded::Chosen(2));
    assert_eq!(guarded(|| 7, legal, || 0), Guarded::Fallback(0));
    let broken = guarded(
        || -> u8 { panic!("the engine broke (expected in this test)") },
        legal,
        || first_legal_move(&g).unwrap(),
    );
    assert!(broken.fell_back());
    assert_eq!(broken.into_inner(), 0);
}
