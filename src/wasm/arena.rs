//! The global allocator of weburl/urlpattern's add-on: an arena. Each block is taken above the
//! last (the last one grows in place) and none is given back on its own; all that an operation
//! allocated, its reply included (which JavaScript has read by then), is given back at once when
//! the next operation starts ([`free_last_operation`]). Between operations the add-on holds
//! nothing but its input and lengths buffers. A free is then no code at all: every drop of a
//! `String` or `Vec` is gone from the module, with talc's free and bookkeeping (8,613 → 8,348
//! bytes of the add-on's LZMA). The cost is memory: an operation needs all it allocates, not only
//! the most it holds at once (a 2 MB constructor string 160 MB, where talc took 89 MB).

use std::alloc::{GlobalAlloc, Layout};
use std::arch::wasm32::{memory_grow, memory_size};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use super::{INPUT, LENGTHS};

const PAGE: usize = 65536;

struct Arena;

#[global_allocator]
static ARENA: Arena = Arena;

/// Where the next block may start; under the heap's start (0 at first) the heap's start.
static TOP: AtomicUsize = AtomicUsize::new(0);

extern "C" {
    /// The linker's end of the data (the stack is under it): the heap's start.
    static __heap_base: u8;
}

#[allow(unsafe_code)]
// SAFETY: a block is taken above every block in use (`TOP` moves down only in
// `free_last_operation`, past blocks no longer used), in memory grown to hold it.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let top = TOP.load(Relaxed).max(std::ptr::addr_of!(__heap_base) as usize);
        let Some(end) = top
            .checked_next_multiple_of(layout.align())
            .and_then(|start| start.checked_add(layout.size()))
        else {
            return std::ptr::null_mut();
        };
        let pages = end.div_ceil(PAGE);
        let have = memory_size(0);
        if pages > have && memory_grow(0, pages - have) == usize::MAX {
            return std::ptr::null_mut();
        }
        TOP.store(end, Relaxed);
        (end - layout.size()) as *mut u8
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // The last block grows where it is: a `Vec` or `String` pushed to alone takes no more
        // than its capacity.
        let top = TOP.load(Relaxed);
        if ptr as usize + layout.size() == top {
            TOP.store(ptr as usize, Relaxed);
        }
        // SAFETY: `layout.align()` is a power of two, and `new_size` rounded up to it does not
        // overflow `isize` (the caller's promise).
        let new =
            unsafe { self.alloc(Layout::from_size_align_unchecked(new_size, layout.align())) };
        if new.is_null() {
            TOP.store(top, Relaxed);
        } else if new != ptr {
            // SAFETY: a new block, above every block in use.
            unsafe { std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size)) };
        }
        new
    }
}

/// Gives back all that the last operation allocated: every block above the input and lengths
/// buffers, which JavaScript filled for this one. Blocks under them stay taken (where a buffer
/// was before it grew, and what was allocated before that), a bounded waste: a buffer that grows
/// at least doubles.
pub(super) fn free_last_operation() {
    let input = INPUT.with_borrow(|input| input.as_ptr() as usize + input.capacity());
    let lengths = LENGTHS.with_borrow(|lengths| lengths.as_ptr() as usize + 4 * lengths.capacity());
    TOP.store(input.max(lengths), Relaxed);
}
