//! Where the words of a PDF the binary wrote sit on its pages, read from the PDF itself:
//! the layout a reader prints, not the SVG it was made from. A reader of the PDFs
//! svg2pdf writes (objects with direct lengths, Flate streams, pages drawing form
//! XObjects, text in Type 0 fonts with two-byte glyph ids and a `/W` array), small
//! enough for a test: no PDF crate in the tree reads one, and these are all we read.

use std::collections::HashMap;
use std::io::Read;

/// A box on a page in points: left, bottom, right, top.
pub type Rect = [f64; 4];

/// A run of glyphs on one baseline with no gap wider than a space between them, and
/// its box (the font's ascent and descent, the glyphs' advances).
#[derive(Clone, Debug)]
pub struct Word {
    /// The glyph ids, as they are in the file (the text itself is in the font's
    /// ToUnicode map, which the layout does not need).
    pub glyphs: usize,
    /// Its box.
    pub rect: Rect,
}

/// The words on each page of the PDF `bytes`, pages in order.
pub fn words(bytes: &[u8]) -> Vec<Vec<Word>> {
    let pdf = Pdf::parse(bytes);
    pdf.pages()
        .into_iter()
        .map(|page| {
            let mut glyphs = Vec::new();
            let res = page.get("Resources").map(|r| pdf.resolve(r).clone());
            let stream = pdf.stream_of(page.get("Contents").expect("page contents"));
            pdf.run(&stream, res.as_ref(), IDENTITY, &mut glyphs);
            join(glyphs)
        })
        .collect()
}

/// Whether `a` and `b` share more than `slack` points both ways.
pub fn overlap(a: &Rect, b: &Rect, slack: f64) -> bool {
    a[0] + slack < b[2] && b[0] + slack < a[2] && a[1] + slack < b[3] && b[1] + slack < a[3]
}

/// A glyph placed: its box and its font size, on the page.
#[derive(Clone, Copy, Debug)]
struct Glyph {
    rect: Rect,
    size: f64,
}

/// Glyphs in the order drawn joined into words: the next glyph on the same baseline
/// starting within a fifth of the font size of where the last one ended.
fn join(glyphs: Vec<Glyph>) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut last: Option<Glyph> = None;
    for g in glyphs {
        let joins = last.is_some_and(|l| {
            (l.rect[1] - g.rect[1]).abs() < 0.01 * g.size
                && (g.size - l.size).abs() < 1e-6
                && (g.rect[0] - l.rect[2]).abs() < 0.2 * g.size
        });
        match out.last_mut() {
            Some(w) if joins => {
                w.glyphs += 1;
                w.rect[0] = w.rect[0].min(g.rect[0]);
                w.rect[2] = w.rect[2].max(g.rect[2]);
                w.rect[1] = w.rect[1].min(g.rect[1]);
                w.rect[3] = w.rect[3].max(g.rect[3]);
            }
            _ => out.push(Word {
                glyphs: 1,
                rect: g.rect,
            }),
        }
        last = Some(g);
    }
    out
}

