//! The AST of codemode's JavaScript subset.
//!
//! Every node carries a [`Span`] of byte offsets into the source; turn it into a line and
//! column with [`crate::LineIndex`]. The tree is independent of the parser. Its depth is
//! bounded by the parser (`ParseLimits::max_nesting`), so recursive passes over it (compile,
//! `Drop`) cannot overflow the stack.
//!
//! Strings are UTF-16 code units (`Vec<u16>`) because JavaScript strings are: a lone
//! surrogate written with an escape (`"\uD800"`) is a valid string.

/// A half-open range of byte offsets into the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte of the node.
    pub start: u32,
    /// One past the last byte of the node.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A whole program: the body of an async function (top-level `await` and `return` are
/// allowed). Static imports appear as [`StmtKind::Import`] statements at top level only.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// The top-level statements in source order.
    pub body: Vec<Stmt>,
    /// The whole source.
    pub span: Span,
}

/// A name with its location (binding names, labels, import names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The identifier's name (escapes already decoded).
    pub name: String,
    /// Where it is written.
    pub span: Span,
}

/// A statement with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    /// What statement this is.
    pub kind: StmtKind,
    /// Where it is written (including its semicolon when there is one).
    pub span: Span,
}

/// The statements of the subset.
#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `expr;` — also the REPL-style result when it is the last top-level statement.
    Expr(Box<Expr>),
    /// `let`/`const`/`var` declarations (one or more declarators).
    VarDecl(VarDecl),
    /// `function f() {}` or `async function f() {}` (hoisted). `function.name` is always
    /// `Some`.
    FunctionDecl(Box<Function>),
    /// `return;` / `return expr;` (allowed at top level: it ends the program).
    Return(Option<Box<Expr>>),
    /// `if (test) consequent else alternate`.
    If {
        /// The condition.
        test: Box<Expr>,
        /// Runs when the condition is truthy.
        consequent: Box<Stmt>,
        /// Runs otherwise, when present.
        alternate: Option<Box<Stmt>>,
    },
    /// `{ ... }`: a block with its own lexical scope.
    Block(Vec<Stmt>),
    /// `for (init; test; update) body`. A `let` init gets a fresh binding per iteration.
    For {
        /// The initializer: a declaration or an expression.
        init: Option<ForInit>,
        /// The loop condition (absent means true).
        test: Option<Box<Expr>>,
        /// Evaluated after each iteration.
        update: Option<Box<Expr>>,
        /// The loop body.
        body: Box<Stmt>,
    },
    /// `for (left in right) body`: enumerable string keys.
    ForIn {
        /// The binding or assignment target.
        left: ForHead,
        /// The object whose keys are enumerated.
        right: Box<Expr>,
        /// The loop body.
        body: Box<Stmt>,
    },
    /// `for (left of right) body`: the iteration protocol.
    ForOf {
        /// The binding or assignment target.
        left: ForHead,
        /// The iterable.
        right: Box<Expr>,
        /// The loop body.
        body: Box<Stmt>,
        /// `for await`: the async iteration protocol.
        is_await: bool,
    },
    /// `while (test) body`.
    While {
        /// The loop condition.
        test: Box<Expr>,
        /// The loop body.
        body: Box<Stmt>,
    },
    /// `do body while (test)`.
    DoWhile {
        /// The loop body (runs at least once).
        body: Box<Stmt>,
        /// The loop condition.
        test: Box<Expr>,
    },
    /// `switch (discriminant) { case ...: ... default: ... }` (one lexical scope for all
    /// cases; matching with `===`).
    Switch {
        /// The value compared against each case.
        discriminant: Box<Expr>,
        /// The cases in source order (at most one has `test: None`).
        cases: Vec<SwitchCase>,
    },
    /// `label: body`. `break label` leaves `body`; `continue label` needs a loop body.
    Labeled {
        /// The label.
        label: Ident,
        /// The labeled statement (never a function declaration).
        body: Box<Stmt>,
    },
    /// `break;` / `break label;` (validated: inside a loop/switch, or to an enclosing label).
    Break(Option<Ident>),
    /// `continue;` / `continue label;` (validated: inside a loop, label names a loop).
    Continue(Option<Ident>),
    /// `throw expr;`.
    Throw(Box<Expr>),
    /// `try { block } catch (param) { handler } finally { finalizer }`; at least one of
    /// handler and finalizer is present.
    Try {
        /// The protected block.
        block: Vec<Stmt>,
        /// The catch clause.
        handler: Option<CatchClause>,
        /// The finally block.
        finalizer: Option<Vec<Stmt>>,
    },
    /// `;`.
    Empty,
    /// A static import (top level only).
    Import(ImportDecl),
    /// `class Name [extends Base] { ... }`: a block-scoped binding (TDZ until the
    /// declaration runs). `class.name` is always `Some`.
    ClassDecl(Box<Class>),
}

