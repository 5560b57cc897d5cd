//! The data contract, exercised through a small program-side value model (an arena of
//! containers, so cycles and shared references can be built as interpreters build them).

use codemode_data::{
    encoded_len, encoded_len_within, export, import, truncate, DataError, ExportError,
    ExportLimits, ExportSource, ImportSink, Shape, Text, DEFAULT_MAX_DEPTH, TRUNCATION_MARKER,
};
use proptest::prelude::*;
use serde_json::{json, Number, Value};

#[derive(Debug, Clone, PartialEq)]
enum V {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Bytes(Vec<u8>),
    Utf16(Vec<u16>),
    Ref(usize),
    Function,
}

#[derive(Debug)]
enum Node {
    Array(Vec<V>),
    Object(Vec<(String, V)>),
    Sparse,
}

#[derive(Default)]
struct Heap {
    nodes: Vec<Node>,
}

impl Heap {
    fn alloc(&mut self, node: Node) -> V {
        self.nodes.push(node);
        V::Ref(self.nodes.len() - 1)
    }
}

impl ExportSource for Heap {
    type Value = V;
    fn shape<'a>(&'a self, value: &'a V) -> Shape<'a, V> {
        match value {
            V::Null => Shape::Null,
            V::Bool(b) => Shape::Bool(*b),
            V::Int(i) => Shape::Int(*i),
            V::Float(f) => Shape::Float(*f),
            V::Bytes(b) => Shape::Text(Text::Bytes(b)),
            V::Utf16(u) => Shape::Text(Text::Utf16(u)),
            V::Function => Shape::NotData("a function".into()),
            V::Ref(i) => match &self.nodes[*i] {
                Node::Array(items) => Shape::Array {
                    identity: *i,
                    items: items.clone(),
                },
                Node::Object(entries) => Shape::Object {
                    identity: *i,
                    entries: entries
                        .iter()
                        .map(|(k, v)| (Text::Str(k.as_str()), v.clone()))
                        .collect(),
                },
                Node::Sparse => Shape::NotData("a sparse table".into()),
            },
        }
    }
}

impl ImportSink for Heap {
    type Value = V;
    type Error = DataError;
    fn null(&mut self) -> Result<V, DataError> {
        Ok(V::Null)
    }
    fn bool(&mut self, b: bool) -> Result<V, DataError> {
        Ok(V::Bool(b))
    }
    fn number(&mut self, n: &Number) -> Result<V, DataError> {
        Ok(match n.as_i64() {
            Some(i) => V::Int(i),
            None => V::Float(n.as_f64().unwrap_or(f64::NAN)),
        })
    }
    fn string(&mut self, s: &str) -> Result<V, DataError> {
        Ok(V::Bytes(s.as_bytes().to_vec()))
    }
    fn array(&mut self, items: Vec<V>) -> Result<V, DataError> {
        Ok(self.alloc(Node::Array(items)))
    }
    fn object(&mut self, entries: Vec<(&str, V)>) -> Result<V, DataError> {
        Ok(self.alloc(Node::Object(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )))
    }
}

fn depth(max_depth: usize) -> ExportLimits {
    ExportLimits {
        max_depth,
        ..ExportLimits::within_memory(usize::MAX)
    }
}

fn data_error(e: ExportError) -> DataError {
    match e {
        ExportError::Data(e) => e,
        other => panic!("expected a data error, got {other:?}"),
    }
}

fn roundtrip(value: &Value) -> Value {
    let mut heap = Heap::default();
    let v = import(&mut heap, value, DEFAULT_MAX_DEPTH).expect("import");
    export(&heap, &v, &depth(DEFAULT_MAX_DEPTH)).expect("export")
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        // Non-integral finite floats: integral ones intentionally become integers.
        (any::<i32>(), 1u32..1000).prop_map(|(a, b)| json!(a as f64 + b as f64 / 1024.0)),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(("[a-z_ ]{0,6}", inner), 0..6)
                .prop_map(|entries| { Value::Object(entries.into_iter().collect()) }),
        ]
    })
}

