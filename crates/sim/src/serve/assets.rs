//! The page's files, compiled into the binary: the only files the server answers, looked up by
//! their exact path, so that no request can reach another file.

/// The page's files: path, content type, bytes.
const FILES: [(&str, &str, &[u8]); 5] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_bytes!("page/index.html"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("page/app.js"),
    ),
    (
        "/grid.js",
        "text/javascript; charset=utf-8",
        include_bytes!("page/grid.js"),
    ),
    (
        "/picker.js",
        "text/javascript; charset=utf-8",
        include_bytes!("page/picker.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_bytes!("page/style.css"),
    ),
];

/// The file at `path` (`/index.html` is `/`): its content type and bytes.
pub(crate) fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|&(_, kind, bytes)| (kind, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_compiled_in_paths_are_found() {
        assert!(file("/").is_some());
        assert!(file("/index.html").is_some());
        assert!(file("/app.js").is_some());
        for other in [
            "/../Cargo.toml",
            "/page/app.js",
            "//app.js",
            "/app.js/",
            "/%2e%2e/",
        ] {
            assert!(file(other).is_none(), "{other}");
        }
    }
}
