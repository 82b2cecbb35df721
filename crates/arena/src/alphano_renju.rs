//! The ALPHANO Renju judge (spec: `shared/specs/alphano-renju.md`): no preamble, 20,000 ms
//! whole-game clocks, the opening constraints (turn 1 the centre, turn 2 the central 3×3, turn 3
//! the central 5×5, no pass on those turns), a Black stone on a forbidden point is RE, a five (for
//! White five or more) wins, two passes in a row draw. The protocol is [`crate::alphano`]'s.
//!
//! Reference players ([`Contestant`]): random plays a uniformly random legal point (a pass only
//! when none is legal); greedy plays the legal point with the highest one-ply pattern value —
//! what its stone makes there plus four fifths of what it takes from the opponent
//! ([`renju::eval::point_value`]) — ties broken by the game's seeded generator. The engine at
//! reduced time is a bot: `alphano-renju --clock-percent P`.

use crate::alphano::{self, Seat};
use crate::record::Record;
use crate::record::{Cause, Failure};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use renju::eval::point_value;
use renju::Position;
use renju_rules::game::{GameResult as Outcome, Move, PlayError, RenjuGame as Game};
use renju_rules::{Color, Point};

pub use crate::Contestant;

/// Each player's whole-game clock, in ms.
pub const CLOCK_MS: u64 = 20_000;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A five (White: or an overline).
    Five,
    /// Two passes in a row (or a full board).
    Draw,
    /// The loser answered past its clock.
    TimeLimit(String),
    /// The loser answered with a malformed line or an illegal move (a forbidden point
    /// included), or crashed.
    RuntimeError(String),
}

/// One game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The seed of the built-in players' generators.
    pub seed: u64,
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// How it ended.
    pub end: End,
    /// Clock each player used, in ms (Black, White).
    pub used_ms: [u64; 2],
    /// Each seat's whole-game clock in ms (Black, White).
    pub clock_ms: [u64; 2],
    /// A Gomocup brain's moves the judge seated in the opening box, by seat (Black, White).
    pub seated: [u32; 2],
    /// The moves, in protocol form.
    pub moves: Vec<String>,
    /// The ms each move took.
    pub move_ms: Vec<u64>,
}

impl GameRecord {
    /// This game as a [`Record`] of game `game`, `players` by seat (Black, White), player A in
    /// seat `a_seat`.
    pub fn record(&self, game: usize, players: [String; 2], a_seat: usize) -> Record {
        let seat = |c: Color| c as usize;
        // The loser's fault, in the ALPHANO judge's two kinds.
        let loser = self.winner.map(|w| 1 - seat(w));
        let failure = match (&self.end, loser) {
            (End::TimeLimit(s), Some(l)) => Some(Failure::clock(l, s.clone())),
            (End::RuntimeError(s), Some(l)) => Some(Failure::runtime_error(l, s.clone())),
            _ => None,
        };
        Record {
            contest: "alphano-renju".into(),
            game,
            seed: self.seed as i64,
            opening: None,
            players,
            a_seat,
            moves: alphano::timed_moves(&self.moves, &self.move_ms),
            winner: self.winner.map(seat),
            reason: failure.as_ref().map_or_else(
                || {
                    (if self.winner.is_some() {
                        "five"
                    } else {
                        "draw"
                    })
                    .to_string()
                },
                Failure::verdict,
            ),
            failure,
            clock_ms: Some(self.clock_ms),
            seated: (self.seated != [0, 0]).then_some(self.seated),
        }
    }
}

impl alphano::Referee for Game {
    fn protocol(mv: Move) -> String {
        mv.judge().to_string()
    }

