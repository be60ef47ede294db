//! Counts on the command line (`250M`, `2.5e8`, ...), parsed by [`engine::parse_count`], the
//! parser the Python package shares.

/// [`engine::parse_count`] with its error as the text clap prints.
///
/// # Errors
/// The message of [`engine::CountError`].
pub fn parse_count(text: &str) -> Result<u64, String> {
    engine::parse_count(text).map_err(|e| e.to_string())
}
