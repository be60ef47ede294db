//! The error that means "the command line is wrong" (exit code 2), as opposed to a failure while
//! running (exit code 1).

use std::fmt;

/// A problem with the arguments, found before any work starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

impl UsageError {
    /// A usage error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// The request layer's refusals are usage errors: its messages name the flag or text at fault.
impl From<request::RequestError> for UsageError {
    fn from(err: request::RequestError) -> Self {
        Self(err.to_string())
    }
}
