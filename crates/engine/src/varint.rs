//! LEB128 varints, as the build scripts pack the shipped rankings (`crates/omaha/build.rs`,
//! `crates/draw/build.rs`): seven bits a byte, low bits first, the high bit set on every byte
//! but the last.
//!
//! ```
//! let mut bytes: &[u8] = &[0xE5, 0x8E, 0x26, 0x05];
//! assert_eq!(engine::varint::read(&mut bytes), Some(624_485));
//! assert_eq!(engine::varint::read(&mut bytes), Some(5));
//! assert_eq!(engine::varint::read(&mut bytes), None);
//! ```

/// Reads one varint from the front of `bytes` and moves past it; `None` when `bytes` ends
/// before the varint does or it passes 64 bits.
pub fn read(bytes: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        if shift >= 64 {
            return None;
        }
        value |= u64::from(byte & 0x7F) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            return Some(value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_and_short_input_is_refused() {
        let mut bytes: &[u8] = &[0x00, 0x7F, 0x80, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F];
        assert_eq!(read(&mut bytes), Some(0));
        assert_eq!(read(&mut bytes), Some(127));
        assert_eq!(read(&mut bytes), Some(128));
        assert_eq!(read(&mut bytes), Some(u64::from(u32::MAX)));
        assert!(bytes.is_empty());
        let mut cut: &[u8] = &[0x80];
        assert_eq!(read(&mut cut), None);
        let mut long: &[u8] = &[0xFF; 11];
        assert_eq!(read(&mut long), None);
    }
}