/// Which keyword declared a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// `var`: function-scoped and hoisted (initialized to `undefined`).
    Var,
    /// `let`: block-scoped, temporal dead zone until declared.
    Let,
    /// `const`: like `let`, but assignment is a TypeError.
    Const,
}

impl VarKind {
    /// The keyword as written.
    pub fn as_str(self) -> &'static str {
        match self {
            VarKind::Var => "var",
            VarKind::Let => "let",
            VarKind::Const => "const",
        }
    }
}

/// `let a = 1, [b, c] = d;`
#[derive(Debug, Clone, PartialEq)]
pub struct VarDecl {
    /// The declaring keyword.
    pub kind: VarKind,
    /// One or more declarators.
    pub declarators: Vec<Declarator>,
}

/// One `target = init` of a declaration. `const` declarators always have an `init` except
/// in for-in/for-of heads (which use [`ForHead`] instead).
#[derive(Debug, Clone, PartialEq)]
pub struct Declarator {
    /// The binding pattern (an identifier or a destructuring pattern, never a member).
    pub target: Pattern,
    /// The initializer.
    pub init: Option<Box<Expr>>,
    /// From the target to the end of the initializer.
    pub span: Span,
}

/// The first clause of a C-style `for`.
#[derive(Debug, Clone, PartialEq)]
pub enum ForInit {
    /// `for (let i = 0; ...)`.
    VarDecl(VarDecl),
    /// `for (i = 0; ...)`.
    Expr(Box<Expr>),
}

/// The left side of `for-in` / `for-of`.
#[derive(Debug, Clone, PartialEq)]
pub enum ForHead {
    /// `for (const x of ...)`, `for (let [k, v] of ...)`, `for (var k in ...)`: a fresh
    /// binding (per iteration for let/const). The pattern has no initializer.
    Decl {
        /// The declaring keyword.
        kind: VarKind,
        /// The binding pattern.
        target: Pattern,
    },
    /// `for (x of ...)`, `for (obj.k in ...)`, `for ([a, b] of ...)`: assigns each value to
    /// an existing target.
    Target(Pattern),
}

/// One `case test:` (or `default:` when `test` is `None`) with its statements.
#[derive(Debug, Clone, PartialEq)]
pub struct SwitchCase {
    /// The compared value; `None` for `default`.
    pub test: Option<Box<Expr>>,
    /// The statements up to the next case.
    pub body: Vec<Stmt>,
    /// From `case`/`default` to the end of the last statement.
    pub span: Span,
}

/// `catch (param) { body }`; `param` is `None` for `catch { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct CatchClause {
    /// The binding for the thrown value (any binding pattern).
    pub param: Option<Pattern>,
    /// The handler body.
    pub body: Vec<Stmt>,
    /// From `catch` to the closing brace.
    pub span: Span,
}

/// A static import: `import x from "m"`, `import * as ns from "m"`,
/// `import { a, b as c } from "m"`, `import x, { a } from "m"`, `import "m"`.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportDecl {
    /// `import x from ...`: the default export bound to `x`.
    pub default: Option<Ident>,
    /// `import * as ns from ...`: the namespace object bound to `ns`.
    pub namespace: Option<Ident>,
    /// `import { a, b as c } from ...`.
    pub named: Vec<ImportSpecifier>,
    /// The module name as written (`"node:fs"`, `"fs/promises"`).
    pub source: String,
    /// Where the module name string is written.
    pub source_span: Span,
}

/// `imported as local` inside `import { ... }` (`local` equals `imported` without `as`).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportSpecifier {
    /// The exported name read from the module (an identifier name or a string).
    pub imported: String,
    /// The local binding (const-like).
    pub local: Ident,
}

/// An expression with its span. Parentheses are not represented: a parenthesized
/// expression is its inner expression (with a span that includes the parentheses).
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    /// What expression this is.
    pub kind: ExprKind,
    /// Where it is written.
    pub span: Span,
}

