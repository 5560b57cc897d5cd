//! The abstract syntax tree of a Lua 5.4 chunk.
//!
//! The tree is independent of the parser (lalrpop) so either can change. Every statement and
//! expression carries a [`Span`] (byte offsets into the source); [`LineIndex`] turns offsets
//! into 1-based lines and columns. The parser guarantees the tree's depth is bounded (see
//! `ParseLimits::max_nesting`), so recursive passes over it — including `Drop` — are safe.

pub use crate::line_index::LineIndex;

/// A half-open byte range `start..end` in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A whole program: the main function's body. The main chunk is always vararg.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    /// The statements of the main function.
    pub block: Block,
    /// Offsets -> lines/columns for this chunk's source.
    pub line_index: LineIndex,
}

/// A sequence of statements, optionally ended by a `return`. Opens a scope.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The statements in source order (empty `;` statements included).
    pub stats: Vec<Stat>,
    /// The final `return`, if any (Lua only allows it last).
    pub ret: Option<Return>,
    /// From the first to the last byte of the block's contents (empty at the block's start
    /// when the block is empty).
    pub span: Span,
}

/// `return e1, e2, ...` (optionally followed by `;`).
#[derive(Debug, Clone, PartialEq)]
pub struct Return {
    /// The returned expressions (may be empty).
    pub values: Vec<Expr>,
    /// From `return` to the last value (or the `;`).
    pub span: Span,
}

/// An identifier with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The identifier's text.
    pub name: Box<str>,
    /// Where it is written.
    pub span: Span,
}

/// A statement with its position.
#[derive(Debug, Clone, PartialEq)]
pub struct Stat {
    /// What kind of statement.
    pub kind: StatKind,
    /// From the statement's first to its last byte.
    pub span: Span,
}

/// The statements of Lua 5.4.
#[derive(Debug, Clone, PartialEq)]
pub enum StatKind {
    /// `;`
    Empty,
    /// `local a <const>, b = e1, e2` (values may be empty: `local a`).
    Local {
        /// The declared names with their attributes.
        names: Vec<LocalName>,
        /// The initialising expressions (adjusted to the names' count by the compiler).
        values: Vec<Expr>,
    },
    /// `t1, t2 = e1, e2`. Each target is an [`ExprKind::Name`], [`ExprKind::Index`] or
    /// [`ExprKind::Field`].
    Assign {
        /// The assigned places, left to right (at least one).
        targets: Vec<Expr>,
        /// The values (at least one).
        values: Vec<Expr>,
    },
    /// A function or method call used as a statement (its results are discarded).
    Call(Box<Call>),
    /// `do ... end`
    Do(Block),
    /// `while cond do body end`
    While {
        /// The loop condition, evaluated before each iteration.
        cond: Expr,
        /// The loop body.
        body: Block,
    },
    /// `repeat body until cond` — `cond` is in the scope of `body`'s locals.
    Repeat {
        /// The loop body.
        body: Block,
        /// The exit condition, evaluated after each iteration inside the body's scope.
        cond: Expr,
    },
    /// `if c1 then b1 elseif c2 then b2 ... else bn end`
    If {
        /// The `if` clause followed by each `elseif` clause, in order (at least one).
        clauses: Vec<IfClause>,
        /// The `else` block, if present.
        else_block: Option<Block>,
    },
    /// `for var = start, limit [, step] do body end`
    NumericFor {
        /// The control variable (a fresh local per the body's scope).
        var: Name,
        /// Initial value.
        start: Expr,
        /// Limit value.
        limit: Expr,
        /// Step (defaults to integer 1 when absent).
        step: Option<Expr>,
        /// The loop body.
        body: Block,
    },
    /// `for n1, n2 in e1, e2 do body end`
    GenericFor {
        /// The loop variables (at least one).
        names: Vec<Name>,
        /// The explist producing iterator function, state and control (and closing) values.
        exprs: Vec<Expr>,
        /// The loop body.
        body: Block,
    },
    /// `function a.b.c:m(params) body end` — assigns a function to a global/local/field.
    Function {
        /// The name path being assigned.
        name: FuncName,
        /// The function. For a method (`a:m`) its `params` already start with the implicit
        /// `self` parameter.
        func: Box<Function>,
    },
    /// `local function f(params) body end` — `f` is in scope inside its own body.
    LocalFunction {
        /// The new local.
        name: Name,
        /// The function.
        func: Box<Function>,
    },
    /// `break`
    Break,
    /// `goto label` (parsed; see `check_supported`).
    Goto(Name),
    /// `::label::` (parsed; see `check_supported`).
    Label(Name),
}

