//! Multi-page PDF: each page an SVG document converted by svg2pdf into a form XObject
//! (a chunk of PDF objects, fonts embedded and subset) and placed on its own page.

use std::collections::HashMap;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};

use super::font;
use knights_core::Error;

/// One PDF with the SVG documents `pages` as its pages, each page the size of its
/// document (one point per SVG unit of its `width` and `height`).
pub fn pdf(pages: &[String]) -> Result<Vec<u8>, Error> {
    pdf_reporting(pages, &mut |_, _| {})
}

/// [`pdf`], calling `report(done, pages)` before each page is converted and once all
/// are (a page of many numbered squares takes seconds).
pub fn pdf_reporting(
    pages: &[String],
    report: &mut dyn FnMut(usize, usize),
) -> Result<Vec<u8>, Error> {
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_ref = alloc.bump();
    let mut pdf = Pdf::new();
    let mut kids = Vec::with_capacity(pages.len());
    for (done, svg) in pages.iter().enumerate() {
        report(done, pages.len());
        let tree = font::tree(svg)?;
        let (chunk, xobject) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| Error::internal(format!("PDF conversion failed: {e}")))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let xobject = map[&xobject];
        let (page_ref, content_ref) = (alloc.bump(), alloc.bump());
        let (w, h) = (tree.size().width(), tree.size().height());
        let name = Name(b"S1");
        let mut page = pdf.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_ref);
        page.contents(content_ref);
        page.resources().x_objects().pair(name, xobject);
        page.finish();
        let mut content = Content::new();
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]).x_object(name);
        pdf.stream(content_ref, &content.finish());
        pdf.extend(&chunk);
        kids.push(page_ref);
    }
    report(pages.len(), pages.len());
    pdf.catalog(catalog).pages(tree_ref);
    pdf.pages(tree_ref).count(kids.len() as i32).kids(kids);
    Ok(pdf.finish())
}
