//! Classes: the constructor, methods, fields, static blocks, `super` and `new.target`.
//!
//! A class is compiled in a scope of its own holding hidden bindings (names a program cannot
//! write): `%class` (the constructor, home of static methods), `%proto` (its prototype,
//! home of instance methods), `%fields` (the function that defines the instance fields on a
//! new object, called by a base constructor on entry and after `super()` in a derived one)
//! and `%key<i>` (computed field keys, evaluated once when the class is defined).
//!
//! Each private name `#x` of the body is a hidden binding `#x` holding a fresh private name
//! per class evaluation (vm/private.rs); a private method or accessor of the instances is
//! kept in `#x method` / `#x get` / `#x set` and added to each new object by `%fields`
//! before the fields, as ECMAScript's InitializeInstanceElements does.

use super::*;
use crate::bytecode::{
    CLASS_BASE, CLASS_DERIVED, PRIVATE_FIELD, PRIVATE_GETTER, PRIVATE_METHOD, PRIVATE_SETTER,
};

/// What a function compiled next is inside a class (consumed by `begin_fn`).
#[derive(Clone, Copy, Default)]
pub(super) struct FnRole {
    /// `Some(is_static)`: a method or initializer whose `super.x` reads from the parent
    /// of `%class` (static) or of `%proto`.
    pub home: Option<bool>,
    /// `CLASS_BASE` / `CLASS_DERIVED` for a constructor.
    pub ctor: u8,
    /// The class has instance fields (`%fields` runs when `this` is made).
    pub has_fields: bool,
}

const CLASS_VAR: &str = "%class";
const PROTO_VAR: &str = "%proto";
const FIELDS_VAR: &str = "%fields";

fn key_var(i: usize) -> String {
    format!("%key{i}")
}

/// The hidden binding holding the function of a private method or accessor half.
fn private_fn_var(name: &str, kind: MethodKind) -> String {
    let what = match kind {
        MethodKind::Method => "method",
        MethodKind::Get => "get",
        MethodKind::Set => "set",
    };
    format!("{name} {what}")
}

fn private_define_kind(kind: MethodKind) -> u8 {
    match kind {
        MethodKind::Method => PRIVATE_METHOD,
        MethodKind::Get => PRIVATE_GETTER,
        MethodKind::Set => PRIVATE_SETTER,
    }
}

/// The instance private methods and accessor halves of a class in the order `%fields`
/// adds them: source order, except that a setter waits for its name's getter (the getter
/// makes the element, the setter completes it).
fn instance_private_methods(c: &Class) -> Vec<(&str, MethodKind)> {
    let instance = c.members.iter().filter_map(|m| match m {
        ClassMember::Method {
            key: PropKey::Private(n),
            is_static: false,
            kind,
            ..
        } => Some((n.as_str(), *kind)),
        _ => None,
    });
    let names_of = |kind| -> HashMap<&str, ()> {
        instance
            .clone()
            .filter(|&(_, k)| k == kind)
            .map(|(n, _)| (n, ()))
            .collect()
    };
    let (getters, setters) = (names_of(MethodKind::Get), names_of(MethodKind::Set));
    let mut out = Vec::new();
    for (n, k) in instance.clone() {
        match k {
            // A setter whose name has a getter follows that getter.
            MethodKind::Set if getters.contains_key(n) => {}
            MethodKind::Get => {
                out.push((n, k));
                if setters.contains_key(n) {
                    out.push((n, MethodKind::Set));
                }
            }
            _ => out.push((n, k)),
        }
    }
    out
}

impl<'a> Compiler<'a> {
    pub(super) fn syntax_error(&self, span: Span, message: &str) -> Diagnostic {
        Diagnostic::new(DiagnosticKind::ParseError, message).at(self.loc(span))
    }

    /// Declares a hidden const binding of the class scope, in its dead zone.
    fn class_binding(&mut self, name: &str, span: Span) -> CResult<()> {
        let id = self.declare(name, VarKind::Const, span)?;
        let slot = self.st().vars[id].slot;
        self.emit_var(id, Op::ClearLocal(slot));
        Ok(())
    }