/// One `if`/`elseif` arm: a condition and the block run when it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct IfClause {
    /// The condition.
    pub cond: Expr,
    /// The block run when the condition is truthy.
    pub body: Block,
}

/// A name declared by `local`, with its optional attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalName {
    /// The declared name.
    pub name: Name,
    /// `<const>` or `<close>`, if written.
    pub attrib: Option<Attrib>,
    /// The span of the attribute (`<const>`), or of the name when there is none.
    pub attrib_span: Span,
}

/// A local variable attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Attrib {
    /// `<const>`: the variable cannot be assigned after initialisation.
    Const,
    /// `<close>`: a to-be-closed variable.
    Close,
}

/// The name of a `function` statement: `base.fields[0].fields[1]...:method`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FuncName {
    /// The first name (a local or global variable).
    pub base: Name,
    /// The `.field` names that follow, in order.
    pub fields: Vec<Name>,
    /// The `:method` name, if any.
    pub method: Option<Name>,
}

/// A function body: parameters and block. Used by function expressions and statements.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// Named parameters in order (for methods, `self` first, spanned at the method name).
    pub params: Vec<Name>,
    /// Whether the parameter list ends with `...`.
    pub is_vararg: bool,
    /// The body.
    pub body: Block,
    /// From the `function` keyword to the closing `end`.
    pub span: Span,
    /// 1-based line of the `function` keyword (Lua's `linedefined`).
    pub line: u32,
    /// 1-based line of the closing `end` (Lua's `lastlinedefined`).
    pub end_line: u32,
}

/// An expression with its position.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What kind of expression.
    pub kind: ExprKind,
    /// From the expression's first to its last byte (parentheses included for `Paren`).
    pub span: Span,
}

impl Expr {
    /// The operand a chain continues from: a binary operator's left operand, the indexed
    /// object, the called function or a method's receiver. Left-associative chains
    /// (`1+1+...`, `a.b.c...`, `o:m():m()...`) nest only through this child, and the
    /// tokenizer does not bound their length (Lua's parser reads them in a loop), so every
    /// pass over the tree follows it with a loop (see [`Expr::spine`]), never recursion.
    pub fn spine_child(&self) -> Option<&Expr> {
        match &self.kind {
            ExprKind::Binary { lhs, .. } => Some(lhs),
            ExprKind::Index { obj, .. } | ExprKind::Field { obj, .. } => Some(obj),
            ExprKind::Call(call) => Some(&call.func),
            _ => None,
        }
    }

    /// `self` and its chain of [`Expr::spine_child`]ren, innermost (first in source order)
    /// first; the first element has no spine child.
    pub fn spine(&self) -> Vec<&Expr> {
        let mut nodes = vec![self];
        let mut cur = self;
        while let Some(child) = cur.spine_child() {
            nodes.push(child);
            cur = child;
        }
        nodes.reverse();
        nodes
    }

    /// The first `Some` of `f` over [`Expr::spine`] in source order, where `f` looks at a
    /// node's children other than its spine child.
    pub fn find_in_spine<'a, T>(&'a self, mut f: impl FnMut(&'a Expr) -> Option<T>) -> Option<T> {
        if self.spine_child().is_none() {
            return f(self);
        }
        self.spine().into_iter().find_map(f)
    }

    fn spine_child_mut(&mut self) -> Option<&mut Expr> {
        match &mut self.kind {
            ExprKind::Binary { lhs, .. } => Some(lhs),
            ExprKind::Index { obj, .. } | ExprKind::Field { obj, .. } => Some(obj),
            ExprKind::Call(call) => Some(&mut call.func),
            _ => None,
        }
    }
}

impl Drop for Expr {
    /// Drops the left spine in a loop: a chain may be as long as the source allows.
    fn drop(&mut self) {
        let mut next = take_spine_child(self);
        while let Some(mut e) = next {
            next = take_spine_child(&mut e);
        }
    }
}

/// Takes `e`'s spine child out (leaving `nil`) if it has a spine of its own.
fn take_spine_child(e: &mut Expr) -> Option<Expr> {
    let child = e.spine_child_mut()?;
    child.spine_child()?;
    let placeholder = Expr {
        kind: ExprKind::Nil,
        span: child.span,
    };
    Some(std::mem::replace(child, placeholder))
}