    type Move = Move;
    fn to_move(&self) -> usize {
        Game::to_move(self) as usize
    }
    fn is_over(&self) -> bool {
        self.result().is_some()
    }
    fn parse_move(&self, x: i64, y: i64) -> Result<Move, String> {
        let mv = Move::from_judge(x, y).map_err(|e| e.to_string())?;
        self.check(mv).map_err(|e| e.to_string())?;
        Ok(mv)
    }
    fn play(&mut self, mv: Move) {
        Game::try_play(self, mv).expect("a checked move");
    }
    /// A stone outside the opening box of turn 2 or 3 (a Gomocup brain knows no boxes): the
    /// legal point of the box nearest to it (least squared distance, then the lower index).
    fn seat_move(&self, x: i64, y: i64) -> Option<Move> {
        let Ok(Move::Stone(p)) = Move::from_judge(x, y) else {
            return None;
        };
        if !matches!(self.check(Move::Stone(p)), Err(PlayError::Opening(_))) {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let dist = |q: Point| {
            let (dr, dc) = (
                i32::from(q.row) - i32::from(p.row),
                i32::from(q.col) - i32::from(p.col),
            );
            dr * dr + dc * dc
        };
        legal
            .into_iter()
            .filter_map(|m| match m {
                Move::Stone(q) => Some(q),
                Move::Pass => None,
            })
            .min_by_key(|&q| (dist(q), q.index()))
            .map(Move::Stone)
    }
    /// The pass when no point is legal: a full board, or every empty point forbidden to Black.
    fn forced_pass(&self) -> Option<Move> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        (legal == [Move::Pass]).then_some(Move::Pass)
    }
}

/// The random reference move: a uniformly random legal point, a pass only when none is legal.
pub fn random_move(game: &Game, rng: &mut StdRng) -> Move {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.last() == Some(&Move::Pass) && moves.len() > 1 {
        moves.pop();
    }
    moves[rng.random_range(0..moves.len())]
}

/// The greedy reference move (see the module docs).
pub fn greedy_move(game: &Game, rng: &mut StdRng) -> Move {
    let pos = Position::from_game(game);
    let me = game.to_move();
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i32::MIN;
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    for mv in legal {
        let Move::Stone(p) = mv else { continue };
        if game.moves().len() >= 3 && !pos.is_near(p) {
            continue;
        }
        let v = point_value(&pos, p, me).0 + point_value(&pos, p, me.opponent()).0 * 4 / 5;
        if v > best_value {
            best_value = v;
            best.clear();
        }
        if v == best_value {
            best.push(mv);
        }
    }
    if best.is_empty() {
        // Nothing near a stone is legal: any legal move.
        return random_move(game, rng);
    }
    best[rng.random_range(0..best.len())]
}

/// How a Gomocup brain is set up for this game (then the judge adds the clock's lines).
pub fn gomocup_setup() -> Vec<String> {
    vec!["START 15".to_string(), "INFO rule 4".to_string()]
}

fn seat<'a>(i: usize, c: &'a Contestant, seed: u64, setup: &'a [String]) -> Seat<'a, Game> {
    let mut rng = StdRng::seed_from_u64(seed ^ (i as u64 + 1) << 32);
    match c {
        Contestant::Bot(cmd) => Seat::Bot(cmd),
        Contestant::Gomocup(cmd) => Seat::Gomocup(cmd, setup),
        Contestant::Greedy => Seat::Builtin(Box::new(move |g| greedy_move(g, &mut rng))),
        Contestant::Random => Seat::Builtin(Box::new(move |g| random_move(g, &mut rng))),
    }
}

/// Plays one game between `black` and `white` at the judge's clock; `seed` seeds the built-in
/// players.
pub fn play_game(black: &Contestant, white: &Contestant, seed: u64) -> GameRecord {
    play_game_clocked(black, white, seed, [CLOCK_MS; 2])
}

/// [`play_game`] with whole-game clocks of `clocks_ms` (Black's, White's) instead of the
/// judge's 20 s each: time odds.
pub fn play_game_clocked(
    black: &Contestant,
    white: &Contestant,
    seed: u64,
    clocks_ms: [u64; 2],
) -> GameRecord {
    play_game_from(black, white, seed, clocks_ms, &[])
}

