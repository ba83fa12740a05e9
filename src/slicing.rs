//! Slicing that cannot panic. The core slices strings only where it found ASCII separators or at
//! offsets it wrote itself, char boundaries within bounds; but `s[a..b]` keeps core's slicing
//! panics in the wasm, and with them the formatting of their messages (4 KB gzip of the browser
//! wasm). [`Slice::slice`] is `get` giving the empty slice where indexing would panic; with debug
//! assertions (the tests, the fuzz targets) it indexes, so a wrong offset still fails loudly.

use std::slice::SliceIndex;

pub(crate) trait Slice {
    /// `&self[range]`, or the empty slice where that would panic.
    fn slice<R: SliceIndex<Self, Output = Self>>(&self, range: R) -> &Self;
}

impl Slice for str {
    #[inline]
    fn slice<R: SliceIndex<str, Output = str>>(&self, range: R) -> &str {
        if cfg!(debug_assertions) {
            &self[range]
        } else {
            self.get(range).unwrap_or_default()
        }
    }
}

impl<T> Slice for [T] {
    #[inline]
    fn slice<R: SliceIndex<[T], Output = [T]>>(&self, range: R) -> &[T] {
        if cfg!(debug_assertions) {
            &self[range]
        } else {
            self.get(range).unwrap_or_default()
        }
    }
}
