//! Credentials and how they reach a request. Secrets live only here and in the request being
//! built: never in a tool's schema, description, error message or `Debug` output.

use crate::Document;
use codemode_catalog::Context;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A credential value. Its `Debug` and `Display` never show the value.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    /// The value, for building a request.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Secret {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Secret {
        Secret(value.to_owned())
    }
}

/// Static credentials: a `securitySchemes` name -> its secret. What the secret is depends on
/// the scheme: a token (http bearer, oauth2, openIdConnect), `user:password` (http basic),
/// or the key itself (apiKey).
#[derive(Clone, Default)]
pub struct Credentials {
    secrets: BTreeMap<String, Secret>,
}

impl Credentials {
    pub fn new() -> Credentials {
        Credentials::default()
    }

    /// Adds (or replaces) the secret for `scheme`.
    pub fn with(mut self, scheme: impl Into<String>, secret: impl Into<Secret>) -> Credentials {
        self.insert(scheme, secret);
        self
    }

    pub fn insert(&mut self, scheme: impl Into<String>, secret: impl Into<Secret>) {
        self.secrets.insert(scheme.into(), secret.into());
    }

    pub fn get(&self, scheme: &str) -> Option<&Secret> {
        self.secrets.get(scheme)
    }

    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    /// The scheme names that have a secret.
    pub fn schemes(&self) -> impl Iterator<Item = &str> {
        self.secrets.keys().map(String::as_str)
    }

    /// Reads `CODEMODE_AUTH_<SCHEME>` for every `securitySchemes` entry of `spec` (JSON or
    /// YAML text). A document that cannot be parsed has no schemes, so this gives empty
    /// credentials; [`crate::from_spec`] reports the parse error.
    pub fn from_env(spec: &str) -> Credentials {
        match Document::parse(spec) {
            Ok(document) => Credentials::from_env_document(&document),
            Err(_) => Credentials::default(),
        }
    }

    /// [`Credentials::from_env`] for an already-parsed document.
    pub fn from_env_document(document: &Document) -> Credentials {
        Credentials::from_env_for(document.security_scheme_names())
    }

    /// Reads `CODEMODE_AUTH_<SCHEME>` for each named scheme.
    pub fn from_env_for<I, S>(schemes: I) -> Credentials
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut credentials = Credentials::default();
        for scheme in schemes {
            let scheme = scheme.as_ref();
            if let Ok(value) = std::env::var(env_var_name(scheme)) {
                credentials.insert(scheme, value);
            }
        }
        credentials
    }

    /// Every secret value, for redacting echoes of them in server error excerpts.
    pub(crate) fn values(&self) -> impl Iterator<Item = &Secret> {
        self.secrets.values()
    }
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.secrets.keys().map(|k| (k, "<redacted>")))
            .finish()
    }
}

/// The environment variable that holds the credential for `scheme`: `CODEMODE_AUTH_` then the
/// name upper-cased with every character that is not an ASCII letter or digit turned into `_`
/// (`libraryKey` -> `CODEMODE_AUTH_LIBRARYKEY`, `api-key` -> `CODEMODE_AUTH_API_KEY`).
pub fn env_var_name(scheme: &str) -> String {
    let mut name = String::from("CODEMODE_AUTH_");
    name.extend(scheme.chars().map(|c| {
        if c.is_ascii_alphanumeric() {
            c.to_ascii_uppercase()
        } else {
            '_'
        }
    }));
    name
}

/// Where an API key goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiKeyLocation {
    Header,
    Query,
    Cookie,
}

/// The supported kinds of `securitySchemes` entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SchemeKind {
    /// `type: http, scheme: bearer`: `Authorization: Bearer <secret>`.
    Bearer,
    /// `type: http, scheme: basic`: the secret is `user:password`.
    Basic,
    /// `type: apiKey`: the secret is sent as header, query parameter or cookie `name`.
    ApiKey {
        location: ApiKeyLocation,
        name: String,
    },
    /// `type: oauth2`: the secret is an access token, sent as a bearer token.
    OAuth2,
    /// `type: openIdConnect`: the secret is an access/ID token, sent as a bearer token.
    OpenIdConnect,
}

/// A usable `securitySchemes` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecurityScheme {
    /// The entry's name in `components.securitySchemes`.
    pub name: String,
    pub kind: SchemeKind,
}

impl SecurityScheme {
    /// Reads one entry; `Err` says why it cannot be used.
    pub(crate) fn parse(name: &str, value: &serde_json::Value) -> Result<SecurityScheme, String> {
        let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        let kind = match text("type") {
            Some("http") => match text("scheme").map(str::to_ascii_lowercase).as_deref() {
                Some("bearer") => SchemeKind::Bearer,
                Some("basic") => SchemeKind::Basic,
                Some(other) => return Err(format!("http scheme '{other}' is not supported")),
                None => return Err("http scheme without `scheme`".to_owned()),
            },
            Some("apiKey") => {
                let location = match text("in") {
                    Some("header") => ApiKeyLocation::Header,
                    Some("query") => ApiKeyLocation::Query,
                    Some("cookie") => ApiKeyLocation::Cookie,
                    _ => return Err("apiKey without a valid `in`".to_owned()),
                };
                let Some(key_name) = text("name").filter(|n| !n.is_empty()) else {
                    return Err("apiKey without a `name`".to_owned());
                };
                SchemeKind::ApiKey {
                    location,
                    name: key_name.to_owned(),
                }
            }
            Some("oauth2") => SchemeKind::OAuth2,
            Some("openIdConnect") => SchemeKind::OpenIdConnect,
            Some("mutualTLS") => return Err("mutualTLS is not supported".to_owned()),
            Some(other) => return Err(format!("type '{other}' is not supported")),
            None => return Err("no `type`".to_owned()),
        };
        Ok(SecurityScheme {
            name: name.to_owned(),
            kind,
        })
    }
}

/// What a resolver is asked for: the secret of one scheme for one call.
#[derive(Debug)]
pub struct AuthRequest<'a> {
    pub scheme: &'a SecurityScheme,
    /// The dotted tool path making the call.
    pub tool: &'a str,
    /// The execution's context (the caller's identity, tenant, ...).
    pub context: &'a Context,
}

/// For hosts that resolve credentials themselves (per user, per tenant, rotating tokens).
/// Asked first on every call; `None` falls back to [`Credentials`].
pub trait AuthResolver: Send + Sync + 'static {
    fn resolve(&self, request: &AuthRequest<'_>) -> Option<Secret>;
}

impl<F> AuthResolver for F
where
    F: Fn(&AuthRequest<'_>) -> Option<Secret> + Send + Sync + 'static,
{
    fn resolve(&self, request: &AuthRequest<'_>) -> Option<Secret> {
        self(request)
    }
}

/// A resolver shared by every tool of a conversion.
pub type SharedAuthResolver = Arc<dyn AuthResolver>;