    /// Compiles a class (declaration or expression); leaves the constructor on the stack.
    pub(super) fn class(&mut self, c: &Class, inferred: &str) -> CResult<()> {
        let name = c
            .name
            .as_ref()
            .map(|n| n.name.clone())
            .unwrap_or_else(|| inferred.to_string());
        self.span_pos = c.span.start;
        let derived = c.super_class.is_some();
        let has_fields = c.members.iter().any(|m| {
            matches!(
                m,
                ClassMember::Field {
                    is_static: false,
                    ..
                } | ClassMember::Method {
                    key: PropKey::Private(_),
                    is_static: false,
                    ..
                }
            )
        });
        let has_static = c.members.iter().any(|m| {
            matches!(
                m,
                ClassMember::Field {
                    is_static: true,
                    ..
                } | ClassMember::StaticBlock { .. }
            )
        });
        self.push_scope();
        if let Some(n) = &c.name {
            self.class_binding(&n.name, n.span)?;
        }
        self.class_binding(CLASS_VAR, c.span)?;
        self.class_binding(PROTO_VAR, c.span)?;
        if has_fields {
            self.class_binding(FIELDS_VAR, c.span)?;
        }
        for (i, m) in c.members.iter().enumerate() {
            if let ClassMember::Field {
                key: PropKey::Computed(_),
                span,
                ..
            } = m
            {
                self.class_binding(&key_var(i), *span)?;
            }
        }
        // Private names, made fresh for this evaluation of the class: each name once, with
        // `Some(is_static)` when it names a method or accessor.
        let mut private_names: Vec<(&str, Option<bool>)> = Vec::new();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for m in &c.members {
            let (n, method, span) = match m {
                ClassMember::Method {
                    key: PropKey::Private(n),
                    is_static,
                    kind,
                    span,
                    ..
                } => {
                    if !is_static {
                        self.class_binding(&private_fn_var(n, *kind), *span)?;
                    }
                    (n.as_str(), Some(*is_static), span)
                }
                ClassMember::Field {
                    key: PropKey::Private(n),
                    span,
                    ..
                } => (n.as_str(), None, span),
                _ => continue,
            };
            match seen.get(n) {
                Some(&at) => private_names[at].1 = private_names[at].1.or(method),
                None => {
                    seen.insert(n, private_names.len());
                    private_names.push((n, method));
                    self.class_binding(n, *span)?;
                }
            }
        }
        // How node names the class in messages: its own binding, not an inferred name.
        let label = c.name.as_ref().map_or("anonymous", |n| n.name.as_str());
        for &(n, method) in &private_names {
            // A method's or accessor's name carries what its brand check needs (node's
            // "Receiver must be ..."); see vm/private.rs.
            let text = match method {
                Some(true) => format!("{n} class {label}"),
                Some(false) => format!("{n} an instance of class {label}"),
                None => n.to_string(),
            };
            let text = self.str_const(&text.encode_utf16().collect::<Vec<_>>());
            self.emit(Op::NewPrivateName(text));
            self.store_name(n, true)?;
        }

        // The constructor, then the heritage (evaluated with the class name in its dead
        // zone), then the link between them.
        self.next_fn = Some(FnRole {
            home: Some(false),
            ctor: if derived { CLASS_DERIVED } else { CLASS_BASE },
            has_fields,
        });
        let mut ctor = match &c.constructor {
            Some(f) => (**f).clone(),
            None => default_constructor(derived, c.span),
        };
        ctor.name = None;
        self.span_pos = c.span.start;
        self.function(&ctor, &name, false)?;
        if let Some(h) = &c.super_class {
            self.expr(h)?;
        }
        self.span_pos = c.span.start;
        self.emit(Op::MakeClass(derived));
        self.store_name(PROTO_VAR, true)?;
        self.emit(Op::Dup);
        self.store_name(CLASS_VAR, true)?;

        // Methods and computed field keys, in source order.
        for (i, m) in c.members.iter().enumerate() {
            match m {
                ClassMember::Method {
                    key,
                    is_static,
                    function,
                    span,
                    kind,
                } => {
                    self.span_pos = span.start;
                    if let PropKey::Private(n) = key {
                        self.private_method(n, *is_static, *kind, function, label, *span)?;
                        continue;
                    }
                    self.load_name(if *is_static { CLASS_VAR } else { PROTO_VAR }, *span)?;
                    let inferred = self.class_key(key)?;
                    self.next_fn = Some(FnRole {
                        home: Some(*is_static),
                        ..Default::default()
                    });
                    if *kind == MethodKind::Method {
                        self.function(function, &inferred, false)?;
                        self.emit(Op::DefineMethod);
                    } else {
                        self.accessor_function(function, *kind, &inferred)?;
                        self.emit(Op::DefineAccessor(super::expr::accessor_bits(*kind, false)));
                    }
                    self.emit(Op::Pop);
                }
                ClassMember::Field {
                    key: PropKey::Computed(k),
                    span,
                    ..
                } => {
                    self.span_pos = span.start;
                    self.expr(k)?;
                    self.emit(Op::ToPropertyKey);
                    self.store_name(&key_var(i), true)?;
                }
                _ => {}
            }
        }
        if has_fields {
            self.class_initializer(c, false, label)?;
            self.store_name(FIELDS_VAR, true)?;
        }
        if let Some(n) = &c.name {
            self.emit(Op::Dup);
            self.store_name(&n.name, true)?;
        }
        if has_static {
            self.class_initializer(c, true, label)?;
            self.load_name(CLASS_VAR, c.span)?;
            self.emit(Op::Call(0, u32::MAX));
            self.emit(Op::Pop);
        }
        self.pop_scope();
        Ok(())
    }

