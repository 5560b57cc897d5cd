//! Register-based bytecode in the style of PUC Lua 5.4: 8-byte instructions, constants,
//! upvalue descriptors and per-instruction line numbers.
//!
//! Conventions: `a`, `b`, `c` are registers relative to the frame base; `k` indexes the
//! constant table; `off` is a jump relative to the next instruction. In conditional jumps the
//! jump is taken when the condition's result equals `k` (the boolean), otherwise execution
//! falls through.

use crate::value::Value;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    Move {
        a: u8,
        b: u8,
    },
    LoadK {
        a: u8,
        k: u32,
    },
    LoadI {
        a: u8,
        i: i32,
    },
    /// R[a..=a+n] = nil
    LoadNil {
        a: u8,
        n: u8,
    },
    LoadBool {
        a: u8,
        b: bool,
    },
    GetUpval {
        a: u8,
        b: u8,
    },
    /// Upval[b] = R[a]
    SetUpval {
        a: u8,
        b: u8,
    },
    /// R[a] = G[K[k]]
    GetGlobal {
        a: u8,
        k: u32,
    },
    /// G[K[k]] = R[a]
    SetGlobal {
        a: u8,
        k: u32,
    },
    /// R[a] = R[b][R[c]]
    GetTable {
        a: u8,
        b: u8,
        c: u8,
    },
    /// R[a] = R[b][K[k]] (a string constant)
    GetField {
        a: u8,
        b: u8,
        k: u32,
    },
    /// R[a] = R[b][c]
    GetInt {
        a: u8,
        b: u8,
        c: u8,
    },
    /// R[a][R[b]] = R[c]
    SetTable {
        a: u8,
        b: u8,
        c: u8,
    },
    /// R[a][K[k]] = R[c]
    SetField {
        a: u8,
        c: u8,
        k: u32,
    },
    /// R[a] = {} sized for `narr` array items and `nhash` fields
    NewTable {
        a: u8,
        narr: u16,
        nhash: u8,
    },
    /// R[a+1] = R[b]; R[a] = R[b][K[k]]
    SelfOp {
        a: u8,
        b: u8,
        k: u32,
    },
    Add {
        a: u8,
        b: u8,
        c: u8,
    },
    Sub {
        a: u8,
        b: u8,
        c: u8,
    },
    Mul {
        a: u8,
        b: u8,
        c: u8,
    },
    Div {
        a: u8,
        b: u8,
        c: u8,
    },
    Mod {
        a: u8,
        b: u8,
        c: u8,
    },
    Pow {
        a: u8,
        b: u8,
        c: u8,
    },
    IDiv {
        a: u8,
        b: u8,
        c: u8,
    },
    BAnd {
        a: u8,
        b: u8,
        c: u8,
    },
    BOr {
        a: u8,
        b: u8,
        c: u8,
    },
    BXor {
        a: u8,
        b: u8,
        c: u8,
    },
    Shl {
        a: u8,
        b: u8,
        c: u8,
    },
    Shr {
        a: u8,
        b: u8,
        c: u8,
    },
    /// R[a] = R[b] op K[k] (a numeric constant)
    ArithK {
        a: u8,
        b: u8,
        op: ArithOp,
        k: u32,
    },
    /// R[a] = R[b] + i (`sub`: written as `R[b] - (-i)`, which errors name as such)
    AddI {
        a: u8,
        b: u8,
        sub: bool,
        i: i16,
    },
    /// R[a] = R[b] * i: `ArithI`'s multiplication and modulo have ops of their own, so
    /// the fast loop reaches them with one dispatch, not a second jump on `op`.
    MulI {
        a: u8,
        b: u8,
        i: i32,
    },
    /// R[a] = R[b] % i
    ModI {
        a: u8,
        b: u8,
        i: i32,
    },
    /// R[a] = R[b] op i (an integer constant; not `*` or `%`, which are `MulI`, `ModI`)
    ArithI {
        a: u8,
        b: u8,
        op: ArithOp,
        i: i32,
    },
    Unm {
        a: u8,
        b: u8,
    },
    Not {
        a: u8,
        b: u8,
    },
    Len {
        a: u8,
        b: u8,
    },
    BNot {
        a: u8,
        b: u8,
    },
    /// R[a] = R[a] .. ... .. R[a+n-1]
    Concat {
        a: u8,
        n: u8,
    },
    Jmp {
        off: i32,
    },
    /// if truthy(R[a]) == k then jump
    Test {
        a: u8,
        k: bool,
        off: i32,
    },
    Eq {
        a: u8,
        b: u8,
        k: bool,
        off: i32,
    },
    Lt {
        a: u8,
        b: u8,
        k: bool,
        off: i32,
    },
    Le {
        a: u8,
        b: u8,
        k: bool,
        off: i32,
    },
    /// if (R[a] == K[c]) then jump
    EqK {
        a: u8,
        c: u16,
        off: i32,
    },
    /// if (R[a] ~= K[c]) then jump
    NeK {
        a: u8,
        c: u16,
        off: i32,
    },
    EqI {
        a: u8,
        k: bool,
        i: i8,
        off: i32,
    },
    LtI {
        a: u8,
        k: bool,
        i: i8,
        off: i32,
    },
    LeI {
        a: u8,
        k: bool,
        i: i8,
        off: i32,
    },
    GtI {
        a: u8,
        k: bool,
        i: i8,
        off: i32,
    },
    GeI {
        a: u8,
        k: bool,
        i: i8,
        off: i32,
    },
    /// R[a](R[a+1..a+b-1]) with c-1 results (b = 0: arguments up to top; c = 0: all results)
    Call {
        a: u8,
        b: u8,
        c: u8,
    },
    TailCall {
        a: u8,
        b: u8,
    },
    /// return R[a..a+b-1] (b = 0: up to top)
    Return {
        a: u8,
        b: u8,
    },
    Return0,
    Return1 {
        a: u8,
    },
    /// Numeric for: R[a] init, R[a+1] limit, R[a+2] step, R[a+3] the variable.
    ForPrep {
        a: u8,
        off: i32,
    },
    ForLoop {
        a: u8,
        off: i32,
    },
    /// Generic for: R[a] iterator, R[a+1] state, R[a+2] control, R[a+3] closing value,
    /// R[a+4..] variables.
    TForPrep {
        a: u8,
        off: i32,
    },
    TForCall {
        a: u8,
        c: u8,
    },
    TForLoop {
        a: u8,
        off: i32,
    },
    /// R[a][start+i] = R[a+i] for 1 <= i <= n (n = 0: up to top)
    SetList {
        a: u8,
        n: u8,
        start: u32,
    },
    Closure {
        a: u8,
        p: u32,
    },
    /// R[a..a+c-2] = varargs (c = 0: all)
    Vararg {
        a: u8,
        c: u8,
    },
    /// Close upvalues and to-be-closed variables at registers >= a
    Close {
        a: u8,
    },
    /// R[a] becomes a to-be-closed variable (K[k]: its name, for the error when the value
    /// has no `__close`)
    Tbc {
        a: u8,
        k: u32,
    },
}