/// The expressions of the subset.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// A number literal (decimal, hex, octal, binary; separators removed).
    Number(f64),
    /// A BigInt literal (`10n`, `0x1fn`): its digits with the radix prefix (`0x`, `0o`,
    /// `0b`, lower case), separators and the `n` removed.
    BigInt(String),
    /// A string literal, as UTF-16 code units with escapes decoded.
    String(Vec<u16>),
    /// A regular expression literal `/pattern/flags` (already validated), as UTF-16: the
    /// pattern is the source text between the slashes, escapes kept.
    RegExp {
        /// The body.
        pattern: Vec<u16>,
        /// The flags.
        flags: Vec<u16>,
    },
    /// `true` / `false`.
    Bool(bool),
    /// `null`.
    Null,
    /// An identifier reference (`undefined` is an identifier too).
    Ident(String),
    /// `this`.
    This,
    /// An untagged template literal `` `a${b}c` ``.
    Template(Template),
    /// A tagged template `` tag`a${b}` ``: `tag(strings, ...exprs)` where `strings` holds
    /// the cooked strings and has a `raw` property with the raw ones.
    TaggedTemplate {
        /// The tag function (a member tag is called as a method).
        tag: Box<Expr>,
        /// The template (cooked strings may be `None`: invalid escapes are allowed here).
        quasi: Template,
    },
    /// `[a, , ...b]`.
    Array(Vec<ArrayElement>),
    /// `{ a, b: 1, [k]: v, m() {}, ...o }`.
    Object(Vec<Property>),
    /// `function [name](...) {}` or `async function ...` as an expression; a named function
    /// expression binds its own name inside its body.
    Function(Box<Function>),
    /// `(a, b) => ...`, `x => ...`, `async (a) => ...` (lexical `this`, no `arguments`).
    Arrow(Box<Function>),
    /// `-x`, `+x`, `!x`, `~x`, `typeof x`, `void x`, `delete x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        arg: Box<Expr>,
    },
    /// `++x`, `x--`; the target is an identifier or a member expression.
    Update {
        /// Increment or decrement.
        op: UpdateOp,
        /// `++x` (value after) vs `x++` (value before).
        prefix: bool,
        /// The updated place (only `PatternKind::Ident` or `PatternKind::Member`).
        target: Box<Pattern>,
    },
    /// Arithmetic, bitwise, shift, equality, relational, `in`, `instanceof`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand (evaluated first).
        left: Box<Expr>,
        /// Right operand.
        right: Box<Expr>,
    },
    /// `&&`, `||`, `??` (short-circuiting).
    Logical {
        /// The operator.
        op: LogicalOp,
        /// Left operand.
        left: Box<Expr>,
        /// Right operand (evaluated only when needed).
        right: Box<Expr>,
    },
    /// `target = value` and every compound assignment. For `=` the target may be a
    /// destructuring pattern; for the others it is an identifier or a member expression.
    /// `&&=`, `||=`, `??=` short-circuit (they assign only when needed).
    Assign {
        /// The operator.
        op: AssignOp,
        /// The assigned place or pattern.
        target: Box<Pattern>,
        /// The right-hand side.
        value: Box<Expr>,
    },
    /// `test ? consequent : alternate`.
    Conditional {
        /// The condition.
        test: Box<Expr>,
        /// Value when truthy.
        consequent: Box<Expr>,
        /// Value when falsy.
        alternate: Box<Expr>,
    },
    /// `callee(args)`; when the callee is a member expression the call passes it as `this`.
    /// `optional` is true for `callee?.(args)`: the enclosing [`ExprKind::OptionalChain`]
    /// short-circuits to `undefined` when the callee is null or undefined.
    Call {
        /// The called expression.
        callee: Box<Expr>,
        /// The arguments (with spreads).
        args: Vec<Argument>,
        /// `?.(` — short-circuits the whole enclosing chain.
        optional: bool,
    },
    /// `new callee(args)` / `new callee` (no arguments).
    New {
        /// The constructor expression (`a.b.C` in `new a.b.C()`).
        callee: Box<Expr>,
        /// The arguments (empty for `new C`).
        args: Vec<Argument>,
    },
    /// `object.name`, `object[expr]`, `object?.name`, `object?.[expr]`.
    Member {
        /// The object read from.
        object: Box<Expr>,
        /// The property.
        property: MemberProp,
        /// `?.` — short-circuits the whole enclosing chain.
        optional: bool,
    },
    /// The boundary of an optional chain such as `a?.b.c(d)?.[e]`: the inner expression is
    /// a tree of `Member`/`Call`/`TaggedTemplate` nodes of which at least one has
    /// `optional: true`. When an optional link's object (or callee) is null or undefined,
    /// the whole `OptionalChain` evaluates to `undefined` without evaluating the rest.
    /// Parentheses end a chain: `(a?.b).c` is `Member(OptionalChain(a?.b), c)`.
    OptionalChain(Box<Expr>),
    /// `a, b, c` (evaluates all, yields the last).
    Sequence(Vec<Expr>),
    /// `await expr` (allowed at top level and in async functions).
    Await(Box<Expr>),
    /// `yield`, `yield x` (`delegate` false) or `yield* x` (true).
    Yield {
        argument: Option<Box<Expr>>,
        delegate: bool,
    },
    /// Dynamic `import(expr)`: a promise of the module namespace.
    Import(Box<Expr>),
    /// `class [Name] [extends Base] { ... }` as an expression.
    Class(Box<Class>),
    /// `super(args)` (derived class constructors only; checked by the compiler).
    SuperCall(Vec<Argument>),
    /// `super.name` / `super[expr]` (class methods, field initializers and static blocks).
    SuperMember(MemberProp),
    /// `new.target`.
    NewTarget,
    /// A bare `#name`: only valid as the left operand of `in` (`#x in obj`, a brand
    /// check); the compiler rejects it anywhere else.
    PrivateName(String),
}