    /// Pushes a member's key (a computed one converted to a property key); returns the
    /// name a function defined under it takes.
    fn class_key(&mut self, key: &PropKey) -> CResult<String> {
        match key {
            PropKey::Computed(k) => {
                self.expr(k)?;
                self.emit(Op::ToPropertyKey);
                Ok(String::new())
            }
            k => {
                let units = static_key(k);
                let c = self.str_const(&units);
                self.emit(Op::Const(c));
                Ok(String::from_utf16_lossy(&units))
            }
        }
    }

    /// A private method or accessor half: a static one is added to the class now, an
    /// instance one is kept for `%fields`.
    fn private_method(
        &mut self,
        name: &str,
        is_static: bool,
        kind: MethodKind,
        function: &Function,
        class_name: &str,
        span: Span,
    ) -> CResult<()> {
        if is_static {
            self.load_name(CLASS_VAR, span)?;
            self.load_name(name, span)?;
        }
        self.next_fn = Some(FnRole {
            home: Some(is_static),
            ..Default::default()
        });
        if kind == MethodKind::Method {
            self.function(function, name, false)?;
        } else {
            self.accessor_function(function, kind, name)?;
        }
        if is_static {
            let class_name = self.name_const(class_name);
            self.emit(Op::PrivateDefine(private_define_kind(kind), class_name));
            self.emit(Op::Pop);
        } else {
            self.store_name(&private_fn_var(name, kind), true)?;
        }
        Ok(())
    }

    /// `obj.#x`, `#x in obj`: [] -> [the private name `#x` of the nearest class body that
    /// declares it].
    pub(super) fn private_name(&mut self, name: &str, span: Span) -> CResult<()> {
        if matches!(self.resolve(name), Resolved::Global) {
            return Err(self.syntax_error(
                span,
                &format!("Private field '{name}' must be declared in an enclosing class"),
            ));
        }
        self.load_name(name, span)
    }

