//! The bytecode: a stack machine with local slots, cells for captured variables and a
//! constant pool per function.

use crate::value::Value;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[allow(dead_code)]
pub enum Op {
    Const(u32),
    Num(f64),
    /// A BigInt literal: const index of its digits (the lexer's form, `0x` ... kept),
    /// read into a new value each time (a BigInt is a heap value of the execution).
    BigInt(u32),
    Undef,
    Null,
    True,
    False,
    Pop,
    Dup,
    /// [a, b] -> [a, b, a, b]
    Dup2,
    Swap,
    /// [a, b, c] -> [c, a, b]
    RotRight3,
    /// [a, b, c, d] -> [d, a, b, c]
    RotRight4,

    GetLocal(u16),
    /// Reads a let/const slot, throwing a ReferenceError in its dead zone (name const).
    GetLocalChecked(u16, u32),
    SetLocal(u16),
    /// Throws the TDZ ReferenceError if the slot is uninitialised (name const); no push.
    CheckLocal(u16, u32),
    /// The same check for a captured variable's cell.
    CheckCell(u16, u32),
    /// Stores into a slot and keeps the value on the stack (temporaries only).
    TeeLocal(u16),
    /// Initialising store of a declaration (becomes InitCell when captured).
    InitLocal(u16),
    /// Puts the TDZ marker in a slot (becomes NewCell when captured).
    ClearLocal(u16),
    /// No-op placeholder that becomes BoxLocal when the variable is captured.
    NopBox(u16),
    /// No-op placeholder that becomes CopyCell when the variable is captured.
    NopCopy(u16),
    /// Moves the slot's current value into a fresh cell.
    BoxLocal(u16),
    /// The running function itself (named function expressions).
    Callee,
    /// Makes slot hold a fresh cell (initialised to the TDZ marker).
    NewCell(u16),
    /// Replaces slot's cell with a fresh one holding the same value (per-iteration `let`).
    CopyCell(u16),
    GetCell(u16, u32),
    SetCell(u16),
    /// Writes into a cell without the const/TDZ checks (declarations).
    InitCell(u16),
    GetUpval(u16, u32),
    SetUpval(u16),
    InitUpval(u16),
    GetGlobal(u32),
    SetGlobal(u32),
    TypeofGlobal(u32),
    /// Assignment to a const binding (name const).
    ThrowConstAssign(u32),

    GetProp(u32),
    /// [obj] -> [fn, obj]
    GetMethod(u32),
    GetElem,
    /// [obj, key] -> [fn, obj]
    GetElemMethod,
    /// [obj, v] -> [v]
    SetProp(u32),
    /// [obj, key, v] -> [v]
    SetElem,
    DeleteProp(u32),
    DeleteElem,

    /// [callee, this, args...] -> [result]; const = callee text for messages.
    Call(u16, u32),
    /// [callee, this, argsArray] -> [result]
    CallSpread(u32),
    /// [callee, args...] -> [object]
    New(u16, u32),
    NewSpread(u32),
    Return,
    Await,
    /// A generator's frame stops after its parameters: the call returns the generator
    /// object (see vm/generator.rs).
    GenStart,
    /// [v] -> suspends the generator with `{ value: v, done: false }`; resumed by `next(x)`
    /// it pushes [x, false], by `return(x)` [x, true] (the code after it returns x), by
    /// `throw(x)` it throws x.
    Yield,
    /// [r] -> a `yield*` step: suspends handing the inner result `r` to the caller as it is;
    /// resumed it pushes [x, mode] (0 next, 1 throw, 2 return) and never throws.
    YieldDelegate,
    /// [args...] -> [result]: calls the prelude's hook .0 (`HOOK_` constants) with .1 arguments.
    CallHook(u8, u8),