/// A class: its optional name, heritage and members in source order.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    /// The binding name (declarations always have one; it is also bound, immutably, inside
    /// the class body).
    pub name: Option<Ident>,
    /// `extends expr`.
    pub super_class: Option<Box<Expr>>,
    /// `constructor(...) { ... }` (`kind == FunctionKind::Method`), when written.
    pub constructor: Option<Box<Function>>,
    /// The other members in source order.
    pub members: Vec<ClassMember>,
    /// From `class` to the closing brace.
    pub span: Span,
}

/// What a class method defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MethodKind {
    /// A plain method.
    Method,
    /// `get name() {}`.
    Get,
    /// `set name(v) {}`.
    Set,
}

/// One member of a class body.
#[derive(Debug, Clone, PartialEq)]
pub enum ClassMember {
    /// A method, getter or setter (on the prototype, or on the class when `is_static`).
    Method {
        /// The key.
        key: PropKey,
        /// `static`.
        is_static: bool,
        /// Method, getter or setter.
        kind: MethodKind,
        /// The function (`kind == FunctionKind::Method`).
        function: Box<Function>,
        /// From the first modifier to the closing brace.
        span: Span,
    },
    /// A field `key = value;` (defined on each instance, or on the class when `is_static`).
    Field {
        /// The key.
        key: PropKey,
        /// `static`.
        is_static: bool,
        /// The initializer (evaluated per instance with `this` the instance).
        value: Option<Box<Expr>>,
        /// From the first modifier to the end of the initializer.
        span: Span,
    },
    /// `static { ... }`: runs once when the class is defined, with `this` the class.
    StaticBlock {
        /// The statements.
        body: Vec<Stmt>,
        /// From `static` to the closing brace.
        span: Span,
    },
}

/// The property part of a member expression.
#[derive(Debug, Clone, PartialEq)]
pub enum MemberProp {
    /// `.name` (any identifier name, reserved words included).
    Name(Ident),
    /// `[expr]`.
    Computed(Box<Expr>),
    /// `.#name` (the text includes `#`; never after `super`).
    Private(String),
}

/// One element of an array literal.
#[derive(Debug, Clone, PartialEq)]
pub enum ArrayElement {
    /// An elision `[a, , b]` (a hole; creates a sparse array).
    Hole,
    /// A plain element.
    Expr(Expr),
    /// `...iterable`.
    Spread(Expr),
}

/// One call or `new` argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Argument {
    /// A plain argument.
    Expr(Expr),
    /// `...iterable`.
    Spread(Expr),
}

/// A property key in an object literal or object pattern.
#[derive(Debug, Clone, PartialEq)]
pub enum PropKey {
    /// `name: ...` (any identifier name, reserved words included).
    Ident(String),
    /// `"a b": ...` (UTF-16).
    String(Vec<u16>),
    /// `1: ...`, `0x10: ...` — the key is the number's ECMAScript string form.
    Number(f64),
    /// `[expr]: ...`.
    Computed(Box<Expr>),
    /// `#name` (class members only; the text includes `#`).
    Private(String),
}