    /// Pushes a closure that, called with `this` the instance (or the class), adds the
    /// instance private methods, defines the instance (or static) fields and runs the
    /// static blocks, in source order.
    fn class_initializer(&mut self, c: &Class, is_static: bool, class_name: &str) -> CResult<()> {
        self.next_fn = Some(FnRole {
            home: Some(is_static),
            ..Default::default()
        });
        self.begin_fn("", false, false, true);
        // Constants belong to the function that uses them.
        let class_name = self.name_const(class_name);
        self.span_pos = c.span.start;
        if !is_static {
            for (name, kind) in instance_private_methods(c) {
                self.emit(Op::This);
                self.load_name(name, c.span)?;
                self.load_name(&private_fn_var(name, kind), c.span)?;
                self.emit(Op::PrivateDefine(private_define_kind(kind), class_name));
                self.emit(Op::Pop);
            }
        }
        for (i, m) in c.members.iter().enumerate() {
            match m {
                ClassMember::Field {
                    key,
                    is_static: s,
                    value,
                    span,
                } if *s == is_static => {
                    self.span_pos = span.start;
                    self.emit(Op::This);
                    if let PropKey::Private(n) = key {
                        self.load_name(n, *span)?;
                        match value {
                            Some(v) => self.named_expr(v, n)?,
                            None => {
                                self.emit(Op::Undef);
                            }
                        }
                        self.emit(Op::PrivateDefine(PRIVATE_FIELD, class_name));
                        self.emit(Op::Pop);
                        continue;
                    }
                    let name = match key {
                        PropKey::Computed(_) => {
                            self.load_name(&key_var(i), *span)?;
                            String::new()
                        }
                        k => {
                            let units = static_key(k);
                            let c = self.str_const(&units);
                            self.emit(Op::Const(c));
                            String::from_utf16_lossy(&units)
                        }
                    };
                    match value {
                        Some(v) => self.named_expr(v, &name)?,
                        None => {
                            self.emit(Op::Undef);
                        }
                    }
                    self.emit(Op::InitElem);
                    self.emit(Op::Pop);
                }
                ClassMember::StaticBlock { body, .. } if is_static => {
                    self.push_scope();
                    self.block_body(body, true)?;
                    self.pop_scope();
                }
                _ => {}
            }
        }
        self.emit(Op::Undef);
        self.emit(Op::Return);
        let code = self.end_fn();
        let idx = self.out.len() as u32 + 1 + self.opts.func_base;
        self.out.push(Some(code));
        self.emit(Op::Closure(idx));
        Ok(())
    }

    /// Entry of a class constructor: marks the code, and a base class defines its
    /// instance fields on the new object first.
    pub(super) fn class_ctor_prologue(&mut self) -> CResult<()> {
        let st = self.st();
        if st.class_ctor == 0 {
            return Ok(());
        }
        st.code.class_ctor = st.class_ctor;
        st.code.is_method = false;
        if st.class_ctor == CLASS_BASE && st.has_fields {
            self.load_name(FIELDS_VAR, Span::default())?;
            self.emit(Op::This);
            self.emit(Op::Call(0, u32::MAX));
            self.emit(Op::Pop);
        }
        Ok(())
    }

    /// `super(args)`: constructs the parent, binds `this`, defines the instance fields.
    pub(super) fn super_call(&mut self, args: &[Argument], span: Span) -> CResult<()> {
        let st = self.st();
        if st.is_arrow && st.derived_this {
            return Err(self.unsupported(span, "super() inside an arrow function"));
        }
        if st.class_ctor != CLASS_DERIVED {
            return Err(self.syntax_error(span, "'super' keyword unexpected here"));
        }
        let has_fields = st.has_fields;
        self.emit(Op::Undef);
        let text = self.name_const("super");
        if args.iter().any(|a| matches!(a, Argument::Spread(_))) {
            self.args_array(args)?;
            self.span_pos = span.start;
            self.emit(Op::SuperCallSpread(text));
        } else {
            if args.len() > u16::MAX as usize {
                return Err(self.unsupported(span, "a call with this many arguments"));
            }
            for a in args {
                if let Argument::Expr(x) = a {
                    self.expr(x)?;
                }
            }
            self.span_pos = span.start;
            self.emit(Op::SuperCall(args.len() as u16, text));
        }
        self.emit(Op::BindThis);
        if has_fields {
            self.emit(Op::Dup);
            self.load_name(FIELDS_VAR, span)?;
            self.emit(Op::Swap);
            self.emit(Op::Call(0, u32::MAX));
            self.emit(Op::Pop);
        }
        Ok(())
    }

