//! Templates that include, extend or import themselves, directly or through others.
//! tera refuses a cycle of `extends` when it loads the templates, but follows an
//! `include` or an `import` only while rendering, where a cycle recurses until the
//! stack overflows and aborts the process (and `serve` with it). So the templates'
//! references are followed here, once, before anything is rendered.

use std::collections::BTreeMap;

use tera::ast::Node;
use tera::Tera;

/// How one template refers to another.
#[derive(Clone, Copy)]
enum Edge {
    Includes,
    Extends,
    Imports,
}

impl Edge {
    fn verb(self) -> &'static str {
        match self {
            Edge::Includes => "includes",
            Edge::Extends => "extends",
            Edge::Imports => "imports",
        }
    }
}

/// The first cycle of references among `tera`'s templates, as a sentence
/// (`page.html includes base.html, which extends page.html`), or `None`.
pub fn find(tera: &Tera) -> Option<String> {
    let graph: BTreeMap<&str, Vec<(Edge, &str)>> = tera
        .templates
        .iter()
        .map(|(name, t)| {
            let mut out = Vec::new();
            if let Some(parent) = &t.parent {
                out.push((Edge::Extends, parent.as_str()));
            }
            for (file, _) in &t.imported_macro_files {
                out.push((Edge::Imports, file.as_str()));
            }
            let mut nodes: Vec<&Node> = t.ast.iter().collect();
            for m in t.macros.values() {
                nodes.extend(&m.body);
            }
            refs(nodes, tera, &mut out);
            (name.as_str(), out)
        })
        .collect();
    // Depth-first from each template; `path` holds the references being followed.
    let mut done: Vec<&str> = Vec::new();
    for &start in graph.keys() {
        let mut path: Vec<(&str, Edge)> = Vec::new();
        if let Some(cycle) = walk(&graph, start, &mut path, &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// The templates that `nodes` include, walking into every body that may be rendered.
fn refs<'a>(mut nodes: Vec<&'a Node>, tera: &Tera, out: &mut Vec<(Edge, &'a str)>) {
    while let Some(node) = nodes.pop() {
        match node {
            // Like tera, the first of the names that exists is the one rendered.
            Node::Include(_, names, _) => {
                if let Some(n) = names.iter().find(|n| tera.templates.contains_key(*n)) {
                    out.push((Edge::Includes, n.as_str()));
                }
            }
            Node::Block(_, b, _) => nodes.extend(&b.body),
            Node::MacroDefinition(_, m, _) => nodes.extend(&m.body),
            Node::FilterSection(_, f, _) => nodes.extend(&f.body),
            Node::Forloop(_, f, _) => {
                nodes.extend(&f.body);
                nodes.extend(f.empty_body.iter().flatten());
            }
            Node::If(i, _) => {
                nodes.extend(i.conditions.iter().flat_map(|c| &c.2));
                nodes.extend(i.otherwise.iter().flat_map(|o| &o.1));
            }
            _ => {}
        }
    }
}

fn walk<'a>(
    graph: &BTreeMap<&'a str, Vec<(Edge, &'a str)>>,
    at: &'a str,
    path: &mut Vec<(&'a str, Edge)>,
    done: &mut Vec<&'a str>,
) -> Option<String> {
    if let Some(i) = path.iter().position(|(name, _)| *name == at) {
        return Some(sentence(&path[i..], at));
    }
    if done.contains(&at) {
        return None;
    }
    for &(edge, next) in graph.get(at).into_iter().flatten() {
        path.push((at, edge));
        let found = walk(graph, next, path, done);
        path.pop();
        if found.is_some() {
            return found;
        }
    }
    done.push(at);
    None
}

/// `a.html includes b.html, which extends a.html`.
fn sentence(cycle: &[(&str, Edge)], back_to: &str) -> String {
    let mut s = String::new();
    for (i, (name, edge)) in cycle.iter().enumerate() {
        if i == 0 {
            s.push_str(name);
        } else {
            s.push_str(&format!("{name}, which"));
        }
        s.push_str(&format!(" {} ", edge.verb()));
    }
    if cycle.len() == 1 {
        s.push_str("itself");
    } else {
        s.push_str(back_to);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tera(files: &[(&str, &str)]) -> Tera {
        let mut t = Tera::default();
        t.add_raw_templates(files.to_vec()).unwrap();
        t
    }

    #[test]
    fn cycles_of_includes_and_imports_are_found_and_named() {
        let t = tera(&[("a.html", "{% if x %}{% include \"a.html\" %}{% endif %}")]);
        assert_eq!(find(&t).unwrap(), "a.html includes itself");
        let t = tera(&[
            (
                "base.html",
                "{% block b %}{% include \"page.html\" %}{% endblock %}",
            ),
            ("page.html", "{% extends \"base.html\" %}"),
        ]);
        assert_eq!(
            find(&t).unwrap(),
            "base.html includes page.html, which extends base.html"
        );
        let t = tera(&[
            (
                "m.html",
                "{% import \"n.html\" as n %}{% macro f() %}{% endmacro f %}",
            ),
            (
                "n.html",
                "{% import \"m.html\" as m %}{% macro g() %}{% endmacro g %}",
            ),
        ]);
        assert_eq!(
            find(&t).unwrap(),
            "m.html imports n.html, which imports m.html"
        );
    }

    #[test]
    fn shared_includes_are_not_cycles() {
        let t = tera(&[
            ("nav.html", "<nav></nav>"),
            (
                "a.html",
                "{% include \"nav.html\" %}{% include \"nav.html\" %}",
            ),
            (
                "b.html",
                "{% extends \"a.html\" %}{% block x %}{% include \"nav.html\" %}{% endblock %}",
            ),
            (
                "c.html",
                "{% include [\"missing.html\", \"nav.html\"] ignore missing %}",
            ),
        ]);
        assert_eq!(find(&t), None);
    }
}