/// One member of an object literal.
#[derive(Debug, Clone, PartialEq)]
pub enum Property {
    /// `key: value`, or the shorthand `name` (then `value` is `ExprKind::Ident(name)` and
    /// `shorthand` is true). `__proto__: v` is a plain own property here.
    KeyValue {
        /// The key.
        key: PropKey,
        /// The value.
        value: Expr,
        /// Written as `{ name }`.
        shorthand: bool,
        /// From the key to the end of the value.
        span: Span,
    },
    /// `name(params) { body }` or `async name(params) { body }` (a method: not a
    /// constructor; `this` is the receiver as for any function).
    Method {
        /// The key.
        key: PropKey,
        /// The method's function (`kind == FunctionKind::Method`).
        function: Box<Function>,
        /// From the key (or `async`) to the closing brace.
        span: Span,
    },
    /// `get key() { body }` / `set key(v) { body }`: an accessor property.
    Accessor {
        /// The key.
        key: PropKey,
        /// `MethodKind::Get` or `MethodKind::Set` (never `Method`).
        kind: MethodKind,
        /// The getter or setter (`kind == FunctionKind::Method`).
        function: Box<Function>,
        /// From `get`/`set` to the closing brace.
        span: Span,
    },
    /// `...expr`: copies own enumerable properties.
    Spread(Expr),
}

/// The pieces of a template literal: `quasis.len() == exprs.len() + 1`.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// The string parts, in order.
    pub quasis: Vec<TemplateElement>,
    /// The substitutions `${expr}`, between the quasis.
    pub exprs: Vec<Expr>,
}

/// One string part of a template.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateElement {
    /// The cooked value (escapes decoded). `None` only in tagged templates with an invalid
    /// escape (the tag sees `undefined`).
    pub cooked: Option<Vec<u16>>,
    /// The raw text as written (`\n` stays two characters; CRLF normalized to LF).
    pub raw: Vec<u16>,
    /// Where the part is written (between the backtick/`}` and the `${`/backtick).
    pub span: Span,
}

/// A function of any kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The name: always present for declarations; optional for expressions; for methods the
    /// key when it is a plain name (used for `.name` only, not bound in the body).
    pub name: Option<Ident>,
    /// Declaration/expression, arrow or method.
    pub kind: FunctionKind,
    /// `async function` / `async () =>` / `async m() {}`.
    pub is_async: bool,
    /// `function*` / `*m() {}` (with `is_async`: an async generator).
    pub is_generator: bool,
    /// The parameters before the rest parameter, each a binding pattern, possibly with a
    /// default (`PatternKind::Assign`).
    pub params: Vec<Pattern>,
    /// `...rest` (a binding pattern without default).
    pub rest: Option<Box<Pattern>>,
    /// The body.
    pub body: FunctionBody,
    /// From `function`/`async`/the parameters to the end of the body.
    pub span: Span,
}

/// What kind of function a [`Function`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    /// `function` declaration or expression: has its own `this` and `arguments`.
    Normal,
    /// An arrow function: lexical `this` and `arguments`.
    Arrow,
    /// An object literal method: own `this` and `arguments`, not a constructor.
    Method,
}

/// The body of a function.
#[derive(Debug, Clone, PartialEq)]
pub enum FunctionBody {
    /// `{ statements }`.
    Block(Vec<Stmt>),
    /// The expression body of an arrow `x => x + 1` (its value is returned).
    Expr(Box<Expr>),
}

/// A binding or assignment pattern with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    /// What pattern this is.
    pub kind: PatternKind,
    /// Where it is written.
    pub span: Span,
}

