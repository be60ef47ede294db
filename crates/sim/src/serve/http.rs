//! HTTP details: replies, the Host and Origin checks against DNS rebinding and cross-site
//! requests, and bounded request bodies.

use std::io::Read;

use tiny_http::{Header, Request, Response};

/// The largest request body read: room for any request's words.
pub(crate) const MAX_BODY: usize = 64 * 1024;

/// A reply: status, content type, body and extra headers.
#[derive(Debug)]
pub(crate) struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    headers: Vec<(&'static str, String)>,
    /// The nonce of the page's inline style sheet, named in its Content-Security-Policy.
    nonce: Option<String>,
}

impl Reply {
    /// A JSON body.
    pub(crate) fn json(status: u16, body: Vec<u8>) -> Self {
        Self {
            status,
            content_type: "application/json",
            body,
            headers: Vec::new(),
            nonce: None,
        }
    }

    /// `{"error": message}`.
    pub(crate) fn error(status: u16, message: &str) -> Self {
        let body = serde_json::json!({ "error": message }).to_string();
        Self::json(status, body.into_bytes())
    }

    /// A file of the page.
    pub(crate) fn asset(content_type: &'static str, body: &[u8]) -> Self {
        Self {
            status: 200,
            content_type,
            body: body.to_vec(),
            headers: Vec::new(),
            nonce: None,
        }
    }

    /// The page's HTML, whose inline `<style>` carries `nonce`: the only inline style the
    /// Content-Security-Policy lets through (scripts still come from the server's files only).
    pub(crate) fn page(body: Vec<u8>, nonce: &str) -> Self {
        Self {
            status: 200,
            content_type: "text/html; charset=utf-8",
            body,
            headers: Vec::new(),
            nonce: Some(nonce.to_string()),
        }
    }

    /// Adds a header.
    pub(crate) fn with(mut self, name: &'static str, value: String) -> Self {
        self.headers.push((name, value));
        self
    }

    /// Sends the reply; a client that went away is no error of the server's.
    pub(crate) fn send(self, request: Request) {
        // The whole body is at hand: a Content-Length, never chunks.
        let mut response = Response::from_data(self.body)
            .with_status_code(self.status)
            .with_chunked_threshold(usize::MAX);
        let fixed = [
            ("Content-Type", self.content_type.to_string()),
            ("Cache-Control", "no-store".to_string()),
            ("X-Content-Type-Options", "nosniff".to_string()),
            ("Referrer-Policy", "no-referrer".to_string()),
            ("Content-Security-Policy", policy(self.nonce.as_deref())),
        ];
        for (name, value) in fixed.into_iter().chain(self.headers) {
            if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
                response.add_header(header);
            }
        }
        let _ = request.respond(response);
    }
}

/// The Content-Security-Policy: the server's own files only, and the inline style sheet that
/// carries `nonce`.
fn policy(nonce: Option<&str>) -> String {
    let style = nonce.map_or(String::new(), |n| format!("style-src 'self' 'nonce-{n}'; "));
    format!("default-src 'self'; {style}img-src 'self' data:; frame-ancestors 'none'")
}

/// The value of header `name` (any case), if present.
pub(crate) fn header<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// Whether `host` (a Host header) names this server on loopback: `localhost`, `127.0.0.1` or
/// `[::1]` with its `port`. A page of another site that a rebinding DNS points at 127.0.0.1
/// still sends its own name, and is refused.
pub(crate) fn loopback_host(host: &str, port: u16) -> bool {
    let Some((name, given)) = host.rsplit_once(':') else {
        return false;
    };
    given.parse::<u16>().is_ok_and(|p| p == port)
        && ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
}

/// Whether an `Origin` header, when present, is this server's own (`http://` and the Host):
/// a request from another page is refused.
pub(crate) fn same_origin(origin: Option<&str>, host: Option<&str>) -> bool {
    match (origin, host) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin.strip_prefix("http://") == Some(host),
        (Some(_), None) => false,
    }
}

/// Reads the body, at most [`MAX_BODY`] bytes.
///
/// # Errors
/// 413 for a longer body (by its Content-Length, or as read), 400 when it cannot be read.
pub(crate) fn body(request: &mut Request) -> Result<Vec<u8>, Reply> {
    let too_long = || Reply::error(413, &format!("the body is over {MAX_BODY} bytes"));
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_long());
    }
    let mut body = Vec::new();
    let limit = u64::try_from(MAX_BODY).unwrap_or(u64::MAX) + 1;
    request
        .as_reader()
        .take(limit)
        .read_to_end(&mut body)
        .map_err(|e| Reply::error(400, &format!("cannot read the body: {e}")))?;
    if body.len() > MAX_BODY {
        return Err(too_long());
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_with_the_port_pass() {
        for ok in [
            "127.0.0.1:8765",
            "localhost:8765",
            "[::1]:8765",
            "LOCALHOST:8765",
        ] {
            assert!(loopback_host(ok, 8765), "{ok}");
        }
        for refused in [
            "127.0.0.1:8766",
            "127.0.0.1",
            "evil.example:8765",
            "localhost.evil.example:8765",
            "127.0.0.1:8765:1",
            "",
        ] {
            assert!(!loopback_host(refused, 8765), "{refused}");
        }
    }

    #[test]
    fn only_the_page_lets_its_own_inline_style_through() {
        assert!(!policy(None).contains("style-src"));
        let page = policy(Some("ab12"));
        assert!(page.contains("style-src 'self' 'nonce-ab12';"), "{page}");
        assert!(!page.contains("unsafe"), "{page}");
    }

    #[test]
    fn an_origin_must_be_the_host() {
        assert!(same_origin(None, Some("127.0.0.1:1")));
        assert!(same_origin(Some("http://127.0.0.1:1"), Some("127.0.0.1:1")));
        assert!(!same_origin(
            Some("http://evil.example"),
            Some("127.0.0.1:1")
        ));
        assert!(!same_origin(Some("null"), Some("127.0.0.1:1")));
    }
}
