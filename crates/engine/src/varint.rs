//! LEB128 varints, as the build scripts pack the shipped rankings (`crates/omaha/build.rs`,
//! `crates/draw/build.rs`) and as six-card Omaha's packed rankings are written
//! (`omaha::plo6_ranking`): seven bits a byte, low bits first, the high bit set on every byte
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

/// Writes `value` as a varint at the end of `out`.
pub fn write(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let low = (value & 0x7F) as u8;
        value >>= 7;
        if value == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_values_read_back() {
        let values = [0, 1, 127, 128, 300, 624_485, u64::from(u32::MAX), u64::MAX];
        let mut out = Vec::new();
        values.iter().for_each(|&v| write(&mut out, v));
        assert_eq!(&out[..4], &[0x00, 0x01, 0x7F, 0x80]);
        let mut bytes = out.as_slice();
        for v in values {
            assert_eq!(read(&mut bytes), Some(v));
        }
        assert!(bytes.is_empty());
    }

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