/// Targets of bindings (declarations, parameters, catch, for heads) and of assignments.
#[derive(Debug, Clone, PartialEq)]
pub enum PatternKind {
    /// A name.
    Ident(String),
    /// A member expression (`ExprKind::Member`, never optional): only in assignment targets
    /// (`obj.x = 1`, `[a.b, c[0]] = arr`, `for (o.k of xs)`), never in bindings.
    Member(Box<Expr>),
    /// `{ a, b: c, [k]: d = 1, ...rest }`.
    Object {
        /// The properties in order.
        props: Vec<ObjectPatternProp>,
        /// `...rest` (an identifier in bindings; also a member in assignments).
        rest: Option<Box<Pattern>>,
    },
    /// `[a, , b = 1, ...rest]`; `None` elements are holes.
    Array {
        /// The elements in order.
        elements: Vec<Option<Pattern>>,
        /// `...rest`.
        rest: Option<Box<Pattern>>,
    },
    /// `target = default`: the default is evaluated when the value is `undefined`.
    Assign {
        /// The pattern that receives the value.
        target: Box<Pattern>,
        /// The default value.
        default: Box<Expr>,
    },
}

/// One property of an object pattern: `key: value`, or shorthand `name` / `name = dflt`
/// (then `value` is `Ident(name)` or `Assign(Ident(name), dflt)` and `shorthand` is true).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectPatternProp {
    /// The key read from the value.
    pub key: PropKey,
    /// Where the property value goes (possibly with a default).
    pub value: Pattern,
    /// Written as `{ name }` or `{ name = dflt }`.
    pub shorthand: bool,
    /// From the key to the end of the value.
    pub span: Span,
}

/// Prefix operators (besides `await`, `++` and `--`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `+x`
    Plus,
    /// `!x`
    Not,
    /// `~x`
    BitNot,
    /// `typeof x` (no ReferenceError for an undeclared name).
    Typeof,
    /// `void x`
    Void,
    /// `delete x.y` / `delete x[k]` (true for other operands).
    Delete,
}

/// `++` or `--`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UpdateOp {
    /// `++`
    Increment,
    /// `--`
    Decrement,
}

/// Non-short-circuiting binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+` (numeric addition or string concatenation)
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `**` (right-associative)
    Exp,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `>>>`
    UShr,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `===`
    StrictEq,
    /// `!==`
    StrictNotEq,
    /// `<`
    Lt,
    /// `<=`
    LtEq,
    /// `>`
    Gt,
    /// `>=`
    GtEq,
    /// `in`
    In,
    /// `instanceof`
    InstanceOf,
}

/// Short-circuiting binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogicalOp {
    /// `&&`
    And,
    /// `||`
    Or,
    /// `??`
    Nullish,
}

/// Assignment operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `+=` and the other arithmetic/bitwise/shift compound assignments.
    Binary(BinaryOp),
    /// `&&=`, `||=`, `??=`: assign only when the logical operator would evaluate its right
    /// side.
    Logical(LogicalOp),
}

impl UnaryOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Plus => "+",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::Typeof => "typeof",
            UnaryOp::Void => "void",
            UnaryOp::Delete => "delete",
        }
    }
}

impl UpdateOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            UpdateOp::Increment => "++",
            UpdateOp::Decrement => "--",
        }
    }
}

impl BinaryOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
            BinaryOp::Exp => "**",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::UShr => ">>>",
            BinaryOp::BitAnd => "&",
            BinaryOp::BitOr => "|",
            BinaryOp::BitXor => "^",
            BinaryOp::Eq => "==",
            BinaryOp::NotEq => "!=",
            BinaryOp::StrictEq => "===",
            BinaryOp::StrictNotEq => "!==",
            BinaryOp::Lt => "<",
            BinaryOp::LtEq => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::GtEq => ">=",
            BinaryOp::In => "in",
            BinaryOp::InstanceOf => "instanceof",
        }
    }
}

impl LogicalOp {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            LogicalOp::And => "&&",
            LogicalOp::Or => "||",
            LogicalOp::Nullish => "??",
        }
    }
}

impl AssignOp {
    /// The operator as written (`=`, `+=`, `??=` ...).
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::Binary(op) => match op {
                BinaryOp::Add => "+=",
                BinaryOp::Sub => "-=",
                BinaryOp::Mul => "*=",
                BinaryOp::Div => "/=",
                BinaryOp::Rem => "%=",
                BinaryOp::Exp => "**=",
                BinaryOp::Shl => "<<=",
                BinaryOp::Shr => ">>=",
                BinaryOp::UShr => ">>>=",
                BinaryOp::BitAnd => "&=",
                BinaryOp::BitOr => "|=",
                BinaryOp::BitXor => "^=",
                _ => "?=",
            },
            AssignOp::Logical(op) => match op {
                LogicalOp::And => "&&=",
                LogicalOp::Or => "||=",
                LogicalOp::Nullish => "??=",
            },
        }
    }
}
