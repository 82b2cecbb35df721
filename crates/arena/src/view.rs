//! Pictures of recorded games: the position after any ply of a [`Record`], as a Unicode board for
//! the terminal ([`text`]) or as SVG ([`svg`]): numbered stones for Renju and Gomoku, colored
//! dominoes over the cell values for Domineering (bomb areas dashed), pieces and an arrow for the
//! last move in Lines of Action.
//!
//! Every move is replayed through the game's own rules crate (or, for the stone games, checked
//! to land on an empty point), so a record that is not a legal game is an error, not a picture.

use crate::record::Record;

/// A stone (Renju, Gomoku) or a piece (LOA; `number` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    /// Row, 0-based from the top.
    pub row: usize,
    /// Column, 0-based from the left.
    pub col: usize,
    /// The seat that owns it (0: moved first, drawn black).
    pub seat: usize,
    /// The move that placed it, 1-based (0: not numbered).
    pub number: usize,
}

/// A domino (Domineering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Domino {
    /// Row of its top or left cell, 0-based.
    pub row: usize,
    /// Column of its top or left cell, 0-based.
    pub col: usize,
    /// Whether it covers (row, col) and (row + 1, col); else (row, col + 1).
    pub vertical: bool,
    /// The seat that placed it.
    pub seat: usize,
    /// The move that placed it, 1-based.
    pub number: usize,
}

/// A cell (row, column), 0-based.
pub type Cell = (usize, usize);

/// A position of a recorded game, ready to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Whether stones sit on the intersections of a go-style grid (Renju, Gomoku).
    pub grid: bool,
    /// Whether the squares are light and dark like a chessboard (Lines of Action).
    pub checkered: bool,
    /// Cell values row by row (ALPHANO Domineering).
    pub values: Option<Vec<u8>>,
    /// Stones or pieces on the board.
    pub stones: Vec<Stone>,
    /// Dominoes on the board.
    pub dominoes: Vec<Domino>,
    /// Bombs played: top-left cell of each 5×5 area, its seat and move number.
    pub bombs: Vec<(usize, usize, usize, usize)>,
    /// The last move as an arrow from (row, col) to (row, col), with its seat (LOA).
    pub arrow: Option<(Cell, Cell, usize)>,
    /// The last move's stone (row, col), highlighted.
    pub last: Option<Cell>,
    /// Plies shown.
    pub ply: usize,
    /// One line: contest, game, players, ply, result.
    pub caption: String,
}

/// A protocol move `x y` as two integers.
pub fn two(mv: &str) -> Result<(i64, i64), String> {
    let v: Vec<i64> = mv
        .split_whitespace()
        .map(|t| t.parse().map_err(|_| format!("bad move {mv:?}")))
        .collect::<Result<_, _>>()?;
    match v[..] {
        [x, y] => Ok((x, y)),
        _ => Err(format!("bad move {mv:?}")),
    }
}

/// Draws a record's position after `p.ply` plies into `p` (rows, columns, stones, dominoes,
/// the last move): one per contest, named in its registry entry.
pub type Draw = fn(rec: &Record, p: &mut Picture) -> Result<(), String>;

/// The position of `rec` after its first `ply` moves (all of them if `ply` is larger), drawn by
/// `draw` (the contest's, from its registry entry), with its caption.
///
/// Errors: a move that does not parse, or one the rules reject.
pub fn picture_by(rec: &Record, ply: usize, draw: Draw) -> Result<Picture, String> {
    let mut p = Picture {
        ply: ply.min(rec.moves.len()),
        ..Picture::default()
    };
    draw(rec, &mut p)?;
    let ply = p.ply;
    let result = if ply < rec.moves.len() {
        format!("after ply {ply} of {}", rec.moves.len())
    } else {
        match rec.winner {
            Some(w) => format!("{} wins ({})", rec.players[w], rec.reason),
            None => format!("draw ({})", rec.reason),
        }
    };
    p.caption = format!(
        "{} game {}: {} vs {}, {result}",
        rec.contest, rec.game, rec.players[0], rec.players[1]
    );
    Ok(p)
}

/// The moves of `rec` up to ply `p.ply` (for a contest's [`Draw`]).
pub fn moves_of<'a>(rec: &'a Record, p: &Picture) -> impl Iterator<Item = &'a str> {
    rec.moves[..p.ply].iter().map(|m| m.mv.as_str())
}