/// [`play_game_clocked`] from the moves of `opening`, which the judge plays first (Gomocup
/// brains are sent them with `BOARD`; an ALPHANO bot cannot be, so neither player may be one
/// when `opening` is not empty).
pub fn play_game_from(
    black: &Contestant,
    white: &Contestant,
    seed: u64,
    clocks_ms: [u64; 2],
    opening: &[Move],
) -> GameRecord {
    let mut game = Game::new();
    let setup = gomocup_setup();
    let played = alphano::play(
        &mut game,
        [seat(0, black, seed, &setup), seat(1, white, seed, &setup)],
        &[],
        clocks_ms,
        opening,
    );
    let (winner, end) = match (played.fault, game.result()) {
        (Some(fault), _) => (
            Some(if fault.seat == 0 {
                Color::White
            } else {
                Color::Black
            }),
            match fault.cause {
                Cause::Clock => End::TimeLimit(fault.detail),
                _ => End::RuntimeError(fault.detail),
            },
        ),
        (None, Some(Outcome::Win(c))) => (Some(c), End::Five),
        (None, _) => (None, End::Draw),
    };
    GameRecord {
        seed,
        winner,
        end,
        used_ms: played.used_ms,
        clock_ms: clocks_ms,
        seated: played.seated,
        moves: played.moves,
        move_ms: played.move_ms,
    }
}

/// `plies` random moves from the start under ALPHANO's opening rules (the centre, then the
/// 3×3 and 5×5 boxes), then on random legal points within 3 of the centre (Black's forbidden
/// points never), drawn from `seed`: a varied start for engines that would otherwise play
/// the same game every time.
pub fn random_opening(seed: u64, plies: usize) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed ^ 0x4F50_454E_494E_4753); // "OPENINGS"
    let mut game = Game::new();
    let mut moves = Vec::new();
    let centre = renju_rules::SIZE / 2;
    for _ in 0..plies {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        legal.retain(|m| match m {
            Move::Stone(p) => {
                usize::from(p.row).abs_diff(centre) <= 3 && usize::from(p.col).abs_diff(centre) <= 3
            }
            Move::Pass => false,
        });
        if legal.is_empty() || game.result().is_some() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        game.try_play(m).expect("a legal move");
        moves.push(m);
    }
    moves
}

/// A match of ALPHANO Renju between A and B (sides swapped every game unless pinned).
#[derive(Clone, Debug)]
pub struct RenjuMatch {
    /// The players, seeds and clocks.
    pub pairing: crate::contest::Pairing,
    /// Random moves the judge plays before the players take over ([`random_opening`], from
    /// the pair's seed: both games of a pair alike); Gomocup brains and built-in players only.
    pub opening_plies: usize,
    /// Fixed openings ([`parse_openings`]): pair k (games 2k and 2k+1) starts from opening k,
    /// cycling; when empty, from [`RenjuMatch::opening_plies`] random stones.
    pub openings: Vec<Vec<Move>>,
}

/// Openings for [`RenjuMatch::openings`] (the `--boards` file of `arena match alphano-renju`):
/// one a line, the moves in the judge's form as the records write them (`8 8, 7 8, 7 7`: row
/// and column from 1, Black first, comma-separated), each legal under the judge's rules, the
/// opening boxes included; blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// A line that is not such moves, or a move that is illegal where it stands: its line number
/// and why.
pub fn parse_openings(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = Game::new();
        let mut moves = Vec::new();
        for mv in line.split(',') {
            let (x, y) = crate::view::two(mv).map_err(|e| format!("line {}: {e}", i + 1))?;
            if alphano::Referee::is_over(&game) {
                return Err(format!("line {}: the game is over before {mv:?}", i + 1));
            }
            let m = alphano::Referee::parse_move(&game, x, y)
                .map_err(|e| format!("line {}: {}: {e}", i + 1, mv.trim()))?;
            alphano::Referee::play(&mut game, m);
            moves.push(m);
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("no openings".into());
    }
    Ok(openings)
}

