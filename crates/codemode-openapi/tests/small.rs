//! Small documents of our own, one rule each.

use codemode_openapi::{
    env_var_name, from_spec, Credentials, Document, OpenApiError, OpenApiOptions, SchemeKind,
};
use serde_json::json;
use std::fmt::Write;

fn render(spec: &str) -> String {
    let conversion = from_spec(spec, OpenApiOptions::default()).expect("converts");
    let mut out = String::new();
    for tool in &conversion.tools {
        writeln!(out, "{}", tool.path()).unwrap();
        writeln!(out, "  in:  {}", tool.input_schema()).unwrap();
        if let Some(schema) = tool.output_schema() {
            writeln!(out, "  out: {schema}").unwrap();
        }
    }
    for s in &conversion.skipped {
        writeln!(out, "skipped {} {}: {}", s.method, s.path, s.reason).unwrap();
    }
    out
}

#[test]
fn read_only_and_write_only() {
    insta::assert_snapshot!(render(
        r#"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /users:
    post:
      operationId: users.create
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/User'}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {$ref: '#/components/schemas/User'}
components:
  schemas:
    User:
      type: object
      required: [id, name, password]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string}
        password: {type: string, writeOnly: true}
        nickname: {type: string, nullable: true}
        age: {type: integer, minimum: 0, exclusiveMinimum: true, example: 3}
"#
    ));
}

#[test]
fn deep_object_and_other_styles() {
    insta::assert_snapshot!(render(
        r#"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /search:
    get:
      operationId: search
      parameters:
        - {name: filter, in: query, style: deepObject, explode: true,
           schema: {type: object, properties: {status: {type: string}, min: {type: integer}}}}
        - {name: ids, in: query, explode: false, schema: {type: array, items: {type: integer}}}
        - {name: X-Id, in: header, required: true, schema: {type: string}}
        - {name: Accept, in: header, schema: {type: string}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array}}}}
  /matrix/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, style: matrix, schema: {type: string}}
      responses: {'204': {description: none}}
  /piped:
    get:
      parameters:
        - {name: ids, in: query, style: pipeDelimited, schema: {type: array}}
      responses: {'204': {description: none}}
  /cookie:
    get:
      parameters:
        - {name: session, in: cookie, schema: {type: string}}
      responses: {'204': {description: none}}
  /content:
    get:
      parameters:
        - {name: q, in: query, content: {application/json: {schema: {type: object}}}}
      responses: {'204': {description: none}}
"#
    ));
}

#[test]
fn every_security_scheme_kind() {
    let spec = r#"
openapi: 3.1.0
info: {title: t, version: "1"}
security: [{bearer: []}]
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer, bearerFormat: JWT}
    basic: {type: http, scheme: basic}
    digest: {type: http, scheme: digest}
    headerKey: {type: apiKey, in: header, name: X-Key}
    queryKey: {type: apiKey, in: query, name: key}
    cookieKey: {type: apiKey, in: cookie, name: sid}
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://x/token', scopes: {}}}}
    oidc: {type: openIdConnect, openIdConnectUrl: 'https://x/.well-known'}
    mtls: {type: mutualTLS}
paths:
  /global: {get: {responses: {'204': {description: ok}}}}
  /basic: {get: {security: [{basic: []}], responses: {'204': {description: ok}}}}
  /keys: {get: {security: [{headerKey: [], queryKey: []}, {cookieKey: []}], responses: {'204': {description: ok}}}}
  /oauth: {get: {security: [{oauth: [read]}, {oidc: []}], responses: {'204': {description: ok}}}}
  /digest: {get: {security: [{digest: []}], responses: {'204': {description: ok}}}}
  /mtls-or-basic: {get: {security: [{mtls: []}, {basic: []}], responses: {'204': {description: ok}}}}
  /mtls: {get: {security: [{mtls: []}], responses: {'204': {description: ok}}}}
  /undefined: {get: {security: [{nope: []}], responses: {'204': {description: ok}}}}
  /optional: {get: {security: [{mtls: []}, {}], responses: {'204': {description: ok}}}}
  /public: {get: {security: [], responses: {'204': {description: ok}}}}