proptest! {
    #[test]
    fn any_json_value_survives_the_round_trip(value in json_value()) {
        prop_assert_eq!(roundtrip(&value), value);
    }

    #[test]
    fn encoded_len_equals_serde_json(value in json_value()) {
        let expected = serde_json::to_vec(&value).unwrap().len();
        prop_assert_eq!(encoded_len(&value), expected);
        prop_assert_eq!(encoded_len_within(&value, expected), Some(expected));
        if expected > 0 {
            prop_assert_eq!(encoded_len_within(&value, expected - 1), None);
        }
    }

    #[test]
    fn truncation_fits_the_budget(value in json_value(), max in 64usize..400) {
        let original = encoded_len(&value);
        let t = truncate(value.clone(), max);
        prop_assert!(encoded_len(&t.value) <= max, "{} > {}", encoded_len(&t.value), max);
        prop_assert_eq!(t.truncated, original > max);
        prop_assert_eq!(t.original_bytes, original);
        if !t.truncated {
            prop_assert_eq!(t.value, value);
        }
    }
}

#[test]
fn empty_shapes_and_key_order_are_preserved() {
    let value = json!({"z": [], "a": {}, "m": [{}, []], "b": null});
    assert_eq!(roundtrip(&value), value);
    assert_eq!(
        serde_json::to_string(&roundtrip(&value)).unwrap(),
        r#"{"z":[],"a":{},"m":[{},[]],"b":null}"#
    );
}

#[test]
fn non_finite_numbers_become_null_and_integral_floats_integers() {
    let heap = Heap::default();
    assert_eq!(
        export(&heap, &V::Float(f64::NAN), &depth(8)).unwrap(),
        Value::Null
    );
    assert_eq!(
        export(&heap, &V::Float(f64::INFINITY), &depth(8)).unwrap(),
        Value::Null
    );
    assert_eq!(export(&heap, &V::Float(5.0), &depth(8)).unwrap(), json!(5));
    assert_eq!(
        export(&heap, &V::Float(0.5), &depth(8)).unwrap(),
        json!(0.5)
    );
    assert_eq!(
        export(&heap, &V::Float(1e300), &depth(8)).unwrap(),
        json!(1e300)
    );
}

fn rows_with(bad: V) -> (Heap, V) {
    let mut heap = Heap::default();
    let tags = heap.alloc(Node::Array(vec![V::Bytes(b"ok".to_vec())]));
    let mut rows = Vec::new();
    for i in 0..3 {
        rows.push(heap.alloc(Node::Object(vec![
            ("id".into(), V::Int(i)),
            ("tags".into(), tags.clone()),
        ])));
    }
    rows.push(heap.alloc(Node::Object(vec![
        ("id".into(), V::Int(3)),
        ("tags".into(), bad),
    ])));
    let rows = heap.alloc(Node::Array(rows));
    let root = heap.alloc(Node::Object(vec![("rows".into(), rows)]));
    (heap, root)
}

#[test]
fn violations_name_their_path() {
    let cases: Vec<(V, &str)> = vec![
        (V::Function, "a function is not data"),
        (V::Bytes(vec![0xff, 0xfe]), "not valid UTF-8"),
        (V::Utf16(vec![0xd800]), "lone surrogate"),
    ];
    for (bad, reason) in cases {
        let (heap, root) = rows_with(bad);
        let err = data_error(export(&heap, &root, &depth(DEFAULT_MAX_DEPTH)).unwrap_err());
        assert_eq!(err.path, "$.rows[3].tags");
        assert!(err.reason.contains(reason), "{}", err.reason);
    }
    let mut heap = Heap::default();
    let sparse = heap.alloc(Node::Sparse);
    let root = heap.alloc(Node::Object(vec![("rows".into(), sparse)]));
    let err = data_error(export(&heap, &root, &depth(DEFAULT_MAX_DEPTH)).unwrap_err());
    assert_eq!(err.to_string(), "a sparse table is not data at $.rows");
    let diagnostic = err.into_diagnostic();
    assert_eq!(
        diagnostic.kind,
        codemode_core::DiagnosticKind::InvalidDataValue
    );
}