const _: () = assert!(std::mem::size_of::<Op>() == 8);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
    IDiv,
    BAnd,
    BOr,
    BXor,
    Shl,
    Shr,
}

impl ArithOp {
    pub fn is_bitwise(self) -> bool {
        matches!(
            self,
            ArithOp::BAnd | ArithOp::BOr | ArithOp::BXor | ArithOp::Shl | ArithOp::Shr
        )
    }
}

#[derive(Debug, Clone, Copy)]
pub struct UpvalDesc {
    /// Captures a register of the enclosing function (else one of its upvalues).
    pub in_stack: bool,
    pub index: u8,
}

#[derive(Debug, Clone)]
pub struct LocVar {
    pub name: Box<str>,
    pub reg: u8,
    pub start_pc: u32,
    pub end_pc: u32,
}

#[derive(Debug, Clone, Default)]
pub struct Proto {
    pub code: Vec<Op>,
    /// Line of each instruction.
    pub lines: Vec<u32>,
    /// Column of each instruction (best effort, 1-based).
    pub columns: Vec<u32>,
    pub consts: Vec<Value>,
    pub upvals: Vec<UpvalDesc>,
    pub upval_names: Vec<Box<str>>,
    pub locvars: Vec<LocVar>,
    pub num_params: u8,
    pub is_vararg: bool,
    pub max_stack: u16,
    pub line_defined: u32,
}

impl Proto {
    /// The name of the local variable in register `reg` at `pc`, if one is active.
    pub fn local_name(&self, reg: u8, pc: u32) -> Option<&str> {
        self.locvars
            .iter()
            .rev()
            .find(|l| l.reg == reg && l.start_pc <= pc && pc < l.end_pc)
            .map(|l| &*l.name)
    }
}