"#;
    insta::assert_snapshot!(render(spec));
    let document = Document::parse(spec).unwrap();
    assert_eq!(
        document.security_scheme_names(),
        [
            "bearer",
            "basic",
            "digest",
            "headerKey",
            "queryKey",
            "cookieKey",
            "oauth",
            "oidc",
            "mtls"
        ]
    );
    let scheme = codemode_openapi::SecurityScheme {
        name: "x".into(),
        kind: SchemeKind::Bearer,
    };
    assert_eq!(scheme.kind, SchemeKind::Bearer);
}

#[test]
fn names_collisions_and_namespaces() {
    insta::assert_snapshot!(render(
        r#"
openapi: 3.0.0
info: {title: t, version: "1"}
paths:
  /users/{id}:
    parameters:
      - {name: id, in: path, required: true, schema: {type: integer}}
    get:
      parameters:
        - {name: id, in: query, schema: {type: string}, description: a query id}
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object}}}}}
    put:
      operationId: users.update
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties: {id: {type: integer}, name: {type: string}}
      responses: {'204': {description: ok}}
    patch:
      operationId: users.update
      requestBody:
        content:
          application/merge-patch+json:
            schema: {type: object, additionalProperties: {type: string}}
      responses: {'204': {description: ok}}
  /users:
    get:
      operationId: users
      responses: {'204': {description: ok}}
    post:
      operationId: "users/create-one"
      requestBody:
        content:
          application/json:
            schema:
              allOf:
                - {type: object, required: [name], properties: {name: {type: string}}}
                - {type: object, properties: {email: {type: string}}}
      responses: {'204': {description: ok}}
  /users/{id}/posts:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      responses: {'204': {description: ok}}
  /v1/users/{id}/posts:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      responses: {'204': {description: ok}}
    post:
      operationId: "!!!"
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
      requestBody:
        content:
          application/json:
            schema: {type: array, items: {type: string}}
      responses: {'204': {description: ok}}
  /nullable:
    post:
      operationId: nullableBody
      requestBody:
        content:
          application/json:
            schema: {type: object, nullable: true, properties: {a: {type: string}}}
      responses: {'204': {description: ok}}
"#
    ));
}

#[test]
fn recursive_and_exponential_schemas_stay_bounded() {
    // A tree (self-recursive), a mutual recursion, and a ref DAG that would double 30 times.
    let mut spec = String::from(
        r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
  "paths": {"/tree": {"get": {"operationId": "tree", "responses": {"200": {"description": "ok",
     "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}},
            "/wide": {"get": {"operationId": "wide", "responses": {"200": {"description": "ok",
     "content": {"application/json": {"schema": {"$ref": "#/components/schemas/D0"}}}}}}}},
  "components": {"schemas": {
    "Node": {"type": "object", "properties": {"name": {"type": "string"},
             "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
             "other": {"$ref": "#/components/schemas/Other"}}},
    "Other": {"type": "object", "properties": {"back": {"$ref": "#/components/schemas/Node"}}}"##,
    );
    for i in 0..30 {
        let next = format!("#/components/schemas/D{}", i + 1);
        write!(
            spec,
            r#", "D{i}": {{"type": "object", "properties": {{"a": {{"$ref": "{next}"}}, "b": {{"$ref": "{next}"}}}}}}"#
        )
        .unwrap();
    }
    spec.push_str(r#", "D30": {"type": "string"}}}}"#);
    let conversion = from_spec(&spec, OpenApiOptions::default()).unwrap();
    let tree = &conversion.tools[0];
    insta::assert_snapshot!(serde_json::to_string_pretty(tree.output_schema().unwrap()).unwrap());
    let wide = conversion.tools[1].output_schema().unwrap().to_string();
    assert!(wide.len() < 20_000, "bounded: {} bytes", wide.len());
    assert!(wide.contains("\"type\":\"object\""));
}

#[test]
fn unsupported_bodies_and_responses_are_skipped() {
    insta::assert_snapshot!(render(
        r##"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /upload:
    post:
      requestBody:
        content: {multipart/form-data: {schema: {type: object}}}
      responses: {'204': {description: ok}}
  /download:
    get:
      responses: {'200': {description: ok, content: {application/octet-stream: {schema: {type: string, format: binary}}}}}
  /events:
    get:
      responses: {'200': {description: ok, content: {text/event-stream: {schema: {type: string}}}}}
  /socket:
    get:
      responses: {'101': {description: upgrade}}
  /external:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: 'other.yaml#/Pet'}}}}}
  /dangling:
    get:
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Nope'}}}}}
  /undeclared/{id}:
    get:
      responses: {'204': {description: ok}}
  /both:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object}}, text/csv: {}}}
        '204': {description: nothing}
  /text:
    get:
      responses: {'200': {description: ok, content: {text/csv: {schema: {type: string}}}}}
  /default-only:
    get:
      responses: {default: {description: whatever}}
"##
    ));
}