    /// `super.x` / `super[x]`: pushes the value read from the home object's prototype.
    pub(super) fn super_member(&mut self, prop: &MemberProp, span: Span) -> CResult<()> {
        self.super_base_and_key(prop, span)?;
        // A getter found there runs with `this` the receiver, not the prototype.
        self.this();
        self.emit(Op::SuperGet);
        Ok(())
    }

    /// `super.x = v` and `super.x op= v`: [] -> [the value assigned]. A setter found from
    /// the home's prototype up runs with `this` the receiver; otherwise the receiver gets
    /// (or updates) an own data property (ECMAScript's OrdinarySet with a receiver).
    pub(super) fn super_assign(
        &mut self,
        prop: &MemberProp,
        op: AssignOp,
        value: &Expr,
        span: Span,
    ) -> CResult<()> {
        self.super_base_and_key(prop, span)?;
        match op {
            AssignOp::Assign => self.expr(value)?,
            AssignOp::Binary(b) => {
                self.emit(Op::Dup2);
                self.this();
                self.emit(Op::SuperGet);
                self.expr(value)?;
                self.emit(super::binop(b));
            }
            AssignOp::Logical(_) => {
                return Err(self.unsupported(span, "logical assignment to a super property"))
            }
        }
        self.this();
        self.span_pos = span.start;
        self.emit(Op::SuperSet);
        Ok(())
    }

    /// [] -> [home's prototype, key] for `super.x` / `super[k]`.
    fn super_base_and_key(&mut self, prop: &MemberProp, span: Span) -> CResult<()> {
        let Some(is_static) = self.st().home else {
            // An object literal's method (the nearest non-arrow function is a method with
            // no class home): valid JavaScript that is not supported yet.
            let in_object_method = self
                .fns
                .iter()
                .rev()
                .find(|f| !f.is_arrow)
                .is_some_and(|f| f.code.is_method);
            if in_object_method {
                return Err(self.unsupported(span, "super in object literal methods"));
            }
            return Err(self.syntax_error(span, "'super' keyword unexpected here"));
        };
        self.load_name(if is_static { CLASS_VAR } else { PROTO_VAR }, span)?;
        self.emit(Op::SuperBase);
        self.span_pos = span.start;
        match prop {
            MemberProp::Name(id) => {
                let c = self.name_const(&id.name);
                self.emit(Op::Const(c));
            }
            MemberProp::Computed(k) => {
                self.expr(k)?;
                self.emit(Op::ToPropertyKey);
            }
            // The grammar has no `super.#x`.
            MemberProp::Private(_) => {
                return Err(self.syntax_error(span, "Unexpected private field"));
            }
        }
        Ok(())
    }

    /// `this`: checked in a derived constructor (and arrows in it), where it is unbound
    /// until `super()` returns.
    pub(super) fn this(&mut self) {
        if self.st().derived_this {
            self.emit(Op::ThisChecked);
        } else {
            self.emit(Op::This);
        }
    }

    /// `new.target`.
    pub(super) fn new_target(&mut self, span: Span) -> CResult<()> {
        if self.fns.len() == 1 {
            return Err(self.syntax_error(span, "new.target expression is not allowed here"));
        }
        if self.st().is_arrow {
            return Err(self.unsupported(span, "new.target inside an arrow function"));
        }
        self.emit(Op::NewTarget);
        Ok(())
    }
}

/// `constructor() {}` or, for a derived class, `constructor(...args) { super(...args); }`.
fn default_constructor(derived: bool, span: Span) -> Function {
    let (rest, body) = if derived {
        let args = Expr {
            kind: ExprKind::Ident("args".into()),
            span,
        };
        let call = Expr {
            kind: ExprKind::SuperCall(vec![Argument::Spread(args)]),
            span,
        };
        (
            Some(Box::new(Pattern {
                kind: PatternKind::Ident("args".into()),
                span,
            })),
            vec![Stmt {
                kind: StmtKind::Expr(Box::new(call)),
                span,
            }],
        )
    } else {
        (None, Vec::new())
    };
    Function {
        name: None,
        kind: FunctionKind::Method,
        is_async: false,
        is_generator: false,
        params: Vec::new(),
        rest,
        body: FunctionBody::Block(body),
        span,
    }
}