impl crate::contest::Contest for RenjuMatch {
    fn name(&self) -> &'static str {
        "alphano-renju"
    }
    fn names(&self) -> [&str; 2] {
        self.pairing.names()
    }
    fn clocks_ms(&self) -> Option<[u64; 2]> {
        Some(self.pairing.clocks(CLOCK_MS))
    }
    /// How many games had a Gomocup brain's move seated in the opening box, for A and for B.
    fn summary(&self, records: &[Record]) -> Vec<String> {
        let mut games = [0usize; 2];
        for r in records {
            if let Some(s) = r.seated {
                for (who, seat) in [r.a_seat, 1 - r.a_seat].into_iter().enumerate() {
                    games[who] += usize::from(s[seat] > 0);
                }
            }
        }
        if games == [0, 0] {
            return Vec::new();
        }
        vec![format!(
            "opening box: a Gomocup brain's stone outside it was played on the nearest legal point in {} games of A, {} of B",
            games[0], games[1]
        )]
    }
    fn game(&self, k: usize) -> Record {
        let (a_seat, seed, players, names) = self.pairing.seats(k);
        let clocks = self.pairing.seat_clocks(a_seat, CLOCK_MS);
        let opening = match self.openings.len() {
            0 => random_opening(seed, self.opening_plies),
            n => self.openings[(k / 2) % n].clone(),
        };
        let mut record =
            play_game_from(players[0], players[1], seed, clocks, &opening).record(k, names, a_seat);
        if !opening.is_empty() {
            record.opening = Some(
                opening
                    .iter()
                    .map(|&m| <Game as alphano::Referee>::protocol(m))
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
        record
    }
}

/// The registry's entry ([`crate::registry`]) of ALPHANO Renju.
pub const ENTRY: crate::contest::Entry = crate::contest::Entry {
    name: "alphano-renju",
    about: "ALPHANO 15×15 Renju (RIF forbidden moves, 20 s whole-game clocks), any two players \
            (Gomocup brains too)",
    clock_ms: Some(CLOCK_MS),
    making: crate::contest::Making::AnyTwo(pairing_match),
    draw: draw_renju,
};

/// The match of `pairing` with `req`'s opening plies, or the openings of its `--boards` file
/// ([`parse_openings`]; not both). Gomocup brains and built-in players only: an ALPHANO bot
/// cannot be told a position.
pub fn pairing_match(
    pairing: crate::contest::Pairing,
    req: &crate::contest::MatchRequest,
) -> Result<Box<dyn crate::contest::Contest>, String> {
    if req.boards.is_some() && req.opening_plies > 0 {
        return Err("--boards and --opening-plies: give one of the two".into());
    }
    let openings = req.read_boards(parse_openings)?.unwrap_or_default();
    let bot = |c: &Contestant| matches!(c, Contestant::Bot(_));
    if (req.opening_plies > 0 || !openings.is_empty()) && (bot(&pairing.a.0) || bot(&pairing.b.0)) {
        return Err(
            "--opening-plies, --boards: an ALPHANO Renju bot cannot be told a position; \
             play Gomocup brains (gomocup:PATH, our engine is \
             gomocup:target/release/pbrain-plyforge) or built-in players"
                .into(),
        );
    }
    Ok(Box::new(RenjuMatch {
        pairing,
        opening_plies: req.opening_plies,
        openings,
    }))
}

/// ALPHANO Renju: numbered stones on 15×15.
pub fn draw_renju(rec: &Record, p: &mut crate::view::Picture) -> Result<(), String> {
    crate::view::draw_stones(rec, p, 15)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BotCommand;
    use renju_rules::Point;

    #[test]
    fn builtin_players_finish_games_the_same_from_the_same_seed() {
        for seed in 0..6 {
            let r = play_game(&Contestant::Greedy, &Contestant::Random, seed);
            assert!(matches!(r.end, End::Five | End::Draw), "{:?}", r.end);
            let again = play_game(&Contestant::Greedy, &Contestant::Random, seed);
            assert_eq!(
                r.moves, again.moves,
                "seed {seed}: the built-in players are seeded"
            );
            let r = play_game(&Contestant::Random, &Contestant::Greedy, seed);
            assert!(matches!(r.end, End::Five | End::Draw), "{:?}", r.end);
        }
    }

    #[test]
    fn misbehaving_bots_lose_by_re() {
        let sh = |s: &str| Contestant::Bot(BotCommand::new("sh").with_args(["-c", s]));
        // Turn 1 must be the centre.
        let r = play_game(
            &sh("read l; echo OK; read t; echo MOVE 1 1"),
            &Contestant::Greedy,
            1,
        );
        assert_eq!(r.winner, Some(Color::White));
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
        let r = play_game(
            &Contestant::Greedy,
            &sh("read l; echo OK; read o; read t; echo hi"),
            1,
        );
        assert_eq!(r.winner, Some(Color::Black));
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
        // No OK.
        let r = play_game(&sh("read l; echo NO"), &Contestant::Greedy, 1);
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
    }

    /// Random openings: legal under ALPHANO's boxes, within 3 of the centre after them, the
    /// same for the same seed, different across seeds.
    #[test]
    fn random_openings_are_legal_seeded_and_varied() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..40 {
            let opening = random_opening(seed, 5);
            assert_eq!(opening, random_opening(seed, 5));
            assert_eq!(opening.len(), 5);
            let mut game = Game::new();
            for &m in &opening {
                game.try_play(m).expect("legal");
                let Move::Stone(p) = m else { panic!("a pass") };
                assert!(p.row.abs_diff(7) <= 3 && p.col.abs_diff(7) <= 3, "{m:?}");
            }
            seen.insert(opening);
        }
        assert!(seen.len() > 30, "{}", seen.len());
    }

    /// A match with an opening: both games of a pair start from the same judge's moves, the
    /// record names them, and a Gomocup brain is given them as a BOARD before its first move.
    #[test]
    fn a_match_with_an_opening_starts_both_games_from_it() {
        let m = RenjuMatch {
            pairing: crate::contest::Pairing {
                a: (Contestant::Greedy, "greedy".into()),
                b: (Contestant::Random, "random".into()),
                seed: 11,
                a_seat: None,
                clocks_ms: None,
            },
            opening_plies: 4,
            openings: Vec::new(),
        };
        let (r0, r1) = (
            crate::contest::Contest::game(&m, 0),
            crate::contest::Contest::game(&m, 1),
        );
        let opening = random_opening(11, 4);
        let text: Vec<String> = opening
            .iter()
            .map(|&m| <Game as alphano::Referee>::protocol(m))
            .collect();
        for r in [&r0, &r1] {
            assert_eq!(r.opening.as_deref(), Some(text.join(", ").as_str()));
            let played: Vec<&str> = r.moves.iter().take(4).map(|m| m.mv.as_str()).collect();
            assert_eq!(played, text);
        }
        // A brain that checks its first turn is a BOARD of the four stones (its own, Black's
        // on turns 1 and 3, as 1) and then plays a legal point.
        let script = "for i in 1 2 3 4 5 6; do read l; done; echo OK; read a; echo name; \
                      read t; read b; read l1; read l2; read l3; read l4; read d; \
                      if [ \"$b\" = BOARD ] && [ \"${l1##*,}${l2##*,}${l3##*,}${l4##*,}\" = 1212 ] \
                         && [ \"$d\" = DONE ]; then echo 0,0; else echo ERROR \"$b $l1 $d\"; fi; \
                      read e";
        let brain = Contestant::Gomocup(BotCommand::new("sh").with_args(["-c", script]));
        let r = play_game_from(&brain, &Contestant::Greedy, 1, [CLOCK_MS; 2], &opening);
        assert_eq!(r.moves.len(), 6, "{:?} {:?}", r.moves, r.end);
        assert_eq!(r.moves[4], "1 1");
    }

    /// Openings from a file: pair k starts from opening k (cycling), both of its games alike;
    /// an illegal or malformed move is refused with its line.
    #[test]
    fn a_match_with_fixed_openings_plays_them_pair_by_pair() {
        let text = "# two openings\n8 8, 7 8, 7 7\n\n8 8, 9 9\n";
        let openings = parse_openings(text).expect("two openings");
        assert_eq!(openings.len(), 2);
        let m = RenjuMatch {
            pairing: crate::contest::Pairing {
                a: (Contestant::Greedy, "greedy".into()),
                b: (Contestant::Random, "random".into()),
                seed: 3,
                a_seat: None,
                clocks_ms: None,
            },
            opening_plies: 0,
            openings,
        };
        for (k, want) in [
            (0, "8 8, 7 8, 7 7"),
            (1, "8 8, 7 8, 7 7"),
            (2, "8 8, 9 9"),
            (4, "8 8, 7 8, 7 7"),
        ] {
            let r = crate::contest::Contest::game(&m, k);
            assert_eq!(r.opening.as_deref(), Some(want), "game {k}");
            let played: Vec<&str> = r.moves.iter().map(|m| m.mv.as_str()).collect();
            assert_eq!(
                played[..want.split(", ").count()].join(", "),
                want,
                "game {k}"
            );
        }
        // The centre first; the third stone within the 5x5 box; a point twice; not `row col`.
        for bad in ["7 7", "8 8, 7 8, 3 3", "8 8, 8 8", "8 8, 7", "8 8; 7 8", ""] {
            assert!(parse_openings(bad).is_err(), "{bad:?}");
        }
        let err = parse_openings("8 8\n8 8, 7 8, 3 3").unwrap_err();
        assert!(err.starts_with("line 2: 3 3"), "{err}");
    }

    #[test]
    fn a_gomocup_brain_is_set_up_asked_and_judged() {
        // Setup: START, INFO rule, four clock/memory INFO lines, answered OK; ABOUT, answered
        // with a name; then INFO time_left + BEGIN.
        // 7,7 is the centre (ALPHANO 8 8), after a MESSAGE line that is skipped; the second
        // move, 0,0, is outside turn 3's box (a Gomocup brain cannot know it): the judge plays
        // the nearest point of the box, 5,5, and gives the brain the real game as a BOARD (its
        // stones 1, greedy's 2) before its next move, which here is the occupied 7,7: RE.
        let script = "for i in 1 2 3 4 5 6; do read l; echo \"$l\" >&2; done; echo OK; \
                      read a; [ \"$a\" = ABOUT ] && echo 'name=\"script\"'; \
                      read t; read b; echo MESSAGE thinking; echo 7,7; \
                      read t; read turn; echo 0,0; \
                      read t; read b; read l1; read l2; read l3; read l4; read d; \
                      if [ \"$b\" = BOARD ] && [ \"$l1\" = 7,7,1 ] && [ \"$l3\" = 5,5,1 ] \
                         && [ \"${l2##*,}\" = 2 ] && [ \"$d\" = DONE ]; \
                      then echo 7,7; else echo \"bad $b $l1 $l2 $l3 $l4 $d\"; fi; read e";
        let brain = Contestant::Gomocup(BotCommand::new("sh").with_args(["-c", script]));
        let r = play_game(&brain, &Contestant::Greedy, 1);
        assert_eq!(r.moves[0], "8 8");
        assert_eq!(r.moves[2], "6 6", "{:?}", r.moves);
        assert_eq!(r.seated, [1, 0]);
        assert_eq!(r.moves.len(), 4, "{:?}", r.moves);
        assert_eq!(r.winner, Some(Color::White));
        assert!(
            matches!(r.end, End::RuntimeError(ref s) if s.contains("7,7") && s.contains("occupied")),
            "{:?}",
            r.end
        );
        let rec = r.record(0, ["brain".into(), "greedy".into()], 0);
        assert_eq!(rec.seated, Some([1, 0]));
        // The match's report counts the games with a seated move, for each player.
        let m = RenjuMatch {
            pairing: crate::contest::Pairing {
                a: (brain, "brain".into()),
                b: (Contestant::Greedy, "greedy".into()),
                seed: 1,
                a_seat: Some(0),
                clocks_ms: None,
            },
            opening_plies: 0,
            openings: Vec::new(),
        };
        let cfg = crate::runner::MatchConfig {
            games: 2,
            jobs: 1,
            ..crate::runner::MatchConfig::default()
        };
        let report = crate::runner::play(&cfg, &m, true).expect("the match runs");
        let text = report.to_string();
        assert!(
            text.contains("nearest legal point in 2 games of A, 0 of B"),
            "{text}"
        );
        // An ERROR answer is RE too, and so is no OK.
        let script =
            "for i in 1 2 3 4 5 6; do read l; done; echo OK; read a; echo n; read t; read b; echo ERROR no";
        let brain = Contestant::Gomocup(BotCommand::new("sh").with_args(["-c", script]));
        let r = play_game(&brain, &Contestant::Greedy, 1);
        assert!(
            matches!(r.end, End::RuntimeError(ref s) if s.contains("ERROR")),
            "{:?}",
            r.end
        );
        let brain = Contestant::Gomocup(BotCommand::new("sh").with_args(["-c", "echo ERROR size"]));
        let r = play_game(&Contestant::Greedy, &brain, 1);
        assert_eq!(r.winner, Some(Color::Black));
        assert!(matches!(r.end, End::RuntimeError(_)), "{:?}", r.end);
    }

    #[test]
    fn a_black_forbidden_move_is_re() {
        // Black: (8,8), (8,9) across and (9,10), (10,10) down; (8,10) makes two open threes.
        let mut g = Game::new();
        let moves = [
            (8, 8),
            (7, 7),
            (8, 9),
            (1, 1),
            (9, 10),
            (1, 3),
            (10, 10),
            (1, 5),
        ];
        for (x, y) in moves {
            <Game as alphano::Referee>::play(&mut g, Move::from_judge(x, y).unwrap());
        }
        assert_eq!(
            g.board().forbidden(Point::new(7, 9).unwrap()),
            Some(renju_rules::Forbidden::DoubleThree)
        );
        let r = <Game as alphano::Referee>::parse_move(&g, 8, 10);
        assert!(r.unwrap_err().contains("forbidden"));
        // The same point is fine for White.
        <Game as alphano::Referee>::play(&mut g, Move::Pass);
        assert!(<Game as alphano::Referee>::parse_move(&g, 8, 10).is_ok());
        // And a bot that plays it loses by RE: a scripted Black replaying the moves above.
        let script = "read l; echo OK; read t; echo MOVE 8 8; read o; read t; echo MOVE 8 9; \
                      read o; read t; echo MOVE 9 10; read o; read t; echo MOVE 10 10; \
                      read o; read t; echo MOVE 8 10; read f";
        let white = ["7 7", "1 1", "1 3", "1 5"];
        let mut k = 0;
        let scripted_white = move |_: &Game| {
            let (x, y) = white[k].split_once(' ').unwrap();
            k += 1;
            Move::from_judge(x.parse().unwrap(), y.parse().unwrap()).unwrap()
        };
        let mut game = Game::new();
        let cmd = BotCommand::new("sh").with_args(["-c", script]);
        let played = alphano::play(
            &mut game,
            [Seat::Bot(&cmd), Seat::Builtin(Box::new(scripted_white))],
            &[],
            [CLOCK_MS; 2],
            &[],
        );
        let fault = played.fault.expect("Black loses");
        let loser = fault.seat;
        assert_eq!(loser, 0);
        assert!(
            fault.cause == Cause::IllegalMove && fault.detail.contains("forbidden"),
            "{fault:?}"
        );
    }
}
