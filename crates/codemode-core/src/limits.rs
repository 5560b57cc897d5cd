/// Bounds an interpreter enforces on itself. The defaults are the non-configurable bounds of
/// a normal run; tests and fuzzers tighten them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VmLimits {
    /// Largest accepted source, in bytes.
    pub max_source_bytes: usize,
    /// Deepest accepted syntactic nesting (blocks, brackets, expressions), checked before any
    /// recursive pass.
    pub max_nesting: usize,
    /// Total fuel (roughly, instructions) one execution may spend.
    pub max_fuel: u64,
    /// Heap bytes one execution may hold at once.
    pub max_memory_bytes: usize,
    /// Deepest call stack of program frames. The default (200,000) lets ordinary recursion
    /// go past 100,000 nested calls, as lua5.4 does; frames live on the heap and are
    /// counted against `max_memory_bytes`, so the memory limit bounds them first when
    /// frames are large.
    pub max_frames: usize,
    /// Longest string, in bytes (Lua) or code units (JavaScript).
    pub max_string_len: usize,
    /// Most elements in one table or array.
    pub max_collection_len: usize,
}

impl Default for VmLimits {
    fn default() -> Self {
        VmLimits {
            max_source_bytes: 1 << 20,
            max_nesting: 200,
            max_fuel: 2_000_000_000,
            max_memory_bytes: 256 << 20,
            max_frames: 200_000,
            max_string_len: 64 << 20,
            max_collection_len: 16 << 20,
        }
    }
}