    Jump(u32),
    JumpIfFalse(u32),
    JumpIfTrue(u32),
    /// Jump keeping the value when falsy / truthy / not nullish; otherwise pop.
    JumpIfFalseKeep(u32),
    JumpIfTrueKeep(u32),
    JumpIfNotNullishKeep(u32),
    /// Pop and jump if nullish (optional chaining).
    JumpIfNullish(u32),

    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Exp,
    Shl,
    Shr,
    UShr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    StrictEq,
    StrictNe,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    InstanceOf,
    Neg,
    Plus,
    Not,
    BitNot,
    Typeof,
    Inc,
    Dec,
    ToNumeric,
    ToPropertyKey,
    /// ToString for template substitutions, except that a number is left as it is: the
    /// `Concat` that always follows writes its digits into the result.
    ToStr,
    /// Concatenates the top n strings and numbers (a number as its ToString).
    Concat(u16),

    NewObject,
    NewArray(u32),
    /// [arr, v] -> [arr]
    ArrayPush,
    /// [arr] -> [arr] with a hole (stored as undefined)
    ArrayHole,
    /// [arr, iterable] -> [arr]
    ArraySpread,
    /// [obj, v] -> [obj]
    InitProp(u32),
    /// [obj, key, v] -> [obj]
    InitElem,
    /// [obj, src] -> [obj]
    ObjectSpread,
    /// [src, keysArray] -> [rest object]
    ObjectRest,
    /// Function index (into the module), creates a closure.
    Closure(u32),
    This,

    Throw,
    /// Installs a catch handler at the target.
    PushHandler(u32),
    PopHandler,

    /// [iterable] -> [iterator state] (arrays and strings iterate by index).
    IterInit,
    /// Reads slot's iterator state; pushes the next value (skipping the `IterValue` that
    /// always follows) or jumps when done. For a protocol record it calls `next()` instead,
    /// and the `IterValue` after it reads the result.
    IterNext(u16, u32),
    /// [result] -> [value] of a protocol `next()`, or jumps when it is done.
    IterValue(u16, u32),
    /// Closes slot's iterator if it is a protocol record that is not done (calls
    /// `return()`); `true`: quietly (a throw is leaving the loop: errors are ignored).
    IterClose(u16, bool),
    /// [obj] -> [keys state] for for-in.
    ForInInit,
    /// [value] -> [array] for array destructuring of that many elements (u32::MAX: all,
    /// for a rest element); arrays that iterate natively pass through.
    ToArray(u32),
    /// [arr] -> [arr, arr[i]]
    IndexOf(u32),
    /// [arr] -> [arr, arr.slice(i)]
    SliceFrom(u32),
    /// Throws a TypeError if the top is null/undefined (destructuring), name const.
    RequireObject(u32),
    /// Tagged template strings object: const index of a (cooked, raw) pair array prebuilt.
    TemplateObject(u32),
    /// Calls a prelude intrinsic: (id, argc).
    Intrinsic(u16, u16),
    /// Dynamic import / require of a Node module name on top.
    Import,

    // ---- Classes ----
    /// [ctor, heritage?] -> [ctor, prototype]: links a class constructor to a fresh
    /// prototype object and to its parent (`true`: a heritage value is on the stack).
    MakeClass(bool),
    /// [obj, key, fn] -> [obj]: a non-enumerable method.
    DefineMethod,
    /// [obj, key, fn] -> [obj]: defines (or completes) an accessor property's getter, or
    /// its setter with `ACCESSOR_SET`; enumerable with `ACCESSOR_ENUMERABLE`.
    DefineAccessor(u8),
    /// [placeholder, args...] -> [object]: `super(args)` constructs the running class's
    /// parent with the running construct's new.target.
    SuperCall(u16, u32),
    /// [placeholder, argsArray] -> [object]: `super(...args)`.
    SuperCallSpread(u32),
    /// [object] -> [object]: binds the object as `this` of the running derived
    /// constructor (a ReferenceError if it already has one).
    BindThis,
    /// `this` in a derived constructor: a ReferenceError before `super()` bound it.
    ThisChecked,
    /// `new.target` of the running function.
    NewTarget,
    /// [home] -> [home's prototype] (the object `super.x` reads from).
    SuperBase,
    /// [base, key, this] -> [base[key]], a getter there called with `this`.
    SuperGet,
    /// [base, key, v, this] -> [v]: `super[key] = v` (see `Vm::super_set`).
    SuperSet,
    /// [] -> [name]: a fresh private name (`#x`, text const) for one class evaluation.
    NewPrivateName(u32),
    /// [obj, name] -> [obj.#x] (a getter there runs with `this` obj).
    PrivateGet,
    /// [obj, name, v] -> [v]: `obj.#x = v`.
    PrivateSet,
    /// [name, obj] -> [bool]: `#x in obj`.
    PrivateIn,
    /// [obj, name, v] -> [obj]: adds a private element of kind `PRIVATE_FIELD`,
    /// `PRIVATE_METHOD`, `PRIVATE_GETTER` or `PRIVATE_SETTER`; the const is the class name
    /// (for the message when an object is initialized twice).
    PrivateDefine(u8, u32),