/// A PDF matrix `[a b c d e f]`: (x, y) -> (a x + c y + e, b x + d y + f).
type Matrix = [f64; 6];

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n`.
fn then(m: Matrix, n: Matrix) -> Matrix {
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: Matrix, (x, y): (f64, f64)) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// A PDF value.
#[derive(Clone, Debug, PartialEq)]
enum Obj {
    Num(f64),
    Name(String),
    Str(Vec<u8>),
    Arr(Vec<Obj>),
    Dict(HashMap<String, Obj>),
    Ref(u32),
    Word(String),
}

impl Obj {
    fn get(&self, key: &str) -> Option<&Obj> {
        match self {
            Obj::Dict(d) => d.get(key),
            _ => None,
        }
    }
    fn num(&self) -> f64 {
        match self {
            Obj::Num(n) => *n,
            other => panic!("not a number: {other:?}"),
        }
    }
    fn arr(&self) -> &[Obj] {
        match self {
            Obj::Arr(a) => a,
            other => panic!("not an array: {other:?}"),
        }
    }
}

/// The file's objects: each dictionary or value, and a stream's bytes decoded.
struct Pdf {
    objects: HashMap<u32, Obj>,
    streams: HashMap<u32, Vec<u8>>,
}

impl Pdf {
    fn parse(b: &[u8]) -> Pdf {
        let (mut objects, mut streams) = (HashMap::new(), HashMap::new());
        let mut at = 0;
        while let Some(found) = find(&b[at..], b" obj") {
            let obj_at = at + found;
            // "N G obj": N is the second number back.
            let head = &b[..obj_at];
            let gen_start = head.iter().rposition(|c| !c.is_ascii_digit()).unwrap() + 1;
            let num_end = gen_start - 1;
            let num_start = head[..num_end]
                .iter()
                .rposition(|c| !c.is_ascii_digit())
                .map_or(0, |p| p + 1);
            let n: u32 = std::str::from_utf8(&head[num_start..num_end])
                .unwrap()
                .parse()
                .unwrap();
            let mut lx = Lexer { b, at: obj_at + 4 };
            let value = lx.value().expect("an object's value");
            lx.space();
            if b[lx.at..].starts_with(b"stream") {
                let mut s = lx.at + 6;
                if b[s] == b'\r' {
                    s += 1;
                }
                if b[s] == b'\n' {
                    s += 1;
                }
                let len = value.get("Length").expect("a direct /Length").num() as usize;
                let raw = &b[s..s + len];
                let data = match value.get("Filter") {
                    Some(Obj::Name(f)) if f == "FlateDecode" => {
                        let mut out = Vec::new();
                        flate2::read::ZlibDecoder::new(raw)
                            .read_to_end(&mut out)
                            .unwrap();
                        out
                    }
                    None => raw.to_vec(),
                    Some(f) => panic!("object {n}: filter {f:?}"),
                };
                streams.insert(n, data);
                at = s + len;
            } else {
                at = lx.at;
            }
            objects.insert(n, value);
        }
        Pdf { objects, streams }
    }

    fn resolve<'a>(&'a self, o: &'a Obj) -> &'a Obj {
        match o {
            Obj::Ref(n) => self.resolve(&self.objects[n]),
            other => other,
        }
    }

    fn stream_of(&self, o: &Obj) -> Vec<u8> {
        match o {
            Obj::Ref(n) => self.streams[n].clone(),
            Obj::Arr(parts) => parts.iter().flat_map(|p| self.stream_of(p)).collect(),
            other => panic!("not a stream: {other:?}"),
        }
    }

    /// The pages' dictionaries in order, from the catalogue's page tree.
    fn pages(&self) -> Vec<Obj> {
        let root = (self.objects.values())
            .find(|o| o.get("Type") == Some(&Obj::Name("Catalog".into())))
            .expect("a catalogue");
        let mut out = Vec::new();
        self.collect_pages(root.get("Pages").unwrap(), &mut out);
        out
    }

    fn collect_pages(&self, node: &Obj, out: &mut Vec<Obj>) {
        let node = self.resolve(node);
        match node.get("Kids") {
            Some(kids) => {
                for k in self.resolve(kids).arr() {
                    self.collect_pages(k, out);
                }
            }
            None => out.push(node.clone()),
        }
    }

    /// The advance of each glyph id of `font` in thousandths of its size.
    fn widths(&self, font: &Obj) -> (HashMap<u32, f64>, f64) {
        let font = self.resolve(font);
        let cid = self.resolve(&self.resolve(font.get("DescendantFonts").unwrap()).arr()[0]);
        let default = cid.get("DW").map_or(1000.0, Obj::num);
        let mut w = HashMap::new();
        let list = cid.get("W").map_or(&[][..], |l| self.resolve(l).arr());
        let mut i = 0;
        while i < list.len() {
            let first = list[i].num() as u32;
            match &list[i + 1] {
                Obj::Arr(ws) => {
                    for (k, x) in ws.iter().enumerate() {
                        w.insert(first + k as u32, x.num());
                    }
                    i += 2;
                }
                last => {
                    for g in first..=last.num() as u32 {
                        w.insert(g, list[i + 2].num());
                    }
                    i += 3;
                }
            }
        }
        (w, default)
    }

    /// Runs a content stream drawn at `ctm` with resources `res`, collecting the glyphs.
    fn run(&self, content: &[u8], res: Option<&Obj>, ctm: Matrix, out: &mut Vec<Glyph>) {
        let parent = res;
        let lookup = |kind: &str, name: &str| -> Obj {
            let r = res.unwrap_or_else(|| panic!("no resources for /{name}"));
            let table = self.resolve(r.get(kind).unwrap_or_else(|| panic!("no /{kind}")));
            table.get(name).unwrap().clone()
        };
        let mut stack = vec![ctm];
        let mut operands: Vec<Obj> = Vec::new();
        let (mut tm, mut size) = (IDENTITY, 0.0);
        let mut font: Option<(HashMap<u32, f64>, f64)> = None;
        let mut lx = Lexer { b: content, at: 0 };
        while let Some(tok) = lx.value() {
            let Obj::Word(op) = tok else {
                operands.push(tok);
                continue;
            };
            let top = *stack.last().unwrap();
            let nums = |k: usize| -> Vec<f64> {
                operands[operands.len() - k..]
                    .iter()
                    .map(Obj::num)
                    .collect()
            };
            match op.as_str() {
                "q" => stack.push(top),
                "Q" => {
                    stack.pop();
                }
                "cm" => {
                    let m = nums(6);
                    *stack.last_mut().unwrap() = then([m[0], m[1], m[2], m[3], m[4], m[5]], top);
                }
                "BT" => tm = IDENTITY,
                "Tm" => {
                    let m = nums(6);
                    tm = [m[0], m[1], m[2], m[3], m[4], m[5]];
                }
                "Td" => {
                    let m = nums(2);
                    tm = then([1.0, 0.0, 0.0, 1.0, m[0], m[1]], tm);
                }
                "Tf" => {
                    size = operands.last().unwrap().num();
                    let name = match &operands[operands.len() - 2] {
                        Obj::Name(n) => n.clone(),
                        o => panic!("Tf {o:?}"),
                    };
                    font = Some(self.widths(&lookup("Font", &name)));
                }
                "Tj" | "TJ" => {
                    let (w, dw) = font.as_ref().expect("a font before text");
                    let parts = match operands.last().unwrap() {
                        Obj::Arr(a) => a.clone(),
                        s => vec![s.clone()],
                    };
                    for p in parts {
                        match p {
                            Obj::Num(k) => {
                                tm = then([1.0, 0.0, 0.0, 1.0, -k / 1000.0 * size, 0.0], tm)
                            }
                            Obj::Str(s) => {
                                for g in s.chunks(2) {
                                    let id =
                                        u32::from(g[0]) << 8 | u32::from(*g.get(1).unwrap_or(&0));
                                    let adv = w.get(&id).copied().unwrap_or(*dw) / 1000.0 * size;
                                    let m = then(tm, top);
                                    let corners = [
                                        (0.0, -0.24 * size),
                                        (adv, -0.24 * size),
                                        (0.0, 0.76 * size),
                                        (adv, 0.76 * size),
                                    ]
                                    .map(|c| apply(m, c));
                                    let xs = corners.map(|c| c.0);
                                    let ys = corners.map(|c| c.1);
                                    let min = |v: [f64; 4]| {
                                        v.iter().copied().fold(f64::INFINITY, f64::min)
                                    };
                                    let max = |v: [f64; 4]| {
                                        v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
                                    };
                                    let scale = (m[2] * m[2] + m[3] * m[3]).sqrt();
                                    out.push(Glyph {
                                        rect: [min(xs), min(ys), max(xs), max(ys)],
                                        size: size * scale,
                                    });
                                    tm = then([1.0, 0.0, 0.0, 1.0, adv, 0.0], tm);
                                }
                            }
                            o => panic!("TJ {o:?}"),
                        }
                    }
                }
                "Do" => {
                    let Some(Obj::Name(name)) = operands.last() else {
                        panic!("Do without a name")
                    };
                    let r = lookup("XObject", name);
                    let Obj::Ref(n) = r else {
                        panic!("XObject {r:?}")
                    };
                    let x = &self.objects[&n];
                    if x.get("Subtype") == Some(&Obj::Name("Form".into())) {
                        let m = x.get("Matrix").map_or(IDENTITY, |m| {
                            let v: Vec<f64> = self.resolve(m).arr().iter().map(Obj::num).collect();
                            [v[0], v[1], v[2], v[3], v[4], v[5]]
                        });
                        let res = x.get("Resources").map(|r| self.resolve(r).clone());
                        self.run(
                            &self.streams[&n],
                            res.as_ref().or(parent),
                            then(m, top),
                            out,
                        );
                    }
                }
                _ => {}
            }
            operands.clear();
        }
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Reads PDF values and content-stream operators one at a time.
struct Lexer<'a> {
    b: &'a [u8],
    at: usize,
}

impl Lexer<'_> {
    fn space(&mut self) {
        while let Some(&c) = self.b.get(self.at) {
            if c == b'%' {
                while self.b.get(self.at).is_some_and(|&c| c != b'\n') {
                    self.at += 1;
                }
            } else if c.is_ascii_whitespace() || c == 0 {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    fn regular(c: u8) -> bool {
        !c.is_ascii_whitespace() && !b"()<>[]{}/%".contains(&c)
    }

    /// The next value (a number followed by `G R` is a reference), or an operator as
    /// [`Obj::Word`]; `None` at the end or at a closing bracket.
    fn value(&mut self) -> Option<Obj> {
        self.space();
        let c = *self.b.get(self.at)?;
        match c {
            b'/' => {
                self.at += 1;
                let s = self.at;
                while self.b.get(self.at).is_some_and(|&c| Self::regular(c)) {
                    self.at += 1;
                }
                Some(Obj::Name(
                    String::from_utf8_lossy(&self.b[s..self.at]).into(),
                ))
            }
            b'[' => {
                self.at += 1;
                let mut v = Vec::new();
                while let Some(x) = self.value() {
                    v.push(x);
                }
                self.at += 1; // ]
                Some(Obj::Arr(v))
            }
            b']' | b'>' => None,
            b'<' if self.b[self.at..].starts_with(b"<<") => {
                self.at += 2;
                let mut d = HashMap::new();
                while let Some(Obj::Name(k)) = self.value() {
                    let v = self.value().expect("a dictionary's value");
                    d.insert(k, v);
                }
                self.space();
                self.at += 2; // >>
                Some(Obj::Dict(d))
            }
            b'<' => {
                self.at += 1;
                let s = self.at;
                while self.b[self.at] != b'>' {
                    self.at += 1;
                }
                let hex: Vec<u8> = self.b[s..self.at]
                    .iter()
                    .copied()
                    .filter(u8::is_ascii_hexdigit)
                    .collect();
                self.at += 1;
                let bytes = hex
                    .chunks(2)
                    .map(|p| {
                        u8::from_str_radix(std::str::from_utf8(p).unwrap(), 16).unwrap()
                            << if p.len() == 1 { 4 } else { 0 }
                    })
                    .collect();
                Some(Obj::Str(bytes))
            }
            b'(' => Some(Obj::Str(self.string())),
            _ => {
                let s = self.at;
                while self.b.get(self.at).is_some_and(|&c| Self::regular(c)) {
                    self.at += 1;
                }
                let word = String::from_utf8_lossy(&self.b[s..self.at]).into_owned();
                if word.is_empty() {
                    self.at += 1;
                    return self.value();
                }
                match word.parse::<f64>() {
                    Ok(n) => {
                        // `N G R`?
                        let save = self.at;
                        let mut look = Lexer {
                            b: self.b,
                            at: self.at,
                        };
                        if let (Some(Obj::Num(_)), Some(Obj::Word(r))) =
                            (look.plain(), look.plain())
                        {
                            if r == "R" {
                                self.at = look.at;
                                return Some(Obj::Ref(n as u32));
                            }
                        }
                        self.at = save;
                        Some(Obj::Num(n))
                    }
                    Err(_) => Some(Obj::Word(word)),
                }
            }
        }
    }

    /// A number or a word, without looking for a reference.
    fn plain(&mut self) -> Option<Obj> {
        self.space();
        let s = self.at;
        while self.b.get(self.at).is_some_and(|&c| Self::regular(c)) {
            self.at += 1;
        }
        let word = String::from_utf8_lossy(&self.b[s..self.at]).into_owned();
        if word.is_empty() {
            return None;
        }
        Some(word.parse::<f64>().map_or(Obj::Word(word), Obj::Num))
    }

    /// A literal string, its escapes read.
    fn string(&mut self) -> Vec<u8> {
        self.at += 1;
        let (mut out, mut depth) = (Vec::new(), 1);
        loop {
            let c = self.b[self.at];
            self.at += 1;
            match c {
                b'\\' => {
                    let e = self.b[self.at];
                    self.at += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'0'..=b'7' => {
                            let mut v = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.b[self.at] {
                                    d @ b'0'..=b'7' => {
                                        v = v * 8 + u32::from(d - b'0');
                                        self.at += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        b'\n' => {}
                        other => out.push(other),
                    }
                }
                b'(' => {
                    depth += 1;
                    out.push(c);
                }
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return out;
                    }
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
    }
}