/// Stones on an `n × n` board, each move `x y` (1-based) on an empty point, `-1 -1` a pass.
pub fn draw_stones(rec: &Record, p: &mut Picture, n: usize) -> Result<(), String> {
    let moves = moves_of(rec, p);
    (p.rows, p.cols, p.grid) = (n, n, true);
    let mut taken = vec![false; n * n];
    for (i, mv) in moves.enumerate() {
        let (x, y) = two(mv)?;
        if (x, y) == (-1, -1) {
            continue; // a pass
        }
        let inside = |v: i64| (1..=n as i64).contains(&v);
        if !inside(x) || !inside(y) || taken[(x as usize - 1) * n + y as usize - 1] {
            return Err(format!("move {} ({mv}) is not on an empty point", i + 1));
        }
        let (row, col) = (x as usize - 1, y as usize - 1);
        taken[row * n + col] = true;
        p.stones.push(Stone {
            row,
            col,
            seat: i % 2,
            number: i + 1,
        });
        p.last = Some((row, col));
    }
    Ok(())
}

/// The picture as a Unicode board: `●`/`○` stones and pieces (the last stone `◉`/`◎`),
/// `━━` and `┃` dominoes of the first and second seat, cell values on empty Domineering
/// cells, `·` empty points; rows and columns numbered from 1 as the protocols do.
pub fn text(p: &Picture) -> String {
    let mut cells = vec![vec!["· ".to_string(); p.cols]; p.rows];
    if let Some(v) = &p.values {
        for (i, x) in v.iter().enumerate() {
            cells[i / p.cols][i % p.cols] = format!("{x} ");
        }
    }
    for d in &p.dominoes {
        let mark = if d.vertical { "┃ " } else { "━━" };
        cells[d.row][d.col] = mark.into();
        let (r, c) = if d.vertical {
            (d.row + 1, d.col)
        } else {
            (d.row, d.col + 1)
        };
        cells[r][c] = mark.into();
    }
    for s in &p.stones {
        let last = p.last == Some((s.row, s.col));
        cells[s.row][s.col] = match (s.seat, last) {
            (0, false) => "● ",
            (0, true) => "◉ ",
            (_, false) => "○ ",
            (_, true) => "◎ ",
        }
        .into();
    }
    let mut out = format!("{}\n    ", p.caption);
    for c in 0..p.cols {
        out.push_str(&format!("{:<2}", (c + 1) % 100));
    }
    out.push('\n');
    for (r, row) in cells.iter().enumerate() {
        out.push_str(&format!("{:>3} ", r + 1));
        out.push_str(row.concat().trim_end());
        out.push('\n');
    }
    if let Some((from, to, _)) = p.arrow {
        out.push_str(&format!(
            "last move: {} {} -> {} {}\n",
            from.0 + 1,
            from.1 + 1,
            to.0 + 1,
            to.1 + 1
        ));
    }
    out
}

/// Pixels per cell in [`svg`].
pub const CELL_PX: usize = 36;

