//! The page's files, compiled into the binary: the only files the server answers, looked up by
//! their exact path, so that no request can reach another file.
//!
//! The page is two responses, so that its first paint waits for one round trip only:
//!
//! ```text
//!  GET /        index.html with style.css and the game list written in (the style sheet
//!               under the answer's CSP nonce): nothing in <head> waits for another request
//!  GET /app.js  grid.js, suits.js, picker.js and app.js in one file, loaded with `defer`;
//!               app.js builds the grid in the task after the first frame
//! ```

use std::sync::LazyLock;

/// The page's scripts in one file, in the order they build on each other.
const SCRIPT: &str = concat!(
    include_str!("page/grid.js"),
    "\n",
    include_str!("page/suits.js"),
    "\n",
    include_str!("page/picker.js"),
    "\n",
    include_str!("page/app.js"),
);

/// Where `index.html` takes the style sheet, and the game list.
const STYLE_AT: &str = "<!-- style.css -->";
const GAMES_AT: &str = "<!-- games -->";

/// The page's HTML around its nonce: `<style nonce="` ends the first part.
static INDEX: LazyLock<(String, String)> = LazyLock::new(|| {
    let html = include_str!("page/index.html");
    // `</` in a JSON string inside <script> would end the element: `<\/` is the same string.
    let games = super::games::list().to_string().replace("</", "<\\/");
    let html = html.replacen(
        GAMES_AT,
        &format!("<script type=\"application/json\" id=\"games\">{games}</script>"),
        1,
    );
    let (before, after) = html.split_once(STYLE_AT).unwrap_or((html.as_str(), ""));
    (
        format!("{before}<style nonce=\""),
        format!("\">\n{}</style>{after}", include_str!("page/style.css")),
    )
});

/// The page's HTML, its `<style>` under `nonce` (the response's CSP names it).
pub(crate) fn index(nonce: &str) -> Vec<u8> {
    let (before, after) = &*INDEX;
    [before.as_str(), nonce, after.as_str()]
        .concat()
        .into_bytes()
}

/// Whether `path` is the page's HTML (`/` or `/index.html`).
pub(crate) fn is_index(path: &str) -> bool {
    path == "/" || path == "/index.html"
}

/// The file at `path` other than the HTML: its content type and bytes.
pub(crate) fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    (path == "/app.js").then_some(("text/javascript; charset=utf-8", SCRIPT.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_compiled_in_paths_are_found() {
        assert!(is_index("/") && is_index("/index.html"));
        assert!(file("/app.js").is_some());
        for other in [
            "/../Cargo.toml",
            "/page/app.js",
            "//app.js",
            "/app.js/",
            "/%2e%2e/",
            "/style.css",
        ] {
            assert!(file(other).is_none() && !is_index(other), "{other}");
        }
    }

    #[test]
    fn the_page_holds_its_style_sheet_under_the_nonce_and_the_game_list() {
        let page = String::from_utf8(index("abc123")).expect("utf-8");
        assert!(page.contains("<style nonce=\"abc123\">"), "{page}");
        assert!(page.contains("#grid .cell"));
        assert!(!page.contains(STYLE_AT) && !page.contains(GAMES_AT));
        let start = page.find("id=\"games\">").expect("the game list") + 11;
        let end = start + page[start..].find("</script>").expect("its end");
        let games: serde_json::Value = serde_json::from_str(&page[start..end]).expect("JSON");
        assert_eq!(games, super::super::games::list());
        assert!(!page.contains("href=\"/style.css\""));
    }
}
