//! A module's compiled functions. A program's are all there from its compile; the
//! prelude's come from the built-in image (prelude_image.rs) and each is decoded the first
//! time it is needed: a process decodes only the few the prelude's top level and its
//! program run, instead of all of them at start (most of JavaScript's startup was decoding).

use crate::bytecode::{Capture, FuncCode};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What making a closure of a function needs (`Vm::new_closure`), kept beside its encoded
/// code so that the prelude's top level, which makes a closure of nearly every prelude
/// function, decodes none of them.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct FuncHead {
    pub captures: Vec<Capture>,
    pub is_arrow: bool,
    pub is_generator: bool,
    pub is_async: bool,
}

impl FuncHead {
    pub fn of(code: &FuncCode) -> FuncHead {
        FuncHead {
            captures: code.captures.clone(),
            is_arrow: code.is_arrow,
            is_generator: code.is_generator,
            is_async: code.is_async,
        }
    }
}

/// A borrowed view of a function's head, whichever way its module holds it.
pub struct HeadRef<'a> {
    pub captures: &'a [Capture],
    pub is_arrow: bool,
    pub is_generator: bool,
    pub is_async: bool,
}

impl HeadRef<'_> {
    pub fn of(c: &FuncCode) -> HeadRef<'_> {
        HeadRef {
            captures: &c.captures,
            is_arrow: c.is_arrow,
            is_generator: c.is_generator,
            is_async: c.is_async,
        }
    }
}

pub struct Funcs {
    /// A program's functions: reached as before, by one bounds check (the call paths of
    /// the VM's loops read them on every call).
    eager: Vec<FuncCode>,
    /// The prelude's, decoded on first use. Boxed so that the table of functions not yet
    /// decoded stays small (a process touches fewer pages).
    codes: Vec<OnceLock<Box<FuncCode>>>,
    /// For a lazily decoded module: each function's head and encoded code (empty otherwise).
    heads: Vec<FuncHead>,
    bodies: Vec<&'static [u8]>,
}

impl Funcs {
    /// Functions all compiled already.
    pub fn eager(funcs: Vec<FuncCode>) -> Funcs {
        Funcs {
            eager: funcs,
            codes: Vec::new(),
            heads: Vec::new(),
            bodies: Vec::new(),
        }
    }

    /// Functions decoded on first use from their image encodings.
    pub fn lazy(entries: Vec<(FuncHead, &'static [u8])>) -> Funcs {
        let mut codes = Vec::with_capacity(entries.len());
        codes.resize_with(entries.len(), OnceLock::new);
        let (heads, bodies) = entries.into_iter().unzip();
        Funcs {
            eager: Vec::new(),
            codes,
            heads,
            bodies,
        }
    }

    pub fn len(&self) -> usize {
        self.eager.len().max(self.codes.len())
    }

    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<&FuncCode> {
        if let Some(code) = self.eager.get(i) {
            return Some(code);
        }
        self.get_lazy(i)
    }

    #[inline]
    fn get_lazy(&self, i: usize) -> Option<&FuncCode> {
        let cell = self.codes.get(i)?;
        Some(cell.get_or_init(|| self.decode(i)))
    }

    /// The head of function `i` without decoding its code.
    pub fn head(&self, i: usize) -> Option<HeadRef<'_>> {
        if let Some(h) = self.heads.get(i) {
            return Some(HeadRef {
                captures: &h.captures,
                is_arrow: h.is_arrow,
                is_generator: h.is_generator,
                is_async: h.is_async,
            });
        }
        self.get(i).map(HeadRef::of)
    }

    /// Whether function `i`'s encoding decodes (for the image's test).
    #[cfg(test)]
    pub fn decodes(&self, i: usize) -> bool {
        self.bodies
            .get(i)
            .is_some_and(|body| postcard::from_bytes::<FuncCode>(body).is_ok())
    }

    #[cold]
    #[inline(never)]
    fn decode(&self, i: usize) -> Box<FuncCode> {
        let decoded = self
            .bodies
            .get(i)
            .and_then(|body| postcard::from_bytes::<FuncCode>(body).ok());
        Box::new(match decoded {
            Some(code) => code,
            // The image's fingerprint matched, and `prelude_image_is_current` decodes every
            // function of the committed image, so this is not reached; if it were, the
            // prelude compiled from source has the same function at the same index.
            None => crate::interpreter::compile_prelude()
                .ok()
                .and_then(|mut funcs| funcs.get_mut(i).map(std::mem::take))
                .unwrap_or_else(|| panic!("prelude function {i} cannot be decoded or compiled")),
        })
    }
}

impl std::ops::Index<usize> for Funcs {
    type Output = FuncCode;
    #[inline(always)]
    fn index(&self, i: usize) -> &FuncCode {
        match self.get(i) {
            Some(code) => code,
            None => panic!("function index {i} out of range ({} functions)", self.len()),
        }
    }
}