const SEAT_COLOURS: [&str; 2] = ["#2563eb", "#dc2626"];

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The picture as a standalone SVG document, [`CELL_PX`] pixels a cell, coordinates 1-based
/// along the top and left, the caption below.
pub fn svg(p: &Picture) -> String {
    let cell = CELL_PX as f64;
    let margin = 28.0;
    let w = 2.0 * margin + cell * p.cols as f64;
    // The caption, wrapped at words to the width (about 6.5 px a character at 12 px).
    let per_line = ((w - margin) / 6.5).max(20.0) as usize;
    let mut caption: Vec<String> = vec![String::new()];
    for word in p.caption.split(' ') {
        let last = caption.last_mut().expect("one line");
        if !last.is_empty() && last.len() + 1 + word.len() > per_line {
            caption.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    let h = 2.0 * margin + cell * p.rows as f64 + 16.0 * caption.len() as f64;
    let x = |c: usize| margin + cell * c as f64;
    let y = |r: usize| margin + cell * r as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n\
         <defs><marker id=\"head\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"4\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#16a34a\"/></marker></defs>\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    );
    let board_w = cell * p.cols as f64;
    let board_h = cell * p.rows as f64;
    if p.grid {
        s.push_str(&format!(
            "<rect x=\"{margin}\" y=\"{margin}\" width=\"{board_w}\" height=\"{board_h}\" fill=\"#dcb35c\"/>\n"
        ));
        // Lines through the points: across each row, down each column.
        let line = |x1: f64, y1: f64, x2: f64, y2: f64| {
            format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#000\" stroke-width=\"1\"/>\n"
            )
        };
        let (left, right) = (x(0) + cell / 2.0, x(p.cols - 1) + cell / 2.0);
        let (top, bottom) = (y(0) + cell / 2.0, y(p.rows - 1) + cell / 2.0);
        for i in 0..p.rows {
            let yy = y(i) + cell / 2.0;
            s.push_str(&line(left, yy, right, yy));
        }
        for j in 0..p.cols {
            let xx = x(j) + cell / 2.0;
            s.push_str(&line(xx, top, xx, bottom));
        }
    } else {
        for r in 0..p.rows {
            for c in 0..p.cols {
                let fill = match (p.checkered, (r + c) % 2) {
                    (true, 1) => "#b58863",
                    (true, _) => "#f0d9b5",
                    (false, _) => "#f8fafc",
                };
                s.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" stroke=\"#94a3b8\" stroke-width=\"0.5\"/>\n",
                    x(c),
                    y(r)
                ));
                if let Some(v) = &p.values {
                    s.push_str(&format!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#64748b\">{}</text>\n",
                        x(c) + 3.0,
                        y(r) + 11.0,
                        v[r * p.cols + c]
                    ));
                }
            }
        }
    }
    for i in 0..p.rows {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\" fill=\"#334155\">{}</text>\n",
            margin - 6.0,
            y(i) + cell / 2.0 + 4.0,
            i + 1
        ));
    }
    for j in 0..p.cols {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#334155\">{}</text>\n",
            x(j) + cell / 2.0,
            margin - 8.0,
            j + 1
        ));
    }
    for d in &p.dominoes {
        let (dw, dh) = if d.vertical {
            (cell, 2.0 * cell)
        } else {
            (2.0 * cell, cell)
        };
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"{}\" fill-opacity=\"0.85\" stroke=\"#0f172a\" stroke-width=\"1\"/>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#fff\">{}</text>\n",
            x(d.col) + 3.0,
            y(d.row) + 3.0,
            dw - 6.0,
            dh - 6.0,
            SEAT_COLOURS[d.seat],
            x(d.col) + dw / 2.0,
            y(d.row) + dh / 2.0 + 4.0,
            d.number
        ));
    }
    for &(r, c, seat, number) in &p.bombs {
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{}\">bomb {number}</text>\n",
            x(c),
            y(r),
            cell * 5.0,
            cell * 5.0,
            SEAT_COLOURS[seat],
            x(c) + 3.0,
            y(r + 5) - 4.0,
            SEAT_COLOURS[seat]
        ));
    }
    for st in &p.stones {
        let (cx, cy) = (x(st.col) + cell / 2.0, y(st.row) + cell / 2.0);
        let (fill, ink) = if st.seat == 0 {
            ("#111", "#fff")
        } else {
            ("#fafafa", "#111")
        };
        s.push_str(&format!(
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"1\"/>\n",
            cell * 0.44
        ));
        if st.number > 0 {
            s.push_str(&format!(
                "<text x=\"{cx}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n",
                cy + 4.0,
                st.number
            ));
        }
        if p.last == Some((st.row, st.col)) {
            s.push_str(&format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#dc2626\" stroke-width=\"2\"/>\n",
                cell * 0.48
            ));
        }
    }
    if let Some((from, to, _)) = p.arrow {
        let c = |(r, col): Cell| (x(col) + cell / 2.0, y(r) + cell / 2.0);
        let ((x1, y1), (x2, y2)) = (c(from), c(to));
        s.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#16a34a\" stroke-width=\"4\" marker-end=\"url(#head)\" stroke-opacity=\"0.9\"/>\n"
        ));
    }
    let top = margin + cell * p.rows as f64 + 20.0;
    for (i, line) in caption.iter().enumerate() {
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#0f172a\">{}</text>\n",
            margin / 2.0,
            top + 16.0 * i as f64,
            escape(line)
        ));
    }
    s.push_str("</svg>\n");
    s
}