    // ---- Fused ops, written by `fuse.rs` after compilation (never by the compiler). ----
    // Each replaces the first op of a short sequence and stands for all of it: when its
    // operands are numbers it does the whole sequence at once (skipping the rest); otherwise
    // it does exactly what the op it replaced did, and the original ops after it run as
    // usual. Jumps into the middle of a sequence land on original ops.
    /// `GetLocal(a) GetLocal(b)`.
    GetLocal2(u16, u16),
    /// `GetLocal(a) Num(k) <cmp> JumpIfFalse(t)`.
    LocalCmpNumJump(u16, Cmp, f64, u32),
    /// `<cmp> JumpIfFalse(t)`.
    CmpJump(Cmp, u32),
    /// `Num(k) <arith>`.
    ArithNum(Arith, f64),
    /// `GetLocal(a) Num(k) <arith>`.
    LocalArithNum(u16, Arith, f64),
    /// `GetLocal(a) Inc SetLocal(a)` (true) or the same with `Dec` (false).
    IncLocal(u16, bool),
    /// `Jump(t)` where `t` holds a `LocalCmpNumJump`: a loop's back edge evaluates the
    /// loop condition itself and jumps straight into the body or out of the loop.
    JumpLoopTest(u32),
    /// `<arith> SetLocal(a)`.
    ArithSetLocal(Arith, u16),
    /// `GetLocal(a) GetLocal(b) <arith>`.
    LocalsArith(u16, u16, Arith),
    /// `GetLocal(a) GetLocal(b) Num(k) <arith>`: pushes `a`, then `b <arith> k`.
    LocalLocalArithNum(u16, u16, Arith, f64),
    /// `Num(k) <arith1> <arith2> SetLocal(a)`: `a = second <arith2> (top <arith1> k)`.
    ArithNumArithSetLocal(Arith, Arith, u16, f64),
    /// `GetLocal(a) Inc SetLocal(a) Jump(t)` (or `Dec`) where `t` holds a
    /// `LocalCmpNumJump`: a `for` loop's update and back edge in one op.
    IncLocalLoop(u16, bool, u32),
    /// `GetUpval(i, name) Undef`: a captured function and the `this` of a plain call.
    GetUpvalUndef(u16, u32),
    /// `GetLocal(a) Return`.
    ReturnLocal(u16),
    /// `<arith> Return`.
    ArithReturn(Arith),
    /// An `IncLocalLoop(a, inc, t)` whose loop test at `t` is `LocalCmpNumJump(a, c, k,
    /// exit)` on the same slot with an integer `k`: the update, back edge and test in one.
    /// Fields: slot, `c.bits()` plus `FOR_STEP_INC` for `++`, `k`, the body (`t + 4`), exit.
    ForStep(u16, u8, i32, u32, u32),
    /// `GetLocal(a) Num(k) <arith> Call(1, _)`: a call whose one argument is `a <arith> k`.
    LocalArithNumCall(u16, Arith, f64),

    // ---- Added after the fused ops (the prelude image numbers ops by position). ----
    /// [v1 .. vn] -> [object]: an object literal of n data properties whose distinct keys
    /// are the consts from .0 on (see `Compiler::object_literal_of_constant_keys`).
    NewObjectLit(u32, u16),
}