#[test]
fn documents_that_are_not_openapi() {
    let err = |text: &str| from_spec(text, OpenApiOptions::default()).unwrap_err();
    assert_eq!(
        err("{\"openapi\": \"3.1.0\",\n  \"paths\": [}").to_string(),
        "invalid JSON: expected value (line 2, column 13)"
    );
    let yaml = err("openapi: 3.0.0\npaths:\n  - a\n  b: c\n");
    assert!(
        matches!(
            yaml,
            OpenApiError::Syntax {
                format: "YAML",
                line: Some(_),
                ..
            }
        ),
        "{yaml:?}"
    );
    assert_eq!(
        err("swagger: '2.0'\npaths: {}").to_string(),
        "unsupported OpenAPI version swagger 2.0 (convert it to OpenAPI 3 first): only 3.0.x and 3.1.x are supported"
    );
    assert_eq!(
        err("openapi: 4.0.0").to_string(),
        "unsupported OpenAPI version 4.0.0: only 3.0.x and 3.1.x are supported"
    );
    assert_eq!(
        err("[1, 2]").to_string(),
        "not an OpenAPI document: the document is an array, not an object"
    );
    assert_eq!(
        err("title: hello").to_string(),
        "not an OpenAPI document: there is no `openapi` version field"
    );
    assert_eq!(
        err("openapi: 3.1.0\npaths: 3").to_string(),
        "not an OpenAPI document: `paths` is a number, not an object"
    );
    let bad_option = from_spec(
        "openapi: 3.1.0",
        OpenApiOptions {
            headers: vec![("Bad Header".into(), "x".into())],
            ..OpenApiOptions::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        bad_option.to_string(),
        "invalid option: invalid header name \"Bad Header\""
    );
    // A document with no paths is fine: no tools.
    let empty = from_spec(
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}",
        OpenApiOptions::default(),
    )
    .unwrap();
    assert!(empty.tools.is_empty() && empty.skipped.is_empty());
}

#[test]
#[allow(unsafe_code)]
fn credentials_from_the_environment() {
    assert_eq!(env_var_name("libraryKey"), "CODEMODE_AUTH_LIBRARYKEY");
    assert_eq!(env_var_name("api-key.v2"), "CODEMODE_AUTH_API_KEY_V2");
    // SAFETY: no other test in this binary reads or writes the environment.
    unsafe {
        std::env::set_var("CODEMODE_AUTH_SMALL_TEST_KEY", "from-env-secret");
    }
    let spec = r#"{"openapi": "3.1.0", "components": {"securitySchemes": {
        "small-test-key": {"type": "apiKey", "in": "header", "name": "X-K"},
        "unset": {"type": "http", "scheme": "bearer"}}}}"#;
    let credentials = Credentials::from_env(spec);
    assert_eq!(
        credentials.schemes().collect::<Vec<_>>(),
        ["small-test-key"]
    );
    assert_eq!(
        credentials.get("small-test-key").unwrap().expose(),
        "from-env-secret"
    );
    let debug = format!("{credentials:?}");
    assert_eq!(debug, r#"{"small-test-key": "<redacted>"}"#);
    assert!(Credentials::from_env("not a spec: [").is_empty());
}

#[test]
fn descriptions_come_from_summary_and_description() {
    let conversion = from_spec(
        r#"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      summary: Short
      description: Longer text.
      deprecated: true
      responses: {'204': {description: ok}}
  /b:
    get:
      responses: {'204': {description: ok}}
"#,
        OpenApiOptions::default(),
    )
    .unwrap();
    assert_eq!(
        conversion.tools[0].description(),
        "Short\n\nLonger text.\n\nDeprecated."
    );
    assert_eq!(conversion.tools[1].description(), "GET /b");
    assert_eq!(
        conversion.tools[1].input_schema(),
        &json!({"type": "object", "properties": {}, "additionalProperties": false})
    );
}