/// Shows `rec` on the terminal, drawn by `draw`: the position after `ply` plies only, or ply by ply (Enter:
/// next, `b`: back, a number: go there, `q`: quit; without a terminal, every ply in turn).
///
/// # Errors
/// A position that cannot be drawn, or a failed read of the terminal.
pub fn replay(rec: &Record, ply: Option<usize>, draw: Draw) -> Result<(), String> {
    use std::io::IsTerminal;
    let show = |ply: usize| -> Result<(), String> {
        let p = picture_by(rec, ply, draw)?;
        print!("{}", text(&p));
        if let Some(m) = ply.checked_sub(1).and_then(|i| rec.moves.get(i)) {
            println!(
                "ply {ply}: {}{}",
                m.mv,
                m.ms.map_or(String::new(), |t| format!(" ({t} ms)"))
            );
        }
        Ok(())
    };
    if let Some(ply) = ply {
        return show(ply);
    }
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut ply = 0;
    loop {
        show(ply)?;
        if !interactive {
            if ply == rec.moves.len() {
                return Ok(());
            }
            ply += 1;
            println!();
            continue;
        }
        println!("[Enter] next  [b] back  [number] go to ply  [q] quit");
        let mut line = String::new();
        if std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| e.to_string())?
            == 0
        {
            return Ok(());
        }
        match line.trim() {
            "q" => return Ok(()),
            "b" => ply = ply.saturating_sub(1),
            "" => ply = (ply + 1).min(rec.moves.len()),
            n => match n.parse::<usize>() {
                Ok(k) => ply = k.min(rec.moves.len()),
                Err(_) => println!("?"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rec: &Record, ply: usize) -> Result<Picture, String> {
        crate::registry::Registry::standard().picture(rec, ply)
    }
    use crate::record::TimedMove;

    fn rec(contest: &str, moves: &[&str], opening: Option<String>) -> Record {
        Record {
            clock_ms: None,
            seated: None,
            contest: contest.into(),
            game: 0,
            seed: 0,
            opening,
            players: ["a".into(), "b".into()],
            a_seat: 0,
            moves: moves
                .iter()
                .map(|m| TimedMove {
                    mv: m.to_string(),
                    ms: None,
                })
                .collect(),
            winner: Some(0),
            reason: "test".into(),
            failure: None,
        }
    }

    #[test]
    fn stone_games_number_their_stones() {
        let r = rec("alphano-renju", &["8 8", "7 9", "-1 -1", "9 9"], None);
        let p = picture(&r, 99).unwrap();
        assert_eq!(p.stones.len(), 3);
        assert_eq!(
            p.stones[2],
            Stone {
                row: 8,
                col: 8,
                seat: 1,
                number: 4
            }
        );
        assert_eq!(p.last, Some((8, 8)));
        let t = text(&p);
        assert_eq!(t.matches('●').count(), 1);
        assert_eq!(t.matches('○').count(), 1);
        assert_eq!(t.matches('◎').count(), 1);
        let svg = svg(&p);
        assert_eq!(svg.matches("<circle").count(), 4); // three stones and the last-move ring
        assert!(svg.contains(">4</text>"));
        // Part of the game; and an occupied point is an error.
        assert_eq!(picture(&r, 1).unwrap().stones.len(), 1);
        assert!(picture(&rec("alphano-renju", &["8 8", "8 8"], None), 9).is_err());
        assert!(picture(&rec("neerc-gomoku", &["20 1"], None), 9).is_err());
    }

    #[test]
    fn domineering_draws_dominoes_over_values() {
        let values: String = (0..64).map(|i| char::from(b'0' + (i % 4) as u8)).collect();
        let r = rec(
            "alphano-domineering",
            &["1 1", "2 1", "-1 -1"],
            Some(values),
        );
        let p = picture(&r, 9).unwrap();
        assert_eq!(p.dominoes.len(), 2);
        assert!(!p.dominoes[0].vertical && p.dominoes[1].vertical);
        assert_eq!(text(&p).matches("━━").count(), 2);
        assert!(svg(&p).contains(">2</text>"));
        // The second domino would overlap the first.
        let bad = rec("alphano-domineering", &["1 1", "1 1"], Some("0".repeat(64)));
        assert!(picture(&bad, 9).is_err());
        assert!(picture(&rec("alphano-domineering", &[], None), 0).is_err());
    }

    #[test]
    fn bombs_clear_their_area() {
        let r = rec(
            "codewarriors-domineering",
            &["1 0 0", "1 5 5", "2 0 0"],
            None,
        );
        let p = picture(&r, 9).unwrap();
        assert_eq!(p.dominoes.len(), 1);
        assert_eq!(p.bombs, vec![(0, 0, 0, 3)]);
        assert!(svg(&p).contains("bomb 3"));
    }

    #[test]
    fn loa_shows_pieces_and_the_last_move() {
        let mut pos = loa::Position::start();
        let mut moves = Vec::new();
        let mut list = Vec::new();
        for _ in 0..6 {
            list.clear();
            pos.legal_moves(&mut list);
            let m = list[list.len() / 2];
            moves.push(m.judge().to_string());
            pos.play_unchecked(m);
        }
        let strs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let p = picture(&rec("kattis-loa", &strs, None), 99).unwrap();
        assert_eq!(p.stones.len(), pos.occupied().count_ones() as usize);
        assert!(p.arrow.is_some());
        assert!(svg(&p).contains("marker-end"));
        assert!(text(&p).contains("last move:"));
        assert!(picture(&rec("kattis-loa", &["1 1 1 1"], None), 9).is_err());
        assert!(picture(&rec("chess", &[], None), 0).is_err());
    }
}