/// The expressions of Lua 5.4.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// `nil`
    Nil,
    /// `true`
    True,
    /// `false`
    False,
    /// `...` (only inside vararg functions; the parser checks).
    Vararg,
    /// An integer numeral (decimal that fits in i64, or any hex integer, wrapped modulo 2^64).
    Int(i64),
    /// A float numeral (has `.` or exponent, or a decimal integer that overflows i64).
    Float(f64),
    /// A string literal, escapes decoded (Lua strings are bytes).
    Str(Vec<u8>),
    /// `function (params) body end`
    Function(Box<Function>),
    /// `{ ... }`
    Table(Box<Table>),
    /// `lhs op rhs`
    Binary {
        /// The operator.
        op: BinOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
        /// Where the operator token is (Lua reports arithmetic errors at its line).
        op_span: Span,
    },
    /// `op operand`
    Unary {
        /// The operator.
        op: UnOp,
        /// The operand.
        operand: Box<Expr>,
    },
    /// A variable reference (local, upvalue or global — resolved by the compiler).
    Name(Box<str>),
    /// `obj[key]`
    Index {
        /// The indexed value.
        obj: Box<Expr>,
        /// The key expression.
        key: Box<Expr>,
    },
    /// `obj.name`
    Field {
        /// The indexed value.
        obj: Box<Expr>,
        /// The field name (a string key).
        name: Name,
    },
    /// `f(args)`, `f"str"`, `f{...}`, `obj:m(args)`.
    Call(Box<Call>),
    /// `(e)` — truncates multiple results to one value and makes a non-assignable place.
    Paren(Box<Expr>),
}

/// A call: a function call or a method call.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The called function, or for a method call the receiver object.
    pub func: Expr,
    /// For `obj:m(args)`: `m`. The receiver is passed as the first argument.
    pub method: Option<Name>,
    /// The arguments.
    pub args: Args,
    /// Span of the arguments (from `(`/`{`/the string to the end).
    pub args_span: Span,
}

/// The arguments of a call, in the three syntactic forms Lua has.
#[derive(Debug, Clone, PartialEq)]
pub enum Args {
    /// `(e1, e2, ...)`
    List(Vec<Expr>),
    /// `{ ... }` — one table argument.
    Table(Box<Table>),
    /// `"str"` or `[[str]]` — one string argument.
    Str(Vec<u8>),
}

/// A table constructor `{ f1, f2, ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The fields in source order (order matters: positional fields are numbered 1, 2, ...
    /// in order, and later keyed fields overwrite earlier ones).
    pub fields: Vec<TableField>,
    /// From `{` to `}`.
    pub span: Span,
}

/// One field of a table constructor.
#[derive(Debug, Clone, PartialEq)]
pub enum TableField {
    /// `value` — the next array slot (the last one expands multiple results).
    Positional(Expr),
    /// `[key] = value`
    Keyed {
        /// The key expression.
        key: Expr,
        /// The value expression.
        value: Expr,
    },
    /// `name = value` (a string key).
    Named {
        /// The key.
        name: Name,
        /// The value expression.
        value: Expr,
    },
}

/// Binary operators of Lua 5.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `//`
    IDiv,
    /// `%`
    Mod,
    /// `^` (right associative)
    Pow,
    /// `..` (right associative)
    Concat,
    /// `==`
    Eq,
    /// `~=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `and` (short-circuit)
    And,
    /// `or` (short-circuit)
    Or,
    /// `&`
    BAnd,
    /// `|`
    BOr,
    /// `~` (binary xor)
    BXor,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
}

impl BinOp {
    /// The operator as written in Lua.
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::IDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "^",
            BinOp::Concat => "..",
            BinOp::Eq => "==",
            BinOp::Ne => "~=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::BAnd => "&",
            BinOp::BOr => "|",
            BinOp::BXor => "~",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }
}

/// Unary operators of Lua 5.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `-` (arithmetic negation)
    Neg,
    /// `not`
    Not,
    /// `#` (length)
    Len,
    /// `~` (bitwise not)
    BNot,
}

impl UnOp {
    /// The operator as written in Lua.
    pub fn as_str(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Not => "not",
            UnOp::Len => "#",
            UnOp::BNot => "~",
        }
    }
}