#[test]
fn operations_returning_the_same_type_share_one_output_schema() {
    let spec = r#"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      operationId: a.get
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
  /b:
    get:
      operationId: b.get
      responses:
        '200': {$ref: '#/components/responses/ItemResponse'}
  /c:
    get:
      operationId: c.get
      responses:
        '200': {$ref: '#/components/responses/ItemResponse'}
  /d:
    get:
      operationId: d.get
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
  /e:
    get:
      operationId: e.list
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Item'}}}}}
  /f:
    post:
      operationId: f.create
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}}
        '204': {description: none}
components:
  responses:
    ItemResponse:
      description: ok
      content: {application/json: {schema: {$ref: '#/components/schemas/Item'}}}
  schemas:
    Item:
      type: object
      properties:
        id: {type: integer, readOnly: true}
        secret: {type: string, writeOnly: true}
"#;
    let conversion = from_spec(spec, OpenApiOptions::default()).expect("converts");
    let out = |path: &str| {
        conversion
            .tools
            .iter()
            .find(|t| t.path().to_string() == path)
            .and_then(|t| t.output_schema())
            .expect("has an output schema")
    };
    let item = out("a.get");
    assert_eq!(
        item,
        &json!({"type": "object", "properties": {"id": {"type": "integer", "readOnly": true}}})
    );
    // The same document schema, reached directly or through a shared response: one copy.
    for path in ["b.get", "c.get", "d.get"] {
        assert!(
            std::ptr::eq(out(path), item),
            "{path} shares a.get's schema"
        );
    }
    // Different types are different schemas.
    assert!(!std::ptr::eq(out("e.list"), item));
    assert_eq!(out("e.list")["type"], json!("array"));
    assert!(!std::ptr::eq(out("f.create"), item));
    assert_eq!(out("f.create")["anyOf"][1], json!({"type": "null"}));
}

#[test]
fn ref_loops_and_remote_refs_are_reported_never_dropped() {
    // Each way a reference can fail, at each place one can stand: a schema, a parameter,
    // a request body, a response, a whole path item. Recursion through a property stays
    // supported (`Tree`); a loop of bare references describes nothing and is skipped.
    let spec = r##"
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /tree:
    get:
      operationId: tree
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Tree'}}}}}
  /schema-loop:
    get:
      operationId: schemaLoop
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}
  /self-loop:
    post:
      operationId: selfLoop
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Self'}}}}
      responses: {'204': {description: ok}}
  /param-loop:
    get:
      operationId: paramLoop
      parameters: [{$ref: '#/components/parameters/P1'}]
      responses: {'204': {description: ok}}
  /response-loop:
    get:
      operationId: responseLoop
      responses: {'200': {$ref: '#/components/responses/R1'}}
  /remote-schema:
    get:
      operationId: remoteSchema
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: 'https://example.com/schemas.json#/Pet'}}}}}
  /remote-param:
    get:
      operationId: remoteParam
      parameters: [{$ref: 'params.yaml#/limit'}]
      responses: {'204': {description: ok}}
  /remote-item:
    $ref: 'https://example.com/paths.yaml#/items'
  /item-loop:
    $ref: '#/paths/~1item-loop'
  /not-an-object: 42
  /bad-operation:
    get: [1, 2]
components:
  schemas:
    Tree: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Tree'}}}}
    A: {$ref: '#/components/schemas/B'}
    B: {$ref: '#/components/schemas/A'}
    Self: {$ref: '#/components/schemas/Self'}
  parameters:
    P1: {$ref: '#/components/parameters/P2'}
    P2: {$ref: '#/components/parameters/P1'}
  responses:
    R1: {$ref: '#/components/responses/R1'}
"##;
    let conversion = from_spec(spec, OpenApiOptions::default()).expect("converts");
    let names: Vec<String> = conversion.tools.iter().map(|t| t.path().dotted()).collect();
    assert_eq!(names, ["tree"]);
    // Every operation of the document is either a tool or reported.
    assert_eq!(conversion.skipped.len(), 10, "{:#?}", conversion.skipped);
    insta::assert_snapshot!(render(spec));
}