/// `DefineAccessor`: the function is the setter.
pub const ACCESSOR_SET: u8 = 1;
/// `DefineAccessor`: the property is enumerable (object literals).
pub const ACCESSOR_ENUMERABLE: u8 = 2;

/// `PrivateDefine` kinds.
pub const PRIVATE_FIELD: u8 = 0;
pub const PRIVATE_METHOD: u8 = 1;
pub const PRIVATE_GETTER: u8 = 2;
pub const PRIVATE_SETTER: u8 = 3;

/// The arithmetic of a fused op.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// The relational comparison of a fused op.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
}

/// The `ForStep` flag of an increment (clear: a decrement).
pub const FOR_STEP_INC: u8 = 4;

impl Cmp {
    /// Two bits, for ops that pack a comparison with other flags.
    pub fn bits(self) -> u8 {
        match self {
            Cmp::Lt => 0,
            Cmp::Le => 1,
            Cmp::Gt => 2,
            Cmp::Ge => 3,
        }
    }
    pub fn from_bits(bits: u8) -> Cmp {
        match bits & 3 {
            0 => Cmp::Lt,
            1 => Cmp::Le,
            2 => Cmp::Gt,
            _ => Cmp::Ge,
        }
    }
}

// Ops are copied out of the code array on every dispatch: keep them two words.
const _: () = assert!(std::mem::size_of::<Op>() == 16);

/// A compiled function. Serialized (constants through `prelude_image::consts`) for the
/// prelude image.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct FuncCode {
    pub name: String,
    pub ops: Vec<Op>,
    /// Byte offset of each op's source (for locations).
    pub spans: Vec<u32>,
    #[serde(with = "crate::prelude_image::consts")]
    pub consts: Vec<Value>,
    pub nparams: u16,
    /// The function's `length`: the parameters before the first default or rest.
    pub length: u16,
    pub nlocals: u16,
    pub has_rest: bool,
    pub is_async: bool,
    /// `function*`: a call returns a generator object (see `Op::GenStart`).
    pub is_generator: bool,
    pub is_arrow: bool,
    pub is_method: bool,
    /// A class constructor: `CLASS_BASE` or `CLASS_DERIVED` (0 for other functions). It
    /// cannot be called without `new`; a derived one gets its `this` from `super()`.
    pub class_ctor: u8,
    /// Where each captured cell comes from when a closure is made in the parent.
    pub captures: Vec<Capture>,
    /// Template objects ((cooked, raw) strings) for tagged templates.
    #[serde(with = "crate::prelude_image::templates")]
    pub templates: Vec<(Vec<Value>, Vec<Value>)>,
    /// The slot of the function's `arguments` object, when its body (or an arrow inside
    /// it) uses one, and whether that slot holds a cell (captured by an arrow).
    pub arguments: Option<(u16, bool)>,
    /// Entering needs no rest array, `arguments` object or promise: calls with at most
    /// `nparams` arguments take the VM's in-place path. Set by `FuncCode::finish`.
    pub plain_entry: bool,
}

impl FuncCode {
    /// Computes what the VM derives from the finished code.
    pub fn finish(&mut self) {
        // Class constructors take the checked path (a call without `new` is a TypeError).
        self.plain_entry =
            !self.has_rest && !self.is_async && self.arguments.is_none() && self.class_ctor == 0;
    }
    /// Whether a call with `argc` arguments only needs the frame pushed and the missing
    /// parameters set to undefined (both VM loops' direct call path).
    #[inline(always)]
    pub fn enters_plainly(&self, argc: usize) -> bool {
        self.plain_entry && argc <= self.nparams as usize
    }
}

/// `FuncCode::class_ctor` of a base class's constructor.
pub const CLASS_BASE: u8 = 1;
/// `FuncCode::class_ctor` of a derived class's constructor (`extends`).
pub const CLASS_DERIVED: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Capture {
    /// The parent's local slot (holding a cell).
    Local(u16),
    /// The parent's own captured cell.
    Upval(u16),
}