#[test]
fn cycles_are_rejected_but_shared_references_are_copied() {
    let mut heap = Heap::default();
    let inner = heap.alloc(Node::Array(vec![V::Int(1)]));
    let shared = heap.alloc(Node::Array(vec![inner.clone(), inner]));
    assert_eq!(
        export(&heap, &shared, &depth(8)).unwrap(),
        json!([[1], [1]])
    );

    heap.nodes.push(Node::Object(Vec::new()));
    let me = heap.nodes.len() - 1;
    heap.nodes[me] = Node::Object(vec![("self".into(), V::Ref(me))]);
    let err = data_error(export(&heap, &V::Ref(me), &depth(8)).unwrap_err());
    assert_eq!(err.path, "$.self");
    assert!(err.reason.contains("cycle"));
}

/// 40 containers, each holding the previous one twice: 2^40 values once expanded.
fn doubling_graph(heap: &mut Heap, levels: usize) -> V {
    let mut v = heap.alloc(Node::Array(vec![V::Int(1)]));
    for _ in 0..levels {
        v = heap.alloc(Node::Array(vec![v.clone(), v]));
    }
    v
}

#[test]
fn shared_references_stop_at_the_expansion_bounds() {
    let mut heap = Heap::default();
    let v = doubling_graph(&mut heap, 40);
    let limits = ExportLimits::within_memory(1 << 20);
    let err = data_error(export(&heap, &v, &limits).unwrap_err());
    assert!(
        err.reason.contains("too large when expanded"),
        "{}",
        err.reason
    );
    assert!(err.reason.contains("bytes of memory"), "{}", err.reason);

    let limits = ExportLimits::within_memory(usize::MAX).with_encoded_bytes(1000);
    let err = data_error(export(&heap, &v, &limits).unwrap_err());
    assert!(
        err.reason.contains("more than 1000 bytes of JSON"),
        "{}",
        err.reason
    );

    // Small graphs pass, and the encoded count is never above the real encoding.
    let small = doubling_graph(&mut heap, 4);
    let json = export(&heap, &small, &ExportLimits::within_memory(1 << 20)).unwrap();
    let real = encoded_len(&json);
    let exact = ExportLimits::within_memory(usize::MAX).with_encoded_bytes(real);
    assert_eq!(export(&heap, &small, &exact).unwrap(), json);
}

#[test]
fn a_passed_deadline_stops_a_long_export() {
    let mut heap = Heap::default();
    let v = doubling_graph(&mut heap, 40);
    let deadline = codemode_core::Deadline::after(std::time::Duration::from_millis(20));
    let limits = ExportLimits::within_memory(usize::MAX).with_deadline(Some(deadline));
    let start = std::time::Instant::now();
    assert_eq!(export(&heap, &v, &limits), Err(ExportError::DeadlinePassed));
    // Loose: the walk notices within a few thousand values of the deadline.
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn depth_is_bounded_both_ways() {
    let mut heap = Heap::default();
    let mut v = V::Null;
    for _ in 0..10 {
        v = heap.alloc(Node::Array(vec![v]));
    }
    assert!(export(&heap, &v, &depth(10)).is_ok());
    let err = data_error(export(&heap, &v, &depth(9)).unwrap_err());
    assert!(err.reason.contains("deeper than 9"));

    let mut deep = json!(1);
    for _ in 0..10_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut heap = Heap::default();
    let err = import(&mut heap, &deep, DEFAULT_MAX_DEPTH).unwrap_err();
    assert!(err.reason.contains("deeper than 128"));
    // Dropping a deep serde_json value recurses; forget it to keep this test about us.
    std::mem::forget(deep);
}

#[test]
fn truncation_marks_in_band() {
    let big =
        json!({"rows": (0..1000).map(|i| json!({"id": i, "name": "item"})).collect::<Vec<_>>()});
    let t = truncate(big, 200);
    assert!(t.truncated);
    let text = t.value.as_str().unwrap();
    assert!(text.starts_with("{\"rows\":[{\"id\":0"));
    assert!(text.contains(TRUNCATION_MARKER));
    assert!(encoded_len(&t.value) <= 200);
}
