//! OpenAPI 3.0/3.1 operations as codemode tools over HTTP
